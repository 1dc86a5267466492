#!/usr/bin/env bash
# Every crash can come back (issue 10): real `concord` processes on 127.0.0.1 playing a short Warp campaign
# (host + bots), kill -9 and restart with the same identity.
# usage: rejoin.sh CONCORD MODE [--timeout S]
#   early      a bot restarted before its seat is substituted takes it back at once: nobody is substituted
#   over       a bot restarted after the game ended finds it over, says so, writes the same replay, exits 0
#   chain      a 2-person table (seats 2, 3 AI): the bot rejoins (from the host), then the host (the steward) is
#              killed past the tolerance and rejoins from that bot: its history can only come from a peer that
#              rejoined itself; both replays are byte-identical
#   steward    3 persons and an AI seat: the steward restarts just after it was substituted, on a slow table: its
#              snapshot predates the handover, and no peer logs rejoin traffic as an attack
#   crashflush a bot killed 3 s in (fewer turns than one 64-turn block) leaves a replay with its turns
# Every mode checks exit codes, one final Seal, byte-identical replays, and no alarm lines. Children are killed on exit.
set -u
CONCORD=$1 MODE=$2; shift 2
TIMEOUT=90
while [ $# -gt 0 ]; do
  case $1 in
    --timeout) TIMEOUT=$2; shift 2;;
    *) echo "rejoin.sh: unknown option $1"; exit 2;;
  esac
