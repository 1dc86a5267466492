// TurnEngine, SimNetwork and wire-format unit tests.
#include <gtest/gtest.h>

#include "lockstep/selfplay.h"
#include "lockstep/sim_network.h"
#include "lockstep/turn_engine.h"
#include "lockstep/wire.h"

using namespace concord;
using namespace concord::lockstep;

namespace {
SessionConfig session(Seat seats) {
  SelfPlayParams p;
  p.seats = seats;
  p.seed = 4;
  return *selfPlaySession(p);
}
std::vector<std::vector<Order>> firstLegal(const TurnEngine& e) {
  std::vector<std::vector<Order>> o(e.session().seats.size());
  for (Seat s : e.awaiting()) o[s] = {e.game().legalOrders(s).front()};
  return o;
}
}  // namespace

TEST(TurnEngine, SameInputsSameSeals) {
  auto a = TurnEngine::create(session(3)).value();
  auto b = TurnEngine::create(session(3)).value();
  for (int i = 0; i < 10 && !a->over(); ++i) {
    auto o = firstLegal(*a);
    EXPECT_EQ(a->step(o).seal, b->step(o).seal);
  }
  EXPECT_EQ(a->turn(), b->turn());
}

TEST(TurnEngine, WriteReadRoundTripKeepsSeal) {
  auto a = TurnEngine::create(session(3)).value();
  for (int i = 0; i < 4; ++i) (void)a->step(firstLegal(*a));
  det::Writer w;
  a->write(w);
  auto b = TurnEngine::create(session(3)).value();
  det::Reader r(w.data());
  ASSERT_TRUE(b->read(r).ok());
  EXPECT_EQ(b->lastSeal(), a->lastSeal());
  EXPECT_EQ(b->turn(), a->turn());
  auto o = firstLegal(*a);
  EXPECT_EQ(a->step(o).seal, b->step(o).seal);
}

TEST(TurnEngine, BadOrdersAreRejectedNotFatal) {
  auto e = TurnEngine::create(session(3)).value();
  std::vector<std::vector<Order>> o(3);
  o[1] = {Order{1, {200}}, Order{kSystemOrderBase + 9, {}}, makeSubstituteOrder(2)};
  auto r = e->step(o);
  EXPECT_EQ(r.rejected.size(), 3u);
  EXPECT_EQ(e->membership().seat(2).controller, Controller::Owner);
}

TEST(TurnEngine, SubstituteThenReclaim) {
  auto s = session(3);
  auto e = TurnEngine::create(s).value();
  std::vector<std::vector<Order>> o(3);
  o[2] = {makeSubstituteOrder(2)};
  (void)e->step(o);
  EXPECT_EQ(e->membership().seat(2).controller, Controller::Ai);
  auto owner = KeyPair::fromLabel("selfplay:4:2");
  std::vector<std::vector<Order>> o2(3);
  o2[2] = {makeReclaimOrder(e->gameId(), 2, 3, owner)};
  EXPECT_TRUE(e->step(o2).rejected.empty());
  (void)e->step(std::vector<std::vector<Order>>(3));
  EXPECT_EQ(e->membership().seat(2).controller, Controller::Ai);  // effective at turn 3, not before
  (void)e->step(std::vector<std::vector<Order>>(3));
  EXPECT_EQ(e->membership().seat(2).controller, Controller::Owner);
}

TEST(SimNetwork, SameSeedSameDeliveries) {
  auto run = [](uint64_t seed) {
    SimParams p{300, 100, 200, 10, 30};
    SimNetwork n(3, p, seed);
    std::vector<std::pair<uint64_t, std::vector<uint8_t>>> got;
    for (uint64_t t = 0; t < 500; t += 5) {
      n.setNow(t);
      n.endpoint(0).broadcast(std::vector<uint8_t>{static_cast<uint8_t>(t / 5)});
      while (auto d = n.endpoint(1).poll()) got.emplace_back(t, d->bytes);
    }
    return got;
  };
  EXPECT_EQ(run(1), run(1));
  EXPECT_NE(run(1), run(2));
  auto g = run(1);
  EXPECT_LT(g.size(), 100u);  // some lost
  bool reordered = false;
  for (size_t i = 1; i < g.size(); ++i) reordered |= g[i].second[0] < g[i - 1].second[0];
  EXPECT_TRUE(reordered);
}

TEST(SimNetwork, KilledPeersAndBrokenLinksDropEverything) {
  SimNetwork n(3, SimParams{}, 1);
  n.setLink(0, 1, false);
  n.kill(2);
  n.endpoint(0).broadcast(std::vector<uint8_t>{1});
  n.setNow(1000);
  EXPECT_FALSE(n.endpoint(1).poll());
  EXPECT_FALSE(n.endpoint(2).poll());
  n.restart(2);
  n.endpoint(0).send(2, std::vector<uint8_t>{2});
  n.setNow(2000);
  auto d = n.endpoint(2).poll();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->from, 0);
}

TEST(Wire, RoundTripsEveryMessage) {
  Bundle b;
  b.turn = 3;
  b.seat = 1;
  b.orders = {Order{1, {4}}};
  b.signWith(KeyPair::fromLabel("k"));
  std::vector<WireMessage> all{BundleMsg{b},   BundleRequest{7, 2},        DesyncNotice{9},
                               StateDump{9, det::Hash128{1, 2}, {0, 3}, {1, 2, 3}},
                               SnapshotRequest{2}, Snapshot{4, {9, 9}, {b}, {b, b}},
                               ReclaimRequest{2, 5, det::Hash128{3, 4}, Order{kReclaim, {1, 2}}},
                               Deciding{11, 3}, Finished{1672}};
  for (const auto& m : all) {
    auto bytes = encodeWire(m);
    auto back = decodeWire(bytes);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->index(), m.index());
    EXPECT_EQ(encodeWire(*back), bytes);
    for (size_t n = 0; n < bytes.size(); ++n) EXPECT_FALSE(decodeWire(std::span(bytes.data(), n)).ok());
    bytes.push_back(0);
    EXPECT_FALSE(decodeWire(bytes).ok());
  }
}

TEST(Wire, GarbageNeverCrashesAndErrorsNameAField) {
  auto rng = det::Rng::fromU64(99);
  auto valid = encodeWire(BundleRequest{7, 2});
  for (int i = 0; i < 20000; ++i) {
    std::vector<uint8_t> b = valid;
    if (i % 2) b.resize(rng.below(64));
    for (auto& x : b)
      if (rng.below(4) == 0) x = static_cast<uint8_t>(rng.next());
    (void)decodeWire(b);
  }
  std::vector<uint8_t> badTag{0xC1, 0xC0, 1, 42};
  auto r = decodeWire(badTag);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("tag"), std::string::npos);
}
