#!/usr/bin/env bash
# Friends over the internet (issue 25): a Warp table between homes behind NAT routers on the pretend internet
# (netlab.sh; docs/net.md "Testing over a pretend internet"). Every peer is a headless officer (`host --officer`,
# `bot`); each home is its own network namespace. The host listens on concord's default port 27960 and the friends
# on any free port, as they would at home (in the mapped variant on 27960, the port they map).
#
# Variants (--variant):
#   campaign    host behind a upnp router runs `concord host --internet`; alice and bob (plain routers) and carol
#               (hard router) join with the printed invite code. Checks: the router mapping line names the host's
#               public address; every peer ends on one final Seal; every replay verifies, ends on it and is
#               byte-identical to the host's; the link lines say direct for the host's links, punched for
#               alice-bob and relayed for alice-carol and/or bob-carol (a pair that logs no line is noted; at least
#               one relayed line must be there), and never direct or punched where the NATs forbid it.
#   relay-kill  the same plus dave on an open (public) address, who can relay for carol too; once alice logs how
#               her link to carol is relayed, the relaying peer is killed (-9): alice logs a new relay for carol,
#               the four others finish on one Seal with identical replays.
#   forged      a code for the host's addresses with another identity's fingerprint is refused by the joiner
#               (it never sits down); the real code still seats a bot and the 2-seat game finishes.
#   no-upnp     the host is behind a plain router: `concord host --internet` must say so ("no UPnP/NAT-PMP answer from
#               the router: ...") within 30 s, and must not claim a mapping. Nobody joins.
#   mapped      no new features: every home is behind a upnp router, maps 27960 with upnpc (as `--internet` will
#               do for itself) and joins by address. Proves concord itself plays across the lab's NATs today.
# --lossy adds the rough internet: 150 ms RTT +- 30 ms jitter (wire.py between each router and the internet: 37.5 +-
#         7.5 ms per crossing, two crossings each way) and 2% loss (nft numgen in the internet namespace); direct links
#         must then report an rtt of 100-400 ms.
# usage: campaign.sh CONCORD [--variant campaign|relay-kill|forged|no-upnp|mapped] [--lossy] [--timeout S] [--think-ms MS]
#        [--tolerance MS] [--opt K=V]...
# Exits 77 (CTest skip) without network namespaces. --forge TOOL (tests/net/invite_forge.cpp) re-encodes a code with
# another fingerprint for the forged variant.
# Logs are kept on failure (and with CONCORD_KEEP_LOGS=1); every process is ended on exit.
set -euo pipefail
CONCORD=$1
shift
VARIANT=campaign LOSSY=0 TIMEOUT=300 THINK=8 TOL=5000 OPTS=() FORGE=""
while [ $# -gt 0 ]; do
  case $1 in
    --variant) VARIANT=$2; shift 2 ;;
    --lossy) LOSSY=1; shift ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --think-ms) THINK=$2; shift 2 ;;
    --tolerance) TOL=$2; shift 2 ;;
    --opt) OPTS+=(--opt "$2"); shift 2 ;;
    --forge) FORGE=$2; shift 2 ;;
    *) echo "campaign.sh: unknown option $1"; exit 2 ;;
  esac
done
case $VARIANT in campaign | relay-kill | forged | no-upnp | mapped) ;; *) echo "campaign.sh: unknown variant $VARIANT"; exit 2 ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/netlab.sh"
. "$HERE/../../support/temp_dir.sh"

netlab_require
netlab_require_upnp
DIR=$(concord_test_dir "internet-$VARIANT")
# Play and verify with one copy of the binary: a rebuild during the run must not mix versions.
cp "$CONCORD" "$DIR/concord"
BIN=$DIR/concord
fail=0
# Records a failed check and goes on with the others.
bad() {
  echo "FAIL: $*"
  fail=1
}

# --- The homes: name, router kind; seat i is the i-th name (the host is seat 0, friends join in this order).
case $VARIANT in
  campaign) NAMES=(host alice bob carol) KINDS=(upnp plain plain hard) ;;
  relay-kill) NAMES=(host alice bob carol dave) KINDS=(upnp plain plain hard open) ;;
  forged) NAMES=(host alice mallory) KINDS=(upnp plain plain) ;;
  no-upnp) NAMES=(host) KINDS=(plain) ;;
  mapped) NAMES=(host alice bob carol) KINDS=(upnp upnp upnp upnp) ;;
