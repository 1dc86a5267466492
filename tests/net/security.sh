#!/usr/bin/env bash
# Multi-process security tests on 127.0.0.1 (docs/net.md, "Security tests"): a real table (`concord host`
# + `concord bot` processes) plays a Warp campaign while `concord_intruder` (tests/net/intruder.cpp) attacks it.
#   intruder: a guest with its own identity (no seat key) completes the handshake, is accepted as a
#             spectator, joins the mesh and sends forged bundles (own key, forged signature, tampered,
#             wrong game, no such seat) and a Hello claiming a seat's key. Every peer must refuse them
#             with a log line naming why; the game finishes; all agree on the final Seal; replays verify.
#   flood:    a clean game first (baseline), then the same table while one peer's UDP port takes a
#             flood of garbage and CRC-valid ENet-shaped datagrams plus replayed/truncated/modified
#             sealed packets. The flooded peer must not crash; the table finishes, agrees, verifies; the
#             flooded game's time per turn is at most K x the clean one's (--max-slowdown K; 0 = report only).
# usage: security.sh CONCORD INTRUDER intruder|flood [--module M] [--seats N] [--think-ms MS] [--timeout S]
#        [--target PEER] [--rate N] [--max-slowdown K] [--intruder-args "OPTIONS"]
# Only 127.0.0.1; ports derived from our pid; every child is killed on exit. Logs are kept on failure (and
# with CONCORD_KEEP_LOGS=1). "peer i" is the i-th process (0 = host); its seat is in its RESULT line.
set -u
CONCORD=$1 INTRUDER=$2 MODE=$3; shift 3
MODULE=warp SEATS=4 THINK=8 TIMEOUT=150 TARGET="" RATE=20000 MAXSLOW=3 TOL=3000 IARGS=""
while [ $# -gt 0 ]; do
  case $1 in
    --module) MODULE=$2; shift 2;;
    --seats) SEATS=$2; shift 2;;
    --think-ms) THINK=$2; shift 2;;
    --timeout) TIMEOUT=$2; shift 2;;
    --target) TARGET=$2; shift 2;;
    --rate) RATE=$2; shift 2;;
    --max-slowdown) MAXSLOW=$2; shift 2;;
    --intruder-args) IARGS=$2; shift 2;;  # extra concord_intruder options (probes: --slot-flood K, --far-future 1, --connects 0)
    *) echo "security.sh: unknown option $1"; exit 2;;
  esac
done
case $MODE in
  intruder) TARGET=${TARGET:-2};;  # the intruder first reaches a bot, not the host: any peer answers
  flood) TARGET=${TARGET:-0};;     # the host: lobby, steward
  *) echo "security.sh: mode is intruder or flood"; exit 2;;
