// concord_intruder: a hostile peer for the multi-process security tests (tests/net/security.sh).
// Test-only: it is built beside the tests, never installed, and not part of the `concord` CLI.
//
//   concord_intruder bundles --target HOST:PORT [--seconds S] [--every N]
//     Connects to a peer of a running table over the real secure channel with its own fresh identity
//     (no seat key), completes the handshake, asks to spectate (Spectate -> Game{session, seats}), joins
//     the mesh as a guest, and from the real bundles it is sent forges, for one seat every N turns:
//       own-key     the seat's bundle three turns ahead, signed with the intruder's key
//       forged-sig  the same turn with another body and 64 random bytes claiming the seat's key
//       tampered    the real bundle of the turn just seen with its orders altered, signature kept
//       wrong-game  an intruder-signed bundle with another game id
//       no-seat     an intruder-signed bundle for a seat the table does not have
//     and, over a raw ENet connection, a Hello that claims a seat's identity key (signature by the
//     intruder, so it cannot verify). Exits 0 once the table goes quiet if every kind was sent.
//     Probes (manual, not run by the tests): --slot-flood K sends K distinct intruder-signed candidates
//     for each seat's next two turns per real bundle seen; --far-future 1 sends, right after the game
//     description, a bundle for turn 1000.
//   concord_intruder flood --target HOST:PORT [--seconds S] [--rate N]
//     Sends N datagrams per second of garbage at one UDP port for S seconds (or until SIGTERM): random bytes of random
//     length, and ENet-shaped packets with a valid CRC32 (random commands, CONNECTs with random
//     connect ids, truncated headers); and once a second over an authenticated raw connection, one
//     sealed message followed by replays, truncations and bit flips of it.
//
// Every line it prints starts with "intruder:"; the last one is the summary the script parses.
#include <arpa/inet.h>
#include <enet/enet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lockstep/bundle.h"
#include "lockstep/crypto.h"
#include "lockstep/wire.h"
#include "net/enet_transport.h"
#include "net/lobby_msg.h"
#include "net/secure_channel.h"

namespace {

using namespace concord;
using lockstep::Bundle;
using lockstep::KeyPair;
using net::Address;

uint64_t nowMs() {
  static const auto start = std::chrono::steady_clock::now();
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
}

void say(const std::string& s) {
  std::printf("intruder: %s\n", s.c_str());
  std::fflush(stdout);
}

std::mt19937_64 rng{1};
std::atomic<bool> stopRequested{false};  // SIGTERM/SIGINT: stop and print the summary
uint8_t rbyte() { return static_cast<uint8_t>(rng()); }

// A raw ENet connection that speaks just enough of the Concord handshake to send arbitrary bytes:
// a forged Hello, or sealed packets and their replays.
struct RawLink {
  ENetHost* host = nullptr;
  ENetPeer* peer = nullptr;
  bool up = false;
  KeyPair key = KeyPair::generate();
  std::unique_ptr<net::SecureChannel> channel;
  std::vector<uint8_t> forgedHello;  // sent instead of our real hello when set
  uint64_t opened = 0;

