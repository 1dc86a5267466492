#!/usr/bin/env bash
# The terminal table reads well, across peers (issue 10). A person hosts (`concord host`, stdin a FIFO
# typed into like a keyboard) with two `concord bot` peers:
# - the lobby lists the bots as AI officers, not "human"; `help` lists the commands;
# - plain text typed in the lobby is lobby chat: the bot shows it; a /say over 280 bytes is refused once;
# - `game ... starts` names our seat and who has the helm in words;
# - after the game the person's table stays open for post-game chat: "/say gg" reaches a bot after the
#   game is over, and q leaves at once with exit 0 (well before --post-game);
# - on a short Warp points campaign every tally line, the game-over line and the standings use the lobby's names.
# usage: table_text.sh CONCORD. Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir table_text)
PIDS=()
cleanup() { exec 3>&- 2>/dev/null; for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
COMMON=(--bind 127.0.0.1 --tolerance 3000 --discovery-addr off)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
waitfor() {  # waitfor FILE PATTERN TENTHS
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
mkfifo "$DIR/in"
"$CONCORD" host --module shed --seats 3 --wait-for 3 --port "$BASE" --identity "$DIR/0.key" --name ann --no-replay \
  --post-game 20 "${COMMON[@]}" < "$DIR/in" > "$DIR/0.out" 2>&1 &
PIDS+=($!); PID0=$!
exec 3> "$DIR/in"
sleep 0.3
"$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + 1)) --identity "$DIR/1.key" --name bot1 --no-replay --think-ms 100 \
  "${COMMON[@]}" < /dev/null > "$DIR/1.out" 2>&1 &
PIDS+=($!); PID1=$!
waitfor "$DIR/0.out" "bot1 \[" 100 || bad "bot1 did not reach the lobby"
echo "help" >&3
echo "/say $(head -c 300 /dev/zero | tr '\0' x)" >&3   # too long: refused once, at the sender
echo "hello lobby" >&3
waitfor "$DIR/1.out" "says: hello lobby" 50 || bad "plain text typed in the lobby did not reach bot1 as chat"
"$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + 2)) --identity "$DIR/2.key" --name bot2 --no-replay --think-ms 100 \
  "${COMMON[@]}" < /dev/null > "$DIR/2.out" 2>&1 &
PIDS+=($!); PID2=$!
waitfor "$DIR/0.out" "starts: seat" 100 || { echo "FAIL: the game did not start"; exit 1; }
echo "auto" >&3
waitfor "$DIR/0.out" "game over at turn" 600 || bad "the game did not end"
echo "/say gg" >&3
waitfor "$DIR/1.out" "says: gg" 30 || bad "post-game chat did not reach bot1"
sleep 1
kill -0 "$PID0" 2>/dev/null || bad "the person's table closed at once after the game (no post-game chat)"
start=$(date +%s)
echo "q" >&3
wait "$PID0" || bad "the host person exited with $? after q"
[ $(( $(date +%s) - start )) -le 5 ] || bad "q did not leave the post-game table at once"
for p in $PID1 $PID2; do wait "$p" || bad "a bot exited with $?"; done
grep -q "seat [12]: AI officer (its own peer) bot1" "$DIR/0.out" || bad "the lobby does not list bot1 as an AI officer"
grep -q "seat [12]: human bot" "$DIR/0.out" && bad "a concord bot peer is listed as human"
grep -q "/dm SEAT TEXT" "$DIR/0.out" || bad "help did not list the commands"
n=$(grep -c "not sent: message longer than 280 bytes" "$DIR/0.out")
[ "$n" -eq 1 ] || bad "a long /say was refused $n times (once expected)"
grep -q "xxxxxxxx" "$DIR/1.out" && bad "the long /say left the sender"
grep -q "not your turn" "$DIR/0.out" && bad "lobby text was answered with 'not your turn'"
grep -q "game [0-9a-f]* starts: seat 0 is yours (ann); \(you have the helm\|seat [0-9] [a-z0-9]* has the helm\|.* act first\)" "$DIR/0.out" \
  || bad "the start does not say who has the helm: $(grep starts "$DIR/0.out")"
grep -q "^RESULT" "$DIR/0.out" || bad "the host printed no result line"
# Names on the tally and outcome lines (issue 10): a short Warp points campaign (set 9) where the person hands the
# seat to its officer; every tally line, the `game over` line and the standings say the lobby's names.
mkfifo "$DIR/inw"
"$CONCORD" host --module warp --opt set=9 --seats 3 --wait-for 3 --port $((BASE + 3)) --identity "$DIR/0.key" --name ann \
  --no-replay --post-game 0 "${COMMON[@]}" < "$DIR/inw" > "$DIR/w0.out" 2>&1 &
PIDS+=($!); PIDW=$!
exec 4> "$DIR/inw"
sleep 0.3
for i in 1 2; do
  "$CONCORD" bot "127.0.0.1:$((BASE + 3))" --port $((BASE + 3 + i)) --identity "$DIR/$i.key" --name "bot$i" --no-replay \
    --think-ms 5 "${COMMON[@]}" < /dev/null > "$DIR/w$i.out" 2>&1 &
  PIDS+=($!)
done
waitfor "$DIR/w0.out" "starts: seat" 100 || bad "the Warp table did not start"
echo "auto" >&4
waitfor "$DIR/w0.out" "game over at turn" 1200 || bad "the Warp game did not end"
exec 4>&-
wait "$PIDW" || bad "the Warp host exited with $?"
for n in ann bot1 bot2; do
  grep -q "^  Tally: $n: " "$DIR/w0.out" || bad "no tally line names $n: $(grep -m2 'Tally:' "$DIR/w0.out")"
done
grep -q "Tally: Captain" "$DIR/w0.out" && bad "a tally line says Captain N: $(grep -m1 'Tally: Captain' "$DIR/w0.out")"
grep -q "game over at turn [0-9]*: Sector over (.*): \(ann\|bot1\|bot2\)" "$DIR/w0.out" \
  || bad "the game over line does not name the winner: $(grep 'game over' "$DIR/w0.out")"
sed -n '/starts: seat/,$p' "$DIR/w0.out" | grep -v "^RESULT" | grep -q "Captain [0-9]" \
  && bad "after the lobby a line still says Captain N: $(sed -n '/starts: seat/,$p' "$DIR/w0.out" | grep -v '^RESULT' | grep -m1 'Captain [0-9]')"
if [ $fail -eq 0 ]; then echo "PASS (lobby chat, help, AI listing, helm, post-game chat, names on the tally and outcome)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