esac
[ "$SEATS" -ge 2 ] && [ "$SEATS" -le 18 ] && [ "$TARGET" -lt "$SEATS" ] || { echo "security.sh: bad --seats/--target"; exit 2; }
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir security)
# Play and verify with one snapshot of the binary (a rebuild during the run must not mix versions).
cp "$CONCORD" "$DIR/concord" && CONCORD=$DIR/concord
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# start_table RUN: host + SEATS-1 bots, logs and replays in $DIR/RUN/; ports BASE+OFF..
declare -A PID
start_table() {
  local run=$1 off=$2 i
  mkdir -p "$DIR/$run"
  PORT0=$(( BASE + off ))
  "$CONCORD" host --module "$MODULE" --seats "$SEATS" --wait-for "$SEATS" --bind 127.0.0.1 --port "$PORT0" \
    --discovery-addr off --identity "$DIR/0.key" --name seat0 --replay "$DIR/$run/0.cr" --tolerance $TOL \
    --think-ms "$THINK" --timeout "$TIMEOUT" < /dev/null > "$DIR/$run/0.out" 2>&1 &
  PIDS+=($!); PID[$run.0]=$!
  sleep 0.3
  for ((i = 1; i < SEATS; i++)); do
    "$CONCORD" bot "127.0.0.1:$PORT0" --bind 127.0.0.1 --port $(( PORT0 + i )) --identity "$DIR/$i.key" --name "bot$i" \
      --replay "$DIR/$run/$i.cr" --tolerance $TOL --think-ms "$THINK" --timeout "$TIMEOUT" > "$DIR/$run/$i.out" 2>&1 &
    PIDS+=($!); PID[$run.$i]=$!
  done
}
wait_started() {  # wait_started RUN SEAT: until that peer's game runs
  for _ in $(seq 1 $(( TIMEOUT * 10 ))); do grep -q "starts: seat" "$DIR/$1/$2.out" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
ms() { IFS=: read -r h m sec <<< "$1"; echo "$h $m $sec" | awk '{printf "%d", ($1*3600+$2*60+$3)*1000}'; }
# check_table RUN: every peer exits 0, agrees on the final Seal and digest, every replay verifies and ends on it.
# Sets GAME_MS (host: game start to game over) and TURNS.
check_table() {
  local run=$1 i rc f out
  for ((i = 0; i < SEATS; i++)); do
    wait "${PID[$run.$i]}"; rc=$?
    [ $rc -eq 0 ] || bad "$run: peer $i exited with $rc$( [ $rc -gt 128 ] && echo " (signal $((rc - 128)))")"
  done
  for ((i = 0; i < SEATS; i++)); do
    echo "--- $run peer $i: $(grep -c 'dropped packet' "$DIR/$run/$i.out") dropped packets, $(grep -c 'rejected bundle' "$DIR/$run/$i.out") rejected bundles"
    grep -E "^RESULT|concord:|substitut|EQUIVOCATION|desync" "$DIR/$run/$i.out" | tail -n 3
  done
  local finals digests nres
  finals=$(grep -h '^RESULT' "$DIR/$run"/*.out | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
  nres=$(grep -h '^RESULT' "$DIR/$run"/*.out | wc -l)
  [ "$nres" -eq "$SEATS" ] || bad "$run: $nres of $SEATS peers finished"
  [ "$(echo "$finals" | wc -l)" -eq 1 ] || bad "$run: peers disagree on the final Seal: $finals"
  digests=$(grep -h '^RESULT' "$DIR/$run"/*.out | sed 's/.* digest \([0-9a-f]*\).*/\1/' | sort -u)
  [ "$(echo "$digests" | wc -l)" -eq 1 ] || bad "$run: peers disagree on the Seal digest: $digests"
  ! grep -qE "EQUIVOCATION|desync" "$DIR/$run"/[0-9]*.out || bad "$run: an equivocation or desync was reported"
  # The host is a person's peer whose input is closed: nobody can chat, so no post-game window holds it (issue 10).
  ! grep -q "for post-game chat" "$DIR/$run/0.out" || bad "$run: a peer with closed input offered post-game chat"
  for ((i = 0; i < SEATS; i++)); do
    f="$DIR/$run/$i.cr"
    [ -f "$f" ] || { bad "$run: peer $i wrote no replay"; continue; }
    out=$("$CONCORD" replay verify "$f" 2>&1) || { bad "$run: replay of peer $i does not verify: $out"; continue; }
    echo "$run peer $i replay: $(echo "$out" | head -n 1)"
    echo "$out" | grep -q "final Seal $finals" || bad "$run: replay of peer $i ends on another Seal"
  done
  FINAL=$finals
  local t0 t1
  t0=$(grep -m1 "starts: seat" "$DIR/$run/0.out" | sed 's/^\[\([0-9:.]*\)\].*/\1/')
  t1=$(grep -m1 "game over at turn" "$DIR/$run/0.out" | sed 's/^\[\([0-9:.]*\)\].*/\1/')
  TURNS=$(grep -m1 "game over at turn" "$DIR/$run/0.out" | sed 's/.*game over at turn \([0-9]*\).*/\1/')
  GAME_MS=0
  if [ -n "$t0" ] && [ -n "$t1" ] && [ -n "$TURNS" ]; then
    GAME_MS=$(( $(ms "$t1") - $(ms "$t0") ))
    [ $GAME_MS -lt 0 ] && GAME_MS=$(( GAME_MS + 86400000 ))  # past midnight
    echo "$run timing: $TURNS turns in $GAME_MS ms = $(awk "BEGIN{printf \"%.1f\", $TURNS * 1000 / ($GAME_MS + 1)}") turns/s"
  fi
}

if [ "$MODE" = intruder ]; then
  start_table play 0
  # The intruder starts with the table and keeps asking to spectate: the host ignores that in the lobby,
  # and the first peer it reached answers once the game runs.
  "$INTRUDER" bundles --target "127.0.0.1:$(( PORT0 + TARGET ))" --seconds "$TIMEOUT" --every 4 $IARGS > "$DIR/intruder.out" 2>&1 &
  IPID=$!; PIDS+=($IPID)
  check_table play
  wait $IPID; irc=$?
  echo "--- intruder (exit $irc):"; grep -vE "^intruder: (\(our side\)|SUMMARY)" "$DIR/intruder.out" | head -n 20
  [ $irc -eq 0 ] || bad "the intruder did not get to send every kind of forgery (exit $irc)"
  FP=$(sed -n 's/^intruder: SUMMARY .* identity \([0-9a-f-]*\) .*/\1/p' "$DIR/intruder.out")
  [ -n "$FP" ] || bad "no intruder summary"
  grep -q "spectator \[$FP\] follows the game" "$DIR/play/$TARGET.out" || bad "peer $TARGET did not accept the intruder as a spectator"
  # Every peer refuses every kind, with a line naming why (lockstep::Peer and EnetTransport logs).
  for ((i = 0; i < SEATS; i++)); do
    o="$DIR/play/$i.out"
    echo "--- peer $i refusals (one of each):"
    for why in "signature does not verify against any seat.s key at this table" "wrong game id" "no such seat at this table"; do
      line=$(grep -m1 -E "rejected bundle turn [0-9]+ seat [0-9]+ from peer [0-9]+: .*($why)" "$o")
      [ -n "$line" ] || { bad "peer $i logged no refusal matching '$why'"; continue; }
      echo "  $line"
    done
    # A tampered past bundle is refused by its signature, unless the intruder was already ignored: 16 bad
    # signatures and lockstep stops spending signature checks on a sender (the slot flood gets there fast).
    line=$(grep -m1 -E "rejected bundle turn [0-9]+ seat [0-9]+ from peer [0-9]+: .*(and its signature does not verify|past turn, same body with a different signature)" "$o")
    ban=$(grep -m1 -E "peer [0-9]+ sent 16 bundles with bad signatures: ignoring its bundles from now on" "$o")
    [ -n "$line$ban" ] || bad "peer $i neither refused a tampered past bundle nor stopped listening to the intruder"
    [ -n "$line" ] && echo "  $line"
    [ -n "$ban" ] && echo "  $ban"
    case "$IARGS" in *slot-flood*) [ -n "$ban" ] || bad "peer $i kept checking the slot flood's signatures (no 16-strike ban)";; esac
    # Nothing the intruder signed was applied: every applied bundle verified against its seat's key
    # (replay verify above), and no peer ever considered the intruder a signer.
    ! grep -q "expected signer $FP" "$o" || bad "peer $i expected the intruder as a signer"
  done
  line=$(grep -m1 "dropped packet from 127.0.0.1:[0-9]* (unauthenticated): handshake: hello signature does not verify" "$DIR/play/$TARGET.out")
  [ -n "$line" ] || bad "peer $TARGET did not refuse the Hello claiming a seat's key"
  echo "--- peer $TARGET forged hello: $line"
  grep "^intruder: SUMMARY" "$DIR/intruder.out"
else
  # 1. Baseline: the same table with nobody attacking it — only where the slowdown bound is checked (the -O2 pass);
  # a sanitizer build reports no bound, so its clean game would only cost CI time.
  CLEAN_MS=0 CLEAN_TURNS=0
  if [ "$MAXSLOW" != 0 ]; then
    start_table clean 0
    check_table clean
    CLEAN_MS=$GAME_MS CLEAN_TURNS=$TURNS
  fi
  # 2. The flood: from the moment the target's game starts until its game is over.
  start_table flood 20
  wait_started flood "$TARGET" || bad "the flooded table never started"
  "$INTRUDER" flood --target "127.0.0.1:$(( PORT0 + TARGET ))" --seconds "$TIMEOUT" --rate "$RATE" $IARGS > "$DIR/flooder.out" 2>&1 &
  FPID=$!; PIDS+=($FPID)
  for _ in $(seq 1 $(( TIMEOUT * 10 ))); do
    grep -q "game over at turn" "$DIR/flood/$TARGET.out" 2>/dev/null && break
    kill -0 "${PID[flood.$TARGET]}" 2>/dev/null || break
    sleep 0.1
  done
  kill -TERM $FPID 2>/dev/null
  wait $FPID; frc=$?
  check_table flood
  FLOOD_MS=$GAME_MS FLOOD_TURNS=$TURNS
  cat "$DIR/flooder.out"
  [ $frc -eq 0 ] || bad "the flooder failed (exit $frc)"
  grep -q "^RESULT" "$DIR/flood/$TARGET.out" || bad "the flooded peer (peer $TARGET) did not finish"
  o="$DIR/flood/$TARGET.out"
  echo "--- flooded peer $TARGET: $(grep -c 'is a replay or too old' "$o") replays, $(grep -c 'fails authentication' "$o") failed authentication, $(grep -c 'malformed\|not a Concord packet' "$o") malformed; refused and logged"
  for why in "is a replay or too old" "fails authentication"; do
    line=$(grep -m1 "dropped packet from 127.0.0.1:[0-9]* ([0-9a-f-]*): packet [0-9]* $why" "$o")
    [ -n "$line" ] || bad "the flooded peer logged no '$why' refusal"
    echo "  $line"
  done
  # Games differ (commit-reveal seeds), so compare the time per turn. The flood lasts the whole game.
  if [ "$MAXSLOW" = 0 ] && [ "$FLOOD_MS" -gt 0 ]; then
    echo "flood: flooded game $FLOOD_TURNS turns in $FLOOD_MS ms (no slowdown bound in this build, so no clean game to compare)"
  elif [ "$CLEAN_MS" -gt 0 ] && [ "$FLOOD_MS" -gt 0 ]; then
    read -r CLEAN_PT FLOOD_PT SLOW <<< "$(awk "BEGIN{c=$CLEAN_MS/$CLEAN_TURNS; f=$FLOOD_MS/$FLOOD_TURNS; printf \"%.2f %.2f %.2f\", c, f, f/c}")"
    echo "flood: clean game $CLEAN_TURNS turns in $CLEAN_MS ms ($CLEAN_PT ms/turn); flooded game $FLOOD_TURNS turns in $FLOOD_MS ms ($FLOOD_PT ms/turn): ${SLOW}x (bound: $( [ "$MAXSLOW" = 0 ] && echo "not checked in this build" || echo "${MAXSLOW}x"))"
    if [ "$MAXSLOW" != 0 ] && awk "BEGIN{exit !($SLOW > $MAXSLOW)}"; then
      bad "the flooded game ran ${SLOW}x slower per turn than the clean game (bound ${MAXSLOW}x)"
    fi
  else
    bad "no game timing"
  fi
fi
[ $fail -eq 0 ] && echo "PASS (security $MODE: $MODULE, $SEATS seats, final Seal $FINAL)"
if [ $fail -eq 0 ] && [ "${CONCORD_KEEP_LOGS:-0}" != 1 ]; then rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
