#!/usr/bin/env python3
"""Reads a `concord replay export` file (JSONL or CSV) and answers analysts' questions from it.

Standard library only. load(path) returns an Export:
  header  the header record (game id, seed, config, rules, seats) or None (CSV holds no header)
  rows    one dict per turn and seat: turn, seat, seat_name, deciding, orders / rejections / narration (lists),
          seal (32 hex digits) and, with --legal, legal (a list of orders, or None where the seat was not deciding)
  events  the structured events, in order: turn (-1 = the setup), kind, seats, seat_names and the kind's fields
  result  the result record (finished, summary, placings) or None
  gaps    the turns a damaged or salvaged replay lost (issue 30), in order: first_turn, last_turn and turns (None
          when the damage runs to an end the file does not name), picked_up, salvaged, why. The rows and events
          skip those turns; a CSV export has no gap records (its rows just skip them)
red_alerts(x) and round_winners(x) answer "who opened each Red Alert, who answered it" and "who won each round".
See docs/replay-format.md, "Export".

    python3 tools/replay_export.py EXPORT [--alerts] [--rounds]
"""
import csv
import json
import sys

LIST_COLUMNS = ("orders", "rejections", "narration")
FIELDS = ("turn", "seat", "seat_name", "deciding", "orders", "rejections", "narration", "seal")
VERSION = 2


class ExportError(ValueError):
    """The file is not a well-formed export; the message names the line."""


class Export:
    def __init__(self):
        self.header, self.rows, self.events, self.result, self.gaps = None, [], [], None, []

    def name(self, seat):
        """The seat's name as every record calls it (None for no seat)."""
        if seat is None:
            return None
        if self.header:
            return self.header["seats"][seat]["name"]
        return next((r["seat_name"] for r in self.rows if r["seat"] == seat), str(seat))


def _check_row(row, where):
    for f in FIELDS:
        if f not in row:
            raise ExportError(f"{where}: missing field '{f}'")
    if not isinstance(row["turn"], int) or not isinstance(row["seat"], int):
        raise ExportError(f"{where}: turn and seat must be whole numbers")
    if not isinstance(row["deciding"], bool):
        raise ExportError(f"{where}: deciding must be true or false")
    for f in LIST_COLUMNS:
        if not isinstance(row[f], list):
            raise ExportError(f"{where}: {f} must be a list")
    if len(row["seal"]) != 32 or any(c not in "0123456789abcdef" for c in row["seal"]):
        raise ExportError(f"{where}: seal must be 32 lowercase hex digits")
    return row


def _check_event(ev, where):
    for f, kind in (("turn", int), ("kind", str), ("seats", list), ("seat_names", list)):
        if not isinstance(ev.get(f), kind):
            raise ExportError(f"{where}: an event needs '{f}' ({kind.__name__})")
    return ev


def _check_gap(gap, where):
    if not isinstance(gap.get("first_turn"), int) or not isinstance(gap.get("picked_up"), bool):
        raise ExportError(f"{where}: a gap needs 'first_turn' (int) and 'picked_up' (bool)")
    for f in ("last_turn", "turns"):
        if gap.get(f) is not None and not isinstance(gap[f], int):
            raise ExportError(f"{where}: a gap's '{f}' is a whole number or null")
    return gap


def _json_cell(text, where, column):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ExportError(f"{where}: column {column} is not JSON: {e}") from None


def load_jsonl(stream):
    x = Export()
    for n, line in enumerate(stream, 1):
        if not line.strip():
            continue
        where = f"line {n}"
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise ExportError(f"{where}: not JSON: {e}") from None
        if not isinstance(rec, dict):
            raise ExportError(f"{where}: a record must be a JSON object")
        kind = rec.pop("record", None)
        if kind == "header":
            if n != 1 or rec.get("version") != VERSION:
                raise ExportError(f"{where}: the header must be the first line, version {VERSION} "
                                  f"(got version {rec.get('version')}; export the replay again with this build)")
            x.header = rec
        elif kind == "turn":
            x.rows.append(_check_row(rec, where))
        elif kind == "event":
            x.events.append(_check_event(rec, where))
        elif kind == "result":
            x.result = rec
        elif kind == "gap":
            x.gaps.append(_check_gap(rec, where))
        else:
            raise ExportError(f"{where}: unknown record '{kind}' (header, turn, event, gap or result)")
    if x.header is None:
        raise ExportError(f"line 1: no header record (an export of version {VERSION} starts with one)")
    return x


