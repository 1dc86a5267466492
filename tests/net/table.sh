#!/usr/bin/env bash
# Multi-process loopback table: one `concord host`, N-1 `concord bot` processes (optionally each behind a
# `concord chaos` route), optional kill -9 + restart of one peer. Checks every peer finished, every
# peer agrees on the final Seal and Seal digest, and every written replay verifies.
# usage: table.sh CONCORD MODULE SEATS [--chaos LOSS JITTER] [--kill SEAT AFTER_S [RESTART_AFTER_S]] [--timeout S]
#        [--think-ms MS: bots pace their turns, so a kill lands mid-game however fast the build is]
# Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1 MODULE=$2 SEATS=$3; shift 3
CHAOS_LOSS="" CHAOS_JITTER=0 CHAOS_DELAY=0 KILL_SEAT="" KILL_AFTER=0 RESTART_AFTER="" TIMEOUT=120 TOL=3000 THINK=0 EXTRA=()
while [ $# -gt 0 ]; do
  case $1 in
    --chaos) CHAOS_LOSS=$2 CHAOS_JITTER=$3; shift 3;;
    --delay) CHAOS_DELAY=$2; shift 2;;
    --kill) KILL_SEAT=$2 KILL_AFTER=$3; shift 3
            if [ $# -gt 0 ] && [[ $1 != --* ]]; then RESTART_AFTER=$1; shift; fi;;
    --timeout) TIMEOUT=$2; shift 2;;
    --tolerance) TOL=$2; shift 2;;
    --think-ms) THINK=$2; shift 2;;
    --opt) EXTRA+=(--opt "$2"); shift 2;;
    *) echo "table.sh: unknown option $1"; exit 2;;
  esac
done
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir table)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
# Ports: our block (tests/support/ports.sh), seat i at BASE+i, its chaos route at BASE+40+i.
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 80)
port() { echo $(( BASE + $1 )); }          # real port of seat i
proxyport() { echo $(( BASE + 40 + $1 )); } # chaos route in front of seat i (BASE+40..)
[ "$SEATS" -le 32 ] || { echo "table.sh: at most 32 seats"; exit 2; }
ADV=()
if [ -n "$CHAOS_LOSS" ]; then
  ROUTES=()
  for ((i = 0; i < SEATS; i++)); do ROUTES+=(--route "$(proxyport $i)=$(port $i)"); done
  "$CONCORD" chaos "${ROUTES[@]}" --loss "$CHAOS_LOSS" --jitter "$CHAOS_JITTER" --delay "$CHAOS_DELAY" $([ "$CHAOS_LOSS" -gt 0 ] && echo --reorder 100 --dup 20) --seed 7 --duration "$TIMEOUT" \
    > "$DIR/chaos.out" 2>&1 &
  PIDS+=($!)
fi
adv() { if [ -n "$CHAOS_LOSS" ]; then echo "--advertise-port $(proxyport $1)"; fi; }
hostaddr() { if [ -n "$CHAOS_LOSS" ]; then echo "127.0.0.1:$(proxyport 0)"; else echo "127.0.0.1:$(port 0)"; fi; }
"$CONCORD" host --officer --module "$MODULE" "${EXTRA[@]}" --seats "$SEATS" --wait-for "$SEATS" --bind 127.0.0.1 \
  --port "$(port 0)" $(adv 0) --identity "$DIR/0.key" --name seat0 --replay "$DIR/0.cr" --tolerance $TOL --think-ms $THINK \
  --timeout $TIMEOUT > "$DIR/0.out" 2>&1 &
PIDS+=($!); declare -A PID; PID[0]=$!
sleep 0.3
startbot() {  # startbot i
  "$CONCORD" bot "$(hostaddr)" --bind 127.0.0.1 --port "$(port $1)" $(adv $1) --identity "$DIR/$1.key" \
    --name "bot$1" --replay "$DIR/$1.cr" --tolerance $TOL --think-ms $THINK --timeout $TIMEOUT >> "$DIR/$1.out" 2>&1 &
  PIDS+=($!); PID[$1]=$!
}
for ((i = 1; i < SEATS; i++)); do startbot $i; done
if [ -n "$KILL_SEAT" ]; then
  # Wait until the game is running, then kill -9.
  for _ in $(seq 1 200); do grep -q "starts: seat" "$DIR/$KILL_SEAT.out" 2>/dev/null && break; sleep 0.1; done
  sleep "$KILL_AFTER"
  echo "killing seat $KILL_SEAT (pid ${PID[$KILL_SEAT]})"
  kill -9 "${PID[$KILL_SEAT]}"
  sleep 0.2
  mv "$DIR/$KILL_SEAT.cr" "$DIR/crashed.cr" 2>/dev/null
  if [ -n "$RESTART_AFTER" ]; then
    sleep "$RESTART_AFTER"
    echo "restarting seat $KILL_SEAT"
    if [ "$KILL_SEAT" = 0 ]; then echo "table.sh: restarting the host is not supported by this script"; exit 2; fi
    startbot "$KILL_SEAT"
  fi
fi
fail=0
for ((i = 0; i < SEATS; i++)); do
  [ -n "$KILL_SEAT" ] && [ "$i" = "$KILL_SEAT" ] && [ -z "$RESTART_AFTER" ] && continue
  wait "${PID[$i]}"; rc=$?
  [ $rc -eq 0 ] || { echo "seat $i exited with $rc"; fail=1; }
