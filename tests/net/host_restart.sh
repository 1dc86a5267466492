#!/usr/bin/env bash
# A crashed host that runs `concord host` again finds its running table (issue 24). Before, it opened a fresh empty
# lobby on the same port with no word about the game (and `concord lan` then listed two tables with one name).
# A 3-seat Warp table: the host (CONCORD_HOME=$DIR/home, no --identity) is killed with -9 mid-game, the bots play on
# (its seat substituted) and announce the game; the same `concord host` command, same home, is run again. It must
# say it is rejoining the running game, open no lobby, print the table's current `concord join ADDR` (a live bot's
# address, not its own dead lobby), reclaim seat 0 and end on the same final Seal as the bots. Then a host whose
# table is gone says so, names the command that would have taken it back, and opens its lobby.
# usage: host_restart.sh CONCORD. Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir host_restart)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
DP=$((BASE + 9))
COMMON=(--bind 127.0.0.1 --tolerance 1000 --think-ms 8 --discovery-port "$DP")
HOST=(host --officer --module warp --seats 3 --wait-for 3 --port "$BASE" --name seat0 --no-replay "${COMMON[@]}")
fail=0
bad() { echo "FAIL: $*"; fail=1; }
final() { sed -n 's/^RESULT .* final \([0-9a-f]*\) .*/\1/p' "$1"; }
waitfor() {  # waitfor FILE PATTERN TENTHS
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
CONCORD_HOME="$DIR/home" "$CONCORD" "${HOST[@]}" < /dev/null > "$DIR/0.out" 2>&1 &
PIDS+=($!); PID0=$!
sleep 0.3
for i in 1 2; do
  "$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + i)) --identity "$DIR/$i.key" --name "bot$i" --replay "$DIR/$i.cr" \
    "${COMMON[@]}" < /dev/null > "$DIR/$i.out" 2>&1 &
  PIDS+=($!); eval "PID$i=\$!"
done
waitfor "$DIR/0.out" "starts: seat" 200 || { echo "FAIL: the game did not start: $(tail -n 3 "$DIR/0.out")"; exit 1; }
sleep 1
kill -9 "$PID0"
sleep 2  # past the tolerance: the bots substitute the host's seat and play on
CONCORD_HOME="$DIR/home" "$CONCORD" "${HOST[@]}" < /dev/null > "$DIR/0b.out" 2>&1 &
PIDS+=($!); PID0B=$!
for p in $PID1 $PID2; do wait "$p" || bad "a bot exited with $?"; done
for _ in $(seq 1 150); do kill -0 "$PID0B" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$PID0B" 2>/dev/null; then
  bad "the restarted host was still running 15 s after the game ended: $(grep -c 'hosting on UDP' "$DIR/0b.out") lobby line(s)"
  kill -9 "$PID0B"
fi
wait "$PID0B" || bad "the restarted host exited with $?: $(tail -n 3 "$DIR/0b.out")"
grep -q "hosting on UDP port" "$DIR/0b.out" && bad "the restarted host opened a fresh lobby beside its running game"
grep -q "^Rejoining our running game [0-9a-f]* at 127.0.0.1:$((BASE + 1))\|^Rejoining our running game [0-9a-f]* at 127.0.0.1:$((BASE + 2))" "$DIR/0b.out" \
  || bad "the restarted host did not say it rejoins its running game: $(head -n 4 "$DIR/0b.out")"
grep -q "this table: concord join 127.0.0.1:$((BASE + 1)) \|this table: concord join 127.0.0.1:$((BASE + 2)) " "$DIR/0b.out" \
  || bad "the restarted host did not print the table's current join line: $(grep 'this table' "$DIR/0b.out")"
grep -q "this table: concord join 127.0.0.1:$BASE " "$DIR/0b.out" && bad "the restarted host printed its own dead lobby as the table"
grep -q "reclaimed" "$DIR/0b.out" || bad "the restarted host did not reclaim seat 0"
f=$(final "$DIR/1.out")
[ -n "$f" ] && [ "$f" = "$(final "$DIR/2.out")" ] && [ "$f" = "$(final "$DIR/0b.out")" ] || bad "the peers disagree on the final Seal"

# The table is gone now (every peer finished). A host that crashed again would find nobody: it says so, names the
# command that takes a seat back at a table that still runs elsewhere, and opens its lobby.
cp "$DIR/home/identity.table" "$DIR/home/identity.table.kept" 2>/dev/null
if [ -f "$DIR/home/identity.table.kept" ]; then
  bad "the finished game left its table note behind"
else
  printf 'game 00000000000000000000000000000001\npeer 127.0.0.1:%s\n' $((BASE + 1)) > "$DIR/home/identity.table"
fi
CONCORD_HOME="$DIR/home" "$CONCORD" "${HOST[@]}" < /dev/null > "$DIR/0c.out" 2>&1 &
PIDS+=($!); PID0C=$!
waitfor "$DIR/0c.out" "hosting on UDP port" 80 || bad "a host whose table is gone did not open its lobby: $(tail -n 3 "$DIR/0c.out")"
grep -q "concord join 127.0.0.1:$((BASE + 1))" "$DIR/0c.out" || bad "a host whose table is gone did not name the way back: $(head -n 4 "$DIR/0c.out")"
kill -9 "$PID0C" 2>/dev/null
if [ $fail -eq 0 ]; then echo "PASS (a restarted host finds its running table, prints its current join line and plays on)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
