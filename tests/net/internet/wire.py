#!/usr/bin/python3
"""A bump in the wire: copies Ethernet frames between two interfaces, each one late by DELAY +- JITTER ms.

netlab.sh puts one between each router and the internet's bridge (netlab_delay). It is invisible to IP: no
addresses, no NAT, no rewritten ports, so hole punching, port mappings and relays behave as over a long cable.
(`concord chaos` cannot sit there: it relays between 127.0.0.1 ports only and rewrites every source address.)
tc netem would be the usual tool; this machine's kernel has no sch_netem.

usage: wire.py IF_A IF_B --delay MS [--jitter MS] [--seed N]   (runs until killed)
"""
import argparse
import heapq
import random
import select
import socket
import struct
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4


def open_raw(ifname):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.bind((ifname, 0))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
    s.setblocking(False)
    return s


def clear_udp_checksum(frame):
    """Frames captured before the sender's checksum offload ran carry a partial checksum that the receiver
    would refuse; over IPv4 a zero UDP checksum means "none", which every stack accepts."""
    if len(frame) < 34 or frame[12:14] != b"\x08\x00" or frame[23] != 17:
        return frame
    ihl = (frame[14] & 0x0F) * 4
    at = 14 + ihl + 6
    if len(frame) < at + 2:
        return frame
    return frame[:at] + b"\x00\x00" + frame[at + 2:]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--delay", type=float, required=True, help="one-way delay per crossing, ms")
    p.add_argument("--jitter", type=float, default=0, help="plus or minus this many ms, uniform")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)
    sa, sb = open_raw(a.a), open_raw(a.b)
    other = {sa: sb, sb: sa}
    queue = []  # (due, seq, out socket, frame)
    seq = 0
    forwarded = 0
    print(f"wire {a.a} <-> {a.b}: {a.delay} ms +- {a.jitter} ms", flush=True)
    while True:
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            _, _, out, frame = heapq.heappop(queue)
            try:
                out.send(frame)
                forwarded += 1
            except OSError:
                pass  # a full queue or a downed link drops the frame, as a cable would
        timeout = max(0.0, queue[0][0] - now) if queue else 1.0
        ready, _, _ = select.select([sa, sb], [], [], timeout)
        for s in ready:
            while True:
                try:
                    frame, where = s.recvfrom(65535)
                except BlockingIOError:
                    break
                if where[2] == PACKET_OUTGOING:  # our own sends, seen again on the way out
                    continue
                late = a.delay + (rng.uniform(-a.jitter, a.jitter) if a.jitter else 0)
                seq += 1
                heapq.heappush(queue, (time.monotonic() + max(late, 0) / 1000, seq, other[s], clear_udp_checksum(frame)))


if __name__ == "__main__":
    main()
