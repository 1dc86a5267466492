// HistoryBackfill against a tampered history: equivocated orders, wrong chain links, a bundle signed by the wrong
// member, live records of another game: each fails naming the turn and seat. Split from backfill_test.cpp.
#include <gtest/gtest.h>

#include "tests/replay/backfill_fixture.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;
using namespace concord::replay::testing::backfill;

TEST(HistoryBackfill, EquivocatedOrdersFailNamingTheTurnAndSeat) {
  auto g = play(shedParams(24));
  const uint32_t k = 30;
  // Seat 1's signer signs a second bundle for turn 10 with different orders: the body links are right, so it is
  // only caught at turn 11, whose bundle for seat 1 chains to the genuine one.
  for (uint32_t t : {10u, k - 1}) {
    SCOPED_TRACE("tampered turn " + std::to_string(t));
    auto bad = resigned(g, t, 1, [](Bundle& b) {
      if (b.orders.empty())
        b.orders.push_back(Order{1, {}});
      else
        b.orders.clear();
    });
    auto bf = withBad(g, k, bad);
    auto path = tempPath("backfill_equivocated.ccr");
    std::filesystem::remove(path);
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(t + 1) + " seat 1: ")) << st.message();
    EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(t) + " ")) << st.message();
    EXPECT_TRUE(contains(st.message(), "chain")) << st.message();
    EXPECT_FALSE(std::filesystem::exists(path)) << "nothing is written for a history that does not check";
  }
}

TEST(HistoryBackfill, WrongLinksFailAtThatTurn) {
  auto g = play(shedParams(25));
  const uint32_t k = 20;
  const std::string path = tempPath("backfill_links.ccr");
  {
    auto bf = withBad(g, k, resigned(g, 7, 2, [](Bundle& b) { b.prevSeal.lo ^= 1; }));
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn 7 seat 2: its prevSeal")) << st.message();
  }
  {
    auto bf = withBad(g, k, resigned(g, 5, 3, [](Bundle& b) { b.prevDigest.hi ^= 8; }));
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn 5 seat 3: its prevDigest")) << st.message();
  }
  {
    auto bf = withBad(g, k, resigned(g, 0, 0, [](Bundle& b) { b.chain.lo ^= 1; }));
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn 0 seat 0: its chain")) << st.message();
  }
}

TEST(HistoryBackfill, BundleSignedByTheWrongMemberFails) {
  auto g = play(shedParams(26));
  const uint32_t k = 15;
  // Seat 3's bundle of turn 4, signed by seat 1's owner (a member, so offer keeps it; the membership says seat 3's
  // owner must sign it).
  Bundle b = g.records.at(4).bundles.at(3);
  ASSERT_EQ(g.records.at(4).signers.at(3), g.session.seats[3].key);
  b.signWith(selfPlayKey(g.seed, 1));
  auto bf = withBad(g, k, b);
  auto st = bf.write(tempPath("backfill_signer.ccr"), liveFrom(g, k), kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn 4 seat 3: signed by " + selfPlayKey(g.seed, 1).publicKey.fingerprint()))
      << st.message();
}

TEST(HistoryBackfill, LiveRecordsOfAnotherHistoryFailAtFirstTurn) {
  auto g = play(shedParams(27));
  const uint32_t k = 18;
  auto bf = filled(g, k);
  // The live records of the same session played differently from turn 3 (another history reaching turn k).
  auto l = std::move(lockstep::TurnLedger::create(g.session).value());
  const auto& e = l->engine();
  std::vector<Record> other;
  while (e.turn() < k + 5) {
    const uint32_t t = e.turn();
    std::vector<std::vector<Order>> orders(g.session.seats.size());
    if (t < 3) {
      for (Seat s = 0; s < orders.size(); ++s) orders[s] = g.records[t].bundles[s].orders;
    } else {
      for (Seat s : e.awaiting()) {
        auto legal = e.game().legalOrders(s);
        if (!legal.empty()) orders[s].push_back(legal.back());
      }
    }
    std::vector<lockstep::KeyPair> keys;
    for (const auto& pub : l->expectedSigners(orders)) keys.push_back(keyFor(g, pub));
    other.push_back(lockstep::applySignedLocally(*l, std::move(orders), keys).value());
  }
  ASSERT_NE(other[k - 1].seal, g.records[k - 1].seal) << "pick another alternative history";
  auto path = tempPath("backfill_other_live.ccr");
  std::filesystem::remove(path);
  auto st = bf.write(path, std::span<const Record>(other).subspan(k), kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(k) + " seat 0: the live bundle's chain"))
      << st.message();
  EXPECT_FALSE(std::filesystem::exists(path));
  // The same bundles but a prevSeal the backfilled history does not reach (the snapshot's state was another).
  std::vector<Record> liveCopy(g.records.begin() + k, g.records.end());
  for (auto& b : liveCopy.front().bundles) b.prevSeal.hi ^= 1;
  st = bf.write(path, liveCopy, kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(k) + " seat 0: the live bundle's prevSeal"))
      << st.message();
  // Live records that do not start at firstTurn, and none at all, are refused too.
  EXPECT_FALSE(bf.write(path, liveFrom(g, k + 1), kOpts).ok());
  EXPECT_FALSE(bf.write(path, {}, kOpts).ok());
  EXPECT_TRUE(bf.write(path, liveFrom(g, k), kOpts).ok());
}