done
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir "rejoin-$MODE")
BIN="$DIR/concord"; cp "$CONCORD" "$BIN"   # a rebuild during the run cannot mix versions
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 8)
port() { echo $(( BASE + $1 )); }
OPTS=(--opt set=9 --opt objective=goout --opt goout=fixed --opt rounds=2)
SEATS=4 WAITFOR=4 TOL=3000 THINK=30
declare -A PID
fail=0
say_fail() { echo "FAIL: $*"; fail=1; }
common() { echo --bind 127.0.0.1 --tolerance $TOL --think-ms $THINK --timeout "$TIMEOUT"; }
start_host() {
  "$BIN" host --officer --module warp "${OPTS[@]}" --seats $SEATS --wait-for $WAITFOR --port "$(port 0)" --identity "$DIR/0.key" \
    --name seat0 --replay "$DIR/0.cr" --discovery-addr off $(common) < /dev/null >> "$DIR/0.out" 2>&1 &
  PIDS+=($!); PID[0]=$!
}
start_bot() {  # start_bot SEAT TARGET_SEAT: joins (or rejoins) through TARGET_SEAT's port
  "$BIN" bot "127.0.0.1:$(port "$2")" --port "$(port "$1")" --identity "$DIR/$1.key" --name "bot$1" --replay "$DIR/$1.cr" \
    $(common) < /dev/null >> "$DIR/$1.out" 2>&1 &
  PIDS+=($!); PID[$1]=$!
}
wait_for() {  # wait_for FILE PATTERN [TENTHS]
  for _ in $(seq 1 "${3:-600}"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
kill_seat() { echo "kill -9 seat $1"; kill -9 "${PID[$1]}"; sleep 0.1; mv "$DIR/$1.cr" "$DIR/crashed$1.cr" 2>/dev/null; }
table() {  # the host and the bots 1..WAITFOR-1
  start_host; sleep 0.3
  for ((i = 1; i < WAITFOR; i++)); do start_bot $i 0; done
  wait_for "$DIR/0.out" "starts: seat" 200 || say_fail "the game never started"
}
finish() {  # waits for every seat's last process; checks exits, RESULT lines, final Seal, replays
  for ((i = 0; i < WAITFOR; i++)); do
    wait "${PID[$i]}"; rc=$?
    [ $rc -eq 0 ] || say_fail "seat $i exited with $rc: $(grep concord: "$DIR/$i.out" | tail -n 1)"
  done
  for ((i = 0; i < WAITFOR; i++)); do
    echo "--- seat $i"; grep -E "RESULT|concord:|substitut|ours again|ended while|backfilled|no replay" "$DIR/$i.out" | cut -c1-200 | tail -n 6
  done
  local finals; finals=$(for ((i = 0; i < WAITFOR; i++)); do grep -h '^RESULT' "$DIR/$i.out" | tail -n 1; done | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
  [ "$(echo "$finals" | wc -l)" -eq 1 ] && [ -n "$finals" ] || say_fail "peers disagree on the final Seal (or did not finish): $finals"
  for ((i = 0; i < WAITFOR; i++)); do
    [ -f "$DIR/$i.cr" ] || { say_fail "seat $i wrote no replay"; continue; }
    "$BIN" replay verify "$DIR/$i.cr" > "$DIR/verify.out" 2>&1 || { say_fail "seat $i's replay does not verify: $(head -n 2 "$DIR/verify.out")"; continue; }
    grep -q "final Seal $finals" "$DIR/verify.out" || say_fail "seat $i's replay ends on another Seal"
    [ "$i" = 0 ] || cmp -s "$DIR/0.cr" "$DIR/$i.cr" || say_fail "seat $i's replay differs from seat 0's"
  done
  # Expected rejoin traffic is not an attack: no peer may log these for it.
  if grep -H -E "signature does not verify|same body with a different signature|EQUIVOCATION|DESYNC" "$DIR"/[0-9].out | head -n 5 | grep .; then
    say_fail "rejoin traffic was logged as an attack"
  fi
}

case $MODE in
  early)
    TOL=4000
    table
    sleep 1.5; kill_seat 2; sleep 0.3; echo "restart seat 2"; start_bot 2 0
    finish
    grep -q "substituting an AI officer" "$DIR"/[0-9].out && say_fail "a seat was substituted (the rejoiner should have taken it back first)"
    grep -q "is ours again at turn" "$DIR/2.out" || say_fail "the restarted bot did not say it took its seat back"
    grep -q '^RESULT.* rejoined 1 owns-seat 1 ' "$DIR/2.out" || say_fail "seat 2 did not end as a rejoined owner"
    ;;
  over)
    TOL=1000
    table
    sleep 1; kill_seat 2
    wait_for "$DIR/0.out" "game over at turn" 600 || say_fail "the game did not end"
    sleep 1.5; echo "restart seat 2 after the game ended"; start_bot 2 1
    finish
    grep -q "the game ended while we were away" "$DIR/2.out" || say_fail "the late rejoiner did not say the game was over"
    grep -q '^RESULT.* rejoined 1 ' "$DIR/2.out" || say_fail "the late rejoiner printed no RESULT line"
    ;;
  chain)
    # Long enough that the steward comes back before the end: a 92-turn deal at 30 ms a turn ended 0.6 s before it did.
    WAITFOR=2 TOL=1500 THINK=50 OPTS=(--opt set=9 --opt objective=goout --opt goout=fixed --opt rounds=4)
    table
    sleep 1; kill_seat 1; sleep 0.3; echo "restart seat 1"; start_bot 1 0
    wait_for "$DIR/1.out" "ours again" 300 || say_fail "seat 1 never took its seat back"
    sleep 1; kill_seat 0; sleep 2.5
    # The host comes back as a headless peer with its identity, through the bot that itself rejoined.
    echo "restart seat 0 through seat 1"
    "$BIN" bot "127.0.0.1:$(port 1)" --port "$(port 0)" --identity "$DIR/0.key" --name seat0 --replay "$DIR/0.cr" \
      $(common) < /dev/null >> "$DIR/0.out" 2>&1 &
    PIDS+=($!); PID[0]=$!
    finish
    grep -q '^RESULT.* rejoined 1 owns-seat 1 ' "$DIR/0.out" || say_fail "the steward did not rejoin and reclaim"
    ;;
  steward)
    OPTS=(--opt set=9 --opt objective=goout --opt goout=fixed --opt rounds=1) THINK=250 TOL=1500 WAITFOR=3
    table
    sleep 3; kill_seat 0
    for _ in $(seq 1 100); do grep -q "seat 0 silent for" "$DIR"/[1-2].out && break; sleep 0.05; done
    # Without think time, as a person's peer runs: it signs whatever it may the moment it enters a turn.
    echo "restart seat 0 through seat 1 (just after the handover)"
    "$BIN" bot "127.0.0.1:$(port 1)" --port "$(port 0)" --identity "$DIR/0.key" --name seat0 --replay "$DIR/0.cr" \
      $(common) --think-ms 0 < /dev/null >> "$DIR/0.out" 2>&1 &
    PIDS+=($!); PID[0]=$!
    finish
    grep -q '^RESULT.* rejoined 1 owns-seat 1 ' "$DIR/0.out" || say_fail "the steward did not rejoin and reclaim"
    ;;
  crashflush)
    THINK=100
    table
    sleep 3; kill_seat 2
    ran=$(grep -o "^\[[0-9:.]*\] turn [0-9]*" "$DIR/2.out" | tail -n 1 | sed 's/.* //')
    out=$("$BIN" replay verify "$DIR/crashed2.cr" 2>&1) || say_fail "the crashed peer's replay does not verify: $out"
    turns=$(echo "$out" | grep -o "OK: [0-9]* turns" | grep -o "[0-9]*")
    echo "killed seat 2 three seconds in (last status: turn ${ran:-?}); its replay holds ${turns:-0} turns"
    # 3 s at 10 turns/s is fewer turns than one 64-turn block; checkpoints every second keep all but the last second.
    [ "${turns:-0}" -ge 10 ] || say_fail "the crashed peer's replay holds ${turns:-0} turns (a crash may lose at most a few seconds)"
    ;;
  *) echo "rejoin.sh: unknown mode $MODE"; exit 2;;
esac
[ $fail -eq 0 ] && { echo "PASS (rejoin $MODE)"; [ "${CONCORD_KEEP_LOGS:-0}" = 1 ] || rm -rf "$DIR"; }
[ $fail -eq 0 ] && [ "${CONCORD_KEEP_LOGS:-0}" != 1 ] || echo "logs kept in $DIR"
exit $fail
