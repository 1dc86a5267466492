#!/usr/bin/env bash
# netlab: a small pretend internet in network namespaces, for peers behind home routers (issue 25; docs/net.md
# "Testing over a pretend internet (tests/net/internet)").
#
#   internet namespace: bridge br0, $NETLAB_NET.1/24 (a "server on the internet": reflectors, probes)
#     router i (namespace): wan $NETLAB_NET.(10+i) on the bridge, lan 192.168.i.1/24, NAT of kind
#       upnp   masquerade (port-restricted cone) + miniupnpd (UPnP IGD, NAT-PMP/PCP, secure mode)
#       plain  masquerade (port-restricted cone), no port mapping protocol
#       hard   masquerade random,fully-random: a new public port per destination (symmetric NAT)
#       open   one-to-one NAT, nothing filtered: the home has a public address (a server, a VPS)
#     home i (namespace): eth0 192.168.i.2/24, default route via the router
#
# As a library (the tests):  . netlab.sh; netlab_require; netlab_start TAG; netlab_home alice plain
#   netlab_exec alice CMD... (foreground), netlab_spawn alice LOG CMD... (background, pid in NETLAB_LAST_PID),
#   netlab_kill PID, netlab_loss PCT, netlab_delay MS JITTER, netlab_wan_ip/netlab_lan_ip/netlab_gateway NAME.
#   Everything is torn down on EXIT (and by a guardian process if the test is killed with SIGKILL).
# As a command (by hand):    netlab.sh up NAME KIND...   homes h1.. hN of those kinds, left running
#                            netlab.sh exec NAME HOME|rtr:HOME|internet CMD...
#                            netlab.sh loss NAME PERCENT  |  netlab.sh delay NAME MS [JITTER_MS]
#                            netlab.sh down NAME         |  netlab.sh list  |  netlab.sh sweep (leftovers of dead tests)
# Only addresses inside the namespaces created here are used; nothing touches the root namespace's network.
#
# Addresses: the internet is $NETLAB_NET.0/24 (default 11.25.0: "issue 25"). Not 203.0.113.0/24: miniupnpd refuses
# a WAN address in a reserved or documentation range ("Reserved / private IP address ... Port forwarding is
# impossible") and so would an invite code that checks for a routable address. The namespaces have no route out,
# so the choice never reaches the real network.

NETLAB_NET=${NETLAB_NET:-11.25.0}
NETLAB_RUN=${NETLAB_RUN:-/run/netlab}   # state: one directory per lab (homes, pids, daemon logs)
NETLAB_DIR_SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NETLAB_PY=${NETLAB_PY:-/usr/bin/python3}
NETLAB_SKIP=77                          # CTest's SKIP_RETURN_CODE for these tests

# Says why the lab cannot run here and exits with the skip code (never a false failure).
netlab_skip() {
  echo "SKIP: $*" >&2
  exit "$NETLAB_SKIP"
}

# Checks the machine can build the lab (root, namespaces, nftables, python); skips the test otherwise.
netlab_require() {
  [ "$(id -u)" = 0 ] || netlab_skip "network namespaces need root (CAP_NET_ADMIN); run as root"
  command -v ip >/dev/null || netlab_skip "ip (iproute2) is not installed (tools/setup.sh installs it)"
  command -v nft >/dev/null || netlab_skip "nft (nftables) is not installed (tools/setup.sh installs it)"
  [ -x "$NETLAB_PY" ] || netlab_skip "$NETLAB_PY is missing (the UDP probes are python)"
  local probe="nl-probe-$$"
  ip netns add "$probe" 2>/dev/null || netlab_skip "'ip netns add' fails here (no CAP_NET_ADMIN or no namespace support)"
  if ! printf 'table inet t {\n chain c {\n  type nat hook postrouting priority srcnat;\n  masquerade random,fully-random\n }\n}\n' |
    ip netns exec "$probe" nft -f - 2>/dev/null; then
    ip netns del "$probe"
    netlab_skip "nftables NAT does not work in a network namespace here"
  fi
  ip netns del "$probe"
}

# Skips unless miniupnpd (nftables build) is installed: only labs with a upnp router need it.
netlab_require_upnp() {
  command -v miniupnpd >/dev/null || netlab_skip "miniupnpd is not installed (tools/setup.sh installs miniupnpd-nftables)"
}

