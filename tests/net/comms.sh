#!/usr/bin/env bash
# Multi-process loopback test of comms (RULES IX), LAN discovery and spectators:
# - a rated host announces its lobby to 127.0.0.1 on a test port; `concord lan` hears it;
# - in the lobby free text is allowed and relayed by the host between joiners;
# - during active play seat 1 sends a quick hail (every peer shows it) and free text with its own checks
#   off (--no-sender-checks): EVERY receiver refuses and logs it; seat 2's own /say is stopped at send;
# - after the game free text is accepted again (post-game);
# - a spectator joins mid-game (`join --spectate`) and ends on the same final Seal as the players.
# usage: comms.sh CONCORD [--module M] [--think-ms MS] [--timeout S] (bots pace their turns so the game
# lasts long enough for messages mid-game). Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1; shift
TIMEOUT=150 MODULE=shed THINK=300
while [ $# -gt 0 ]; do
  case $1 in
    --timeout) TIMEOUT=$2; shift 2;;
    --module) MODULE=$2; shift 2;;
    --think-ms) THINK=$2; shift 2;;
    *) echo "comms.sh: unknown option $1"; exit 2;;
  esac
done
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir comms)
PIDS=()
cleanup() { exec 3>&- 4>&- 2>/dev/null; for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
P0=$BASE DP=$((BASE + 9))
COMMON=(--bind 127.0.0.1 --tolerance 3000 --think-ms "$THINK" --timeout "$TIMEOUT")
fail=0
waitfor() {  # waitfor FILE PATTERN TENTHS
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
"$CONCORD" host --officer --module "$MODULE" --seats 4 --wait-for 4 --rated --port "$P0" --identity "$DIR/0.key" --name seat0 \
  --replay "$DIR/0.cr" --discovery-addr 127.0.0.1 --discovery-port "$DP" "${COMMON[@]}" < /dev/null > "$DIR/0.out" 2>&1 &
PIDS+=($!); PID0=$!
# LAN discovery: the lobby is heard on loopback with its module, seats and address.
"$CONCORD" lan --bind 127.0.0.1 --port "$DP" --seconds 2 > "$DIR/lan.out" 2>&1
cat "$DIR/lan.out"
grep -q "^GAME 127.0.0.1:$P0 host seat0 module $MODULE config [0-9a-f]* seats 4 free 3 rated lobby" "$DIR/lan.out" \
  || { echo "FAIL: concord lan did not list the lobby"; fail=1; }
mkfifo "$DIR/in1" "$DIR/in2"
exec 3<>"$DIR/in1" 4<>"$DIR/in2"
"$CONCORD" bot "127.0.0.1:$P0" --port $((BASE + 1)) --identity "$DIR/1.key" --name bot1 --replay "$DIR/1.cr" \
  --no-sender-checks "${COMMON[@]}" < "$DIR/in1" > "$DIR/1.out" 2>&1 &
PIDS+=($!); PID1=$!
"$CONCORD" bot "127.0.0.1:$P0" --port $((BASE + 2)) --identity "$DIR/2.key" --name bot2 --replay "$DIR/2.cr" \
  "${COMMON[@]}" < "$DIR/in2" > "$DIR/2.out" 2>&1 &
PIDS+=($!); PID2=$!
# Lobby comms (full mode even in a rated game): joiners reach each other through the host's relay.
waitfor "$DIR/2.out" "bot1 \[" 100 || { echo "FAIL: bot1 and bot2 are not both in the lobby"; fail=1; }
echo "/say hello lobby" >&3
waitfor "$DIR/2.out" "says: hello lobby" 50 || { echo "FAIL: bot2 did not receive bot1's lobby text (host relay)"; fail=1; }
"$CONCORD" bot "127.0.0.1:$P0" --port $((BASE + 3)) --identity "$DIR/3.key" --name bot3 --replay "$DIR/3.cr" \
  "${COMMON[@]}" < /dev/null > "$DIR/3.out" 2>&1 &
PIDS+=($!); PID3=$!
waitfor "$DIR/1.out" "starts: seat" 200 || { echo "FAIL: the game did not start"; exit 1; }
sleep 1
# A spectator joins the running game.
"$CONCORD" join "127.0.0.1:$P0" --spectate --port $((BASE + 5)) --identity "$DIR/s.key" --name watcher \
  "${COMMON[@]}" < /dev/null > "$DIR/s.out" 2>&1 &
PIDS+=($!); PIDS_S=$!
waitfor "$DIR/s.out" "starts: spectator" 100 || { echo "FAIL: the spectator did not start following"; fail=1; }
sleep 1
echo "/hail 401" >&3
sleep 0.3
echo "/say meet me at the neutral zone" >&3
echo "/dm 3 psst" >&3
echo "/say this should not leave" >&4
waitfor "$DIR/1.out" "game over at turn" $((TIMEOUT * 10)) || { echo "FAIL: seat 1 did not finish"; fail=1; }
sleep 0.5
echo "/say gg, well played" >&3
for p in $PID0 $PID1 $PID2 $PID3 $PIDS_S; do wait "$p" || { echo "FAIL: pid $p exited with $?"; fail=1; }; done
grep -q "\[comms\] seat [0-9] bot1 .* says: hello lobby" "$DIR/0.out" || { echo "FAIL: the host did not show lobby text"; fail=1; }
for i in 0 2 3 s; do
  f="$DIR/$i.out"
  grep -q "\[comms\] seat [0-9] bot1 .* hail 401 \"Red Alert!\"" "$f" || { echo "FAIL: peer $i did not show seat 1's hail"; fail=1; }
  grep -q "refused comms from seat [0-9] bot1 .*(active play, rated): free text is not allowed in a rated game" "$f" \
    || { echo "FAIL: peer $i did not refuse seat 1's free text"; fail=1; }
  grep -q "refused comms from seat [0-9] bot1 .*(active play, rated): DMs are not allowed" "$f" \
    || { echo "FAIL: peer $i did not refuse seat 1's DM"; fail=1; }
  grep -q "meet me\|psst" "$f" && { echo "FAIL: peer $i displayed refused text"; fail=1; }
  grep -q "\[comms\] seat [0-9] bot1 .* says: gg, well played" "$f" || { echo "FAIL: peer $i did not show post-game text"; fail=1; }
done
grep -q "comms: not sent: free text is not allowed in a rated game" "$DIR/2.out" || { echo "FAIL: seat 2 sent free text in rated play"; fail=1; }
grep -q "this should not leave" "$DIR/0.out" "$DIR/1.out" "$DIR/3.out" && { echo "FAIL: seat 2's free text left"; fail=1; }
# Comms are kept in each peer's replay beside the orders (`concord replay dump` prints them between turns;
# `replay verify` checks every sender signature); no sidecar is written.
[ -e "$DIR/0.cr.comms" ] && { echo "FAIL: a .comms sidecar was written next to the host's replay"; fail=1; }
lineof() { grep -n -m1 -- "$2" "$1" | cut -d: -f1; }
for i in 0 2 3; do
  d="$DIR/$i.dump"
  "$CONCORD" replay dump "$DIR/$i.cr" > "$d" 2>&1 || { echo "FAIL: replay dump of peer $i failed"; fail=1; continue; }
  first=$(lineof "$d" "^turn 0$"); last=$(grep -n "^turn [0-9]*$" "$d" | tail -1 | cut -d: -f1)
  hail=$(lineof "$d" "^comms seat [0-9] bot1: hail 401 \"Red Alert!\"$"); gg=$(lineof "$d" "^comms seat [0-9] bot1: says: gg, well played$")
  { [ -n "$first" ] && [ -n "$hail" ] && [ "$hail" -gt "$first" ]; } || { echo "FAIL: peer $i's replay lacks seat 1's mid-game hail"; fail=1; }
  { [ -n "$last" ] && [ -n "$gg" ] && [ "$gg" -gt "$last" ]; } || { echo "FAIL: peer $i's replay lacks the post-game text after the last turn"; fail=1; }
  grep -q "meet me\|psst\|this should not leave" "$d" && { echo "FAIL: peer $i's replay keeps a refused message"; fail=1; }
  "$CONCORD" replay verify "$DIR/$i.cr" | grep -q "[1-9][0-9]* comms signatures checked" \
    || { echo "FAIL: replay verify of peer $i checked no comms signatures"; fail=1; }
done
for i in 0 2; do  # both were in the lobby when bot1 said hello: kept before turn 0
  lob=$(lineof "$DIR/$i.dump" "^comms seat [0-9] bot1: says: hello lobby$"); first=$(lineof "$DIR/$i.dump" "^turn 0$")
  { [ -n "$lob" ] && [ -n "$first" ] && [ "$lob" -lt "$first" ]; } || { echo "FAIL: peer $i's replay lacks the lobby text before turn 0"; fail=1; }
done
grep -h "RESULT" "$DIR"/*.out
FINALS=$(grep -h '^RESULT' "$DIR"/*.out | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
[ "$(grep -h '^RESULT' "$DIR"/*.out | wc -l)" -eq 5 ] || { echo "FAIL: not all 5 processes finished"; fail=1; }
[ "$(echo "$FINALS" | wc -l)" -eq 1 ] || { echo "FAIL: final Seals differ: $FINALS"; fail=1; }
grep -q '^RESULT.* spectator 1 ' "$DIR/s.out" || { echo "FAIL: the spectator did not finish as a spectator"; fail=1; }
for f in "$DIR"/[0-3].cr; do "$CONCORD" replay verify "$f" > /dev/null 2>&1 || { echo "FAIL: $f does not verify"; fail=1; }; done
[ $fail -eq 0 ] && { echo "PASS (comms, LAN discovery, spectator; final Seal $FINALS)"; rm -rf "$DIR"; } || echo "logs kept in $DIR"
exit $fail
