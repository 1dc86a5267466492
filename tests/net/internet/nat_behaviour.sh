#!/usr/bin/env bash
# The pretend internet behaves like the real one (tests/net/internet/netlab.sh, docs/net.md "Testing over a pretend
# internet"), proved with small UDP probes (udp_probe.py) and no concord at all:
#   upnp   a home maps a UDP port (UPnP IGD with upnpc, and NAT-PMP) and is reached through it from the internet, from
#          a home behind a plain router and from one behind a hard router; an unmapped port stays closed, and a
#          deleted mapping closes it again; a plain router answers no NAT-PMP;
#   plain  the public port is the home's own port, the same for every destination (a cone); two plain homes reach
#          each other when both send to the other's observed address at once (a hole punch), not when one sends alone;
#   hard   a new public port per destination (symmetric), so a punch between plain and hard fails both ways;
#   open   a home with a public address is reached unasked;
#   loss   nft numgen in the internet namespace drops the chosen share of datagrams (20% here), and none without it.
# usage: nat_behaviour.sh   (logs are kept on failure, and with CONCORD_KEEP_LOGS=1)
# Exits 77 (CTest skip) when this machine cannot make network namespaces. Everything it starts is ended on exit.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/netlab.sh"
. "$HERE/../../support/temp_dir.sh"
PROBE=("$NETLAB_PY" "$HERE/udp_probe.py")

netlab_require
netlab_require_upnp
netlab_start "nat$$"
netlab_home host upnp
netlab_home alice plain
netlab_home bob plain
netlab_home carol hard
netlab_home dave open
LOGS=$(concord_test_dir nat_behaviour)
INET=$(netlab_internet_ip)

fail=0
# Records one check's verdict with what was seen, and goes on with the others.
check() {
  local what=$1 ok=$2 seen=$3
  if [ "$ok" = 1 ]; then echo "ok   $what ($seen)"; else echo "FAIL $what ($seen)"; fail=1; fi
}
# Runs a probe in a home (or the internet) in the foreground and prints its result line (the checks judge it).
probe() {
  local where=$1
  shift
  netlab_exec "$where" "${PROBE[@]}" "$@" || true
}
# How many came back, from a probe's result line ("ping got 5 of 5 ...", "punch from A:P got 27 sent 28").
got() { sed -n 's/.* got \([0-9]*\) .*/\1/p' <<<"$1"; }

netlab_spawn internet "$LOGS/reflect1.log" "${PROBE[@]}" reflect 3478 --seconds 120
netlab_spawn internet "$LOGS/reflect2.log" "${PROBE[@]}" reflect 3479 --seconds 120
sleep 0.3

echo "--- upnp: map a port and be reached through it"
HOST_WAN=$(netlab_wan_ip host)
netlab_spawn host "$LOGS/echo-host.log" "${PROBE[@]}" echo 5000 --seconds 20
netlab_spawn host "$LOGS/echo-host2.log" "${PROBE[@]}" echo 5001 --seconds 20
sleep 0.3
out=$(probe internet ping 4100 "$HOST_WAN:5000" --count 3 --wait 0.3)
check "an unmapped port of a upnp router is closed from the internet" "$([ "$(got "$out")" = 0 ] && echo 1)" "$out"
if command -v upnpc >/dev/null; then
  out=$(netlab_exec host timeout 20 upnpc -a "$(netlab_lan_ip host)" 5000 5000 UDP 2>&1 | grep -E 'is redirected|ExternalIPAddress|failed|No IGD' || true)
  check "upnpc maps UDP 5000 (UPnP IGD)" "$(grep -q "external $HOST_WAN:5000 UDP is redirected to internal $(netlab_lan_ip host):5000" <<<"$out" && echo 1)" "$(tr '\n' ' ' <<<"$out")"
else
  echo "note: upnpc is not installed (package miniupnpc, tools/setup.sh): mapping 5000 by NAT-PMP instead"
  probe host natpmp "$(netlab_gateway host)" 5000 5000 >/dev/null
fi
out=$(probe host natpmp "$(netlab_gateway host)" 5001 5001)
check "NAT-PMP maps UDP 5001 and names the public address" "$(grep -q "natpmp public $HOST_WAN mapped UDP 5001 -> 5001" <<<"$out" && echo 1)" "$out"
out=$(probe internet ping 4000 "$HOST_WAN:5000" --count 5)
check "the internet reaches the upnp home through its UPnP mapping" "$([ "$(got "$out")" -ge 4 ] && echo 1)" "$out"
out=$(probe alice ping 4000 "$HOST_WAN:5000" --count 5)
check "a home behind a plain router reaches it (UPnP mapping)" "$([ "$(got "$out")" -ge 4 ] && echo 1)" "$out"
out=$(probe carol ping 4000 "$HOST_WAN:5001" --count 5)
check "a home behind a hard router reaches it (NAT-PMP mapping)" "$([ "$(got "$out")" -ge 4 ] && echo 1)" "$out"
out=$(probe alice natpmp "$(netlab_gateway alice)" 5002 5002 || true)
check "a plain router answers no port mapping protocol" "$(grep -q "no answer" <<<"$out" && echo 1)" "$out"
if command -v upnpc >/dev/null; then  # what a host that leaves does: its port closes again
  netlab_exec host timeout 20 upnpc -d 5000 UDP >/dev/null 2>&1 || true
  out=$(probe internet ping 4001 "$HOST_WAN:5000" --count 3 --wait 0.3)
  check "a deleted UPnP mapping closes the port again" "$([ "$(got "$out")" = 0 ] && echo 1)" "$out"