esac
SEATS=${#NAMES[@]}
[ "$VARIANT" = forged ] && SEATS=2  # mallory never sits down
netlab_start "c$$"
for i in "${!NAMES[@]}"; do netlab_home "${NAMES[$i]}" "${KINDS[$i]}"; done
if [ $LOSSY = 1 ]; then
  netlab_delay 37.5 7.5
  netlab_loss 2
fi
echo "lab: $(netlab_describe | tr '\n' ';')"
if [ $LOSSY = 1 ]; then  # the rough internet is what it claims: alice -> host (a NAT-PMP-mapped echo port) and back
  netlab_exec host "$NETLAB_PY" "$HERE/udp_probe.py" natpmp "$(netlab_gateway host)" 5999 5999 >/dev/null
  netlab_spawn host "$DIR/echo.out" "$NETLAB_PY" "$HERE/udp_probe.py" echo 5999 --seconds 8
  sleep 0.3
  path=$(netlab_exec alice "$NETLAB_PY" "$HERE/udp_probe.py" ping 5998 "$(netlab_wan_ip host):5999" --count 20 --wait 1 || true)
  echo "alice -> host: $path"
  avg=$(sed -n 's/.* rtt avg \([0-9]*\) .*/\1/p' <<<"$path")
  [ -n "$avg" ] && [ "$avg" -ge 120 ] && [ "$avg" -le 200 ] || bad "the lab's RTT between two homes should be about 150 ms: $path"
fi

declare -A PID
# Starts one peer in its home: concord host|bot ARGS..., log DIR/NAME.out, replay DIR/NAME.cr, pid in PID[NAME].
peer() {
  local name=$1
  shift
  netlab_spawn "$name" "$DIR/$name.out" "$BIN" "$@" --identity "$DIR/$name.key" --name "$name" --replay "$DIR/$name.cr" \
    --think-ms "$THINK" --tolerance "$TOL" --timeout "$TIMEOUT"
  PID[$name]=$NETLAB_LAST_PID
}
# Waits up to S seconds for a line matching the regex in a peer's log; prints the first match.
await_line() {
  local name=$1 regex=$2 s=$3 _
  for _ in $(seq 1 $((s * 5))); do
    grep -m1 -E "$regex" "$DIR/$name.out" 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}
# Waits up to S seconds for alice to log her link to carol relayed via another seat than OLD; prints that line.
await_new_relay() {
  local old=$1 s=$2 _
  for _ in $(seq 1 $((s * 5))); do
    grep -E 'link seat 3 \(carol\): relayed via seat [0-9]+' "$DIR/alice.out" | grep -vm1 -E "relayed via seat $old\b" && return 0
    sleep 0.2
  done
  return 1
}
# The final Seal of a peer's RESULT line (empty when it did not finish).
final_seal() { sed -n 's/^RESULT .* final \([0-9a-f]*\) .*/\1/p' "$DIR/$1.out"; }

# CODE with another identity's fingerprint in place of the host's (a man in the middle handing out his own code).
forge_invite_code() {
  [ -n "$FORGE" ] || { echo "forge_invite_code: no --forge TOOL given" >&2; return 1; }
  "$FORGE" "$1" fingerprint
}

# --- The host.
T0=$SECONDS
if [ "$VARIANT" = no-upnp ]; then
  peer host host --internet --officer --module warp --seats 2 --wait-for 2
  line=$(await_line host 'no UPnP/NAT-PMP answer from the router: ' 30) ||
    bad "behind a router without UPnP/NAT-PMP the host did not say 'no UPnP/NAT-PMP answer from the router: ...' in 30 s: $(tail -n 5 "$DIR/host.out")"
  echo "host: ${line:-}"
  ! grep -q 'router mapped UDP' "$DIR/host.out" || bad "the host claims a mapping from a router that has no UPnP/NAT-PMP: $(grep 'router mapped' "$DIR/host.out")"
  netlab_kill "${PID[host]}"
  if [ $fail = 0 ]; then echo "PASS (internet no-upnp)"; rm -rf "$DIR"; else echo "logs kept in $DIR"; fi
  exit $fail
fi
if [ "$VARIANT" = mapped ]; then
  for name in "${NAMES[@]}"; do  # what `--internet` will do: ask the router for 27960
    out=$(netlab_exec "$name" timeout 20 upnpc -a "$(netlab_lan_ip "$name")" 27960 27960 UDP 2>&1 || true)
    grep -q "is redirected to internal" <<<"$out" || bad "$name could not map 27960 by UPnP: $(tail -n 2 <<<"$out")"
  done
  peer host host --officer --module warp "${OPTS[@]}" --seats "$SEATS" --wait-for "$SEATS"
  JOIN=$(netlab_wan_ip host):27960
else
  peer host host --internet --officer --module warp "${OPTS[@]}" --seats "$SEATS" --wait-for "$SEATS"
  line=$(await_line host 'invite code: ' 30) || { bad "the host printed no 'invite code:' line in 30 s"; tail -n 20 "$DIR/host.out"; }
  JOIN=$(sed -n 's/.*invite code: \([^ ]*\).*/\1/p' <<<"$line")
  mapped=$(grep -m1 -E 'router mapped UDP [0-9]+; friends reach you at ' "$DIR/host.out" || true)
  [ -n "$mapped" ] || bad "the host did not log 'router mapped UDP <port>; friends reach you at A.B.C.D:<port>' behind a upnp router: $(grep -m1 'UPnP' "$DIR/host.out" || true)"
  grep -q "friends reach you at $(netlab_wan_ip host):" <<<"$mapped" || bad "the mapping line does not name the router's public address $(netlab_wan_ip host): $mapped"
fi
echo "join with: $JOIN"

# --- The forged code: refused before anything else happens.
if [ "$VARIANT" = forged ]; then
  stranger=$("$BIN" tei id --identity "$DIR/stranger.key" | sed -n 's/.*\[\([0-9a-f-]*\)\].*/\1/p')
  if forged=$(forge_invite_code "$JOIN" "$stranger"); then
    netlab_exec mallory "$BIN" bot "$forged" --identity "$DIR/mallory.key" --name mallory --no-replay --give-up 15 \
      --timeout 30 >"$DIR/mallory.out" 2>&1 && bad "a joiner accepted a code whose fingerprint ($stranger) is not the host's"
    grep -q "not the host who invited you" "$DIR/mallory.out" || bad "the refusal does not say the key differs from the code's: $(tail -n 3 "$DIR/mallory.out")"
    grep -q mallory "$DIR/host.out" && bad "mallory reached the host's lobby with a forged code"
  else
    bad "no forged code to try"
  fi
fi

# --- The friends, one at a time so that seat i is NAMES[i].
for ((i = 1; i < SEATS; i++)); do
  name=${NAMES[$i]}
  if [ "$VARIANT" = mapped ]; then peer "$name" bot "$JOIN" --port 27960; else peer "$name" bot "$JOIN"; fi
  await_line host "$name" 30 >/dev/null || bad "$name did not reach the host's lobby in 30 s: $(tail -n 3 "$DIR/$name.out")"
done

# --- relay-kill: kill whoever relays alice's link to carol, once the game runs.
KILLED=""
if [ "$VARIANT" = relay-kill ]; then
  if line=$(await_line alice 'link seat 3 \(carol\): relayed via seat [0-9]+' 90) && await_line alice 'starts: seat' 30 >/dev/null; then
    relay=$(sed -n 's/.*relayed via seat \([0-9]*\).*/\1/p' <<<"$line")
    KILLED=${NAMES[$relay]}
    sleep 2
    echo "alice: '$line': killing seat $relay ($KILLED, pid ${PID[$KILLED]})"
    netlab_kill "${PID[$KILLED]}"
    line2=$(await_new_relay "$relay" 60) || bad "alice logged no new relay for carol after seat $relay ($KILLED) was killed"
    echo "alice after the kill: ${line2:-nothing}"
  else
    bad "alice never logged 'link seat 3 (carol): relayed via seat N' (and a started game) in 120 s"
  fi
fi

# --- Everyone finishes.
SURVIVORS=()
for ((i = 0; i < SEATS; i++)); do
  name=${NAMES[$i]}
  [ "$name" = "$KILLED" ] && continue
  SURVIVORS+=("$name")
  rc=0
  wait "${PID[$name]}" || rc=$?
  [ $rc = 0 ] || bad "$name exited with $rc: $(grep -E 'concord:|error' "$DIR/$name.out" | tail -n 2)"
done
echo "the table took $((SECONDS - T0)) s"
for name in "${SURVIVORS[@]}"; do
  echo "--- $name ($(netlab_kind "$name")): $(grep -c 'dropped packet' "$DIR/$name.out" || true) dropped packets"
  grep -E '^RESULT|link seat|substitut|desync|EQUIVOCATION' "$DIR/$name.out" | tail -n 12 || true
done

# --- One final Seal, verified identical replays.
FINAL=$(final_seal host)
[ -n "$KILLED" ] && [ "$KILLED" = host ] && FINAL=$(final_seal alice)
for name in "${SURVIVORS[@]}"; do
  seal=$(final_seal "$name")
  [ -n "$seal" ] || { bad "$name printed no RESULT line"; continue; }
  [ "$seal" = "$FINAL" ] || bad "$name ends on Seal $seal, not $FINAL"
  out=$("$BIN" replay verify "$DIR/$name.cr" 2>&1) || { bad "$name's replay does not verify: $(tail -n 2 <<<"$out")"; continue; }
  grep -q "final Seal $FINAL" <<<"$out" || bad "$name's replay does not end on the final Seal $FINAL"
  [ "$name" = "${SURVIVORS[0]}" ] || cmp -s "$DIR/$name.cr" "$DIR/${SURVIVORS[0]}.cr" ||
    bad "$name's replay differs from ${SURVIVORS[0]}'s"
done
[ -z "$FINAL" ] || echo "final Seal $FINAL on ${#SURVIVORS[@]} peers; replays verify and are identical"

# --- The link lines: how each pair can talk, from the two routers' kinds.
# The one way a link between two kinds can work: a mapped host or an open home is dialled directly, two cones punch,
# and anything with a symmetric NAT on one side and a cone on the other is relayed.
link_kind() {
  local a=$1 b=$2
  case "$a/$b" in
    host/* | */host) echo direct ;;
    *) case "$(netlab_kind "$a")/$(netlab_kind "$b")" in
         open/* | */open | upnp/upnp) echo direct ;;
         plain/plain) echo punched ;;
         *) echo relayed ;;
       esac ;;
  esac
}
# Checks one peer's link lines for another seat: one of the expected kind, none of a kind the NATs forbid (a "direct"
# link through two NATs that filter is a lie), and a plausible rtt over the rough internet.
expect_link() {
  local from=$1 to=$2 seat=$3 kind=$4 lines rtt
  lines=$(grep -E "link seat $seat \($to\): " "$DIR/$from.out" || true)
  if [ -z "$lines" ] && [ "$kind" = relayed ]; then  # "A-C and/or B-C": one relayed pair in the logs is enough
    echo "note: $from logged no line for its link to $to (a relayed pair)"
    return 0
  fi
  [ -n "$lines" ] || { bad "$from logged no 'link seat $seat ($to): ...' line"; return 0; }
  [ "$kind" != relayed ] || RELAYED_SEEN=$((RELAYED_SEEN + 1))
  case $kind in
    direct) grep -qE ": direct\b" <<<"$lines" || bad "$from: expected a direct link to $to: $lines" ;;
    punched) grep -qE ": punched\b" <<<"$lines" || bad "$from: expected a punched link to $to: $lines"
             ! grep -qE ": direct\b" <<<"$lines" || bad "$from claims a direct link to $to through two filtering NATs: $lines" ;;
    relayed) grep -qE ": relayed via seat [0-9]+" <<<"$lines" || bad "$from: expected a relayed link to $to: $lines"
             ! grep -qE ": (direct|punched)\b" <<<"$lines" || bad "$from claims a direct or punched link to $to through a symmetric NAT: $lines" ;;
  esac
  if [ $LOSSY = 1 ] && [ "$kind" = direct ]; then
    rtt=$(sed -n 's/.*: direct, rtt \([0-9]*\) ms.*/\1/p' <<<"$lines" | head -n 1)
    [ -n "$rtt" ] && [ "$rtt" -ge 100 ] && [ "$rtt" -le 400 ] || bad "$from: rtt to $to should be 100-400 ms over the rough internet: $lines"
  fi
}
RELAYED_SEEN=0  # link lines of pairs that can only be relayed
for ((i = 0; i < SEATS; i++)); do
  for ((j = 0; j < SEATS; j++)); do
    [ $i = $j ] && continue
    a=${NAMES[$i]} b=${NAMES[$j]}
    [ "$a" = "$KILLED" ] && continue
    [ "$b" = "$KILLED" ] && continue
    # after a kill, relays are checked on alice's log above; a relay's own link lines are kinds as usual
    expect_link "$a" "$b" "$j" "$(link_kind "$a" "$b")"
  done