# The namespace name of a home ("alice"), its router ("rtr:alice") or the internet ("internet").
netlab_ns() {
  case $1 in
    internet) echo "nl-$NETLAB_TAG-inet" ;;
    rtr:*) echo "nl-$NETLAB_TAG-r-${1#rtr:}" ;;
    *) echo "nl-$NETLAB_TAG-h-$1" ;;
  esac
}

# Runs a command inside a home, a router (rtr:NAME) or the internet namespace, in the foreground.
netlab_exec() {
  local where=$1
  shift
  ip netns exec "$(netlab_ns "$where")" "$@"
}

# Starts a command in the background inside a namespace, output to LOG; its pid is in NETLAB_LAST_PID (and is killed at teardown).
netlab_spawn() {
  local where=$1 log=$2
  shift 2
  ip netns exec "$(netlab_ns "$where")" "$@" >"$log" 2>&1 </dev/null &
  NETLAB_LAST_PID=$!
  echo "$NETLAB_LAST_PID" >>"$NETLAB_STATE/pids"
}

# A home's address on its LAN (what the program at home binds and sees).
netlab_lan_ip() { echo "192.168.$(netlab_index "$1").2"; }
# A home's router's public address on the internet (what others see; an open home's own address).
netlab_wan_ip() { echo "$NETLAB_NET.$((10 + $(netlab_index "$1")))"; }
# A home's router's address on the home's LAN (its default gateway; NAT-PMP and UPnP answer there).
netlab_gateway() { echo "192.168.$(netlab_index "$1").1"; }
# The internet namespace's own address: reflectors and probes "somewhere on the internet" listen there.
netlab_internet_ip() { echo "$NETLAB_NET.1"; }
# A home's number (1..), from the lab's home list.
netlab_index() { awk -v n="$1" '$1 == n { print $3 }' "$NETLAB_STATE/homes"; }
# A home's router kind, from the lab's home list.
netlab_kind() { awk -v n="$1" '$1 == n { print $2 }' "$NETLAB_STATE/homes"; }

# Creates the internet namespace and the lab's state directory; with an owner pid, tears the lab down when it exits.
# usage: netlab_start TAG [OWNER_PID|manual]
netlab_start() {
  NETLAB_TAG=$1
  local owner=${2:-$$}
  [[ $NETLAB_TAG =~ ^[a-z0-9]{1,20}$ ]] || { echo "netlab: a tag is 1-20 of a-z0-9, got '$NETLAB_TAG'" >&2; return 2; }
  netlab_sweep
  NETLAB_STATE=$NETLAB_RUN/$NETLAB_TAG
  [ ! -e "$NETLAB_STATE" ] || { echo "netlab: lab $NETLAB_TAG exists already (netlab.sh down $NETLAB_TAG)" >&2; return 2; }
  mkdir -p "$NETLAB_STATE/logs"
  : >"$NETLAB_STATE/homes"
  : >"$NETLAB_STATE/pids"
  echo "$owner" >"$NETLAB_STATE/owner"
  if [ "$owner" != manual ]; then
    trap 'netlab_stop' EXIT
    trap 'exit 143' TERM
    trap 'exit 130' INT
    netlab_guard "$owner"
  fi
  local inet
  inet=$(netlab_ns internet)
  ip netns add "$inet"
  ip -n "$inet" link set lo up
  ip -n "$inet" link add br0 type bridge
  ip -n "$inet" addr add "$(netlab_internet_ip)/24" dev br0
  ip -n "$inet" link set br0 up
  # Loss lives here (netlab_loss): one bridge crossing per datagram between two routers.
  ip netns exec "$inet" nft -f - <<'EOF'
table bridge netlab {
  chain forward { type filter hook forward priority 0; policy accept; }
  chain input { type filter hook input priority 0; policy accept; }
}
EOF
}

# A process that outlives a SIGKILLed test (CTest's timeout) just long enough to tear its lab down.
netlab_guard() {
  local owner=$1
  setsid bash -c '
    while kill -0 "$1" 2>/dev/null; do sleep 1; done
    rm -f "$2/$4/guard"  # the teardown must not kill its own process group
    NETLAB_RUN=$2 bash "$3" down "$4" >/dev/null 2>&1' netlab-guard "$owner" "$NETLAB_RUN" "$NETLAB_DIR_SELF/netlab.sh" "$NETLAB_TAG" \
    </dev/null >/dev/null 2>&1 &
  echo $! >"$NETLAB_STATE/guard"
}

