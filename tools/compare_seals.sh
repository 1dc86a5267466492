#!/usr/bin/env bash
# The cross-compiler Seal check (issue 32, docs/determinism.md "Cross-compiler checks"): two builds of
# concord_seal_digest play the same seeded games of every module; every Seal must be bit-identical. On a difference
# it names the first differing module, game (seed, seats, options) and turn, with both Seals.
#   tools/compare_seals.sh [--games N] NAME=BINARY NAME=BINARY
# e.g. tools/compare_seals.sh gcc-O2=build/gcc-release/tests/concord_seal_digest clang-O2=build/clang-release/tests/concord_seal_digest
set -euo pipefail
games=36
if [ "${1:-}" = --games ]; then games=$2; shift 2; fi
[ $# -eq 2 ] || { echo "usage: $0 [--games N] NAME=BINARY NAME=BINARY" >&2; exit 2; }
a_name=${1%%=*} a_bin=${1#*=} b_name=${2%%=*} b_bin=${2#*=}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Both builds at once (one per core); each writes every Seal of every game.
"$a_bin" --games "$games" >"$out/a" 2>"$out/a.err" & a_pid=$!
"$b_bin" --games "$games" >"$out/b" 2>"$out/b.err" & b_pid=$!
a_rc=0 b_rc=0
wait "$a_pid" || a_rc=$?
wait "$b_pid" || b_rc=$?
for side in "a:$a_name:$a_rc" "b:$b_name:$b_rc"; do
  IFS=: read -r f name rc <<<"$side"
  if [ "$rc" != 0 ]; then
    echo "$name: concord_seal_digest failed (exit $rc):"; grep '^error' "$out/$f" | head -5; tail -5 "$out/$f.err"; exit 1
  fi
done
if cmp -s "$out/a" "$out/b"; then
  summary=$(awk '$1 == "game" { if (!($2 in n)) order[++k] = $2; n[$2]++; t[$2] += substr($6, 7) }
    END { for (i = 1; i <= k; i++) printf "%s %d games/%d turns, ", order[i], n[order[i]], t[order[i]] }' "$out/a")
  echo "cross-compiler Seals identical ($a_name vs $b_name): ${summary%, }"
  exit 0
fi
# The first differing line: a turn line names module, game and turn; a game line means one build's game ran longer.
awk -v an="$a_name" -v bn="$b_name" '
  NR == FNR { a[FNR] = $0; na = FNR; next }
  { b = $0; if (a[FNR] != b) { report(a[FNR], b); exit 1 } nb = FNR }
  END { if (na != nb && !done) report(a[nb + 1], "") }
  function report(x, y,   f, g) {
    done = 1
    split(x, f, " "); split(y, g, " ")
    printf "cross-compiler Seal mismatch: module %s, game seed %s (%s, options %s)", \
      (f[2] != "" ? f[2] : g[2]), (f[2] != "" ? f[3] : g[3]), (f[2] != "" ? f[4] : g[4]), (f[2] != "" ? f[5] : g[5])
    if (f[1] == "turn" && g[1] == "turn" && f[6] == g[6]) printf ", first at turn %s\n", f[6]
    else printf ", where one build ended the game or erred\n"
    printf "  %s: %s\n  %s: %s\n", an, x, bn, y
    printf "  (each build: concord_seal_digest --games N --module %s --seed %s plays that game again; docs/determinism.md)\n", \
      (f[2] != "" ? f[2] : g[2]), (f[2] != "" ? f[3] : g[3])
  }' "$out/a" "$out/b"
exit 1
