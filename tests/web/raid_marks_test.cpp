// §5i/§5c raider targeting in whole AI games (rules v4): the brethren's first two raids are "reserved for the
// independent races"; later raids go for the empires, none of which can pay the brethren yet (no tribute before
// §5i), so the closest empire stockpile. The scenarios raid_* check each rule on a small map.
#include <gtest/gtest.h>

#include "core/web/module.h"
#include "core/web/state.h"
#include "tests/support/seed_of.h"

namespace concord::web {
namespace {

// The owner each launched raid went for, in launch order, over `turns` turns of a seeded AI game.
std::vector<uint8_t> raidOwners(uint64_t seed, Seat empires, int turns) {
  WebGame g;
  Config c;
  c.turnLimit = static_cast<uint16_t>(turns + 5);
  EXPECT_TRUE(g.setup(encodeConfig(c), test_support::seedOf(seed), empires).ok());
  std::vector<uint8_t> owners;
  for (int t = 0; t < turns && !g.over(); ++t) {
    std::vector<std::vector<Order>> orders(g.empires());
    std::vector<SeatOrders> by;
    for (Seat s : g.awaiting()) {
      auto rng = det::Rng::fromU64(seed * 1000 + static_cast<uint64_t>(g.turn()) * 16 + s);
      orders[s] = makeBot("ai", s)->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
      by.push_back({s, orders[s]});
    }
    g.apply(TurnInput{g.turn(), by});
    for (const auto& e : g.events())
      if (e.kind == Ev::RaidLaunched) owners.push_back(e.other);
  }
  return owners;
}

TEST(WebRaidMarks, TheFirstTwoRaidsGoForTheIndependentsThenTheEmpires) {
  int games = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const auto owners = raidOwners(seed, 4, 40);
    if (owners.size() < 3) continue;
    ++games;
    EXPECT_EQ(owners[0], kIndependent) << "seed " << seed;
    EXPECT_EQ(owners[1], kIndependent) << "seed " << seed;
    for (size_t k = 2; k < owners.size(); ++k) EXPECT_LT(owners[k], 4) << "seed " << seed << " raid " << k + 1;
  }
  EXPECT_GE(games, 3) << "too few games launched three raids to show the order";
}

}  // namespace
}  // namespace concord::web
