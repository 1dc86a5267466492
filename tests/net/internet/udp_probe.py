#!/usr/bin/python3
"""Small UDP probes for the pretend internet (tests/net/internet, docs/net.md).

Each subcommand prints one result line a shell script can grep; none runs longer than its --seconds.
  reflect PORT                      answer every datagram with "seen IP:PORT" (a STUN-like mirror on the internet)
  observe LOCAL HOST:PORT           ask a reflector which public address our LOCAL port has: prints "observed IP:PORT"
  punch LOCAL HOST:PORT             send a hello to HOST:PORT every 100 ms (unless --listen-only) and count what
                                    comes back from exactly HOST:PORT: prints "punch from IP:PORT got N sent M"
  echo PORT                         answer every datagram with "echo " + its payload; prints each source seen
  ping LOCAL HOST:PORT              send --count pings, wait for echoes: prints "ping got N of M rtt avg A min L max H ms"
  blast LOCAL HOST:PORT             send --count datagrams, --interval ms apart
  count PORT                        count datagrams for --seconds: prints "count N"
  natpmp GATEWAY INTERNAL EXTERNAL  map a UDP port by NAT-PMP (RFC 6886): prints "natpmp public IP mapped UDP EXT -> INT"
"""
import argparse
import select
import socket
import struct
import sys
import time


def addr(s):
    host, _, port = s.rpartition(":")
    return host, int(port)


def sock(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", port))
    return s


def recv(s, timeout):
    """One datagram within timeout seconds, or None."""
    r, _, _ = select.select([s], [], [], max(timeout, 0))
    return s.recvfrom(2048) if r else None


def until(seconds):
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        yield left


def reflect(a):
    s = sock(a.port)
    print(f"reflecting on {a.port}", flush=True)
    for left in until(a.seconds):
        got = recv(s, left)
        if got:
            s.sendto(f"seen {got[1][0]}:{got[1][1]}".encode(), got[1])


def observe(a):
    s = sock(a.local)
    for left in until(a.seconds):
        s.sendto(b"who am i", addr(a.reflector))
        got = recv(s, min(left, 0.3))
        if got and got[0].startswith(b"seen "):
            print("observed " + got[0][5:].decode(), flush=True)
            return 0
    print("observed nothing", flush=True)
    return 1


def punch(a):
    s = sock(a.local)
    peer = addr(a.peer)
    got = sent = 0
    nextsend = 0.0
    for left in until(a.seconds):
        now = time.monotonic()
        if not a.listen_only and now >= nextsend:
            s.sendto(b"hello from the other side", peer)
            sent += 1
            nextsend = now + 0.1
        r = recv(s, min(left, 0.05))
        if r and r[1] == peer:
            got += 1
    print(f"punch from {peer[0]}:{peer[1]} got {got} sent {sent}", flush=True)
    return 0


def echo(a):
    s = sock(a.port)
    seen = set()
    for left in until(a.seconds):
        got = recv(s, left)
        if got:
            s.sendto(b"echo " + got[0], got[1])
            if got[1] not in seen:
                seen.add(got[1])
                print(f"echo from {got[1][0]}:{got[1][1]}", flush=True)


def ping(a):
    s = sock(a.local)
    target = addr(a.target)
    got = 0
    rtts = []
    for i in range(a.count):
        t0 = time.monotonic()
        s.sendto(f"ping {i}".encode(), target)
        for left in until(a.wait):
            r = recv(s, left)
            if r and r[0] == f"echo ping {i}".encode():
                got += 1
                rtts.append((time.monotonic() - t0) * 1000)
                break
    avg = sum(rtts) / len(rtts) if rtts else 0
    lo, hi = (min(rtts), max(rtts)) if rtts else (0, 0)
    print(f"ping got {got} of {a.count} rtt avg {avg:.0f} min {lo:.0f} max {hi:.0f} ms", flush=True)
    return 0 if got else 1


def blast(a):
    s = sock(a.local)
    target = addr(a.target)
    for i in range(a.count):
        s.sendto(f"blast {i}".encode(), target)
        time.sleep(a.interval / 1000)
    print(f"blast sent {a.count}", flush=True)


def count(a):
    s = sock(a.port)
    print(f"counting on {a.port}", flush=True)
    n = 0
    for left in until(a.seconds):
        if recv(s, left):
            n += 1
    print(f"count {n}", flush=True)


def natpmp(a):
    """RFC 6886: opcode 0 asks the public address, opcode 1 maps a UDP port."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("0.0.0.0", 0))
    gw = (a.gateway, 5351)

    def ask(req, want_len):
        for tries in range(4):
            s.sendto(req, gw)
            r = recv(s, 0.25 * (2 ** tries))
            if r and len(r[0]) >= want_len:
                return r[0]
        return None

    pub = ask(struct.pack("!BB", 0, 0), 12)
    if not pub:
        print("natpmp: no answer from the gateway", flush=True)
        return 1
    _, op, result, _epoch = struct.unpack("!BBHI", pub[:8])
    ip = socket.inet_ntoa(pub[8:12])
    m = ask(struct.pack("!BBHHHI", 0, 1, 0, a.internal, a.external, a.lifetime), 16)
    if not m:
        print("natpmp: no answer to the mapping request", flush=True)
        return 1
    _, op, result, _epoch, internal, external, life = struct.unpack("!BBHIHHI", m[:16])
    if result != 0:
        print(f"natpmp: mapping refused, result code {result}", flush=True)
        return 1
    print(f"natpmp public {ip} mapped UDP {external} -> {internal} lifetime {life}", flush=True)
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("reflect"); c.add_argument("port", type=int); c.add_argument("--seconds", type=float, default=3600); c.set_defaults(f=reflect)
    c = sub.add_parser("observe"); c.add_argument("local", type=int); c.add_argument("reflector"); c.add_argument("--seconds", type=float, default=3); c.set_defaults(f=observe)
    c = sub.add_parser("punch"); c.add_argument("local", type=int); c.add_argument("peer"); c.add_argument("--seconds", type=float, default=3)
    c.add_argument("--listen-only", action="store_true"); c.set_defaults(f=punch)
    c = sub.add_parser("echo"); c.add_argument("port", type=int); c.add_argument("--seconds", type=float, default=10); c.set_defaults(f=echo)
    c = sub.add_parser("ping"); c.add_argument("local", type=int); c.add_argument("target"); c.add_argument("--count", type=int, default=5)
    c.add_argument("--wait", type=float, default=0.5); c.set_defaults(f=ping)
    c = sub.add_parser("blast"); c.add_argument("local", type=int); c.add_argument("target"); c.add_argument("--count", type=int, default=1000)
    c.add_argument("--interval", type=float, default=1.0); c.set_defaults(f=blast)
    c = sub.add_parser("count"); c.add_argument("port", type=int); c.add_argument("--seconds", type=float, default=5); c.set_defaults(f=count)
    c = sub.add_parser("natpmp"); c.add_argument("gateway"); c.add_argument("internal", type=int); c.add_argument("external", type=int)
    c.add_argument("--lifetime", type=int, default=600); c.set_defaults(f=natpmp)
    a = p.parse_args()
    sys.exit(a.f(a) or 0)


if __name__ == "__main__":
    main()
