// The Horizon disabled (VC-1340): a configured hard bound ends the game (VC-090, VC-2600, VC-2720), the Ebb holds at its
// floor past H (VC-820), so VC-870's turns 201-220 are played; the setting is named, checked and linted (VC-470, L4).
#include "core/elc/arith.h"
#include "core/elc/lint.h"
#include "tests/elc/support.h"

namespace concord::elc::testing {
namespace horizon_off_test {

Config noHorizon() {
  return cfg({{"tracks", "dominion"}, {"horizon-track", "off"}, {"bound", "240"}, {"verdict", "off"}, {"rally", "off"},
              {"defiance", "off"}, {"capitulation", "never"}});
}

TEST(ElcHorizonOff, Vc820TheEbbHoldsAtItsFloorThroughTurns201To220AndTheBoundEndsTheGame) {
  const Config c = noHorizon();
  ASSERT_FALSE(c.on(Track::Horizon));
  ElcGame g = quiet(c, 2, 4);  // four seats of one city each: nobody comes near Dominion's 25 cities
  EXPECT_NE(g.terms().find("There is no Horizon: if no one has won by turn 240, the game ends there and the player with "
                           "the highest Tenure wins."), std::string::npos) << g.terms();
  EXPECT_EQ(g.terms().find("At turn 200"), std::string::npos) << "VC-1990: no rule that cannot end the game";
  EXPECT_NE(g.observe(0).text.find("of 240 (no Horizon"), std::string::npos);
  while (!g.over() && g.turn() < 300) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_GE(g.turn(), 220u) << "VC-870's turns past H are played";
  EXPECT_LE(g.turn(), 240u) << "VC-2600: H_end is the hard bound";
  // Either the reach bound (VC-2670, counted from H_end) proves every player out before it, or the bound itself does
  // (no Seal remains); both end the game by the tie chain (VC-2720).
  EXPECT_EQ(g.route(), g.turn() == 240u ? "the hard bound (tie chain)" : "all eliminated (tie chain)");
  for (Seat s = 0; s < 4; ++s) {
    if (static_cast<int32_t>(s) != g.winner()) {
      EXPECT_TRUE(g.tieChainBefore(static_cast<Seat>(g.winner()), s));
    }
  }
  ASSERT_GE(g.sealRecords().size(), 220u);
  for (uint32_t t = 121; t <= g.turn(); ++t) {  // VC-870 (start 625, floor 501, Ds 120, H 200) and VC-820 past H
    const auto& r = g.sealRecords()[t - 1].players[0].tracks[0];
    ASSERT_EQ(r.track, static_cast<uint8_t>(Track::Dominion));
    EXPECT_EQ(r.threshold, t <= 200 ? ebbThreshold(625, 501, 120, 200, t) : 501) << "turn " << t;
  }
  EXPECT_EQ(g.sealRecords()[199].players[0].tracks[0].threshold, 501) << "VC-820: the floor exactly at H";
  EXPECT_EQ(citiesFor(501, 48), 25);
  for (const auto& tr : g.sealRecords().back().players[0].tracks) EXPECT_NE(tr.track, static_cast<uint8_t>(Track::Horizon));
}

// VC-090: without a Horizon the bound must be configured; VC-470: it is named and ranged; VC-1340: disabling the
// Horizon raises L4 — a Warning while the bound exists; VC-3220: the v4 rules refuse it.
TEST(ElcHorizonOff, Vc1340TheSettingIsCheckedAndLintedAndNeedsV5) {
  auto off = parseOptions({{"horizon-track", "off"}});
  ASSERT_FALSE(off.ok());
  EXPECT_NE(off.message().find("bound=N"), std::string::npos) << off.message();
  EXPECT_NE(off.message().find("VC-090"), std::string::npos);
  auto stray = parseOptions({{"bound", "220"}});
  ASSERT_FALSE(stray.ok());
  EXPECT_NE(stray.message().find("only with the Horizon off"), std::string::npos) << stray.message();
  auto low = parseOptions({{"horizon-track", "off"}, {"bound", "5"}});
  ASSERT_FALSE(low.ok());
  EXPECT_NE(low.message().find("bound = 5 is outside 20..2040"), std::string::npos) << low.message();
  auto word = parseOptions({{"horizon-track", "off"}, {"bound", "soon"}});
  ASSERT_FALSE(word.ok());
  EXPECT_NE(word.message().find("bound takes a whole number"), std::string::npos);
  // `tracks=` lists Tracks to add; it does not bring the Horizon back.
  auto order = parseOptions({{"horizon-track", "off"}, {"bound", "240"}, {"tracks", "keys"}});
  ASSERT_TRUE(order.ok()) << order.message();
  EXPECT_FALSE(order->on(Track::Horizon));
  const Config c = noHorizon();
  auto again = decodeConfig(encodeConfig(c));  // the bound travels in the configuration's bytes
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, c);
  EXPECT_EQ(encodeConfig(presetConfig(Preset::StandardWar)), encodeConfig(*decodeConfig(encodeConfig(presetConfig(Preset::StandardWar)))));
  bool l4 = false;
  for (const auto& f : lintTerms(c, referenceMap()))
    if (f.code == "L4" && f.message.find("hard bound, turn 240") != std::string::npos) {
      l4 = true;
      EXPECT_EQ(f.severity, Severity::Warning);
    }
  EXPECT_TRUE(l4);
  EXPECT_LE(estimateLength(c, referenceMap()).p80, 240) << "VC-2050: the bound caps the estimate";
  ElcGame v4;
  v4.setRulesVersion(4);
  auto r = v4.setup(encodeConfig(c), seedOf(2), 4);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("victoryLogicVersion 5"), std::string::npos);
}

// Throne has no sound elimination proof (rules-decisions), yet the hard bound still ends the game: at the last
// Seal nobody can complete anything later (VC-090's bound is a proof by itself).
TEST(ElcHorizonOff, Vc090TheBoundEndsAGameWithThroneToo) {
  ElcGame g = quiet(cfg({{"tracks", "throne"}, {"horizon-track", "off"}, {"bound", "30"}, {"verdict", "off"}, {"capitulation", "never"}}), 4, 3);
  while (!g.over() && g.turn() < 100) playTurn(g, {});
  EXPECT_EQ(g.turn(), 30u);
  EXPECT_EQ(g.route(), "the hard bound (tie chain)");
}

}  // namespace horizon_off_test
}  // namespace concord::elc::testing