  RawLink() {
    ENetAddress a{};
    enet_address_set_host_ip(&a, "127.0.0.1");
    a.port = 0;
    host = enet_host_create(&a, 1, 2, 0, 0);
    if (host) host->checksum = enet_crc32;
  }
  ~RawLink() {
    if (host) enet_host_destroy(host);
  }
  void connect(const Address& to) {
    ENetAddress a{};
    enet_address_set_host_ip(&a, to.host.c_str());
    a.port = to.port;
    channel = std::make_unique<net::SecureChannel>(key);
    up = false;
    opened = nowMs();
    peer = enet_host_connect(host, &a, 2, 0);
  }
  void sendRaw(const std::vector<uint8_t>& bytes, bool reliable) {
    if (!peer || !up) return;
    ENetPacket* p = enet_packet_create(bytes.data(), bytes.size(), reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
    if (enet_peer_send(peer, reliable ? 1 : 0, p) != 0) enet_packet_destroy(p);
  }
  void service() {
    ENetEvent ev;
    while (host && enet_host_service(host, &ev, 0) > 0) {
      if (ev.type == ENET_EVENT_TYPE_CONNECT) {
        up = true;
        sendRaw(forgedHello.empty() ? channel->hello() : forgedHello, true);
      } else if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
        std::span<const uint8_t> b(ev.packet->data, ev.packet->dataLength);
        if (net::packetKind(b) == net::kPacketHello && !channel->established()) (void)channel->acceptHello(b);
        enet_packet_destroy(ev.packet);
      } else if (ev.type == ENET_EVENT_TYPE_DISCONNECT) {
        up = false;
        peer = nullptr;
      }
    }
    enet_host_flush(host);
  }
};

std::optional<Address> parseTarget(const std::string& s) {
  auto a = net::parseAddress(s, 27960);
  if (!a) return std::nullopt;
  return *a;
}

// ---- bundles ----

struct Probes {
  uint32_t slotFlood = 0;  // per real bundle: this many distinct forged candidates for each of the next 2 turns
  bool farFuture = false;  // right after the game description: a bundle far beyond the window
};

int runBundles(const Address& target, uint64_t seconds, uint32_t every, const Probes& probes) {
  const KeyPair me = KeyPair::generate();
  auto created = net::EnetTransport::create(me, Address{"127.0.0.1", 0});
  if (!created) return say("cannot bind: " + created.message()), 2;
  auto& t = **created;
  t.setSelf(static_cast<lockstep::PeerId>(net::kGuestIdBase - 2));
  t.onReject = [](const std::string& l) { say("(our side) " + l); };
  say("identity [" + me.publicKey.fingerprint() + "] (no seat key) connecting to " + target.text());
  if (auto r = t.connect(target); !r) return say(r.message()), 2;

  std::optional<net::GameMsg> game;
  det::Hash128 gid;
  std::map<Seat, Bundle> latest;
  std::map<std::string, uint64_t> sent;
  uint64_t realSeen = 0, lastReal = 0, nextSpectate = 0;
  bool handshook = false;
  RawLink forger;
  bool forgedHelloSent = false;
  lockstep::PublicKey claimed;
  const uint64_t deadline = seconds * 1000;

  auto forge = [&](const Bundle& real) {
    const auto& seats = game->session.seats;
    Bundle own = real;  // the seat's bundle three turns ahead (still pending everywhere), signed by us
    own.turn = real.turn + 3;
    own.chain = real.bodyHash();
    own.signWith(me);
    Bundle fake = own;  // another body claiming the seat's key, with a signature nobody made
    fake.prevSeal = det::Hash128{rng(), rng()};
    for (auto& b : fake.signature.bytes) b = rbyte();
    Bundle tampered = real;  // the turn just played, orders altered, the owner's signature kept
    tampered.orders.push_back(Order{1, {rbyte(), rbyte()}});
    Bundle wrong = own;
    wrong.gameId.lo ^= 0x5a5a5a5a;
    wrong.signWith(me);
    Bundle noSeat = own;
    noSeat.seat = static_cast<Seat>(seats.size() + 3);
    noSeat.signWith(me);
    const std::pair<const char*, const Bundle*> all[] = {
        {"own-key", &own}, {"forged-sig", &fake}, {"tampered", &tampered}, {"wrong-game", &wrong}, {"no-seat", &noSeat}};
    for (const auto& [kind, b] : all) {
      t.broadcast(lockstep::encodeWire(lockstep::BundleMsg{*b}));
      if (sent[kind]++ == 0)
        say(std::string("sent a ") + kind + " bundle (turn " + std::to_string(b->turn) + " seat " + std::to_string(b->seat) +
            ") to " + std::to_string(t.connectedKeys().size()) + " peers");
    }
  };

  while (nowMs() < deadline && !stopRequested) {
    const uint64_t n = nowMs();
    t.pump(n, 2);
    forger.service();
    const auto keys = t.connectedKeys();
    if (!handshook && !keys.empty()) {
      handshook = true;
      say("handshake complete with [" + keys.front().fingerprint() + "]; asking to spectate");
    }
    if (!game && handshook && n >= nextSpectate) {
      nextSpectate = n + (probes.farFuture ? 20 : 500);
      for (const auto& k : keys) t.sendControl(k, net::encodeLobby(net::SpectateMsg{"intruder"}));
    }
    while (auto c = t.pollControl()) {
      auto m = net::decodeLobby(c->bytes);
      if (!m || game) continue;
      auto* g = std::get_if<net::GameMsg>(&*m);
      if (!g) continue;
      game = *g;
      gid = game->session.gameId();
      say("accepted as a spectator by [" + c->from.fingerprint() + "]: game " + gid.hex() + ", " +
          std::to_string(game->seats.size()) + " seats; joining the mesh as a guest");
      for (size_t s = 0; s < game->seats.size(); ++s) {
        const auto& st = game->seats[s];
        if (st.kind != net::SeatKind::Human) continue;
        t.assign(st.key, static_cast<lockstep::PeerId>(s));
        if (st.key != c->from) t.want(st.key, Address{st.host.empty() ? target.host : st.host, st.port});
      }
      // A raw connection whose Hello claims another seat's identity (we cannot sign for it).
      for (const auto& st : game->seats)
        if (st.kind == net::SeatKind::Human && st.key != c->from) claimed = st.key;
      net::SecureChannel mine(forger.key);
      forger.forgedHello = mine.hello();
      std::memcpy(forger.forgedHello.data() + 4, claimed.bytes.data(), 32);
      forger.connect(target);
      if (probes.farFuture) {
        Bundle far;
        far.gameId = gid;
        far.turn = 1000;
        far.seat = 0;
        far.signWith(me);
        for (int i = 0; i < 50; ++i) {
          t.pump(nowMs(), 1);
          t.broadcast(lockstep::encodeWire(lockstep::BundleMsg{far}));
        }
        ++sent["far-future"];
        say("probe: sent a bundle for turn 1000 (far beyond the window) to " + std::to_string(t.connectedKeys().size()) + " peers");
      }
    }
    if (forger.up && !forgedHelloSent) {
      forgedHelloSent = true;
      ++sent["forged-hello"];
      say("sent a Hello claiming another seat's identity [" + claimed.fingerprint() + "]");
    }
    while (auto d = t.poll()) {
      auto m = lockstep::decodeWire(d->bytes);
      if (!m || !game) continue;
      auto* bm = std::get_if<lockstep::BundleMsg>(&*m);
      if (!bm || bm->bundle.gameId != gid || bm->bundle.seat >= game->session.seats.size()) continue;
      const Bundle& b = bm->bundle;
      ++realSeen;
      lastReal = n;
      auto it = latest.find(b.seat);
      if (it != latest.end() && it->second.turn >= b.turn) continue;
      latest[b.seat] = b;
      if (probes.slotFlood > 0)
        for (uint32_t ahead = 1; ahead <= 2; ++ahead)
          for (uint32_t k = 0; k < probes.slotFlood; ++k) {
            Bundle f = b;
            f.turn = b.turn + ahead;
            f.prevSeal = det::Hash128{rng(), rng()};
            f.signWith(me);
            t.broadcast(lockstep::encodeWire(lockstep::BundleMsg{f}));
            ++sent["slot-flood"];
          }
      // One seat every `every` turns, rotating through the seats: enough to hit every peer and
      // every seat, without making the logs the bottleneck.
      if (b.turn % every == 0 && b.seat == (b.turn / every) % game->session.seats.size()) forge(b);
    }
    if (game && realSeen > 0 && n > lastReal + 3000) {
      say("the table is quiet (game over)");
      break;
    }
  }
  std::string summary;
  bool all = true;
  for (const char* k : {"own-key", "forged-sig", "tampered", "wrong-game", "no-seat", "forged-hello"}) {
    summary += std::string(" ") + k + " " + std::to_string(sent[k]);
    all = all && sent[k] > 0;
  }
  if (probes.slotFlood) summary += " slot-flood " + std::to_string(sent["slot-flood"]);
  if (probes.farFuture) summary += " far-future " + std::to_string(sent["far-future"]);
  say("SUMMARY mode bundles identity " + me.publicKey.fingerprint() + " spectator " + (game ? "1" : "0") +
      " real-bundles-seen " + std::to_string(realSeen) + summary);
  return game && all ? 0 : 1;
}

// ---- flood ----

bool floodConnects = true;  // --connects 0: no CONNECT commands among the ENet-shaped packets

std::vector<uint8_t> enetShaped() {
  // ENet wire: u16 peerID|flags, u16 sentTime, u32 CRC32 (host->checksum on), commands.
  std::vector<uint8_t> p;
  int kind = static_cast<int>(rng() % 4);
  if (kind == 1 && !floodConnects) kind = 3;
  uint16_t peerId = kind == 0 ? static_cast<uint16_t>(rng() % 128) : 0x0FFF;  // 0xFFF: "no peer yet"
  peerId |= 0x8000;                                                           // sent-time flag
  peerId |= static_cast<uint16_t>((rng() % 4) << 12);                          // session bits
  p.push_back(static_cast<uint8_t>(peerId >> 8));
  p.push_back(static_cast<uint8_t>(peerId));
  p.push_back(rbyte());
  p.push_back(rbyte());
  p.insert(p.end(), 4, 0);  // checksum, filled below
  if (kind == 1) {
    // CONNECT (command 2 | acknowledge) with plausible fields and a random connect id.
    const uint8_t cmd[] = {0x82, 0xFF, 0, 1};
    p.insert(p.end(), cmd, cmd + 4);
    auto u16 = [&](uint16_t v) { p.push_back(static_cast<uint8_t>(v >> 8)); p.push_back(static_cast<uint8_t>(v)); };
    auto u32 = [&](uint32_t v) { u16(static_cast<uint16_t>(v >> 16)); u16(static_cast<uint16_t>(v)); };
    u16(static_cast<uint16_t>(rng() % 4096));  // outgoingPeerID
    p.push_back(0xFF);
    p.push_back(0xFF);                           // session ids
    u32(1400);                                   // mtu
    u32(65536);                                  // window
    u32(2);                                      // channels
    u32(0);
    u32(0);                                      // bandwidths
    u32(5000);
    u32(2);
    u32(2);                                      // throttle
    u32(static_cast<uint32_t>(rng()));           // connectID
    u32(0);                                      // data
  } else if (kind == 2) {
    // Truncated: a header and part of a command.
    const size_t extra = rng() % 6;
    for (size_t i = 0; i < extra; ++i) p.push_back(rbyte());
  } else {
    // Random commands (any command number, random bodies).
    const size_t commands = 1 + rng() % 3;
    for (size_t c = 0; c < commands; ++c) {
      p.push_back(static_cast<uint8_t>((rng() % 13) | (rng() % 2 ? 0x80 : 0) | (rng() % 4 == 0 ? 0x40 : 0)));
      p.push_back(static_cast<uint8_t>(rng() % 3));
      const size_t body = 2 + rng() % 60;
      for (size_t i = 0; i < body; ++i) p.push_back(rbyte());
    }
  }
  ENetBuffer buf{};
  buf.data = p.data();
  buf.dataLength = p.size();
  const enet_uint32 crc = enet_crc32(&buf, 1);
  std::memcpy(p.data() + 4, &crc, 4);
  return p;
}

int runFlood(const Address& target, uint64_t seconds, uint64_t rate) {
  constexpr int kSockets = 4;
  int fds[kSockets];
  for (int& fd : fds) {
    fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) return say("socket failed"), 2;
  }
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(target.port);
  if (::inet_pton(AF_INET, target.host.c_str(), &to.sin_addr) != 1) return say("bad target " + target.text()), 2;
  if ((ntohl(to.sin_addr.s_addr) >> 24) != 127) return say("refusing to flood a non-loopback address"), 2;
  say("flooding " + target.text() + " for " + std::to_string(seconds) + " s at " + std::to_string(rate) + " datagrams/s");

