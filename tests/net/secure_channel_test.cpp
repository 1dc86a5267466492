// SecureChannel and EnetTransport security: modified, replayed, forged and garbage packets are refused
// and reported; identities persist with mode 0600; lobby decoding is strict.
#include <gtest/gtest.h>
#include <arpa/inet.h>
#include <enet/enet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "lockstep/crypto.h"
#include "net/enet_transport.h"
#include "net/identity.h"
#include "tests/support/temp_dir.h"
#include "net/lobby_msg.h"
#include "net/secure_channel.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;

struct Pair {
  KeyPair a = KeyPair::fromLabel("net-test:a"), b = KeyPair::fromLabel("net-test:b");
  SecureChannel ca{a}, cb{b};
  Pair() {
    EXPECT_TRUE(ca.acceptHello(cb.hello()));
    EXPECT_TRUE(cb.acceptHello(ca.hello()));
  }
};

std::vector<uint8_t> bytes(std::string_view s) { return {s.begin(), s.end()}; }

TEST(SecureChannel, RoundTripsBothWays) {
  Pair p;
  EXPECT_EQ(*p.ca.remote(), p.b.publicKey);
  auto x = p.cb.open(p.ca.seal(bytes("orders")));
  ASSERT_TRUE(x) << x.message();
  EXPECT_EQ(*x, bytes("orders"));
  auto y = p.ca.open(p.cb.seal(bytes("reply")));
  ASSERT_TRUE(y) << y.message();
  EXPECT_EQ(*y, bytes("reply"));
}

TEST(SecureChannel, RefusesReplayedPackets) {
  Pair p;
  auto pkt = p.ca.seal(bytes("bundle"));
  ASSERT_TRUE(p.cb.open(pkt));
  auto again = p.cb.open(pkt);
  ASSERT_FALSE(again);
  EXPECT_NE(again.message().find("replay"), std::string::npos) << again.message();
}

TEST(SecureChannel, AcceptsReorderingWithinTheWindowButNotOldPackets) {
  Pair p;
  auto first = p.ca.seal(bytes("1"));
  std::vector<std::vector<uint8_t>> later;
  for (int i = 0; i < 10; ++i) later.push_back(p.ca.seal(bytes("x")));
  for (auto& l : later) ASSERT_TRUE(p.cb.open(l));
  EXPECT_TRUE(p.cb.open(first));  // late but within the window
  auto old = p.ca.seal(bytes("old"));
  for (uint64_t i = 0; i < kReplayWindow + 5; ++i) ASSERT_TRUE(p.cb.open(p.ca.seal(bytes("y"))));
  EXPECT_FALSE(p.cb.open(old));  // too old: beyond the window
}

// Issue 10: an ordered (ENet reliable) packet is delivered once and in order however late; it is checked against
// the ordered stream, not the unordered window, so 2000 unordered packets opened before it do not make it "too old".
// Replays stay refused on both streams, and an ordered packet never opens as an unordered one (separate nonces).
TEST(SecureChannel, AnOrderedPacketIsNeverTooOldButItsReplaysAreRefused) {
  Pair p;
  auto first = p.ca.seal(bytes("snapshot"), Stream::Ordered);
  auto second = p.ca.seal(bytes("history"), Stream::Ordered);
  for (int i = 0; i < 2000; ++i) ASSERT_TRUE(p.cb.open(p.ca.seal(bytes("request"))));
  auto x = p.cb.open(first);
  ASSERT_TRUE(x) << x.message();
  EXPECT_EQ(*x, bytes("snapshot"));
  auto again = p.cb.open(first);
  ASSERT_FALSE(again);
  EXPECT_NE(again.message().find("is a replay"), std::string::npos) << again.message();
  ASSERT_TRUE(p.cb.open(second));
  EXPECT_FALSE(p.cb.open(first)) << "an ordered packet older than the last one opened";
  auto later = p.cb.open(p.ca.seal(bytes("u")));  // the unordered window is unchanged
  ASSERT_TRUE(later) << later.message();
  auto swapped = p.ca.seal(bytes("z"), Stream::Ordered);
  swapped[10] &= 0x7f;  // claim the unordered stream: the header is authenticated
  EXPECT_FALSE(p.cb.open(swapped));
}

