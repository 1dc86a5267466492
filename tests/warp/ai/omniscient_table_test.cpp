// The omniscient Observation (replay analysts, the Qt replay viewer) carries the whole table, read with the
// officers' own decoder ai::tableOf: every hand and the pile as they are, the logs dropped. A seat's table
// still hides what the seat may not know (RULES §VII), so the two differ while others hold coordinates.
#include <gtest/gtest.h>

#include "core/warp/ai/officer.h"
#include "core/warp/module.h"

namespace concord::warp::ai {
namespace {

TEST(WarpOmniscientTable, CarriesEveryHandAndThePileWhileASeatsTableHidesThem) {
  WarpGame g;
  det::Seed seed;
  seed.bytes[0] = 7;
  auto cfg = moduleEntry().parseConfig({});
  ASSERT_TRUE(cfg);
  ASSERT_TRUE(g.setup(*cfg, seed, 4));
  auto greedy = makeBot("greedy");
  auto rng = det::Rng::fromU64(3);
  for (int step = 0; step < 40 && !g.over(); ++step) {
    for (Seat s : g.awaiting()) {
      auto legal = g.legalOrders(s);
      auto picked = greedy->choose(g.observeForOfficer(s), legal, rng);
      for (const auto& o : picked) ASSERT_TRUE(g.act(s, o));
    }
    auto all = tableOf(g.observe(kOmniscient));
    ASSERT_TRUE(all) << all.message();
    for (Seat s = 0; s < g.seats(); ++s) EXPECT_EQ(all->seat(s).hand, g.seat(s).hand) << "seat " << s;
    EXPECT_EQ(all->pile(), g.pile());
    EXPECT_EQ(all->neutral(), g.neutral());
    EXPECT_EQ(all->openDouble(), g.openDouble());
    EXPECT_TRUE(all->log().empty());
    auto mine = tableOf(g.observe(0));
    ASSERT_TRUE(mine);
    EXPECT_EQ(mine->seat(0).hand, g.seat(0).hand);
    if (!g.seat(1).hand.empty() && g.pile().size() > 1) {
      EXPECT_FALSE(mine->seat(1).hand == g.seat(1).hand && mine->pile() == g.pile())
          << "seat 0's table must not carry seat 1's hand and the pile order";
    }
  }
}

}  // namespace
}  // namespace concord::warp::ai
