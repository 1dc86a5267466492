#!/usr/bin/env bash
# `concord join lan` on loopback (docs/net.md "LAN discovery"):
# - nothing announced: a clear error that says what to do;
# - one lobby announced: joined without a question, the game finishes, both peers agree on the final Seal;
# - two lobbies: the list is numbered, --lan-pick 2 joins the second one listed, and that game finishes.
# usage: lan_join.sh CONCORD. Only 127.0.0.1 is used. Every child is killed on exit.
set -u
CONCORD=$1
. "$(dirname "$0")/../support/temp_dir.sh"
DIR=$(concord_test_dir lan_join)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
. "$(dirname "$0")/../support/ports.sh"
BASE=$(concord_port_base 40)
DP=$BASE
COMMON=(--bind 127.0.0.1 --officer --no-replay --timeout 40)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
host() {  # host NAME PORT: a 2-seat shed lobby announced on the test discovery port
  "$CONCORD" host --module shed --seats 2 --wait-for 2 --port "$2" --identity "$DIR/$1.key" --name "$1" \
    --discovery-addr 127.0.0.1 --discovery-port "$DP" "${COMMON[@]}" < /dev/null > "$DIR/$1.out" 2>&1 &
  PIDS+=($!)
  LAST=$!
}
final() { sed -n 's/^RESULT .* final \([0-9a-f]*\) .*/\1/p' "$1"; }

# Nothing announced.
out=$("$CONCORD" join lan "${COMMON[@]}" --discovery-port "$DP" --identity "$DIR/j0.key" < /dev/null 2>&1); rc=$?
[ $rc -ne 0 ] || bad "join lan with no lobby exited 0"
echo "$out" | grep -q "no lobby with a free seat was announced on the LAN" || bad "no clear error without a lobby: $out"
echo "$out" | grep -q "concord join ADDR" || bad "the error does not say what to do next: $out"

# One lobby: joined at once.
host alpha $((BASE + 1)); HA=$LAST
sleep 0.5
"$CONCORD" join lan "${COMMON[@]}" --discovery-port "$DP" --identity "$DIR/j1.key" < /dev/null > "$DIR/j1.out" 2>&1 || bad "join lan (one lobby) failed: $(tail -n 3 "$DIR/j1.out")"
wait "$HA" || bad "host alpha failed: $(tail -n 3 "$DIR/alpha.out")"
grep -q "Joining 127.0.0.1:$((BASE + 1)) (alpha)" "$DIR/j1.out" || bad "join lan did not join the only lobby: $(head -n 4 "$DIR/j1.out")"
[ -n "$(final "$DIR/j1.out")" ] && [ "$(final "$DIR/j1.out")" = "$(final "$DIR/alpha.out")" ] || bad "alpha and its joiner disagree on the final Seal"

# Two lobbies: pick the second one listed.
host beta $((BASE + 2)); HB=$LAST
host gamma $((BASE + 3)); HG=$LAST
sleep 0.5
"$CONCORD" join lan "${COMMON[@]}" --discovery-port "$DP" --lan-pick 2 --identity "$DIR/j2.key" < /dev/null > "$DIR/j2.out" 2>&1 || bad "join lan --lan-pick 2 failed: $(tail -n 3 "$DIR/j2.out")"
grep -q "^  1) " "$DIR/j2.out" && grep -q "^  2) " "$DIR/j2.out" || bad "two lobbies were not listed: $(head -n 4 "$DIR/j2.out")"
second=$(sed -n 's/^  2) \([0-9.:]*\)  host \([a-z]*\) .*/\2/p' "$DIR/j2.out")
grep -q "^Joining .* ($second)$" "$DIR/j2.out" || bad "--lan-pick 2 did not join the second listed lobby ($second)"
[ "$second" = beta ] && picked=$HB other=$HG || { picked=$HG; other=$HB; }
wait "$picked" || bad "host $second failed: $(tail -n 3 "$DIR/$second.out")"
[ -n "$(final "$DIR/j2.out")" ] && [ "$(final "$DIR/j2.out")" = "$(final "$DIR/$second.out")" ] || bad "$second and its joiner disagree"
kill -9 "$other" 2>/dev/null

# A bad pick is refused with its reason.
out=$("$CONCORD" join 127.0.0.1 --lan-pick 1 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "lan-pick goes with" || bad "--lan-pick without lan was not refused: $out"

if [ $fail -eq 0 ]; then echo "PASS (join lan: none, one, pick of two)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
exit $fail