TEST(SecureChannel, RefusesModifiedPacketsAtEveryByte) {
  Pair p;
  auto pkt = p.ca.seal(bytes("a bundle of orders"));
  for (size_t i = 0; i < pkt.size(); ++i) {
    auto bad = pkt;
    bad[i] ^= 0x01;
    EXPECT_FALSE(p.cb.open(bad)) << "flipped byte " << i;
  }
  EXPECT_TRUE(p.cb.open(pkt));  // the original still opens: forgeries did not move the window
}

TEST(SecureChannel, RefusesPacketsFromAThirdParty) {
  Pair p;
  KeyPair c = KeyPair::fromLabel("net-test:c");
  SecureChannel cc{c}, cb2{p.b};
  ASSERT_TRUE(cc.acceptHello(cb2.hello()));
  // c talks to b's other channel; its packets mean nothing on the a<->b channel.
  EXPECT_FALSE(p.cb.open(cc.seal(bytes("inject"))));
}

TEST(SecureChannel, RefusesForgedOrSecondHellos) {
  KeyPair a = KeyPair::fromLabel("net-test:a"), b = KeyPair::fromLabel("net-test:b");
  SecureChannel ca{a}, cb{b};
  auto h = ca.hello();
  auto forged = h;
  forged[40] ^= 1;  // the kx key, so the signature no longer covers it
  EXPECT_FALSE(cb.acceptHello(forged));
  EXPECT_FALSE(cb.acceptHello(std::vector<uint8_t>(kHelloBytes, 0)));
  ASSERT_TRUE(cb.acceptHello(h));
  EXPECT_FALSE(cb.acceptHello(h));
  SecureChannel self{b};
  EXPECT_FALSE(self.acceptHello(cb.hello()));
}

TEST(SecureChannel, GarbageNeverOpens) {
  Pair p;
  uint64_t x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    std::vector<uint8_t> g((x >> 33) % 200);
    for (auto& c : g) {
      x = x * 6364136223846793005ull + 1;
      c = static_cast<uint8_t>(x >> 56);
    }
    if (g.size() >= 3 && i % 2) g[0] = 'C', g[1] = 'N', g[2] = kPacketData;
    EXPECT_FALSE(p.cb.open(g));
  }
}

TEST(Identity, CreatedOnceWithMode0600AndReloaded) {
  const concord::testing::TempDir dir("identity");
  auto path = (dir / "sub" / "identity.key").string();
  auto k1 = loadOrCreateIdentity(path);
  ASSERT_TRUE(k1) << k1.message();
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  auto k2 = loadOrCreateIdentity(path);
  ASSERT_TRUE(k2);
  EXPECT_EQ(k1->publicKey, k2->publicKey);
  ::chmod(path.c_str(), 0644);
  EXPECT_FALSE(loadOrCreateIdentity(path));
}

TEST(Lobby, StrictDecoding) {
  auto ok = encodeLobby(JoinMsg{"ann", 4000, false});
  auto d = decodeLobby(ok);
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(std::get<JoinMsg>(*d).name, "ann");
  auto trailing = ok;
  trailing.push_back(0);
  EXPECT_FALSE(decodeLobby(trailing));
  for (size_t n = 0; n < ok.size(); ++n) EXPECT_FALSE(decodeLobby(std::span(ok).first(n)));
}

