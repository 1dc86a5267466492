#!/usr/bin/env bash
# A person plays a networked Warp seat with `concord join` (tests/net/human.sh CONCORD [--timeout S]).
# One `concord host --officer`, one `concord bot`, and a `concord join` whose stdin is a FIFO this script
# types into whenever "Your order>" appears, like a person would:
#  - prompt 1: an illegal order first (must be refused with the rule's reason), then a legal one;
#  - prompt 2: thinks 3x the silence tolerance (the table must see "deciding", never substitute the seat);
#  - prompt 3: never answered (the turn clock runs out and the seat's officer plays that turn);
#  - every other prompt: order 1 at once; a /hail goes out on the way.
# Checks: every peer finishes on the same final Seal, nobody substitutes the person's seat, the person's
# replay (written by default) verifies. Only 127.0.0.1; every child is killed on exit.
set -u
CONCORD=$1; shift
TIMEOUT=150
while [ $# -gt 0 ]; do
  case $1 in
    --timeout) TIMEOUT=$2; shift 2;;
    *) echo "human.sh: unknown option $1"; exit 2;;
  esac
done
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir human)
PIDS=()
cleanup() { exec 3>&- 2>/dev/null; for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
TOL=1000
COMMON=(--bind 127.0.0.1 --tolerance $TOL --timeout "$TIMEOUT")
OPTS=(--opt set=9 --opt objective=goout --opt goout=sudden)
"$CONCORD" host --officer --module warp "${OPTS[@]}" --seats 3 --wait-for 3 --port $BASE --identity "$DIR/0.key" \
  --name hostbot --replay "$DIR/0.cr" --discovery-addr off "${COMMON[@]}" < /dev/null > "$DIR/0.out" 2>&1 &
PIDS+=($!); PID0=$!
sleep 0.3
"$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + 1)) --identity "$DIR/1.key" --name bot1 --replay "$DIR/1.cr" \
  --think-ms 20 "${COMMON[@]}" < /dev/null > "$DIR/1.out" 2>&1 &
PIDS+=($!); PID1=$!
mkfifo "$DIR/in"
XDG_DATA_HOME="$DIR/xdg" "$CONCORD" join "127.0.0.1:$BASE" --port $((BASE + 2)) --identity "$DIR/2.key" --name alice \
  --turn-clock 6 --post-game 0 "${COMMON[@]}" < "$DIR/in" > "$DIR/2.out" 2>&1 &
PIDS+=($!); PID2=$!
exec 3> "$DIR/in"   # held open: the person's keyboard
prompts() { grep -o "Your order>" "$DIR/2.out" 2>/dev/null | wc -l; }
answered=0
deadline=$(( $(date +%s) + TIMEOUT ))
while kill -0 $PID2 2>/dev/null && [ "$(date +%s)" -lt $deadline ]; do
  n=$(prompts)
  if [ "$n" -gt "$answered" ]; then
    k=$((answered + 1))
    if [ $k -eq 1 ]; then
      echo "chart 9-9 nz" >&3       # not in hand / not legal: refused with a reason
      sleep 0.3
      echo "/hail 103" >&3
      echo "1" >&3
    elif [ $k -eq 2 ]; then
      sleep 3.5                     # thinking: 3.5x the tolerance, within the 6 s clock
      echo "1" >&3
    elif [ $k -eq 3 ]; then
      :                             # never answered: the turn clock decides
    else
      echo "1" >&3
    fi
    # The refusal at prompt 1 reprints the prompt once; count ours, not what is on screen (a next prompt may be there).
    if [ $k -eq 1 ]; then answered=$((answered + 2)); else answered=$((answered + 1)); fi
  fi
  sleep 0.05
done
fail=0
for pid in $PID0 $PID1 $PID2; do
  wait $pid; rc=$?
  [ $rc -eq 0 ] || { echo "pid $pid exited with $rc"; fail=1; }
done
for i in 0 1 2; do echo "--- peer $i"; grep -E "RESULT|concord:|substitut|turn clock|deciding|Replay:|comms" "$DIR/$i.out" | tail -n 8; done
echo "--- the person's screen (head)"; head -c 3000 "$DIR/2.out"; echo; [ -n "${HUMAN_SCREEN:-}" ] && cp "$DIR/2.out" "$HUMAN_SCREEN"
grep -q "! rejected: 9-9 is not in your hand" "$DIR/2.out" || { echo "FAIL: the illegal order was not refused with its reason"; fail=1; }
CLOCKED=$(grep -c "turn clock (6 s) ran out: its officer plays this turn" "$DIR/2.out")
[ "$CLOCKED" -eq 1 ] || { echo "FAIL: the turn clock ran out $CLOCKED times (once expected: the unanswered prompt 3)"; fail=1; }
grep -q "seat [0-9] alice deciding" "$DIR/0.out" "$DIR/1.out" || { echo "FAIL: no peer showed the person as deciding"; fail=1; }
grep -q "substituting an AI officer" "$DIR"/*.out && { echo "FAIL: a seat was substituted"; fail=1; }
grep -q "\[comms\] seat [0-9] alice" "$DIR/0.out" || { echo "FAIL: the person's hail did not reach the host"; fail=1; }
grep -q "Final standings" "$DIR/2.out" || { echo "FAIL: the person never saw the final standings"; fail=1; }
# Issue 10: the board and round log use the lobby's names, not "Captain N" (the seat number stays beside the name).
grep -q "^alice \[seat [0-9]\] (you): " "$DIR/2.out" || { echo "FAIL: the board does not name alice's own seat"; fail=1; }
grep -q "^hostbot \[seat [0-9]\]: " "$DIR/2.out" || { echo "FAIL: the board does not name the host's seat"; fail=1; }
grep -q "^Captain [0-9]\|Helm: Captain\|^  Captain [0-9]" "$DIR/2.out" && { echo "FAIL: the board or round log still says Captain N: $(grep -m1 '^Captain [0-9]\|Helm: Captain\|^  Captain [0-9]' "$DIR/2.out")"; fail=1; }
[ "$(prompts)" -ge 4 ] || { echo "FAIL: fewer than 4 prompts: $(prompts)"; fail=1; }
FINALS=$(grep -h '^RESULT' "$DIR"/*.out | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
NRES=$(grep -h '^RESULT' "$DIR"/*.out | wc -l)
[ "$NRES" -eq 3 ] || { echo "FAIL: $NRES of 3 peers finished"; fail=1; }
[ "$(echo "$FINALS" | wc -l)" -eq 1 ] || { echo "FAIL: final Seals differ: $FINALS"; fail=1; }
REPLAY=$(sed -n 's/^Replay: \(.*\.ccr\) .*/\1/p' "$DIR/2.out")
[ -n "$REPLAY" ] && [ -f "$REPLAY" ] || { echo "FAIL: the person's default replay was not written"; fail=1; }
for r in "$DIR/0.cr" "$DIR/1.cr" "$REPLAY"; do
  "$CONCORD" replay verify "$r" > "$DIR/verify.out" 2>&1 || { echo "FAIL: replay $r does not verify"; cat "$DIR/verify.out"; fail=1; }
done
[ $fail -eq 0 ] && echo "PASS: a person played a seat over the network ($(prompts) prompts)"
exit $fail