done
if [ "$VARIANT" = campaign ] || [ "$VARIANT" = relay-kill ]; then
  [ "$RELAYED_SEEN" -gt 0 ] || bad "no peer logged a relayed link (alice-carol or bob-carol can only be relayed)"
fi

# A host that left gives its port back (net/port_mapping.h: removed on exit).
if [ "$VARIANT" = campaign ] && [ -z "$KILLED" ]; then
  # The table's port only: the lossy variant's own echo probe maps 5999 by NAT-PMP and leaves it.
  left=$(netlab_exec rtr:host nft list chain inet netlab prerouting_miniupnpd | grep dnat | grep -c 'dport 27960' || true)
  [ "$left" = 0 ] && echo "the host's router holds no mapping after the game" ||
    bad "the host's router still holds $left UPnP/NAT-PMP mapping(s) after the host left"
fi
cp "$NETLAB_STATE"/logs/* "$DIR/" 2>/dev/null || true
if [ $fail = 0 ]; then
  echo "PASS (internet $VARIANT$([ $LOSSY = 1 ] && echo ', 150 ms RTT, 30 ms jitter, 2% loss'), $((SECONDS)) s)"
  if [ "${CONCORD_KEEP_LOGS:-0}" = 1 ]; then echo "logs kept in $DIR"; else rm -rf "$DIR"; fi
else
  echo "logs kept in $DIR"
fi
exit $fail
