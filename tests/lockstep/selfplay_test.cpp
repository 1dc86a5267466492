#include <gtest/gtest.h>

#include "lockstep/selfplay.h"

using namespace concord;
using namespace concord::lockstep;

namespace {
SelfPlayParams lossy(Seat seats, uint64_t seed) {
  SelfPlayParams p;
  p.seats = seats;
  p.seed = seed;
  p.net.lossPermille = 300;
  p.net.dupPermille = 100;
  p.net.reorderPermille = 200;
  p.net.delayMs = 20;
  p.net.jitterMs = 30;
  p.maxVirtualMs = 30 * 60 * 1000;
  return p;
}
}  // namespace

TEST(SelfPlay, CleanNetworkCompletesAndAgrees) {
  SelfPlayParams p;
  p.seats = 4;
  p.seed = 7;
  auto r = runSelfPlay(p);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_TRUE(r->completed);
  EXPECT_TRUE(r->agreed);
  EXPECT_TRUE(r->outcome.has_value());
  EXPECT_GT(r->stats.turns, 4u);
  EXPECT_TRUE(r->problems.empty()) << r->problems.front();
}

TEST(SelfPlay, EightSeatsUnderLossReorderDupJitterAgree) {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto r = runSelfPlay(lossy(8, seed));
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_TRUE(r->completed) << "seed " << seed;
    EXPECT_TRUE(r->agreed) << "seed " << seed;
    EXPECT_TRUE(r->problems.empty()) << r->problems.front();
    EXPECT_GT(r->stats.dropped, 0u);
  }
}

// Issue 9 (the receive path): on a lossless network every bundle arrives within a resend period, so nobody asks
// for one. Before, each period's requests for bundles still in flight made every peer answer every peer.
TEST(SelfPlay, ALosslessTableAsksForNoBundleButALossyOneDoes) {
  SelfPlayParams p;
  p.seats = 8;
  p.seed = 5;
  p.net.delayMs = 10;
  p.net.jitterMs = 10;
  auto clean = runSelfPlay(p);
  ASSERT_TRUE(clean.ok()) << clean.message();
  EXPECT_TRUE(clean->completed && clean->agreed);
  EXPECT_EQ(clean->stats.requests, 0u);
  auto lost = runSelfPlay(lossy(8, 5));
  ASSERT_TRUE(lost.ok()) << lost.message();
  EXPECT_TRUE(lost->completed && lost->agreed);
  EXPECT_GT(lost->stats.requests, 0u) << "a lost bundle is asked for";
}

TEST(SelfPlay, FaultsDoNotChangeTheGame) {
  // Same seed with and without faults: the network changes timing, never the Seal sequence.
  SelfPlayParams clean;
  clean.seats = 6;
  clean.seed = 11;
  auto a = runSelfPlay(clean);
  auto b = runSelfPlay(lossy(6, 11));
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->seals, b->seals);
  EXPECT_GT(b->stats.virtualMs, a->stats.virtualMs);
}
