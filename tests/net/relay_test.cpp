// Issue 25: relayed links and link reports. RelayLinks alone (the relay cannot read, alter or replay), the mesh
// messages' strict decoding, and three or four real EnetTransports on loopback where two cannot reach each other
// (dropIncomingForTests stands in for their NATs): they talk through a third, and through a fourth when it leaves.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "lockstep/crypto.h"
#include "net/enet_transport.h"
#include "net/mesh_msg.h"
#include "net/relay_links.h"

namespace concord::net {
namespace relay_test {

using lockstep::KeyPair;
using lockstep::PublicKey;

std::vector<uint8_t> bytes(std::string_view s) { return {s.begin(), s.end()}; }

struct Ends {
  KeyPair a = KeyPair::fromLabel("relay-test:a"), c = KeyPair::fromLabel("relay-test:c"),
          r = KeyPair::fromLabel("relay-test:r");
};

TEST(RelayLinks, TheTwoEndsShakeHandsThroughTheRelayAndItSeesOnlySealedBytes) {
  Ends e;
  RelayLinks la(e.a), lc(e.c);
  auto back = lc.receive(e.a.publicKey, e.r.publicKey, la.open(e.c.publicKey, e.r.publicKey, 0), 0);
  ASSERT_TRUE(back.refused.empty()) << back.refused;
  ASSERT_FALSE(back.helloBack.empty());
  auto again = la.receive(e.c.publicKey, e.r.publicKey, back.helloBack, 0);
  ASSERT_TRUE(again.refused.empty()) << again.refused;
  ASSERT_TRUE(la.established(e.c.publicKey));
  ASSERT_TRUE(lc.established(e.a.publicKey));
  const auto plain = bytes("seat 1 charts 6|4 on trail 2");
  auto sealed = la.seal(e.c.publicKey, plain, Stream::Unordered);
  EXPECT_EQ(std::search(sealed.begin(), sealed.end(), plain.begin(), plain.end()), sealed.end());
  auto opened = lc.receive(e.a.publicKey, e.r.publicKey, sealed, 0);
  ASSERT_TRUE(opened.plain);
  EXPECT_EQ(*opened.plain, plain);
  // A relay that replays the packet or flips one bit gets it refused.
  EXPECT_FALSE(lc.receive(e.a.publicKey, e.r.publicKey, sealed, 0).plain);
  auto altered = la.seal(e.c.publicKey, plain, Stream::Unordered);
  altered[altered.size() / 2] ^= 1;
  auto bad = lc.receive(e.a.publicKey, e.r.publicKey, altered, 0);
  EXPECT_FALSE(bad.plain);
  EXPECT_FALSE(bad.refused.empty());
}

TEST(RelayLinks, AHelloMustProveTheIdentityTheRelayClaims) {
  Ends e;
  RelayLinks la(e.a), lc(e.c);
  // The relay says the hello comes from r, but a's key signed it: refused, naming both.
  auto got = lc.receive(e.r.publicKey, e.r.publicKey, la.open(e.c.publicKey, e.r.publicKey, 0), 0);
  EXPECT_NE(got.refused.find("proves"), std::string::npos) << got.refused;
  EXPECT_FALSE(lc.established(e.r.publicKey));
}

TEST(RelayLinks, ARestartedEndGetsANewChannelButAnOldHelloReplayedCannotResetIt) {
  Ends e;
  RelayLinks la(e.a), lc(e.c);
  const auto firstHello = la.open(e.c.publicKey, e.r.publicKey, 0);
  (void)la.receive(e.c.publicKey, e.r.publicKey, lc.receive(e.a.publicKey, e.r.publicKey, firstHello, 0).helloBack, 0);
  ASSERT_TRUE(la.established(e.c.publicKey));
  // a restarts: a new process, a new hello. c starts a new channel from it and answers with its (unchanged) hello.
  RelayLinks la2(e.a);
  auto back = lc.receive(e.a.publicKey, e.r.publicKey, la2.open(e.c.publicKey, e.r.publicKey, 0), 0);
  ASSERT_TRUE(back.refused.empty()) << back.refused;
  (void)la2.receive(e.c.publicKey, e.r.publicKey, back.helloBack, 0);
  ASSERT_TRUE(la2.established(e.c.publicKey));
  auto msg = lc.receive(e.a.publicKey, e.r.publicKey, la2.seal(e.c.publicKey, bytes("after restart"), Stream::Ordered), 0);
  ASSERT_TRUE(msg.plain);
  // The old run's hello, replayed by a relay, is refused and the new channel still works.
  auto replayed = lc.receive(e.a.publicKey, e.r.publicKey, firstHello, 0);
  EXPECT_NE(replayed.refused.find("earlier run"), std::string::npos) << replayed.refused;
  EXPECT_TRUE(lc.receive(e.a.publicKey, e.r.publicKey, la2.seal(e.c.publicKey, bytes("still"), Stream::Ordered), 0).plain);
}

TEST(MeshMsg, RoundTripsAndRefusesMalformedInput) {
  Ends e;
  LinkReport rep{{{e.a.publicKey, 41, false, {"203.0.113.7", 29001}}, {e.c.publicKey, 90, true, {"2001:db8::7", 29002}}}};
  auto back = decodeMesh(encodeMesh(rep));
  ASSERT_TRUE(back) << back.message();
  auto& got = std::get<LinkReport>(*back);
  ASSERT_EQ(got.links.size(), 2u);
  EXPECT_EQ(got.links[0].seenAt.text(), "203.0.113.7:29001");
  EXPECT_EQ(got.links[1].seenAt.host, "2001:db8::7");
  EXPECT_FALSE(got.links[0].reachable);
  EXPECT_TRUE(got.links[1].reachable);
  auto env = encodeMesh(RelayTo{e.c.publicKey, true, bytes("sealed")});
  EXPECT_TRUE(decodeMesh(env));
  auto trailing = env;
  trailing.push_back(0);
  EXPECT_FALSE(decodeMesh(trailing));
  auto badKind = env;
  badKind[2] = 9;
  auto refused = decodeMesh(badKind);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("kind"), std::string::npos) << refused.message();
  auto badFamily = encodeMesh(rep);
  badFamily[2 + 1 + 1 + 32 + 2 + 1] = 5;  // magic, kind, count, key, rtt, flags: the first family byte
  EXPECT_FALSE(decodeMesh(badFamily));
  auto badFlags = encodeMesh(rep);
  badFlags[2 + 1 + 1 + 32 + 2] = 2;  // only "reachable" is a flag
  EXPECT_FALSE(decodeMesh(badFlags));
  EXPECT_FALSE(decodeMesh(std::vector<uint8_t>(env.begin(), env.begin() + 10)));
}

// Three or four transports on 127.0.0.1, seats 0..n-1, everyone wanting everyone as the node does.
struct Table {
  std::vector<KeyPair> keys;
  std::vector<std::unique_ptr<EnetTransport>> t;
  explicit Table(size_t n) {
    for (size_t i = 0; i < n; ++i) {
      keys.push_back(KeyPair::fromLabel("relay-table:" + std::to_string(i)));
      auto made = EnetTransport::create(keys.back(), Address{"127.0.0.1", 0});
      EXPECT_TRUE(made) << made.message();
      t.push_back(std::move(*made));
      t.back()->setMeshTiming(MeshTiming{300, 900});
    }
    for (size_t i = 0; i < n; ++i) {
      t[i]->setSelf(static_cast<PeerId>(i));
      for (size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        t[i]->assign(keys[j].publicKey, static_cast<PeerId>(j));
        t[i]->want(keys[j].publicKey, Address{"127.0.0.1", t[j]->port()}, j > i);
      }
    }
  }
  // a and b cannot reach each other, as behind two NATs no punch opens.
  void cut(size_t a, size_t b) {
    const uint16_t pa = t[a]->port(), pb = t[b]->port();
    t[a]->dropIncomingForTests([pb](const Address& from) { return from.port == pb; });
    t[b]->dropIncomingForTests([pa](const Address& from) { return from.port == pa; });
  }
  void pumpAll(int ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until)
      for (auto& x : t)
        if (x) x->pump(static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                               std::chrono::steady_clock::now().time_since_epoch()).count()),
                       1);
  }
  // Pumps until `from` can send to `to` and a datagram sent then arrives; returns what arrived.
  std::optional<lockstep::Datagram> deliver(size_t from, size_t to, std::string_view text, int budgetMs) {
    for (int waited = 0; waited < budgetMs; waited += 50) {
      t[from]->send(static_cast<PeerId>(to), bytes(text));
      pumpAll(50);
      while (auto d = t[to]->poll())
        if (d->from == from && d->bytes == bytes(text)) return d;
    }
    return std::nullopt;
  }
};