# Adds a home of KIND (upnp|plain|hard|open) behind its own router, numbered in order of creation.
netlab_home() {
  local name=$1 kind=$2 i inet r h
  [[ $name =~ ^[a-z][a-z0-9]{0,11}$ ]] || { echo "netlab: a home name is a-z0-9 (at most 12), got '$name'" >&2; return 2; }
  case $kind in upnp | plain | hard | open) ;; *) echo "netlab: router kind is upnp, plain, hard or open, got '$kind'" >&2; return 2 ;; esac
  [ "$kind" != upnp ] || netlab_require_upnp
  i=$(($(wc -l <"$NETLAB_STATE/homes") + 1))
  [ $i -le 200 ] || { echo "netlab: at most 200 homes" >&2; return 2; }
  echo "$name $kind $i" >>"$NETLAB_STATE/homes"
  inet=$(netlab_ns internet) r=$(netlab_ns "rtr:$name") h=$(netlab_ns "$name")
  ip netns add "$r"
  ip netns add "$h"
  ip -n "$r" link set lo up
  ip -n "$h" link set lo up
  # wan <-> the internet's bridge port r$i; lan <-> the home's eth0 (created inside the namespaces: no name clashes)
  ip -n "$r" link add wan type veth peer name "r$i" netns "$inet"
  ip -n "$inet" link set "r$i" master br0 up
  ip -n "$r" link add lan type veth peer name eth0 netns "$h"
  ip -n "$r" addr add "$(netlab_wan_ip "$name")/24" dev wan
  ip -n "$r" addr add "192.168.$i.1/24" dev lan
  ip -n "$r" link set wan up
  ip -n "$r" link set lan up
  ip -n "$h" addr add "$(netlab_lan_ip "$name")/24" dev eth0
  ip -n "$h" link set eth0 up
  ip -n "$h" route add default via "192.168.$i.1"
  ip netns exec "$r" sysctl -qw net.ipv4.ip_forward=1
  netlab_router_rules "$name" "$kind" | ip netns exec "$r" nft -f -
  [ "$kind" != upnp ] || netlab_miniupnpd "$name"
}

# The router's nftables ruleset for its kind; the chain names are the ones miniupnpd is told to use.
netlab_router_rules() {
  local name=$1 kind=$2 i nat
  i=$(netlab_index "$name")
  case $kind in
    upnp | plain) nat='oifname "wan" masquerade' ;;  # conntrack keeps the source port when it can: a cone mapping
    hard) nat='oifname "wan" masquerade random,fully-random' ;; # a fresh random port per destination: symmetric
    open) nat='oifname "wan" ip saddr 192.168.'$i'.2 snat to '"$(netlab_wan_ip "$name")"'' ;; # one-to-one: nothing filtered
  esac
  local inbound='iifname "wan" drop'
  # An open router forwards everything to its home: the home is a host on the internet.
  [ "$kind" = open ] && inbound='iifname "wan" dnat ip to 192.168.'$i'.2'
  cat <<EOF
table inet netlab {
  chain input {
    type filter hook input priority filter; policy accept;
    iifname "wan" ct state established,related accept
    # Unsolicited datagrams from the internet are dropped here, before conntrack confirms an entry for them: an
    # entry made by a peer's early punch would take the public port our own punch needs (the NAT then moves it).
    iifname "wan" drop
  }
  chain forward {
    type filter hook forward priority filter; policy drop;
    ct state established,related accept
    iifname "lan" oifname "wan" accept
    $([ "$kind" = open ] && echo 'iifname "wan" oifname "lan" accept')
    jump miniupnpd
  }
  chain miniupnpd {
  }
  chain prerouting {
    type nat hook prerouting priority dstnat; policy accept;
    jump prerouting_miniupnpd
    $([ "$kind" = open ] && echo "$inbound")
  }
  chain postrouting {
    type nat hook postrouting priority srcnat; policy accept;
    jump postrouting_miniupnpd
    $nat
  }
  chain prerouting_miniupnpd {
  }
  chain postrouting_miniupnpd {
  }
}
EOF
}