  RawLink link;
  uint64_t garbage = 0, shaped = 0, sendErrors = 0, sealedOk = 0, replays = 0, truncated = 0, flipped = 0, handshakes = 0;
  uint64_t nextBurst = 0, nextConnect = 0;
  // The authenticated connection first: once the CONNECT flood has taken every free ENet slot of the
  // target (128, all from our address) no new connection gets in until they time out.
  link.connect(target);
  ++handshakes;
  for (uint64_t until = nowMs() + 3000; nowMs() < until && !(link.up && link.channel->established());)
    link.service(), std::this_thread::sleep_for(std::chrono::milliseconds(2));
  say(std::string("authenticated connection ") + (link.up && link.channel->established() ? "established" : "not established"));
  const uint64_t started = nowMs(), end = started + seconds * 1000;
  const uint64_t perTick = std::max<uint64_t>(1, rate / 200);  // 5 ms ticks
  std::vector<uint8_t> junk(1400);
  while (nowMs() < end && !stopRequested) {
    const uint64_t tick = nowMs();
    for (uint64_t i = 0; i < perTick; ++i) {
      std::vector<uint8_t> pkt;
      const uint8_t* data;
      size_t len;
      if (rng() % 3 == 0) {
        pkt = enetShaped();
        data = pkt.data();
        len = pkt.size();
        ++shaped;
      } else {
        len = rng() % junk.size();
        for (size_t k = 0; k < len; ++k) junk[k] = rbyte();
        data = junk.data();
        ++garbage;
      }
      int fd = fds[rng() % kSockets];
      if (::sendto(fd, data, len, MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&to), sizeof to) < 0) ++sendErrors;
    }
    // The authenticated part: one sealed message, then replays, truncations and bit flips of it.
    link.service();
    if (!link.peer && tick >= nextConnect) {
      nextConnect = tick + 500;
      link.connect(target);
      ++handshakes;
    }
    if (link.up && link.channel->established() && tick >= nextBurst) {
      nextBurst = tick + 1000;
      std::vector<uint8_t> plain{0};  // game plane
      auto req = lockstep::encodeWire(lockstep::BundleRequest{0, 0});
      plain.insert(plain.end(), req.begin(), req.end());
      auto sealed = link.channel->seal(plain);
      link.sendRaw(sealed, false);
      ++sealedOk;
      for (int r = 0; r < 20; ++r, ++replays) link.sendRaw(sealed, false);
      for (int r = 0; r < 10; ++r, ++truncated) {
        auto cut = sealed;
        cut.resize(net::kDataOverhead + rng() % (sealed.size() - net::kDataOverhead));
        link.sendRaw(cut, false);
      }
      for (int r = 0; r < 10; ++r, ++flipped) {
        auto bad = sealed;
        bad[rng() % bad.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
        link.sendRaw(bad, false);
      }
      link.service();
    }
    const uint64_t spent = nowMs() - tick;
    if (spent < 5) std::this_thread::sleep_for(std::chrono::milliseconds(5 - spent));
  }
  for (int fd : fds) ::close(fd);
  say("SUMMARY mode flood datagrams " + std::to_string(garbage + shaped) + " random " + std::to_string(garbage) +
      " enet-shaped " + std::to_string(shaped) + " send-errors " + std::to_string(sendErrors) + " connections " +
      std::to_string(handshakes) + " sealed " + std::to_string(sealedOk) + " replays " + std::to_string(replays) +
      " truncated " + std::to_string(truncated) + " bit-flipped " + std::to_string(flipped) + " ms " +
      std::to_string(nowMs() - started));
  return 0;
}