// Two real transports on loopback: a datagram arrives authenticated; a third, unauthenticated UDP
// socket flooding garbage at the port is refused without disturbing the pair.
TEST(EnetTransport, DeliversOverLoopbackAndSurvivesGarbage) {
  auto a = EnetTransport::create(KeyPair::fromLabel("net-test:a"), Address{"127.0.0.1", 0});
  auto b = EnetTransport::create(KeyPair::fromLabel("net-test:b"), Address{"127.0.0.1", 0});
  ASSERT_TRUE(a && b);
  (*b)->assign(KeyPair::fromLabel("net-test:a").publicKey, 7);
  ASSERT_TRUE((*a)->connect(Address{"127.0.0.1", (*b)->port()}));
  uint64_t t = 0;
  for (; t < 3000 && !(*a)->connected(KeyPair::fromLabel("net-test:b").publicKey); t += 5) {
    (*a)->pump(t, 2);
    (*b)->pump(t, 2);
  }
  ASSERT_TRUE((*a)->connected(KeyPair::fromLabel("net-test:b").publicKey));
  (*a)->assign(KeyPair::fromLabel("net-test:b").publicKey, 1);
  // Garbage from a raw socket: ENet-level junk and fake Concord headers.
  int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  to.sin_port = htons((*b)->port());
  std::vector<uint8_t> junk(300);
  for (int i = 0; i < 2000; ++i) {
    for (size_t k = 0; k < junk.size(); ++k) junk[k] = static_cast<uint8_t>(static_cast<size_t>(i) * 31 + k * 7);
    ::sendto(fd, junk.data(), static_cast<size_t>(i % 300), 0, reinterpret_cast<sockaddr*>(&to), sizeof to);
    if (i % 100 == 0) (*b)->pump(t, 0);
  }
  ::close(fd);
  std::vector<uint8_t> msg{1, 2, 3};
  (*a)->send(1, msg);
  std::optional<lockstep::Datagram> got;
  for (uint64_t u = 0; u < 2000 && !got; u += 5) {
    (*a)->pump(t + u, 1);
    (*b)->pump(t + u, 1);
    got = (*b)->poll();
  }
  ASSERT_TRUE(got);
  EXPECT_EQ(got->from, 7);
  EXPECT_EQ(got->bytes, msg);
}

// One identity with two links to us (a joiner that retried its connect, a restarted peer): when the
// link we send on goes away, the other one carries on. Before, the identity looked disconnected and
// every control message to it was silently not sent (CI: net_table_8_chaos stuck in seeding).
TEST(EnetTransport, AnIdentityWithTwoLinksStaysReachableWhenOneCloses) {
  const KeyPair k = KeyPair::fromLabel("net-test:twice"), hub = KeyPair::fromLabel("net-test:hub");
  auto b = EnetTransport::create(hub, Address{"127.0.0.1", 0});
  auto a1 = EnetTransport::create(k, Address{"127.0.0.1", 0});
  ASSERT_TRUE(b && a1);
  uint64_t t = 0;
  auto pumpAll = [&](EnetTransport* x, EnetTransport* y, uint64_t ms) {
    for (uint64_t u = 0; u < ms; u += 5, t += 5) {
      x->pump(t, 1);
      if (y) y->pump(t, 1);
    }
  };
  ASSERT_TRUE((*a1)->connect(Address{"127.0.0.1", (*b)->port()}));
  for (int i = 0; i < 600 && !(*a1)->connected(hub.publicKey); ++i) pumpAll(a1->get(), b->get(), 5);
  ASSERT_TRUE((*b)->connected(k.publicKey));
  {
    auto a2 = EnetTransport::create(k, Address{"127.0.0.1", 0});  // the same identity, a second link
    ASSERT_TRUE(a2);
    ASSERT_TRUE((*a2)->connect(Address{"127.0.0.1", (*b)->port()}));
    for (int i = 0; i < 600 && !(*a2)->connected(hub.publicKey); ++i) {
      pumpAll(a2->get(), b->get(), 5);
      (*a1)->pump(t, 0);
    }
    ASSERT_TRUE((*a2)->connected(hub.publicKey));
    pumpAll(a2->get(), b->get(), 100);  // b has taken the newer link for k
  }  // the second link closes (a goodbye is sent)
  pumpAll(a1->get(), b->get(), 500);
  EXPECT_TRUE((*b)->connected(k.publicKey)) << "the first link is still up";
  const std::vector<uint8_t> msg{9, 8, 7};
  ASSERT_TRUE((*b)->sendControl(k.publicKey, msg));
  std::optional<ControlMessage> got;
  for (int i = 0; i < 400 && !got; ++i) {
    pumpAll(a1->get(), b->get(), 5);
    got = (*a1)->pollControl();
  }
  ASSERT_TRUE(got) << "the control message did not arrive on the remaining link";
  EXPECT_EQ(got->bytes, msg);
  EXPECT_EQ(got->from, hub.publicKey);
}

