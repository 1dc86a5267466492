#!/usr/bin/env bash
# End-to-end checks of `concord selfplay` as a user runs it: replays written and verified, shards that
# add up to the unsharded sweep, and the desync drill's report files naming the turn and the field.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir selfplay_cli)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$CONCORD" selfplay --seats 5 --games 4 --seed 3 --loss 250 --dup 50 --reorder 100 --jitter 20 --out-dir "$DIR/all" > "$DIR/all.txt" \
  || fail "clean games did not all complete, agree and verify: $(cat "$DIR/all.txt")"
[ "$(ls "$DIR/all"/*.ccr | wc -l)" = 4 ] || fail "expected 4 replays"
for f in "$DIR/all"/*.ccr; do "$CONCORD" replay verify "$f" > /dev/null || fail "replay verify $f"; done

for i in 0 1 2; do
  "$CONCORD" selfplay --seats 5 --games 4 --seed 3 --loss 250 --dup 50 --reorder 100 --jitter 20 --shard "$i/3" \
    --out-dir "$DIR/s$i" >> "$DIR/shards.txt" || fail "shard $i"
done
cut -d' ' -f1-10 "$DIR/all.txt" | grep '^seed' | sort > "$DIR/a"
cut -d' ' -f1-10 "$DIR/shards.txt" | grep '^seed' | sort > "$DIR/b"
cmp -s "$DIR/a" "$DIR/b" || fail "the union of shards differs from the unsharded sweep"

"$CONCORD" selfplay --seats 4 --inject-desync 2@5 --out "$DIR/d.ccr" > "$DIR/d.txt" && fail "a desync must exit non-zero"
for p in 0 1 2 3; do
  r="$DIR/d.ccr.desync-t5-peer$p.txt"
  [ -f "$r" ] || fail "peer $p wrote no desync report"
  grep -q "desync at turn 5: seats 2 disagree" "$r" || fail "peer $p's report does not name turn 5 and seat 2: $(cat "$r")"
  grep -q "first differing field: .*score" "$r" || fail "peer $p's report does not name the field"
  [ -s "$DIR/d.ccr.desync-t5-peer$p.majority.bin" ] && [ -s "$DIR/d.ccr.desync-t5-peer$p.other.txt" ] || fail "dumps missing"
done

"$CONCORD" selfplay --seats 0 > /dev/null 2>&1; [ $? = 2 ] || fail "bad --seats must exit 2"
"$CONCORD" selfplay --shard 3/3 > /dev/null 2>&1; [ $? = 2 ] || fail "bad --shard must exit 2"
"$CONCORD" selfplay --module nosuch --no-replay > "$DIR/e.txt" 2>&1; grep -q "unknown rule module" "$DIR/e.txt" || fail "unknown module message"
echo "selfplay CLI: all checks passed"
