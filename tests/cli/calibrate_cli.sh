#!/usr/bin/env bash
# `concord calibrate` as a sweep runs it: shards merged give exactly one machine's totals; bad arguments are
# refused by name. `concord replay advise` suggests a move with reasons on a recorded Warp position.
set -u
CONCORD=$1
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

ARGS=(--pair commander/ensign --pair lieutenant/random --table official --table iota:iota=on --games 3 --seed 9)
"$CONCORD" calibrate "${ARGS[@]}" --out "$DIR/all.txt" > "$DIR/all.table" || fail "unsharded run"
for i in 0 1 2; do
  "$CONCORD" calibrate "${ARGS[@]}" --shard "$i/3" --out "$DIR/s$i.txt" > /dev/null || fail "shard $i"
done
"$CONCORD" calibrate merge "$DIR/s0.txt" "$DIR/s1.txt" "$DIR/s2.txt" > "$DIR/merged.table" || fail "merge"
"$CONCORD" calibrate merge "$DIR/all.txt" > "$DIR/all.merged" || fail "merge of one file"
cmp -s "$DIR/merged.table" "$DIR/all.table" || fail "merged shards differ from one machine: $(diff "$DIR/merged.table" "$DIR/all.table")"
cmp -s "$DIR/all.merged" "$DIR/all.table" || fail "merging one file changes its table"
grep -q "^iota  *commander vs ensign  *3 " "$DIR/all.table" || fail "no iota cell of 3 games: $(cat "$DIR/all.table")"
# Totals really add: the cell lines of the shards sum to the unsharded ones (games column).
[ "$(awk '$1=="cell"{g+=$5} END{print g}' "$DIR"/s?.txt)" = 12 ] || fail "shards do not hold 12 games"

# Module Zeta 2v2 squads (TEI §6.5 gate, docs/ai-calibration.md "Squadrons"): sharded = one machine; >2 squads refused.
SQ=(--pair commander/ensign --table zeta:squadrons=2 --games 4 --seed 5)
"$CONCORD" calibrate "${SQ[@]}" --out "$DIR/sq.txt" > "$DIR/sq.table" || fail "squads run"
"$CONCORD" calibrate "${SQ[@]}" --shard 0/2 --out "$DIR/sq0.txt" > /dev/null || fail "squads shard 0"
"$CONCORD" calibrate "${SQ[@]}" --shard 1/2 --out "$DIR/sq1.txt" > /dev/null || fail "squads shard 1"
"$CONCORD" calibrate merge "$DIR/sq0.txt" "$DIR/sq1.txt" > "$DIR/sq.merged" || fail "squads merge"
cmp -s "$DIR/sq.merged" "$DIR/sq.table" || fail "squad shards differ: $(diff "$DIR/sq.merged" "$DIR/sq.table")"
grep -q "^zeta  *commander vs ensign  *4 " "$DIR/sq.table" || fail "no zeta cell of 4 games: $(cat "$DIR/sq.table")"
# Every squad game has a result: A's and B's wins and shared ones add up to the games.
[ "$(awk '$1=="cell"{print $6+$7+$8}' "$DIR/sq.txt")" = 4 ] || fail "squad results do not add to 4: $(cat "$DIR/sq.txt")"
"$CONCORD" calibrate --table z3:squadrons=3 2> "$DIR/e7" && fail "three squadrons accepted"
grep -q "squadrons=2" "$DIR/e7" || fail "the error does not say 2v2 only: $(cat "$DIR/e7")"
"$CONCORD" calibrate --pair admiral/ensign 2> "$DIR/e1" && fail "unknown officer accepted"
grep -q "admiral" "$DIR/e1" || fail "the error does not name the officer: $(cat "$DIR/e1")"
# Lookahead tuning specs (docs/ai-calibration.md "Lookahead"): a budget plays; a malformed one is refused by name.
"$CONCORD" calibrate --pair lookahead:2:2:4:2/commander --games 2 --seed 3 > "$DIR/la.table" || fail "lookahead spec run"
grep -q "lookahead:2:2:4:2 vs commander  *2 " "$DIR/la.table" || fail "no lookahead cell: $(cat "$DIR/la.table")"
for bad in lookahead:0:8:24:2 lookahead:6:8:24 lookahead:6:x:24:2; do
  "$CONCORD" calibrate --pair "$bad/commander" 2> "$DIR/e6" && fail "$bad accepted"
  grep -q -- "$bad" "$DIR/e6" || fail "the error does not name $bad: $(cat "$DIR/e6")"
done
"$CONCORD" calibrate --shard 3/3 2> "$DIR/e2" && fail "shard 3/3 accepted"
grep -q -- "--shard" "$DIR/e2" || fail "the error does not name --shard"
"$CONCORD" calibrate --table x:nosuch=1 2> "$DIR/e3" && fail "unknown table option accepted"
echo "bad" > "$DIR/bad.txt"
"$CONCORD" calibrate merge "$DIR/bad.txt" 2> "$DIR/e4" && fail "junk merge input accepted"
grep -q "bad.txt:1" "$DIR/e4" || fail "the merge error does not name file and line: $(cat "$DIR/e4")"

"$CONCORD" selfplay --module warp --seats 2 --bot commander --games 1 --seed 4 --out "$DIR/g.ccr" > /dev/null \
  || fail "warp selfplay with commander officers"
"$CONCORD" replay advise "$DIR/g.ccr" --turn 3 --seat 1 > "$DIR/adv.txt" || fail "replay advise: $(cat "$DIR/adv.txt")"
grep -q "^after 3 turns, seat 1: " "$DIR/adv.txt" || grep -q "nothing to decide" "$DIR/adv.txt" || fail "advice: $(cat "$DIR/adv.txt")"
"$CONCORD" replay advise "$DIR/g.ccr" --turn 0 --seat 0 > "$DIR/adv0.txt" || fail "advise at turn 0"
grep -q "^  - " "$DIR/adv0.txt" || fail "no reasons: $(cat "$DIR/adv0.txt")"
"$CONCORD" replay advise "$DIR/g.ccr" --turn 999999 --seat 0 2> "$DIR/e5" && fail "turn past the end accepted"
grep -q "past the end" "$DIR/e5" || fail "the error does not say past the end"
"$CONCORD" replay advise "$DIR/g.ccr" --seat 0 2> /dev/null && fail "missing --turn accepted"
echo "calibrate_cli: ok"
