#!/usr/bin/env bash
# `concord host --internet` and `concord join CODE` on loopback (issue 25; docs/net.md "Playing over the internet"):
# - the host, bound to 127.0.0.1, asks only a router on loopback; none answers: it prints the no-answer line, then
#   exactly one `invite code: CODE` line;
# - a typo in the code is refused with the checksum message (exit 2) before anything is dialled;
# - a code naming another host key (tests/net/invite_forge.cpp) is refused with the man-in-the-middle message, and the
#   host never sees that joiner;
# - a code with another secret is refused by the host: wrong or expired;
# - the right code joins and the game plays to the end (both RESULT lines on one final Seal);
# - the same host's next table has a new code, the first table's secret is refused there, and a friend killed
#   mid-game takes its seat back with the same code;
# - a host killed mid-game that runs `concord host --internet` again rejoins its table and prints the same code.
# usage: invite.sh CONCORD FORGE. Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1
FORGE=$2
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir invite)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
PORT=$(concord_port_base 8)
COMMON=(--bind 127.0.0.1 --officer --no-replay --timeout 60 --give-up 6)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
final() { sed -n 's/^RESULT .* final \([0-9a-f]*\) .*/\1/p' "$1"; }

"$CONCORD" host --internet --module shed --seats 2 --wait-for 2 --port "$PORT" --identity "$DIR/host.key" --name hostess \
  --discovery-addr off "${COMMON[@]}" < /dev/null > "$DIR/host.out" 2>&1 &
HOST=$!
PIDS+=($HOST)
for _ in $(seq 50); do grep -q '^invite code: ' "$DIR/host.out" && break; sleep 0.2; done
[ "$(grep -c '^invite code: ' "$DIR/host.out")" = 1 ] || bad "not exactly one invite code line: $(head -n 5 "$DIR/host.out")"
grep -qx "no UPnP/NAT-PMP answer from the router: friends behind other NATs will connect through hole punching or through a friend" \
  "$DIR/host.out" || bad "no router line: $(head -n 3 "$DIR/host.out")"
grep -q '^router mapped' "$DIR/host.out" && bad "a router answered on loopback"
CODE=$(sed -n 's/^invite code: //p' "$DIR/host.out")
grep -q "^friends join with: concord join $CODE" "$DIR/host.out" || bad "no line on how friends use the code"

# A typo: one character changed.
c=${CODE:2:1}; [ "$c" = A ] && t=B || t=A
TYPO="${CODE:0:2}$t${CODE:3}"
out=$("$CONCORD" join "$TYPO" "${COMMON[@]}" --identity "$DIR/typo.key" < /dev/null 2>&1); rc=$?
[ $rc -eq 2 ] || bad "a mistyped code exited $rc (want 2)"
echo "$out" | grep -q "checksum mismatch: a character was mistyped" || bad "no checksum message for a typo: $out"

# Another host's key in the code: someone in the middle.
FORGED=$("$FORGE" "$CODE" fingerprint) || bad "forge failed"
out=$("$CONCORD" join "$FORGED" "${COMMON[@]}" --identity "$DIR/mallory.key" --name mallory < /dev/null 2>&1); rc=$?
[ $rc -eq 1 ] || bad "a code naming another key exited $rc (want 1)"
echo "$out" | grep -q "the host at 127.0.0.1:$PORT proved key .*, the invite code names .*: not the host who invited you — someone may be in the middle; connection refused" ||
  bad "no man-in-the-middle message: $out"
grep -q mallory "$DIR/host.out" && bad "the host heard from the joiner that refused it"

# Another table's secret (an expired code).
STALE=$("$FORGE" "$CODE" secret) || bad "forge failed"
out=$("$CONCORD" join "$STALE" "${COMMON[@]}" --identity "$DIR/stale.key" < /dev/null 2>&1); rc=$?
[ $rc -eq 1 ] || bad "a code with another secret exited $rc (want 1)"
echo "$out" | grep -q "this invite code is not for this table (wrong or expired secret): ask the host for a new code" ||
  bad "no wrong-secret message: $out"

# The right code: the game plays to the end.
"$CONCORD" join "$CODE" "${COMMON[@]}" --identity "$DIR/friend.key" --name friend < /dev/null > "$DIR/friend.out" 2>&1 ||
  bad "join with the code failed: $(tail -n 3 "$DIR/friend.out")"
wait "$HOST" || bad "the host failed: $(tail -n 3 "$DIR/host.out")"
[ -n "$(final "$DIR/friend.out")" ] && [ "$(final "$DIR/friend.out")" = "$(final "$DIR/host.out")" ] ||
  bad "the host and its invited friend disagree on the final Seal"

# A second table by the same host: a new code. The first table's code is expired there; a friend killed mid-game
# comes back with the second code and takes its seat back (a seat owner is known by its key, and brings the secret).
"$CONCORD" host --internet --module warp --opt set=9 --opt objective=goout --opt goout=fixed --opt rounds=2 --seats 2 \
  --wait-for 2 --port $((PORT + 1)) --identity "$DIR/host.key" --name hostess --discovery-addr off --think-ms 30 \
  --tolerance 4000 "${COMMON[@]}" < /dev/null > "$DIR/host2.out" 2>&1 &
