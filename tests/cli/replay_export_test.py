#!/usr/bin/env python3
"""CI check of tools/replay_export.py (issues 11, 30): a Warp replay exported as JSONL and as CSV (with --legal)
loads into the same turn rows; the JSONL's header, events and result answer "who opened each Red Alert, who
answered it, who won each round", checked against the order log and the narration of the same export.

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
    print("replay export reader: all checks passed")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