# Runs miniupnpd on a upnp router: UPnP IGD and NAT-PMP/PCP on its LAN, rules in the router's nftables chains.
netlab_miniupnpd() {
  local name=$1 i conf
  i=$(netlab_index "$name")
  conf=$NETLAB_STATE/miniupnpd-$name.conf
  cat >"$conf" <<EOF
ext_ifname=wan
listening_ip=lan
http_port=0
enable_natpmp=yes
enable_upnp=yes
# secure mode: a host may only map ports to itself (what home routers do)
secure_mode=yes
system_uptime=yes
notify_interval=30
clean_ruleset_interval=600
uuid=3d3cec3a-8cf0-11e0-98ee-00000000$(printf %04x "$i")
friendly_name=netlab router $name
lease_file=$NETLAB_STATE/miniupnpd-$name.leases
upnp_table_name=netlab
upnp_nat_table_name=netlab
upnp_forward_chain=miniupnpd
upnp_nat_chain=prerouting_miniupnpd
upnp_nat_postrouting_chain=postrouting_miniupnpd
allow 1024-65535 192.168.$i.0/24 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
EOF
  netlab_spawn "rtr:$name" "$NETLAB_STATE/logs/miniupnpd-$name.log" miniupnpd -f "$conf" -d -P "$NETLAB_STATE/miniupnpd-$name.pid"
  local _
  for _ in $(seq 1 50); do  # ready once it listens for NAT-PMP
    grep -q "Listening for NAT-PMP" "$NETLAB_STATE/logs/miniupnpd-$name.log" 2>/dev/null && return 0
    kill -0 "$NETLAB_LAST_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "netlab: miniupnpd on router $name did not start:" >&2
  cat "$NETLAB_STATE/logs/miniupnpd-$name.log" >&2
  return 1
}

# Drops PERCENT of the IPv4 datagrams crossing the internet (nft numgen), both ways; 0 removes the loss.
netlab_loss() {
  local pct=$1 chain
  for chain in forward input; do
    netlab_exec internet nft flush chain bridge netlab "$chain"
    [ "$pct" -eq 0 ] || netlab_exec internet nft add rule bridge netlab "$chain" ether type ip numgen random mod 100 '<' "$pct" drop
  done
}

# Adds ONE_WAY_MS +- JITTER_MS to every frame between each router and the internet (wire.py in the internet
# namespace, one per router port), so a datagram between two homes is delayed twice: RTT = 4 x ONE_WAY_MS.
# Call it after every netlab_home.
netlab_delay() {
  local ms=$1 jitter=${2:-0} name kind i inet
  inet=$(netlab_ns internet)
  while read -r name kind i; do
    # r$i leaves the bridge; the wire joins it to a new veth pair (d$i, e$i) whose e$i end takes its place.
    ip -n "$inet" link set "r$i" nomaster
    ip -n "$inet" link add "d$i" type veth peer name "e$i"
    ip -n "$inet" link set "e$i" master br0 up
    ip -n "$inet" link set "d$i" up promisc on
    ip -n "$inet" link set "r$i" promisc on
    netlab_spawn internet "$NETLAB_STATE/logs/wire-$name.log" "$NETLAB_PY" "$NETLAB_DIR_SELF/wire.py" "r$i" "d$i" \
      --delay "$ms" --jitter "$jitter" --seed "$i"
  done <"$NETLAB_STATE/homes"
  sleep 0.3
}

