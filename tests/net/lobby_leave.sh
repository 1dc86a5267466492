#!/usr/bin/env bash
# q and Ctrl-C leave at once, everywhere (issue 24): a host in its lobby ignored both ("Leaving the table..." and
# it stayed; only SIGTERM ended it), and so did a joiner in a lobby. Each case below starts the person's peer with
# stdin a FIFO (typed into like a keyboard), types q or sends SIGINT, and expects the process to end within 3 s,
# exit 0, with a line that says what happened; a bot seated in the lobby the host closed hears it and ends too.
# In the game: the host's Ctrl-C and a joiner's q leave at once too.
# usage: lobby_leave.sh CONCORD. Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir lobby_leave)
PIDS=()
cleanup() { exec 3>&- 4>&- 2>/dev/null; for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
COMMON=(--bind 127.0.0.1 --tolerance 3000 --discovery-addr off --no-replay)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
waitfor() {  # waitfor FILE PATTERN TENTHS
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
# ends PID NAME LINE: the process ends within 3 s, exit 0, and its output holds LINE.
ends() {
  local pid=$1 name=$2 line=$3
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    bad "$name: still running 3 s later: $(tail -n 2 "$DIR/$name.out" | tr '\r\033' '  ')"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return
  fi
  wait "$pid"
  local rc=$?
  [ $rc -eq 0 ] || bad "$name: exit $rc"
  grep -q "$line" "$DIR/$name.out" || bad "$name: no line \"$line\": $(tail -n 3 "$DIR/$name.out")"
}
# person NAME ARGS...: starts `concord ARGS` reading the FIFO $DIR/NAME.in (fd 3), output in $DIR/NAME.out; sets PID.
person() {
  local name=$1
  shift
  rm -f "$DIR/$name.in"
  mkfifo "$DIR/$name.in"
  "$CONCORD" "$@" < "$DIR/$name.in" > "$DIR/$name.out" 2>&1 &
  PID=$!
  PIDS+=("$PID")
  exec 3> "$DIR/$name.in"
}

# 1. The host in its lobby types q; the bot seated there hears at once that the lobby is closed.
person hostq host --module shed --seats 3 --wait-for 3 --port "$BASE" --identity "$DIR/h.key" --name ann "${COMMON[@]}"
waitfor "$DIR/hostq.out" "hosting on UDP port" 50 || bad "hostq: the lobby did not open"
"$CONCORD" bot "127.0.0.1:$BASE" --port $((BASE + 5)) --identity "$DIR/b.key" --name bot1 "${COMMON[@]}" < /dev/null > "$DIR/lobbybot.out" 2>&1 &
PIDS+=($!); BOTPID=$!
waitfor "$DIR/hostq.out" "seat 1: AI officer (its own peer) bot1" 80 || bad "hostq: the bot was never seated"
echo q >&3
ends "$PID" hostq "you closed the lobby before the game launched"
exec 3>&-
for _ in $(seq 1 30); do kill -0 "$BOTPID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$BOTPID" 2>/dev/null && bad "the bot in the closed lobby was still waiting 3 s later"
kill -9 "$BOTPID" 2>/dev/null
wait "$BOTPID" 2>/dev/null
grep -q "the host closed the lobby" "$DIR/lobbybot.out" || bad "the bot was not told the lobby closed: $(tail -n 2 "$DIR/lobbybot.out")"

# 2. The host in its lobby gets Ctrl-C (SIGINT).
person hostint host --module shed --seats 3 --wait-for 3 --port "$BASE" --identity "$DIR/h.key" --name ann "${COMMON[@]}"
waitfor "$DIR/hostint.out" "hosting on UDP port" 50 || bad "hostint: the lobby did not open"
kill -INT "$PID"
ends "$PID" hostint "you closed the lobby before the game launched"
exec 3>&-

# 3 and 4. A joiner in a lobby (the host waits for four players) types q, then another gets Ctrl-C.
"$CONCORD" host --officer --module shed --seats 4 --wait-for 4 --port "$BASE" --identity "$DIR/h.key" --name ann \
  "${COMMON[@]}" < /dev/null > "$DIR/lobbyhost.out" 2>&1 &
PIDS+=($!); HOSTPID=$!
waitfor "$DIR/lobbyhost.out" "hosting on UDP port" 50 || bad "the joiners' host did not open its lobby"
person joinq join "127.0.0.1:$BASE" --port $((BASE + 1)) --identity "$DIR/j1.key" --name bob "${COMMON[@]}"
waitfor "$DIR/joinq.out" "seat 1: human bob" 80 || bad "joinq: never seated in the lobby"
echo q >&3
ends "$PID" joinq "you left the lobby before the game launched"
exec 3>&-
person joinint join "127.0.0.1:$BASE" --port $((BASE + 2)) --identity "$DIR/j2.key" --name carl "${COMMON[@]}"
waitfor "$DIR/joinint.out" "human carl" 80 || bad "joinint: never seated in the lobby"
kill -INT "$PID"
ends "$PID" joinint "you left the lobby before the game launched"
exec 3>&-
kill -INT "$HOSTPID" 2>/dev/null
kill -9 "$HOSTPID" 2>/dev/null
wait "$HOSTPID" 2>/dev/null

# 5. In the game: a joiner types q, then the host gets Ctrl-C (the bot plays on until its table is gone).
person gamehost host --module shed --seats 3 --wait-for 3 --port $((BASE + 10)) --identity "$DIR/h.key" --name ann \
  --think-ms 300 "${COMMON[@]}"
HOSTPID=$PID
exec 4>&3  # the host's keyboard stays open while fd 3 types for the joiner
"$CONCORD" bot "127.0.0.1:$((BASE + 10))" --port $((BASE + 11)) --identity "$DIR/b.key" --name bot1 --think-ms 300 \
  "${COMMON[@]}" < /dev/null > "$DIR/gamebot.out" 2>&1 &
PIDS+=($!)
person gamejoin join "127.0.0.1:$((BASE + 10))" --port $((BASE + 12)) --identity "$DIR/j1.key" --name bob --think-ms 300 "${COMMON[@]}"
JOINPID=$PID
if waitfor "$DIR/gamejoin.out" "starts: seat" 150; then
  echo q >&3
  ends "$JOINPID" gamejoin "you left the table at turn"
  kill -INT "$HOSTPID"
  ends "$HOSTPID" gamehost "you left the table at turn"
else
  bad "the game did not start: $(tail -n 3 "$DIR/gamejoin.out")"
fi
exec 4>&-

if [ $fail -eq 0 ]; then echo "PASS (q and Ctrl-C leave the lobby at once, as host and as joiner, and the game too)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
