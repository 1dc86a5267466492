#!/usr/bin/env python3
"""Reads a `concord replay export` file (JSONL or CSV) into rows: one dict per turn and seat.

Standard library only. Each row has: turn (int), seat (int), seat_name (str), deciding (bool),
orders / rejections / events (lists of dicts), seal (32 hex digits) and, for exports made with
--legal, legal (a list of orders, or None where the seat was not deciding or not exported).
See docs/replay-format.md, "Export".

    python3 tools/replay_export.py EXPORT [--summary]
"""
import csv
import json
import sys

LIST_COLUMNS = ("orders", "rejections", "events")
FIELDS = ("turn", "seat", "seat_name", "deciding", "orders", "rejections", "events", "seal")


class ExportError(ValueError):
    """The file is not a well-formed export; the message names the line."""


def _check(row, where):
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


def _json_cell(text, where, column):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ExportError(f"{where}: column {column} is not JSON: {e}") from None


def load_jsonl(stream):
    rows = []
    for n, line in enumerate(stream, 1):
        if not line.strip():
            continue
        where = f"line {n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise ExportError(f"{where}: not JSON: {e}") from None
        if not isinstance(row, dict):
            raise ExportError(f"{where}: a record must be a JSON object")
        rows.append(_check(row, where))
    return rows


def load_csv(stream):
    rows = []
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
        rows.append(_check(row, where))
    return rows


def load(path):
    """Rows of the export at `path`; the format is told by its first character ('{' = JSONL)."""
    with open(path, newline="", encoding="utf-8") as f:
        first = f.read(1)
        f.seek(0)
        return load_jsonl(f) if first == "{" else load_csv(f)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    try:
        rows = load(argv[1])
    except (OSError, ExportError) as e:
        print(f"replay_export: {argv[1]}: {e}", file=sys.stderr)
        return 1
    turns = len({r["turn"] for r in rows})
    seats = len({r["seat"] for r in rows})
    events = sum(len(r["events"]) for r in rows if r["seat"] == 0)
    print(f"{len(rows)} rows: {turns} turns x {seats} seats, {events} game events")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
