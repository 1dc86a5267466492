#!/usr/bin/env python3
"""Every VC ID of "14 — Victory" accounted for (issue 29).

An ID counts as accounted for when either
  * a test cites it: inside a GoogleTest TEST/TEST_F/TEST_P (its name, as `Vc1234`, or its body, as `VC-1234`) of a
    .cpp file under tests/, or in the "name" of a scenario file under tests/elc/scenarios/ (each runs as a test);
    an ID in a comment outside a test, in a helper, or anywhere in core/ or tools/ does NOT count; or
  * docs/elc-world.md's section "Requirements not testable here" lists it in a table row `| VC-1234 | reason |`
    with a non-empty reason.
Prints the counts and every unaccounted ID; exit 0 when none is unaccounted, 1 when some are, 2 on bad input.

Usage: tools/vc_coverage.py [--root DIR] [--seed FILE] [--list]
"""
import argparse
import json
import os
import re
import signal
import sys

DOC_SECTION = "## Requirements not testable here"
ID = re.compile(r"\bVC-(\d{3,4})\b")
CAMEL = re.compile(r"Vc(\d{3,4})(?!\d)")
TEST_HEAD = re.compile(r"\bTEST(?:_F|_P)?\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)")


def norm(num):
    return "VC-%03d" % int(num)


def seed_ids(path):
    """Every requirement the seed defines: a line that opens with its ID."""
    ids = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"VC-(\d{3,4})\b", line)
            if m and norm(m.group(1)) not in ids:
                ids.append(norm(m.group(1)))
    return ids


def test_bodies(text):
    """(name, body) of every TEST in a C++ source: the body is the brace-balanced block after the head."""
    for m in TEST_HEAD.finditer(text):
        i = text.find("{", m.end())
        if i < 0:
            continue
        depth, j = 0, i
        while j < len(text):
            c = text[j]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        yield m.group(1) + "." + m.group(2), text[i:j + 1]


def cited_in_tests(root):
    cited = {}
    tests = os.path.join(root, "tests")
    for dirpath, _, files in sorted(os.walk(tests)):
        for fn in sorted(files):
            path = os.path.join(dirpath, fn)
            rel = os.path.relpath(path, root)
            if fn.endswith(".cpp"):
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                for name, body in test_bodies(text):
                    for n in CAMEL.findall(name) + ID.findall(body):
                        cited.setdefault(norm(n), set()).add(name)
            elif fn.endswith(".json") and os.path.basename(dirpath) == "scenarios":
                with open(path, encoding="utf-8") as f:
                    try:
                        name = json.load(f).get("name", "")
                    except ValueError as e:
                        raise SystemExit("vc_coverage: %s is not JSON: %s" % (rel, e))
                for n in ID.findall(name):
                    cited.setdefault(norm(n), set()).add(rel)
    return cited


def cited_in_code(root):
    """For information only: IDs cited in core/ and tools/ (never enough on their own)."""
    found = set()
    for top in ("core", "tools", "lockstep"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for fn in files:
                if fn.endswith((".cpp", ".h")):
                    with open(os.path.join(dirpath, fn), encoding="utf-8", errors="replace") as f:
                        found.update(norm(n) for n in ID.findall(f.read()))
    return found


def listed_in_doc(root):
    path = os.path.join(root, "docs", "elc-world.md")
    listed, bad = {}, []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.find(DOC_SECTION)
    if start < 0:
        return listed, bad
    section = text[start + len(DOC_SECTION):]
    end = section.find("\n## ")
    section = section if end < 0 else section[:end]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) < 2 or not ID.fullmatch(cells[0]):
            continue
        reason = " ".join(cells[1:]).strip()
        if len(reason) < 12:
            bad.append(cells[0])
        else:
            listed[cells[0]] = reason
    return listed, bad


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends quietly
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Counts the VC IDs of the victory seed that no test cites.")
    ap.add_argument("--root", default=os.path.dirname(here))
    ap.add_argument("--seed", default=None, help="the seed file (default ../shared/seeds/004_25846039e14def8c.txt)")
    ap.add_argument("--list", action="store_true", help="print every ID with where it is accounted for")
    a = ap.parse_args()
    seed = a.seed or os.path.join(a.root, "..", "shared", "seeds", "004_25846039e14def8c.txt")
    if not a.seed and not os.path.isfile(seed):  # a worktree beside the shared folder, or the shared folder itself
        seed = "/work/shared/seeds/004_25846039e14def8c.txt"
    if not os.path.isfile(seed):
        print("vc_coverage: the seed file is missing: %s (pass --seed)" % seed, file=sys.stderr)
        return 2
    ids = seed_ids(seed)
    if not ids:
        print("vc_coverage: no requirement IDs in %s" % seed, file=sys.stderr)
        return 2
    tests = cited_in_tests(a.root)
    code = cited_in_code(a.root)
    listed, bad = listed_in_doc(a.root)
    unknown = sorted(set(listed) - set(ids))
    missing = [i for i in ids if i not in tests and i not in listed]
    code_only = [i for i in missing if i in code]
    if a.list:
        for i in ids:
            where = "test: " + ", ".join(sorted(tests[i])[:3]) if i in tests else (
                "docs: " + listed[i][:80] if i in listed else "UNACCOUNTED")
            print("%-8s %s" % (i, where))
    print("VC IDs in the seed: %d; cited by tests: %d; listed in docs/elc-world.md: %d; unaccounted: %d"
          % (len(ids), sum(1 for i in ids if i in tests), sum(1 for i in ids if i in listed and i not in tests),
             len(missing)))
    if bad:
        print("listed without a reason in docs/elc-world.md: " + " ".join(bad))
    if unknown:
        print("listed in docs/elc-world.md but not in the seed: " + " ".join(unknown))
    if missing:
        print("unaccounted: " + " ".join(missing))
        if code_only:
            print("  (cited only in code or comments, which does not count: " + " ".join(code_only) + ")")
    return 1 if missing or bad or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
