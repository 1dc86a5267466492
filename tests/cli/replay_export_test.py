#!/usr/bin/env python3
"""CI check of tools/replay_export.py (issue 11): a Warp replay exported as JSONL and as CSV (with --legal)
loads into the same rows, one per turn and seat, with the events and Seal of each turn.

    python3 tests/cli/replay_export_test.py CONCORD_BIN TOOLS_DIR
"""
import os
import subprocess
import sys
import tempfile


def main(concord, tools):
    sys.path.insert(0, tools)
    import replay_export  # noqa: E402  (tools/replay_export.py, standard library only)

    with tempfile.TemporaryDirectory(prefix="concord-export-py-") as d:
        env = dict(os.environ, HOME=d, XDG_DATA_HOME=d)
        run = lambda *a: subprocess.run([concord, *a], env=env, capture_output=True, text=True)
        replay = os.path.join(d, "g.ccr")
        p = run("play", "warp", "--auto", "--seats", "3", "--seed", "7", "--no-tei", "--replay", replay, "set=9")
        assert p.returncode == 0, p.stdout + p.stderr
        turns = int(next(l for l in run("replay", "info", replay).stdout.splitlines()
                         if l.startswith("turns:")).split()[1])
        for fmt in ("jsonl", "csv"):
            out = os.path.join(d, "g." + fmt)
            p = run("replay", "export", replay, "--format", fmt, "--legal", "--out", out)
            assert p.returncode == 0, p.stderr
        j = replay_export.load(os.path.join(d, "g.jsonl"))
        c = replay_export.load(os.path.join(d, "g.csv"))
        assert len(j) == turns * 3, (len(j), turns)
        assert j == c, "the JSONL and CSV exports must load into the same rows"
        assert [(r["turn"], r["seat"]) for r in j] == [(t, s) for t in range(turns) for s in range(3)]
        for t in range(turns):
            seals = {r["seal"] for r in j[3 * t:3 * t + 3]}
            assert len(seals) == 1, f"turn {t}: one Seal per turn"
        kinds = {e["kind"] for r in j for e in r["events"]}
        assert {"round", "alert", "goout", "tally", "winner"} <= kinds, kinds
        assert all((r["legal"] is None) != r["deciding"] for r in j), "legal orders exactly for deciding seats"
        assert all(r["orders"] == [] or r["deciding"] for r in j)
        # The reader's own command line, and a malformed file named by line.
        p = subprocess.run([sys.executable, os.path.join(tools, "replay_export.py"), os.path.join(d, "g.csv")],
                           capture_output=True, text=True)
        assert p.returncode == 0 and p.stdout.startswith(f"{turns * 3} rows: {turns} turns x 3 seats"), p.stdout
        bad = os.path.join(d, "bad.jsonl")
        with open(bad, "w") as f:
            f.write(open(os.path.join(d, "g.jsonl")).readline())
            f.write('{"turn": 1}\n')
        try:
            replay_export.load(bad)
            raise AssertionError("a record without its fields must be refused")
        except replay_export.ExportError as e:
            assert "line 2" in str(e), e
    print("replay export reader: all checks passed")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