int usage() {
  std::fprintf(stderr,
               "usage: concord_intruder bundles --target HOST:PORT [--seconds S] [--every N] [--seed N]\n"
               "                                [--slot-flood K] [--far-future 1]   (probes, not run in CI)\n"
               "       concord_intruder flood --target HOST:PORT [--seconds S] [--rate N] [--connects 0|1] [--seed N]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string mode = argv[1];
  std::optional<Address> target;
  uint64_t seconds = 60, rate = 20000, seed = 1;
  uint32_t every = 4;
  Probes probes;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--target") target = parseTarget(v);
    else if (a == "--seconds") seconds = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--rate") rate = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--every") every = static_cast<uint32_t>(std::max(1ull, std::strtoull(v.c_str(), nullptr, 10)));
    else if (a == "--slot-flood") probes.slotFlood = static_cast<uint32_t>(std::strtoul(v.c_str(), nullptr, 10));
    else if (a == "--far-future") probes.farFuture = v == "1";
    else if (a == "--connects") floodConnects = v != "0";
    else if (a == "--seed") seed = std::strtoull(v.c_str(), nullptr, 10);
    else return usage();
  }
  if (!target || target->host.rfind("127.", 0) != 0) {
    std::fprintf(stderr, "concord_intruder: --target must be a 127.x.x.x address\n");
    return usage();
  }
  rng.seed(seed);
  std::signal(SIGTERM, [](int) { stopRequested = true; });
  std::signal(SIGINT, [](int) { stopRequested = true; });
  if (enet_initialize() != 0) return say("ENet failed to initialise"), 2;
  std::atexit(enet_deinitialize);
  if (mode == "bundles") return runBundles(*target, seconds, every, probes);
  if (mode == "flood") return runFlood(*target, seconds, rate);
  return usage();
}