done
for ((i = 0; i < SEATS; i++)); do
  echo "--- seat $i: $(grep -c 'dropped packet' "$DIR/$i.out") dropped packets"; grep -E "RESULT|concord:|substitut|EQUIVOCATION|desync" "$DIR/$i.out" | tail -n 5
done
[ -f "$DIR/chaos.out" ] && { kill -TERM "${PIDS[0]}" 2>/dev/null; sleep 0.2; cat "$DIR/chaos.out"; }
FINALS=$(grep -h '^RESULT' "$DIR"/*.out | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
NRES=$(grep -h '^RESULT' "$DIR"/*.out | wc -l)
EXPECT=$SEATS; [ -n "$KILL_SEAT" ] && [ -z "$RESTART_AFTER" ] && EXPECT=$((SEATS - 1))
[ "$NRES" -eq "$EXPECT" ] || { echo "FAIL: $NRES of $EXPECT peers finished"; fail=1; }
[ "$(echo "$FINALS" | wc -l)" -eq 1 ] || { echo "FAIL: peers disagree on the final Seal: $FINALS"; fail=1; }
# Full-game peers (first turn 0) must agree on the whole Seal digest.
DIGESTS=$(grep -h '^RESULT.* first 0 ' "$DIR"/*.out | sed 's/.* digest \([0-9a-f]*\).*/\1/' | sort -u)
[ "$(echo "$DIGESTS" | wc -l)" -eq 1 ] || { echo "FAIL: peers disagree on the Seal digest: $DIGESTS"; fail=1; }
# net/ accepts bundles sent straight by their seat's key holder on the link's authentication (docs/lockstep.md
# "32 seats"); at 4+ seats each bundle has non-auditors, so every full-game peer vouched for some.
if [ "$SEATS" -ge 4 ]; then
  for f in "$DIR"/*.out; do
    v=$(sed -n 's/^RESULT .* first 0 .* vouched \([0-9]*\) .*/\1/p' "$f")
    [ -z "$v" ] || [ "$v" -gt 0 ] || { echo "FAIL: $f vouched for no bundle (vouchLinks off in net/?)"; fail=1; }
  done
fi
# Turn rate: applied turns over the time from game start to game over on the host.
T0=$(grep -m1 "starts: seat" "$DIR/0.out" | sed 's/^\[\([0-9:.]*\)\].*/\1/'); T1=$(grep -m1 "game over at turn" "$DIR/0.out" | sed 's/^\[\([0-9:.]*\)\].*/\1/')
TURNS=$(grep -m1 "game over at turn" "$DIR/0.out" | sed 's/.*game over at turn \([0-9]*\).*/\1/')
if [ -n "$T0" ] && [ -n "$T1" ] && [ -n "$TURNS" ]; then
  ms() { IFS=: read -r h m sec <<< "$1"; echo "$h $m $sec" | awk '{printf "%d", ($1*3600+$2*60+$3)*1000}'; }
  D=$(( $(ms "$T1") - $(ms "$T0") )); echo "timing: $TURNS turns in $D ms = $(awk "BEGIN{printf \"%.2f\", $D/$TURNS}") ms per turn"
fi
for f in "$DIR"/*[0-9].cr; do
  [ -f "$f" ] || continue
  out=$("$CONCORD" replay verify "$f" 2>&1) || { echo "FAIL: replay $f does not verify: $out"; fail=1; continue; }
  echo "$f: $(echo "$out" | head -n 1)"
  echo "$out" | grep -q "final Seal $FINALS" || { echo "FAIL: replay $f ends on another Seal"; fail=1; }
done
if [ -n "$RESTART_AFTER" ]; then  # the restarted peer rejoined, caught up and reclaimed its seat
  grep -q '^RESULT.* rejoined 1 owns-seat 1 ' "$DIR/$KILL_SEAT.out" || { echo "FAIL: the restarted peer did not rejoin and reclaim"; fail=1; }
  grep -h "reclaimed" "$DIR/$KILL_SEAT.out" | tail -n 1
  # Its replay is backfilled from the other peers (turns before its snapshot) and is the same file a peer that
  # played from turn 0 wrote.
  grep -h "backfilled from the other peers" "$DIR/$KILL_SEAT.out" | tail -n 1
  [ -f "$DIR/$KILL_SEAT.cr" ] || { echo "FAIL: the rejoined peer wrote no replay"; fail=1; }
  REF=$(( KILL_SEAT == 1 ? 2 : 1 ))
  cmp -s "$DIR/$KILL_SEAT.cr" "$DIR/$REF.cr" && echo "the rejoined peer's replay is byte-identical to seat $REF's" \
    || { echo "FAIL: the rejoined peer's replay differs from seat $REF's"; fail=1; }
fi
if [ -f "$DIR/crashed.cr" ]; then  # a kill -9 mid-write leaves a readable, verifiable prefix
  out=$("$CONCORD" replay verify "$DIR/crashed.cr" 2>&1) || { echo "FAIL: the crashed peer's replay does not verify: $out"; fail=1; }
  echo "crashed peer's replay: $(echo "$out" | grep OK)"
fi
# Logs are kept on failure, and always with CONCORD_KEEP_LOGS=1 (to study a passing run).
[ $fail -eq 0 ] && { echo "PASS ($MODULE, $SEATS seats, final Seal $FINALS)"; [ "${CONCORD_KEEP_LOGS:-0}" = 1 ] || rm -rf "$DIR"; }
[ $fail -eq 0 ] && [ "${CONCORD_KEEP_LOGS:-0}" != 1 ] || echo "logs kept in $DIR"
exit $fail
