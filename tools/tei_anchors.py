#!/usr/bin/env python3
"""Derive TEI reference anchors (TEI §2.1, §7.1) from `concord calibrate --out` cell files (issue 13).

Method (docs/tei.md "Officer anchors and the calibration"): for each track, the measured win rate p of
officer A over officer B (a shared victory counts half) implies, under the Plackett-Luce model the rating
uses (openskill defaults, beta = 25/6), a mu gap  mu_A - mu_B = c * ln(p / (1 - p)),  c = sqrt(sA^2 + sB^2 + 2 beta^2),
with the anchors' sigma from the TEI §7.1 table.  The Ensign's mu stays at the §7.1 value (it fixes the scale
the human pool already lives on); Lieutenant and Commander are the least-squares fit of the three gaps,
rounded to 0.1.  Standard library only.

  tools/tei_anchors.py docs/calibration/points.cells docs/calibration/goout.cells
  tools/tei_anchors.py --check core/tei/rating.cpp docs/calibration/*.cells   # exit 1 if rating.cpp differs
"""
import math
import re
import sys

BETA = 25.0 / 6.0
SKILLS = ("ensign", "lieutenant", "commander")
# TEI §7.1: sigma of every anchor, and the Ensign's mu (the scale origin), per track.
SPEC = {
    "points": {"sigma": (4.0, 3.5, 3.0), "ensign_mu": 18.0},
    "goOut": {"sigma": (4.5, 4.0, 3.5), "ensign_mu": 17.5},
}
# The calibrate table label that measures each track (docs/ai-calibration.md).
TABLE_TRACK = {"official": "points", "goout": "goOut"}


def read_cells(paths):
    """{(track, A, B): [games, winsA, winsB, shared]} summed over files (shards add up)."""
    cells = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.split()
                if parts[0] != "cell" or len(parts) != 11:
                    raise SystemExit(f"{path}:{n}: not a calibrate cell line")
                table, a, b = parts[1], parts[2], parts[3]
                if table not in TABLE_TRACK or a not in SKILLS or b not in SKILLS:
                    continue
                key = (TABLE_TRACK[table], a, b)
                acc = cells.setdefault(key, [0, 0, 0, 0])
                for i in range(4):
                    acc[i] += int(parts[4 + i])
    return cells


def derive(track, cells):
    """Returns ({skill: mu}, [(A, B, games, p, gap)]) for one track."""
    sig = dict(zip(SKILLS, SPEC[track]["sigma"]))
    rows = []
    for (t, a, b), (games, wa, _wb, shared) in sorted(cells.items()):
        if t != track or games == 0:
            continue
        p = (wa + shared / 2.0) / games
        c = math.sqrt(sig[a] ** 2 + sig[b] ** 2 + 2 * BETA ** 2)
        rows.append((a, b, games, p, c * math.log(p / (1.0 - p))))
    need = {("commander", "ensign"), ("lieutenant", "ensign"), ("commander", "lieutenant")}
    if {(a, b) for a, b, *_ in rows} != need:
        raise SystemExit(f"{track}: need exactly the pairings commander/ensign, lieutenant/ensign, commander/lieutenant")
    g = {(a, b): gap for a, b, _, _, gap in rows}
    # Least squares for x = muL - muE, y = muC - muE over y = gCE, x = gLE, y - x = gCL.
    a_, b_, d_ = g[("commander", "ensign")], g[("lieutenant", "ensign")], g[("commander", "lieutenant")]
    x = (a_ + 2 * b_ - d_) / 3.0
    y = (2 * a_ + b_ + d_) / 3.0
    e = SPEC[track]["ensign_mu"]
    return {"ensign": e, "lieutenant": round(e + x, 1), "commander": round(e + y, 1)}, rows


def cpp_table(track, mu):
    name = "points" if track == "points" else "goOut"
    sig = SPEC[track]["sigma"]
    return f"{name}[3] = {{" + ", ".join(f"{{{mu[s]:.1f}, {sg:.1f}}}" for s, sg in zip(SKILLS, sig)) + "}"


def main(argv):
    check = None
    if len(argv) >= 2 and argv[0] == "--check":
        check, argv = argv[1], argv[2:]
    if not argv:
        raise SystemExit(__doc__)
    cells = read_cells(argv)
    tables = []
    for track in ("points", "goOut"):
        mu, rows = derive(track, cells)
        print(f"track {track}")
        for a, b, games, p, gap in rows:
            print(f"  {a} vs {b}: {games} games, {100 * p:.1f}%  -> mu gap {gap:.2f}")
        print("  anchors: " + ", ".join(f"{s} {mu[s]:.1f}" for s in SKILLS))
        tables.append(cpp_table(track, mu))
        print("  " + tables[-1])
    if check:
        with open(check, encoding="utf-8") as f:
            src = re.sub(r"\s+", " ", f.read())
        missing = [t for t in tables if t not in src]
        if missing:
            print(f"{check} does not hold the derived anchors: " + "; ".join(missing), file=sys.stderr)
            return 1
        print(f"{check} holds the derived anchors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
