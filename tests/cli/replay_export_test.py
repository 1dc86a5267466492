#!/usr/bin/env python3
"""CI check of tools/replay_export.py (issues 11, 30): a Warp replay exported as JSONL and as CSV (with --legal)
loads into the same turn rows; the JSONL's header, events and result answer "who opened each Red Alert, who
answered it, who won each round", checked against the order log and the narration of the same export.

    python3 tests/cli/replay_export_test.py CONCORD_BIN TOOLS_DIR
"""
import os
import struct
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
        x = replay_export.load(os.path.join(d, "g.jsonl"))
        c = replay_export.load(os.path.join(d, "g.csv"))
        j = x.rows
        assert len(j) == turns * 3, (len(j), turns)
        assert j == c.rows, "the JSONL and CSV exports must load into the same rows"
        assert c.header is None and c.events == [], "CSV holds the turn rows only"
        assert [(r["turn"], r["seat"]) for r in j] == [(t, s) for t in range(turns) for s in range(3)]
        for t in range(turns):
            seals = {r["seal"] for r in j[3 * t:3 * t + 3]}
            assert len(seals) == 1, f"turn {t}: one Seal per turn"
        kinds = {e["kind"] for r in j for e in r["narration"]}
        assert {"round", "alert", "goout", "tally", "winner"} <= kinds, kinds
        assert all((r["legal"] is None) != r["deciding"] for r in j), "legal orders exactly for deciding seats"
        assert all(r["orders"] == [] or r["deciding"] for r in j)
        assert x.header["version"] == 2 and x.header["module"] == "warp" and x.header["turns"] == turns
        assert x.result["finished"] and len(x.result["placings"]) == 3

        # Who opened each Red Alert and who answered: the opener's is the one game order of that turn, the
        # answer a chart by the captain who had to answer.
        def orders(turn, seat):
            return [o["text"] for o in j[3 * turn + seat]["orders"] if o["kind"] < 0xFF00]

        alerts = replay_export.red_alerts(x)
        assert alerts, "a Warp 9 sector of three captains has Red Alerts"
        for a in alerts:
            acted = [s for s in range(3) if orders(a["turn"], s)]
            assert acted == [a["opened_by"]], (a, acted)
            line = f"Red Alert! {x.name(a['responsible'])} must answer {a['double']}"
            assert any(line in n["text"] for n in j[3 * a["turn"]]["narration"]), line
            if a["answered_by"] is not None:
                assert orders(a["answered_turn"], a["answered_by"])[0].startswith("chart "), a
        assert any(a["answered_by"] is not None for a in alerts)

        # Who won each round: the round-end's winner is the captain the narration says went out and won it.
        rounds = replay_export.round_winners(x)
        starts = [e for e in x.events if e["kind"] == "round-start"]
        assert starts[0]["turn"] == -1 and starts[0]["round"] == 1, "round 1 starts in the setup"
        assert [r["round"] for r in rounds] == list(range(1, len(starts) + 1))
        for r in rounds:
            if r["winner"] is None:
                assert r["how"] == "blocked", r
                continue
            said = f"{x.name(r['winner'])} goes out and wins round {r['round']}"
            assert any(said in n["text"] for n in j[3 * r["turn"]]["narration"]), said
        totals = [sum(r["scores"][s] for r in rounds) for s in range(3)]
        assert totals == [next(p["score"] for p in x.result["placings"] if p["seat"] == s) for s in range(3)], totals

        # The reader's own command line, and malformed files named by line.
        p = subprocess.run([sys.executable, os.path.join(tools, "replay_export.py"), os.path.join(d, "g.jsonl"),
                            "--alerts", "--rounds"], capture_output=True, text=True)
        assert p.returncode == 0 and p.stdout.startswith(f"{turns * 3} rows: {turns} turns x 3 seats"), p.stdout
        assert p.stdout.count(": Red Alert on ") == len(alerts) and p.stdout.count("\nround ") == len(rounds), p.stdout
        bad = os.path.join(d, "bad.jsonl")
        with open(os.path.join(d, "g.jsonl")) as f:
            first, second = f.readline(), f.readline()
        with open(bad, "w") as f:
            f.write(first + second + '{"record": "turn", "turn": 1}\n')
        try:
            replay_export.load(bad)
            raise AssertionError("a record without its fields must be refused")
        except replay_export.ExportError as e:
            assert "line 3" in str(e), e
        with open(bad, "w") as f:
            f.write(second)
        try:
            replay_export.load(bad)
            raise AssertionError("an export without its header must be refused")
        except replay_export.ExportError as e:
            assert "header" in str(e), e
        check_gaps(run, d, replay_export)
    print("replay export reader: all checks passed")


def turn_frames(data):
    """(kind, first turn, offset, size) of each frame of a replay (docs/replay-format.md), up to the index."""
    header_len = struct.unpack_from("<I", data, 10)[0]
    pos, out = 14 + header_len + 8, []
    while pos + 21 <= len(data):
        kind, first, _count, _raw, stored, _check = struct.unpack_from("<BIIIII", data, pos)
        if kind == 3:
            break
        out.append((kind, first, pos, 21 + stored + 8))
        pos += 21 + stored + 8
    return out


def check_gaps(run, d, replay_export):
    """Issue 30: a replay with one flipped byte in its middle exports both sides of the hole and a gap record; the
    reader keeps the gap, the rows skip it, and no Red Alert is paired with an answer across it."""
    game, damaged = os.path.join(d, "long.ccr"), os.path.join(d, "damaged.ccr")
    p = run("selfplay", "--module", "warp", "--seats", "2", "--seed", "1", "--out", game)
    assert p.returncode == 0, p.stdout + p.stderr
    data = bytearray(open(game, "rb").read())
    frames = turn_frames(data)
    turns = max(f[1] for f in frames)  # about the game's length: enough to find its middle
    hit = next(f for f in frames if f[0] == 1 and f[1] >= turns // 4)
    snap = next(f[1] for f in frames if f[0] == 2 and f[1] > hit[1])
    data[hit[2] + hit[3] // 2] ^= 0x20
    open(damaged, "wb").write(bytes(data))
    for path in (game, damaged):
        p = run("replay", "export", path, "--out", path + ".jsonl")
        assert p.returncode == 0, p.stderr
    whole, x = replay_export.load(game + ".jsonl"), replay_export.load(damaged + ".jsonl")
    assert whole.gaps == [] and len(x.gaps) == 1, x.gaps
    g = x.gaps[0]
    assert (g["first_turn"], g["last_turn"], g["picked_up"]) == (hit[1], snap - 1, True), g
    lost = range(hit[1], snap)
    assert x.rows == [r for r in whole.rows if r["turn"] not in lost], "the rows on both sides, as the intact file's"
    assert x.events == [e for e in whole.events if e["turn"] not in lost]
    assert replay_export.lost(x, hit[1] + 1) == g and replay_export.lost(x, snap) is None
    intact = {a["turn"]: a for a in replay_export.red_alerts(whole)}
    for a in replay_export.red_alerts(x):
        if a["answered_turn"] is not None:
            assert not (a["turn"] < hit[1] <= a["answered_turn"]), f"an answer paired across the gap: {a}"
            assert a == intact[a["turn"]], (a, intact[a["turn"]])
    p = subprocess.run([sys.executable, os.path.join(os.path.dirname(replay_export.__file__), "replay_export.py"),
                        damaged + ".jsonl"], capture_output=True, text=True)
    assert p.returncode == 0 and f"gap: turns {hit[1]}-{snap - 1} lost (" in p.stdout, p.stdout + p.stderr


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