// Issue 10 drill: restarted peers logged floods of `data packet before the handshake`. On every new link the remote
// may get our hello and seal data before its own hello (another ENet channel, retransmitted under loss) reaches us:
// expected traffic, not an attack. It is neither logged nor struck now, and is opened once the hello arrives.
TEST(EnetTransport, DataThatOvertakesItsLinksHelloIsKeptNotLoggedAsAnAttack) {
  const KeyPair hub = KeyPair::fromLabel("net-test:hub-early"), joiner = KeyPair::fromLabel("net-test:joiner-early");
  auto a = EnetTransport::create(hub, Address{"127.0.0.1", 0});
  ASSERT_TRUE(a);
  std::vector<std::string> refused;
  (*a)->onReject = [&](const std::string& l) { refused.push_back(l); };
  ENetAddress local{};
  enet_address_set_host_ip(&local, "127.0.0.1");
  ENetHost* raw = enet_host_create(&local, 1, 2, 0, 0);
  ASSERT_NE(raw, nullptr);
  raw->checksum = enet_crc32;
  ENetAddress to{};
  enet_address_set_host_ip(&to, "127.0.0.1");
  to.port = (*a)->port();
  ENetPeer* link = enet_host_connect(raw, &to, 2, 0);
  ASSERT_NE(link, nullptr);
  SecureChannel ours(joiner);
  auto send = [&](const std::vector<uint8_t>& b, bool reliable) {
    ENetPacket* p = enet_packet_create(b.data(), b.size(), reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
    if (enet_peer_send(link, reliable ? 1 : 0, p) != 0) enet_packet_destroy(p);
    enet_host_flush(raw);
  };
  uint64_t t = 0;
  auto pump = [&](int rounds) {
    for (int i = 0; i < rounds; ++i, t += 5) {
      (*a)->pump(t, 1);
      ENetEvent ev;
      while (enet_host_service(raw, &ev, 1) > 0) {
        if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
          std::span<const uint8_t> b(ev.packet->data, ev.packet->dataLength);
          if (packetKind(b) == kPacketHello && !ours.established()) {
            EXPECT_TRUE(ours.acceptHello(b));
          }
          enet_packet_destroy(ev.packet);
        }
      }
    }
  };
  for (int i = 0; i < 400 && !ours.established(); ++i) pump(1);  // we have the hub's hello; it lacks ours
  ASSERT_TRUE(ours.established());
  const std::vector<uint8_t> early{0, 42, 43}, later{0, 44};  // plane 0 (game), then the payload
  send(ours.seal(early), false);
  pump(20);
  EXPECT_EQ((*a)->stats().earlyPackets, 1u);
  send(ours.hello(), true);
  send(ours.seal(later), false);
  std::vector<std::vector<uint8_t>> got;
  for (int i = 0; i < 400 && got.size() < 2; ++i) {
    pump(1);
    while (auto d = (*a)->poll()) got.push_back(d->bytes);
  }
  enet_host_destroy(raw);
  ASSERT_EQ(got.size(), 2u) << "the data that overtook the hello was lost";
  EXPECT_EQ(got[0], std::vector<uint8_t>(early.begin() + 1, early.end()));
  EXPECT_EQ(got[1], std::vector<uint8_t>(later.begin() + 1, later.end()));
  EXPECT_EQ(refused.size(), 0u) << (refused.empty() ? std::string() : refused.front());
  EXPECT_EQ((*a)->stats().rejectedPackets, 0u);
}

