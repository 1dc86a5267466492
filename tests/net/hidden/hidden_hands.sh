#!/usr/bin/env bash
# Issue 26, over the network: three people and one officer play a whole Warp campaign with hidden hands, every link
# through `concord chaos` (loss, jitter, reordering, duplication). The people are scripts: the host's and two
# joiners' officers play their person seats; seat 3 is an AI officer kept by the host. One joiner's client is a
# cheater (concord_hidden_cheat: twice draws while holding a chart, RULES §III). Checks: the host hid the hands;
# every peer finishes on the same Seal; every peer's replay re-simulates, then fails its full-information audit
# naming the cheater's seat and no other; and no snapshot of the shared state a peer wrote names a hidden hand
# (hidden_state_probe, with the keys the sector's end revealed).
# usage: hidden_hands.sh CONCORD CHEAT PROBE [--timeout S] [--chaos LOSS JITTER]
set -u
CONCORD=$1 CHEAT=$2 PROBE=$3; shift 3
TIMEOUT=300 LOSS=5 JITTER=20
while [ $# -gt 0 ]; do
  case $1 in
    --timeout) TIMEOUT=$2; shift 2;;
    --chaos) LOSS=$2 JITTER=$3; shift 3;;
    *) echo "hidden_hands.sh: unknown option $1"; exit 2;;
  esac
done
. "$(dirname "$0")/../../support/temp_dir.sh"
DIR=$(concord_test_dir hidden)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../../support/ports.sh"
BASE=$(concord_port_base 86)
port() { echo $(( BASE + $1 )); }
proxyport() { echo $(( BASE + 40 + $1 )); }
ROUTES=()
for i in 0 1 2; do ROUTES+=(--route "$(proxyport $i)=$(port $i)"); done
"$CONCORD" chaos "${ROUTES[@]}" --loss "$LOSS" --jitter "$JITTER" --reorder 100 --dup 20 --seed 11 --duration "$TIMEOUT" \
  > "$DIR/chaos.out" 2>&1 &
PIDS+=($!)
COMMON=(--tolerance 8000 --timeout "$TIMEOUT")  # a loaded CI machine: no seat substituted for slowness
"$CONCORD" host --officer --module warp --seats 4 --ai 3 --wait-for 3 --rated --bind 127.0.0.1 --port "$(port 0)" \
  --advertise-port "$(proxyport 0)" --identity "$DIR/0.key" --name host --replay "$DIR/0.cr" "${COMMON[@]}" \
  > "$DIR/0.out" 2>&1 &
PIDS+=($!); HOST=$!
sleep 0.3
"$CONCORD" bot "127.0.0.1:$(proxyport 0)" --bind 127.0.0.1 --port "$(port 1)" --advertise-port "$(proxyport 1)" \
  --identity "$DIR/1.key" --name honest --replay "$DIR/1.cr" "${COMMON[@]}" > "$DIR/1.out" 2>&1 &
PIDS+=($!); P1=$!
sleep 0.5
"$CHEAT" "127.0.0.1:$(proxyport 0)" --bind 127.0.0.1 --port "$(port 2)" --advertise-port "$(proxyport 2)" \
  --identity "$DIR/2.key" --name cheater --replay "$DIR/2.cr" "${COMMON[@]}" > "$DIR/2.out" 2>&1 &
PIDS+=($!); P2=$!
fail=0
for p in $HOST $P1 $P2; do wait "$p" || { echo "FAIL: a peer (pid $p) exited with $?"; fail=1; }; done
grep -h "hands: " "$DIR/0.out" | head -n 1
grep -q "hands: hidden" "$DIR/0.out" || { echo "FAIL: the host did not hide the hands"; fail=1; }
CHEATS=$(grep -c "^CHEAT" "$DIR/2.out")
CSEAT=$(grep -m1 -o "starts: seat [0-9]*" "$DIR/2.out" | grep -o "[0-9]*$")
echo "cheater at seat ${CSEAT:-?}: $CHEATS cheating draws"; grep "^CHEAT" "$DIR/2.out"
[ "$CHEATS" -ge 1 ] || { echo "FAIL: the cheater never found a chance to cheat"; fail=1; }
FINALS=$(grep -h '^RESULT' "$DIR"/*.out | sed 's/.* final \([0-9a-f]*\).*/\1/' | sort -u)
[ "$(grep -h '^RESULT' "$DIR"/*.out | wc -l)" -eq 3 ] || { echo "FAIL: not every peer finished"; fail=1; }
[ "$(echo "$FINALS" | wc -l)" -eq 1 ] || { echo "FAIL: peers disagree on the final Seal: $FINALS"; fail=1; }
for i in 0 1 2; do
  out=$("$CONCORD" replay verify "$DIR/$i.cr" 2>/dev/null)
  echo "peer $i: $(echo "$out" | head -n 1 | cut -c1-200)"
  echo "$out" | grep -q "^FAILED after [0-9]* good turns: turn [0-9]* seat $CSEAT: broke a hidden-hand rule" \
    || { echo "FAIL: peer $i's replay does not name seat $CSEAT"; echo "$out"; fail=1; }
  NAMED=$(echo "$out" | grep -o "hidden-hand rule broken: seat [0-9]*" | sort -u | grep -o "[0-9]*$" | tr '\n' ' ')
  [ "$NAMED" = "$CSEAT " ] || { echo "FAIL: peer $i's audit names seats '$NAMED', not only $CSEAT"; fail=1; }
  # Every cheating draw the table took is named (one the table refused in a lost race is not a violation).
  N=$(echo "$out" | grep -c "hidden-hand rule broken: seat $CSEAT")
  [ "$N" -ge 1 ] && [ "$N" -le "$CHEATS" ] || { echo "FAIL: peer $i's audit found $N violations, the cheater made $CHEATS"; fail=1; }
  probe=$("$PROBE" "$DIR/$i.cr") || { echo "FAIL: peer $i's snapshots: $probe"; fail=1; }
  echo "peer $i: $probe"
done
[ $fail -eq 0 ] && { echo "PASS (hidden hands, cheater named by every peer, final Seal $FINALS)"; [ "${CONCORD_KEEP_LOGS:-0}" = 1 ] || rm -rf "$DIR"; }
[ $fail -eq 0 ] && [ "${CONCORD_KEEP_LOGS:-0}" != 1 ] || echo "logs kept in $DIR"
exit $fail