TEST(RelayedLink, TwoPeersThatCannotReachEachOtherTalkThroughAThird) {
  Table table(3);
  table.cut(1, 2);
  ASSERT_TRUE(table.deliver(1, 2, "orders for seat 2", 8000)) << "seat 1 never reached seat 2 through seat 0";
  ASSERT_TRUE(table.deliver(2, 1, "orders for seat 1", 4000));
  auto links = table.t[1]->links();
  ASSERT_TRUE(links.count(table.keys[2].publicKey));
  EXPECT_EQ(links[table.keys[2].publicKey].kind, LinkKind::Relayed);
  EXPECT_EQ(links[table.keys[2].publicKey].via, table.keys[0].publicKey);
  EXPECT_EQ(table.t[1]->links()[table.keys[0].publicKey].kind, LinkKind::Direct);
  EXPECT_GT(table.t[0]->stats().relayedForwarded, 0u);
  // The control plane goes the same way (lobby and comms messages of a rejoin).
  ASSERT_TRUE(table.t[1]->sendControl(table.keys[2].publicKey, bytes("hail")));
  std::optional<ControlMessage> got;
  for (int i = 0; i < 40 && !got; ++i) {
    table.pumpAll(50);
    got = table.t[2]->pollControl();
  }
  ASSERT_TRUE(got);
  EXPECT_EQ(got->from, table.keys[1].publicKey);
}

TEST(RelayedLink, WhenTheRelayLeavesAnotherCarriesTheSameLink) {
  Table table(4);
  table.cut(1, 2);
  ASSERT_TRUE(table.deliver(1, 2, "before", 8000));
  auto via = table.t[1]->links()[table.keys[2].publicKey].via;
  ASSERT_TRUE(via);
  const size_t relay = *via == table.keys[0].publicKey ? 0 : 3;
  const size_t other = relay == 0 ? 3 : 0;
  table.t[relay].reset();  // killed: its links vanish
  ASSERT_TRUE(table.deliver(1, 2, "after", 12000)) << "no new relay carried seat 1's link to seat 2";
  ASSERT_TRUE(table.deliver(2, 1, "and back", 4000));
  EXPECT_EQ(table.t[1]->links()[table.keys[2].publicKey].via, table.keys[other].publicKey);
}

}  // namespace relay_test
}  // namespace concord::net
