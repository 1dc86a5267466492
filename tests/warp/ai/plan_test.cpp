// Hand-structure planning (core/warp/ai/plan.cpp, RULES §VII "own-trail pressure and planning"): the
// longest chain from an open end, the plan of a whole hand, and the Commander keeping its own chain.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/warp/ai/officer.h"
#include "core/warp/ai/plan.h"

namespace concord::warp::ai {
namespace {

TEST(WarpOfficerPlan, LongestChainFollowsMatchingEndsThroughDoubles) {
  // A hand is kept ascending by index.
  std::vector<Tile> hand{Tile{5, 2}, Tile{7, 3}, Tile{9, 1}, Tile{9, 3}, Tile{9, 9}};
  std::sort(hand.begin(), hand.end());
  HandBits hb(hand);
  ASSERT_TRUE(hb.usable);
  Chain c = longestChain(hb, hb.all, 7);  // 7-3, 3-9, 9-9, 9-1
  EXPECT_EQ(c.len, 4);
  EXPECT_EQ(c.pips, 10 + 12 + 18 + 10);
  auto bitOf = [&](Tile t) { return uint64_t{1} << (std::find(hand.begin(), hand.end(), t) - hand.begin()); };
  EXPECT_EQ(c.used & bitOf(Tile{5, 2}), 0u);
  EXPECT_EQ(longestChain(hb, hb.all & ~bitOf(Tile{9, 3}), 7).len, 1) << "without 9-3 the chain stops at 7-3";
  EXPECT_EQ(longestChain(hb, hb.all, 4).len, 0);
  // The plan: 4 on my own trail from 7, the Neutral Zone (end 2) takes 5-2, nothing stranded.
  Plan p = planHand(hb, hb.all, 7, 2);
  EXPECT_EQ(p.own, 4);
  EXPECT_EQ(p.nz, 1);
  EXPECT_EQ(p.stranded, 0);
  // With the Neutral Zone on 6, 5-2 is stranded.
  p = planHand(hb, hb.all, 7, 6);
  EXPECT_EQ(p.stranded, 1);
  EXPECT_EQ(p.strandedPips, 7);
}

// Own trail ends on 7 and holds a three-link chain 7-10, 10-8, 8-11; the light 5-0 fits only the Neutral
// Zone (end 5). The Commander sheds the stranded 5-0 and keeps its chain; the Ensign's light stack sheds
// the heavy 10-7.
TEST(WarpOfficerPlan, CommanderKeepsItsOwnChainAndShedsTheStrandedCoordinate) {
  Position p;
  p.config = standardPreset();
  p.seats = 2;
  p.trails = {{Tile{12, 7}}, {Tile{12, 3}}};
  p.neutral = {Tile{12, 5}};
  p.hands = {{Tile{5, 0}, Tile{10, 7}, Tile{10, 8}, Tile{11, 8}},
             {Tile{9, 1}, Tile{8, 2}, Tile{6, 4}, Tile{6, 3}, Tile{4, 1}, Tile{2, 2}, Tile{3, 0}}};
  p.pile = {Tile{7, 2}, Tile{7, 1}};
  WarpGame g;
  ASSERT_TRUE(g.loadPosition(p, det::Seed{}).ok());
  auto table = tableOf(g.observe(0)).value();
  auto legal = g.legalOrders(0);
  auto best = [&](Depth d) {
    auto all = scoreAll(table, 0, legal, d);
    auto it = std::max_element(all.begin(), all.end(), [](const Scored& a, const Scored& b) { return a.total < b.total; });
    return orderText(it->order, 12);
  };
  EXPECT_EQ(best(Depth::Full), "chart 5-0 nz");
  EXPECT_EQ(best(Depth::Light), "chart 10-7 own");
}

}  // namespace
}  // namespace concord::warp::ai