# Kills one process this lab started (kill -9, as a crash) and reaps it, without the shell's "Killed" notice.
netlab_kill() {
  { kill -9 "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; } 2>/dev/null
}

# Kills every process of one namespace (they were all started by this lab) by pid.
netlab_kill_ns() {
  local ns=$1 pids
  pids=$(ip netns pids "$ns" 2>/dev/null || true)
  [ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
}

# Tears the lab down: every process we started, every process in our namespaces, the namespaces, the state.
netlab_stop() {
  local rc=$?
  trap - EXIT
  [ -n "${NETLAB_STATE:-}" ] && [ -d "$NETLAB_STATE" ] || return $rc
  local p ns
  {  # reaped here, so the shell's "Killed" notices go nowhere
    while read -r p; do kill -9 "$p" 2>/dev/null || true; done <"$NETLAB_STATE/pids"
    while read -r p; do wait "$p" 2>/dev/null || true; done <"$NETLAB_STATE/pids"
  } 2>/dev/null
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^nl-$NETLAB_TAG-" || true); do
    netlab_kill_ns "$ns"
    ip netns del "$ns" 2>/dev/null || true
  done
  # the guardian leads its own process group (setsid): its sleep goes with it
  [ ! -f "$NETLAB_STATE/guard" ] || kill -- "-$(cat "$NETLAB_STATE/guard")" 2>/dev/null || true
  rm -rf "$NETLAB_STATE"
  return $rc
}

# Removes the labs whose owner process is gone (a test killed before its EXIT trap ran); manual labs are kept.
netlab_sweep() {
  local d tag owner ns
  for d in "$NETLAB_RUN"/*/; do
    [ -f "$d/owner" ] || continue
    owner=$(cat "$d/owner")
    [ "$owner" != manual ] || continue
    kill -0 "$owner" 2>/dev/null && continue
    tag=$(basename "$d")
    for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^nl-$tag-" || true); do
      netlab_kill_ns "$ns"
      ip netns del "$ns" 2>/dev/null || true
    done
    rm -rf "$d"
  done
}

# Loads an existing lab's state (the command form works on labs made by `up`).
netlab_load() {
  NETLAB_TAG=$1
  NETLAB_STATE=$NETLAB_RUN/$NETLAB_TAG
  [ -d "$NETLAB_STATE" ] || { echo "netlab: no lab named $NETLAB_TAG (netlab.sh list)" >&2; return 1; }
}

# Prints the lab's homes with their kinds and addresses.
netlab_describe() {
  local name kind i
  echo "internet $(netlab_ns internet) $(netlab_internet_ip)/24"
  while read -r name kind i; do
    echo "home $name ($kind) $(netlab_ns "$name") $(netlab_lan_ip "$name") behind router $(netlab_ns "rtr:$name") $(netlab_wan_ip "$name")"
  done <"$NETLAB_STATE/homes"
}

# The command form: up / exec / down / list / sweep.
netlab_main() {
  set -euo pipefail
  local cmd=${1:-}
  shift || true
  case $cmd in
    up)
      [ $# -ge 2 ] || { echo "usage: netlab.sh up NAME KIND... (KIND: upnp plain hard open; homes are h1, h2, ...)" >&2; return 2; }
      netlab_require
      netlab_start "$1" manual
      local n=0 kind
      shift
      for kind in "$@"; do n=$((n + 1)); netlab_home "h$n" "$kind"; done
      netlab_describe
      ;;
    exec)
      [ $# -ge 3 ] || { echo "usage: netlab.sh exec NAME HOME|rtr:HOME|internet CMD..." >&2; return 2; }
      netlab_load "$1"
      shift
      netlab_exec "$@"
      ;;
    loss)
      [ $# -eq 2 ] || { echo "usage: netlab.sh loss NAME PERCENT" >&2; return 2; }
      netlab_load "$1"
      netlab_loss "$2"
      ;;
    delay)
      [ $# -ge 2 ] || { echo "usage: netlab.sh delay NAME MS [JITTER_MS]   (once per lab; down removes it)" >&2; return 2; }
      netlab_load "$1"
      netlab_delay "$2" "${3:-0}"
      ;;
    down)
      [ $# -eq 1 ] || { echo "usage: netlab.sh down NAME" >&2; return 2; }
      NETLAB_TAG=$1 NETLAB_STATE=$NETLAB_RUN/$1
      mkdir -p "$NETLAB_STATE" && touch "$NETLAB_STATE/pids"
      netlab_stop
      ;;
    list)
      local d
      for d in "$NETLAB_RUN"/*/; do [ -d "$d" ] && echo "$(basename "$d") owner $(cat "$d/owner" 2>/dev/null)"; done
      ip netns list | grep -E '^nl-' || true
      ;;
    sweep) netlab_sweep ;;
    *)
      sed -n '2,20p' "${BASH_SOURCE[0]}"
      return 2
      ;;
  esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  netlab_main "$@"
fi
