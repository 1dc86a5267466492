#!/usr/bin/env bash
# The LAN-party drill (issue 10, acceptance): four peers behind `concord chaos` (30% loss by default), two of
# them people driven by this script (`concord join` reading a FIFO, answering every "Your order>" after a random
# pause), the steward (`concord host --officer`) and one `concord bot`. During the campaign each person's peer and
# the steward are killed -9 once at a random turn and restarted (same identity, same port) after a random pause of
# 0.5-6 s (the tolerance is 3 s: some come back before their seat is substituted, some after). Every peer must end
# with exit 0, one final Seal, and byte-identical replays that verify.
# usage: tools/drill/lan_party.sh CONCORD [--runs N] [--seed S] [--loss PERMILLE] [--full] [--timeout S]
#   --full: the Official campaign (~1,600 turns); default: a short campaign (set 9, go out, 2 fixed rounds).
# Only 127.0.0.1 is used; every child is killed on exit; the logs of a failed run are kept.
set -u
CONCORD=$1; shift
RUNS=1 SEED=1 LOSS=300 FULL=0 TIMEOUT=600
while [ $# -gt 0 ]; do
  case $1 in
    --runs) RUNS=$2; shift 2;;
    --seed) SEED=$2; shift 2;;
    --loss) LOSS=$2; shift 2;;
    --full) FULL=1; shift;;
    --timeout) TIMEOUT=$2; shift 2;;
    *) echo "lan_party.sh: unknown option $1"; exit 2;;
  esac
done
TOL=3000
if [ $FULL = 1 ]; then OPTS=(); MAXKILL=1400; else OPTS=(--opt set=9 --opt objective=goout --opt goout=fixed --opt rounds=2); MAXKILL=120; fi
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
BASE=$(( 25000 + ($$ % 500) * 20 ))
port() { echo $(( BASE + $1 )); }
proxy() { echo $(( BASE + 10 + $1 )); }