def load_csv(stream):
    x = Export()
    reader = csv.DictReader(stream)
    missing = [f for f in FIELDS if f not in (reader.fieldnames or [])]
    if missing:
        raise ExportError(f"line 1: the header lacks {', '.join(missing)}")
    for n, rec in enumerate(reader, 2):
        where = f"line {n}"
        try:
            row = {"turn": int(rec["turn"]), "seat": int(rec["seat"])}
        except ValueError:
            raise ExportError(f"{where}: turn and seat must be whole numbers") from None
        if rec["deciding"] not in ("true", "false"):
            raise ExportError(f"{where}: deciding must be true or false")
        row["seat_name"] = rec["seat_name"]
        row["deciding"] = rec["deciding"] == "true"
        for f in LIST_COLUMNS:
            row[f] = _json_cell(rec[f], where, f)
        row["seal"] = rec["seal"]
        if "legal" in rec:
            row["legal"] = _json_cell(rec["legal"], where, "legal") if rec["legal"] else None
        x.rows.append(_check_row(row, where))
    return x


def load(path):
    """The export at `path`; the format is told by its first character ('{' = JSONL)."""
    with open(path, newline="", encoding="utf-8") as f:
        first = f.read(1)
        f.seek(0)
        return load_jsonl(f) if first == "{" else load_csv(f)


def lost(x, turn):
    """The gap that took `turn` (None: the export holds it)."""
    for g in x.gaps:
        if g["first_turn"] <= turn and (g["last_turn"] is None or turn <= g["last_turn"]):
            return g
    return None


def red_alerts(x):
    """Each Red Alert: the turn it opened, who opened it (the captain whose turn left the double), who had to
    answer, and who answered it (None: a dead double or the round ended first; how "gap": its answer may lie in
    turns a damaged replay lost) at which turn. An answer after a gap is never paired with an alert before it."""
    out, open_ = [], None
    for e in x.events:
        if open_ and any(open_["turn"] < g["first_turn"] <= e["turn"] for g in x.gaps):
            open_["how"], open_ = "gap", None
        if e["kind"] == "red-alert":
            open_ = {"turn": e["turn"], "double": e["double"], "opened_by": e["opened_by"],
                     "responsible": e["responsible"], "answered_by": None, "answered_turn": None, "how": None}
            out.append(open_)
        elif e["kind"] == "alert-answered" and e["red"] and open_:
            open_.update(answered_by=e["by"], answered_turn=e["turn"], how=e["how"])
            open_ = None
        elif e["kind"] == "round-start":
            open_ = None
    if open_ and any(open_["turn"] < g["first_turn"] for g in x.gaps):
        open_["how"] = "gap"
    return out


def round_winners(x):
    """Each round's end: round, winner (None: blocked or shared), winners, how, and the scores it left."""
    return [e for e in x.events if e["kind"] == "round-end"]


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    try:
        x = load(argv[1])
    except (OSError, ExportError) as e:
        print(f"replay_export: {argv[1]}: {e}", file=sys.stderr)
        return 1
    turns = len({r["turn"] for r in x.rows})
    seats = len({r["seat"] for r in x.rows})
    print(f"{len(x.rows)} rows: {turns} turns x {seats} seats, {len(x.events)} events")
    for g in x.gaps:
        last = g["last_turn"] if g["last_turn"] is not None else "the end"
        print(f"gap: turns {g['first_turn']}-{last} lost ({g.get('why', '')}); "
              + ("picked up after them" if g["picked_up"] else "not picked up"))
    if x.result and x.result["finished"]:
        print("result: " + x.result["summary"])
    if "--alerts" in argv:
        for a in red_alerts(x):
            answer = (f"answered by {x.name(a['answered_by'])} at turn {a['answered_turn']} ({a['how']})"
                      if a["answered_by"] is not None else f"not answered ({a['how'] or 'the round ended first'})")
            print(f"turn {a['turn']}: Red Alert on {a['double']} opened by {x.name(a['opened_by'])}, "
                  f"{x.name(a['responsible'])} to answer; {answer}")
    if "--rounds" in argv:
        for r in round_winners(x):
            print(f"round {r['round']}: won by {x.name(r['winner'])} ({r['how']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
