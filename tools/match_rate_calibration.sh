#!/usr/bin/env bash
# Issue 30: the officer match rate of each officer kind and people-proxy in Warp self-play (docs/tei.md "What a solo
# rating can and cannot prove"). Plays GAMES games per kind with `concord selfplay` (every seat that kind), then reads
# every seat's rate with `concord replay info --count-officer-turns` (the rate with the officer marks stripped) and
# prints per kind: seats, mean, min, p5, p50, p95, max (per mille) and the mean decisions per seat.
# usage: tools/match_rate_calibration.sh [CONCORD] [GAMES] [SEATS] [OUTDIR] [KIND...]
set -euo pipefail
concord=${1:-build/gcc-release/tools/concord}
games=${2:-30}
seats=${3:-2}
out=${4:-$(mktemp -d)}
shift $(($# < 4 ? $# : 4))
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(random greedy ensign lieutenant custom:full:200:0 custom:full:100:0 custom:full:50:0
                               custom:full:20:0 custom:full:0:10 commander+lookahead commander)
for kind in "${kinds[@]}"; do
  dir="$out/${kind//[:+]/_}"
  mkdir -p "$dir"
  "$concord" selfplay --module warp --seats "$seats" --bot "$kind" --games "$games" --out-dir "$dir" >/dev/null
  for f in "$dir"/*.ccr; do
    "$concord" replay info --count-officer-turns "$f" | sed -n 's/^officer match: .* \([0-9]*\) of \([0-9]*\) .*/\1 \2/p'
  done >"$dir/rates.txt"
  python3 - "$kind" "$dir/rates.txt" <<'EOF'
import sys
kind, path = sys.argv[1], sys.argv[2]
rows = [tuple(map(int, l.split())) for l in open(path) if l.strip()]
pm = sorted(m * 1000 // d for m, d in rows if d > 0)
if not pm:
    print(f"{kind:22s} no decisions"); sys.exit()
q = lambda p: pm[min(len(pm) - 1, p * len(pm) // 100)]
mean = sum(pm) / len(pm)
dec = sum(d for _, d in rows) / len(rows)
print(f"{kind:22s} seats {len(pm):4d}  mean {mean:6.1f}  min {pm[0]:4d}  p5 {q(5):4d}  p50 {q(50):4d}  "
      f"p95 {q(95):4d}  max {pm[-1]:4d}  decisions/seat {dec:6.1f}")
EOF
done