fi

echo "--- plain: a cone that keeps the port; punching"
a1=$(probe alice observe 6000 "$INET:3478") a2=$(probe alice observe 6000 "$INET:3479")
check "plain keeps the home's port and one mapping for every destination" \
  "$([ "$a1" = "observed $(netlab_wan_ip alice):6000" ] && [ "$a1" = "$a2" ] && echo 1)" "$a1 / $a2"
b1=$(probe bob observe 6000 "$INET:3478")
ALICE_PUB=${a1#observed } BOB_PUB=${b1#observed }
probe alice punch 6000 "$BOB_PUB" --seconds 2 >"$LOGS/punch-alice.log" &
pa=$!
out=$(probe bob punch 6000 "$ALICE_PUB" --seconds 2)
wait $pa
check "two plain homes punch a hole by sending to each other at once" \
  "$([ "$(got "$out")" -gt 0 ] && [ "$(got "$(cat "$LOGS/punch-alice.log")")" -gt 0 ] && echo 1)" "bob: $out; alice: $(cat "$LOGS/punch-alice.log")"
probe alice punch 6001 "$(netlab_wan_ip bob):6001" --seconds 2 >"$LOGS/punch-alone.log" &
pa=$!
out=$(probe bob punch 6001 "$(netlab_wan_ip alice):6001" --seconds 2 --listen-only)
wait $pa
check "one side alone does not get through a plain router" "$([ "$(got "$out")" = 0 ] && echo 1)" "bob listening: $out; alice: $(cat "$LOGS/punch-alone.log")"

echo "--- hard: a new port per destination; punching with plain fails"
c1=$(probe carol observe 6000 "$INET:3478") c2=$(probe carol observe 6000 "$INET:3479")
check "hard gives one home port a different public port per destination" \
  "$([ "${c1%:*}" = "observed $(netlab_wan_ip carol)" ] && [ "$c1" != "$c2" ] && echo 1)" "$c1 / $c2"
c3=$(probe carol observe 6002 "$INET:3478")
probe alice punch 6002 "${c3#observed }" --seconds 2 >"$LOGS/punch-alice-carol.log" &
pa=$!
out=$(probe carol punch 6002 "$(netlab_wan_ip alice):6002" --seconds 2)
wait $pa
check "plain <-> hard punching fails both ways" \
  "$([ "$(got "$out")" = 0 ] && [ "$(got "$(cat "$LOGS/punch-alice-carol.log")")" = 0 ] && echo 1)" \
  "carol: $out; alice to carol's observed ${c3#observed }: $(cat "$LOGS/punch-alice-carol.log")"

echo "--- open: a public address (campaign.sh's relay-kill has a friend there)"
netlab_spawn dave "$LOGS/echo-dave.log" "${PROBE[@]}" echo 5000 --seconds 10
sleep 0.3
out=$(probe carol ping 4400 "$(netlab_wan_ip dave):5000" --count 3)
d1=$(probe dave observe 6000 "$INET:3478")
check "an open home is reached unasked, from behind a hard router too, and keeps its port" \
  "$([ "$(got "$out")" = 3 ] && [ "$d1" = "observed $(netlab_wan_ip dave):6000" ] && echo 1)" "carol: $out; dave $d1"

echo "--- loss: nft numgen in the internet namespace"
probe host natpmp "$(netlab_gateway host)" 5003 5003 >/dev/null
# Counts what alice's blast of N datagrams delivers to the upnp home's mapped port 5003.
delivered() {
  netlab_spawn host "$LOGS/count.log" "${PROBE[@]}" count 5003 --seconds "$2"
  local counter=$NETLAB_LAST_PID
  sleep 0.3
  probe alice blast 4300 "$HOST_WAN:5003" --count "$1" --interval 0.5 >/dev/null
  wait "$counter" || true
  sed -n 's/^count //p' "$LOGS/count.log"
}
netlab_loss 20
got=$(delivered 2000 4)
check "20% loss: 2000 sent, 1500-1700 delivered" "$([ "$got" -ge 1500 ] && [ "$got" -le 1700 ] && echo 1)" "$got delivered"
netlab_loss 0
got=$(delivered 500 2)
check "no loss once the rule is removed" "$([ "$got" -ge 495 ] && echo 1)" "$got of 500 delivered"

echo "took $SECONDS s"
cp "$NETLAB_STATE"/logs/* "$LOGS/" 2>/dev/null || true  # miniupnpd's log
if [ $fail = 0 ]; then
  echo "PASS (upnp, plain, hard, open, loss)"
  if [ "${CONCORD_KEEP_LOGS:-0}" = 1 ]; then echo "logs kept in $LOGS"; else rm -rf "$LOGS"; fi
else
  echo "logs kept in $LOGS (a lab to look at by hand: netlab.sh up NAME upnp plain plain hard; docs/net.md)"
fi
exit $fail