HOST2=$!
PIDS+=($HOST2)
for _ in $(seq 50); do grep -q '^invite code: ' "$DIR/host2.out" && break; sleep 0.2; done
CODE2=$(sed -n 's/^invite code: //p' "$DIR/host2.out")
[ -n "$CODE2" ] && [ "$CODE2" != "$CODE" ] || bad "the second table did not get a code of its own"
OLD=$("$FORGE" "$CODE" port $((PORT + 1))) || bad "forge failed"  # the first table's code, at the second table's port
out=$("$CONCORD" join "$OLD" "${COMMON[@]}" --identity "$DIR/late.key" < /dev/null 2>&1); rc=$?
[ $rc -eq 1 ] || bad "the first table's code at the second table exited $rc (want 1)"
echo "$out" | grep -q "wrong or expired secret" || bad "the first table's code was not refused as expired: $out"
join2() { "$CONCORD" join "$CODE2" --think-ms 30 --tolerance 4000 "${COMMON[@]}" --identity "$DIR/friend2.key" --name friend2 \
  < /dev/null >> "$DIR/friend2.out" 2>&1 & FRIEND2=$!; PIDS+=($FRIEND2); }
join2
for _ in $(seq 200); do grep -q "starts: seat" "$DIR/host2.out" && break; sleep 0.1; done
sleep 1.5
kill -9 "$FRIEND2"
sleep 0.3
join2
wait "$FRIEND2" || bad "the friend's rejoin with the same code failed: $(tail -n 3 "$DIR/friend2.out")"
wait "$HOST2" || bad "the second host failed: $(tail -n 3 "$DIR/host2.out")"
grep -q '^RESULT.* rejoined 1 ' "$DIR/friend2.out" || bad "the friend did not rejoin with the same code: $(grep RESULT "$DIR/friend2.out")"
[ -n "$(final "$DIR/friend2.out")" ] && [ "$(final "$DIR/friend2.out")" = "$(final "$DIR/host2.out")" ] ||
  bad "the second host and its returning friend disagree on the final Seal"

# A host killed mid-game that runs `concord host --internet` again finds its running table and keeps its code: it prints
# the same code, takes its seat back, and still refuses a code with another secret.
DP=$((PORT + 3))
HOST3=(host --internet --officer --module warp --seats 3 --wait-for 3 --port $((PORT + 2)) --identity "$DIR/host3.key" --name seat0
  --no-replay --bind 127.0.0.1 --tolerance 1000 --think-ms 8 --discovery-port "$DP" --timeout 90)
"$CONCORD" "${HOST3[@]}" < /dev/null > "$DIR/host3.out" 2>&1 &
H3=$!
PIDS+=($H3)
for _ in $(seq 50); do grep -q '^invite code: ' "$DIR/host3.out" && break; sleep 0.2; done
CODE3=$(sed -n 's/^invite code: //p' "$DIR/host3.out")
FRIENDS=()
for i in 1 2; do
  "$CONCORD" join "$CODE3" --officer --no-replay --bind 127.0.0.1 --tolerance 1000 --think-ms 8 --discovery-port "$DP" \
    --identity "$DIR/f3$i.key" --name "f3$i" --timeout 90 < /dev/null > "$DIR/f3$i.out" 2>&1 &
  PIDS+=($!); FRIENDS+=($!)
done
for _ in $(seq 200); do grep -q "starts: seat" "$DIR/host3.out" && break; sleep 0.1; done
sleep 1
kill -9 "$H3"
sleep 2  # past the tolerance: the friends substitute the host's seat, play on and announce the game
"$CONCORD" "${HOST3[@]}" < /dev/null > "$DIR/host3b.out" 2>&1 &
H3B=$!
PIDS+=($H3B)
for _ in $(seq 100); do grep -q '^invite code: ' "$DIR/host3b.out" && break; sleep 0.1; done
grep -q "^Rejoining our running game" "$DIR/host3b.out" || bad "the restarted host did not find its table: $(head -n 3 "$DIR/host3b.out")"
[ "$(sed -n 's/^invite code: //p' "$DIR/host3b.out")" = "$CODE3" ] || bad "the restarted host printed another code than its table's"
STALE3=$("$FORGE" "$CODE3" secret)
out=$("$CONCORD" join "$STALE3" --spectate "${COMMON[@]}" --identity "$DIR/stale3.key" < /dev/null 2>&1)
echo "$out" | grep -q "wrong or expired secret" || bad "the restarted host let a code with another secret in: $out"
for p in "${FRIENDS[@]}"; do wait "$p" || bad "a friend of the restarted host failed"; done
wait "$H3B" || bad "the restarted host failed: $(tail -n 3 "$DIR/host3b.out")"
grep -q "reclaimed" "$DIR/host3b.out" || bad "the restarted host did not take its seat back"
[ -n "$(final "$DIR/f31.out")" ] && [ "$(final "$DIR/f31.out")" = "$(final "$DIR/host3b.out")" ] ||
  bad "the restarted host and its friends disagree on the final Seal"

if [ $fail -eq 0 ]; then echo "PASS (invite: no router line, one code, typo, forged key, stale secret, game played, rejoin with the code, host restart keeps its code)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