// A raw ENet link with our own SecureChannel to an EnetTransport: the test decides what is sealed, when, and on
// which ENet channel (reliable on 1, unsequenced on 0, as EnetTransport sends).
struct RawLink {
  SecureChannel ours;
  ENetHost* raw = nullptr;
  ENetPeer* link = nullptr;
  explicit RawLink(const KeyPair& k, uint16_t port) : ours(k) {
    ENetAddress local{};
    enet_address_set_host_ip(&local, "127.0.0.1");
    raw = enet_host_create(&local, 1, 2, 0, 0);
    raw->checksum = enet_crc32;
    ENetAddress to{};
    enet_address_set_host_ip(&to, "127.0.0.1");
    to.port = port;
    link = enet_host_connect(raw, &to, 2, 0);
  }
  ~RawLink() { enet_host_destroy(raw); }
  void send(const std::vector<uint8_t>& b, bool reliable) {
    ENetPacket* p = enet_packet_create(b.data(), b.size(), reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
    if (enet_peer_send(link, reliable ? 1 : 0, p) != 0) enet_packet_destroy(p);
    enet_host_flush(raw);
  }
  void service() {  // takes the remote's hello; sends ours once we have it
    ENetEvent ev;
    while (enet_host_service(raw, &ev, 1) > 0) {
      if (ev.type != ENET_EVENT_TYPE_RECEIVE) continue;
      std::span<const uint8_t> b(ev.packet->data, ev.packet->dataLength);
      if (packetKind(b) == kPacketHello && !ours.established() && ours.acceptHello(b)) send(ours.hello(), true);
      enet_packet_destroy(ev.packet);
    }
  }
};

// Issue 10 drill: after a peer restarted (or resynced), the others logged `packet N is a replay or too old` and
// struck the link. Catch-up traffic is many small unsequenced packets and a few large reliable ones; under loss ENet
// retransmits a reliable packet (and holds every later reliable one behind it) for seconds while more than 1024
// unsequenced packets sealed after it arrive, so it came in "too old" although ENet delivers each reliable packet
// once and in order. Here the reliable packet is held back on purpose; it must arrive, unlogged, while a real
// replay of an unsequenced packet is still refused and logged.
TEST(EnetTransport, AReliablePacketOvertakenByManyUnsequencedOnesIsNotTooOld) {
  const KeyPair hub = KeyPair::fromLabel("net-test:hub-held"), peer = KeyPair::fromLabel("net-test:peer-held");
  auto a = EnetTransport::create(hub, Address{"127.0.0.1", 0});
  ASSERT_TRUE(a);
  std::vector<std::string> refused;
  (*a)->onReject = [&](const std::string& l) { refused.push_back(l); };
  RawLink r(peer, (*a)->port());
  ASSERT_NE(r.link, nullptr);
  uint64_t t = 0;
  auto pump = [&](int rounds) {
    for (int i = 0; i < rounds; ++i, t += 5) {
      (*a)->pump(t, 1);
      r.service();
    }
  };
  for (int i = 0; i < 400 && !(*a)->connected(peer.publicKey); ++i) pump(1);
  ASSERT_TRUE((*a)->connected(peer.publicKey));
  std::vector<uint8_t> snapshot(2000, 7);  // plane 0 + a large game datagram (sent reliable)
  snapshot[0] = 0;
  auto held = r.ours.seal(snapshot, Stream::Ordered);   // sealed first, delivered last (ENet's retransmissions)
  size_t got = 0;
  for (int i = 0; i < 1500; ++i) {
    r.send(r.ours.seal(std::vector<uint8_t>{0, static_cast<uint8_t>(i)}), false);
    if (i % 50 == 49) pump(2);
    while ((*a)->poll()) ++got;
  }
  r.send(held, true);
  bool snapshotArrived = false;
  for (int i = 0; i < 400 && !snapshotArrived; ++i) {
    pump(1);
    while (auto d = (*a)->poll()) snapshotArrived |= d->bytes.size() == snapshot.size() - 1;
  }
  EXPECT_TRUE(snapshotArrived) << "the held reliable packet was refused";
  EXPECT_EQ(refused.size(), 0u) << (refused.empty() ? std::string() : refused.front());
  EXPECT_GT(got, 1000u) << "the unsequenced packets should mostly arrive on loopback";
  const auto probe = r.ours.seal(std::vector<uint8_t>{0, 1, 2, 3});
  r.send(probe, false);
  bool probed = false;
  for (int i = 0; i < 100 && !probed; ++i) {
    pump(1);
    while (auto d = (*a)->poll()) probed |= d->bytes.size() == 3;
  }
  ASSERT_TRUE(probed);
  r.send(probe, false);  // a real replay of a packet the hub has opened: still refused and logged
  for (int i = 0; i < 100 && refused.empty(); ++i) pump(1);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_NE(refused[0].find("is a replay"), std::string::npos) << refused[0];
}

}  // namespace
}  // namespace concord::net