run_once() {  # run_once K: one table; prints one line; returns 0 on pass
  local k=$1 DIR; DIR=$(mktemp -d "${TMPDIR:-/tmp}/concord-drill-XXXXXX")
  cp "$CONCORD" "$DIR/concord"; local BIN="$DIR/concord"
  declare -A PID INC FD ANSWERED TARGET PAUSE DONE
  local EARLY=""
  local start; start=$(date +%s)
  local deadline=$(( start + TIMEOUT ))
  "$BIN" chaos --route "$(proxy 0)=$(port 0)" --route "$(proxy 1)=$(port 1)" --route "$(proxy 2)=$(port 2)" \
    --route "$(proxy 3)=$(port 3)" --loss "$LOSS" --jitter 50 --reorder 100 --dup 20 --seed "$((SEED + k))" \
    --duration "$TIMEOUT" > "$DIR/chaos.out" 2>&1 &
  local chaos=$!; PIDS+=($chaos)
  common=(--bind 127.0.0.1 --tolerance $TOL --timeout "$TIMEOUT")
  launch() {  # launch SEAT VIA_SEAT: start (or restart) seat's process, joining through VIA_SEAT's route
    local s=$1 via=$2 n=${INC[$1]:-0}
    INC[$s]=$((n + 1)); local out="$DIR/$s.out.${INC[$s]}"
    if [ "$s" = 0 ] && [ "$n" = 0 ]; then
      "$BIN" host --officer --module warp "${OPTS[@]}" --seats 4 --wait-for 4 --port "$(port 0)" --advertise-port "$(proxy 0)" \
        --identity "$DIR/0.key" --name steward --replay "$DIR/0.cr" --think-ms 20 --discovery-addr off "${common[@]}" \
        < /dev/null > "$out" 2>&1 &
    elif [ "$s" = 0 ] || [ "$s" = 3 ]; then
      "$BIN" bot "127.0.0.1:$(proxy "$via")" --port "$(port "$s")" --advertise-port "$(proxy "$s")" --identity "$DIR/$s.key" \
        --name "officer$s" --replay "$DIR/$s.cr" --think-ms 20 "${common[@]}" < /dev/null > "$out" 2>&1 &
    else
      rm -f "$DIR/in$s"; mkfifo "$DIR/in$s"
      "$BIN" join "127.0.0.1:$(proxy "$via")" --port "$(port "$s")" --advertise-port "$(proxy "$s")" --identity "$DIR/$s.key" \
        --name "person$s" --replay "$DIR/$s.cr" "${common[@]}" < "$DIR/in$s" > "$out" 2>&1 &
      local p=$!
      exec {fd}> "$DIR/in$s"; FD[$s]=$fd; ANSWERED[$s]=0
      PID[$s]=$p; PIDS+=($p); return
    fi
    PID[$s]=$!; PIDS+=($!)
  }
  launch 0 0; sleep 0.3; launch 3 0; launch 1 0; launch 2 0
  # Seats are given in join order, so the processes' seat numbers may differ from ours; identities decide.
  for v in 0 1 2; do TARGET[$v]=$(( 5 + RANDOM % MAXKILL )); PAUSE[$v]=$(( 500 + RANDOM % 5500 )); DONE[$v]=0; done
  local tableTurn=0
  while [ "$(date +%s)" -lt $deadline ]; do
    local alive=0
    for s in 0 1 2 3; do kill -0 "${PID[$s]}" 2>/dev/null && alive=1; done
    [ $alive = 1 ] || break
    # The people: answer every new prompt with a legal order after a short pause.
    for s in 1 2; do
      kill -0 "${PID[$s]}" 2>/dev/null || continue
      local n; n=$(grep -o "Your order>" "$DIR/$s.out.${INC[$s]}" 2>/dev/null | wc -l)
      if [ "$n" -gt "${ANSWERED[$s]}" ]; then
        ANSWERED[$s]=$n; (sleep "0.$(( RANDOM % 3 ))"; echo 1 >&"${FD[$s]}") 2>/dev/null &
      fi
    done
    tableTurn=$(grep -ho "\] turn [0-9]*" "$DIR"/3.out.* 2>/dev/null | tail -n 1 | grep -o "[0-9]*$"); tableTurn=${tableTurn:-0}
    for v in 0 1 2; do
      if [ "${DONE[$v]}" = 0 ] && [ "$tableTurn" -ge "${TARGET[$v]}" ]; then
        DONE[$v]=1; echo "  run $k: kill -9 seat $v at table turn $tableTurn, back in ${PAUSE[$v]} ms" >> "$DIR/drill.log"
        # A process that already ended (a desync report, an error) is a failure the restart must not hide.
        if ! kill -0 "${PID[$v]}" 2>/dev/null; then
          wait "${PID[$v]}" 2>/dev/null; local early=$?
          [ $early = 0 ] || EARLY+=" seat $v had exited $early before its kill ($(grep -h "^concord:" "$DIR/$v.out.${INC[$v]}" | tail -n 1));"
        fi
        kill -9 "${PID[$v]}" 2>/dev/null; sleep 0.1; mv "$DIR/$v.cr" "$DIR/crashed$v.${INC[$v]}.cr" 2>/dev/null
        sleep "$(awk "BEGIN{print ${PAUSE[$v]}/1000}")"
        launch "$v" 3
      fi
    done
    sleep 0.1
  done
  local fail="$EARLY" rcs=""
  for s in 0 1 2 3; do
    if kill -0 "${PID[$s]}" 2>/dev/null; then fail+=" seat $s still running at the time limit;"; kill -9 "${PID[$s]}"; fi
    wait "${PID[$s]}" 2>/dev/null; local rc=$?; rcs+="$rc"
    [ $rc = 0 ] || fail+=" seat $s exit $rc ($(grep -h "^concord:" "$DIR/$s.out.${INC[$s]}" | tail -n 1));"
  done
  kill "$chaos" 2>/dev/null
  local finals; finals=$(for s in 0 1 2 3; do grep -h '^RESULT' "$DIR/$s.out.${INC[$s]}"; done | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
  [ "$(echo "$finals" | grep -c .)" = 1 ] || fail+=" final Seals: $(echo $finals);"
  for s in 0 1 2 3; do
    [ -f "$DIR/$s.cr" ] || { fail+=" seat $s wrote no replay;"; continue; }
    cmp -s "$DIR/3.cr" "$DIR/$s.cr" || fail+=" seat $s's replay differs;"
    "$BIN" replay verify "$DIR/$s.cr" > /dev/null 2>&1 || fail+=" seat $s's replay does not verify;"
  done
  local alarms; alarms=$(cat "$DIR"/*.out.* | grep -c -E "signature does not verify|same body with a different signature|EQUIVOCATION|DESYNC")
  local subs; subs=$(cat "$DIR"/*.out.* | grep -c "substituting an AI officer")
  local turns; turns=$(grep -ho "game over at turn [0-9]*" "$DIR"/3.out.* | head -n 1 | grep -o "[0-9]*$")
  local took=$(( $(date +%s) - start ))
  if [ -z "$fail" ]; then
    echo "run $k: PASS ${turns:-?} turns in ${took} s, 3 kills, $subs substitutions, $alarms alarm lines"
    if [ "$alarms" = 0 ]; then rm -rf "$DIR"; else
      grep -H -E "signature does not verify|same body with a different signature|EQUIVOCATION|DESYNC" "$DIR"/*.out.* | head -n 4
      echo "  (logs kept in $DIR)"; cat "$DIR/drill.log"; fi
    return 0
  fi
  echo "run $k: FAIL ${turns:-?} turns in ${took} s:$fail (logs in $DIR)"; cat "$DIR/drill.log" 2>/dev/null
  return 1
}

pass=0 failed=0
for ((k = 1; k <= RUNS; k++)); do
  RANDOM=$((SEED * 1000 + k))
  if run_once "$k"; then pass=$((pass + 1)); else failed=$((failed + 1)); fi
done
echo "$pass passed, $failed failed"
[ $failed = 0 ]
