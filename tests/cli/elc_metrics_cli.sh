#!/usr/bin/env bash
# VC-3300: `concord elc calibrate metrics` as a batch runs it: the shards' lines are exactly one machine's, the merge
# reports M1..M13 per preset with a target and PASS/FAIL/n/a each, and a bad or duplicated line is refused by name.
set -u
CONCORD=$1
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$CONCORD" elc calibrate metrics --games 2 --seed 3 > "$DIR/all.txt" || fail "unsharded run"
for i in 0 1 2; do "$CONCORD" elc calibrate metrics --games 2 --seed 3 --shard "$i/3" > "$DIR/s$i.txt" || fail "shard $i"; done
[ "$(wc -l < "$DIR/all.txt")" = 10 ] || fail "5 presets x 2 games expected: $(cat "$DIR/all.txt")"
cmp -s <(sort "$DIR/all.txt") <(sort "$DIR"/s?.txt) || fail "shards differ from one machine"
"$CONCORD" elc calibrate metrics merge "$DIR"/s?.txt > "$DIR/report.txt"
rc=$?
[ $rc -le 1 ] || fail "merge exit $rc: $(cat "$DIR/report.txt")"
for p in "Standard War" "Tournament" "Every Last City" "Long War" "Blitz"; do
  grep -q "^$p: 2 games" "$DIR/report.txt" || fail "no '$p' block: $(cat "$DIR/report.txt")"
done
for m in M1 M2 M3 M4 M5 M6 M7 M8 M9 M10 M11 M12 M13; do
  [ "$(grep -c "^  $m  *\(PASS\|FAIL\|n/a \)" "$DIR/report.txt")" = 5 ] || fail "$m not reported for every preset"
done
grep -q "M13 n/a .*playtest" "$DIR/report.txt" || fail "M13 must say it is a playtest"
# A FAIL anywhere makes the merge exit 1 (the release gate); all PASS/n/a exits 0.
if grep -q " FAIL " "$DIR/report.txt"; then [ $rc = 1 ] || fail "a FAIL with exit $rc"; else [ $rc = 0 ] || fail "exit $rc"; fi

head -1 "$DIR/all.txt" | sed 's/vigilsBroken=[0-9]*/vigilsBroken=x/' > "$DIR/bad.txt"
out=$("$CONCORD" elc calibrate metrics merge "$DIR/bad.txt" 2>&1) && fail "a bad line was accepted"
echo "$out" | grep -q "bad.txt:1: metrics line: vigilsBroken='x'" || fail "bad line not named: $out"
out=$("$CONCORD" elc calibrate metrics merge "$DIR/all.txt" "$DIR/s0.txt" 2>&1) && fail "overlapping shards accepted"
echo "$out" | grep -q "appears twice" || fail "overlap not named: $out"
out=$("$CONCORD" elc calibrate metrics --shard 3/3 2>&1) && fail "--shard 3/3 accepted"
echo "$out" | grep -q "shard needs I/N" || fail "bad shard not named: $out"
echo "elc metrics CLI: ok"
