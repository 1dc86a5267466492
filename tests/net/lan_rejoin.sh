#!/usr/bin/env bash
# A crashed host finds its game again (issue 10): every peer prints the ready-to-paste `concord join
# ADDR:PORT` of the table, and once the game runs every peer announces it on the LAN. The host is killed
# (-9) mid-game; the bots play on (its seat substituted) and keep announcing; `concord join lan` with the
# host's identity hears a bot's announcement, rejoins, reclaims seat 0 and ends on the same final Seal.
# usage: lan_rejoin.sh CONCORD. Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir lan_rejoin)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
DP=$((BASE + 9))
COMMON=(--bind 127.0.0.1 --tolerance 1000 --think-ms 8 --discovery-port "$DP")
fail=0
bad() { echo "FAIL: $*"; fail=1; }
final() { sed -n 's/^RESULT .* final \([0-9a-f]*\) .*/\1/p' "$1"; }
waitfor() {  # waitfor FILE PATTERN TENTHS
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
"$CONCORD" host --officer --module warp --seats 3 --wait-for 3 --port "$BASE" --identity "$DIR/0.key" --name seat0 \
  --no-replay "${COMMON[@]}" < /dev/null > "$DIR/0.out" 2>&1 &
PIDS+=($!); PID0=$!
sleep 0.3
for i in 1 2; do
  "$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + i)) --identity "$DIR/$i.key" --name "bot$i" --replay "$DIR/$i.cr" \
    "${COMMON[@]}" < /dev/null > "$DIR/$i.out" 2>&1 &
  PIDS+=($!); eval "PID$i=\$!"
done
waitfor "$DIR/0.out" "starts: seat" 200 || { echo "FAIL: the game did not start"; exit 1; }
sleep 1
for i in 0 1 2; do
  grep -q "this table: concord join 127.0.0.1:[0-9]*" "$DIR/$i.out" || bad "peer $i printed no ready-to-paste concord join of the table"
done
grep -q "this table: concord join 127.0.0.1:$((BASE + 1)) " "$DIR/0.out" || bad "the host did not print bot1's address"
kill -9 "$PID0"
sleep 2  # past the tolerance: the bots substitute the host's seat and play on
"$CONCORD" join lan --officer --port $((BASE + 3)) --identity "$DIR/0.key" --name seat0 --replay "$DIR/0b.cr" \
  "${COMMON[@]}" < /dev/null > "$DIR/0b.out" 2>&1 &
PIDS+=($!); PID0B=$!
for p in $PID1 $PID2; do wait "$p" || bad "a bot exited with $?"; done
wait "$PID0B" || bad "the host coming back through join lan exited with $?: $(tail -n 3 "$DIR/0b.out")"
grep -q "^Rejoining our running game [0-9a-f]* at 127.0.0.1:$((BASE + 1))\|^Rejoining our running game [0-9a-f]* at 127.0.0.1:$((BASE + 2))" "$DIR/0b.out" \
  || bad "join lan did not find the running game through a bot's announcement: $(head -n 3 "$DIR/0b.out")"
grep -q "reclaimed" "$DIR/0b.out" || bad "the host did not reclaim seat 0"
f=$(final "$DIR/1.out")
[ -n "$f" ] && [ "$f" = "$(final "$DIR/2.out")" ] && [ "$f" = "$(final "$DIR/0b.out")" ] || bad "the peers disagree on the final Seal"
if [ $fail -eq 0 ]; then echo "PASS (every peer prints the table's address; a killed host finds its game with join lan)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
