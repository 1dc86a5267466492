// Leaving the game (VC-2520, VC-2850, VC-2870, VC-3030): a leaver's placing from the Seal they leave, the Chronicle's
// grammar for one city; and Prosperity's report quantum over the map's potential output (VC-1280, VC-2250).
#include "core/elc/arith.h"
#include "core/elc/orders.h"
#include "tests/elc/support.h"

namespace concord::elc::testing {
namespace leaving_test {

constexpr Seat kRed = 0, kBlue = 1, kGreen = 2, kGold = 3;

// VC-2520/VC-2870: a conceding player "MUST receive a final placing" and takes it from their frozen Tenure; the game
// plays on. VC-3030 orders by the tie chain (Tenure first), so Blue, third on Tenure, places 3 at once, and moves
// down when a live player's Tenure passes the frozen one (Tenure only rises, VC-620). VC-2850/VC-2560: with three
// rivals live the one city becomes a Free City, in the singular.
TEST(ElcLeaving, Vc2520AConcederIsPlacedAtOnceAndVc2560OneCityBecomesAFreeCity) {
  ElcGame g = quiet(cfg({{"tracks", "dominion"}}), 5, 4);
  const int64_t start[] = {5000, 3500, 4000, 3000};
  for (Seat s = 0; s < 4; ++s) g.playerForScenario(s).tenure = start[s];
  ASSERT_EQ(std::count_if(g.cities().begin(), g.cities().end(), [](const City& c) { return c.owner == kBlue; }), 1) << "its Seat";
  playTurn(g, {{}, {makeOrder(kConcede, 1)}});
  ASSERT_FALSE(g.live(kBlue));
  EXPECT_FALSE(g.over());
  EXPECT_TRUE(chronicleHas(g, Chron::Conceded, "Blue concedes. 1 city becomes a Free City."));
  EXPECT_EQ(g.players()[kBlue].placing, 3u) << "VC-2520: placed at the Seal of leaving, below Red and Green on Tenure";
  for (Seat s : {kRed, kGreen, kGold}) EXPECT_EQ(g.players()[s].placing, 0u) << "the live are placed at the end";
  g.playerForScenario(kGold).tenure = 9000;  // Gold passes Blue's frozen Tenure
  playTurn(g, {});
  EXPECT_EQ(g.players()[kBlue].placing, 4u) << "VC-3030 at this Seal: three players now rank above the frozen state";
  // The v4 rules keep their words byte for byte, for their replays (VC-3240).
  ElcGame old;
  old.setRulesVersion(4);
  ASSERT_TRUE(old.setup(encodeConfig(cfg({{"tracks", "dominion"}})), seedOf(5), 4).ok());
  old.unitsForScenario().clear();
  playTurn(old, {{}, {makeOrder(kConcede, 1)}});
  EXPECT_TRUE(chronicleHas(old, Chron::Conceded, "Blue concedes. 1 cities become Free Cities."));
  EXPECT_EQ(old.players()[kBlue].placing, 0u);
}

// VC-2500/VC-2520: Gold, Broken with one city for C = 3 Seals, capitulates; its city becomes a Free City (three rivals
// live, VC-2540 Auto) and the line says so in the singular; Gold is placed at once.
TEST(ElcLeaving, Vc2500ACapitulationOfOneCityReadsInTheSingularAndIsPlaced) {
  ElcGame g = quiet(cfg({{"tracks", "dominion"}}), 6, 4);
  const int64_t start[] = {3000, 2000, 1000, 0};  // Gold last on Tenure, the first link of VC-1520
  for (Seat s = 0; s < 4; ++s) g.playerForScenario(s).tenure = start[s];
  std::vector<int32_t> neutral;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) neutral.push_back(c);
  std::stable_sort(neutral.begin(), neutral.end(), [&](int32_t a, int32_t b) { return g.cityWorks(a, 1) > g.cityWorks(b, 1); });
  for (size_t k = 0; k < 9; ++k) g.setOwner(neutral[k], kGold);  // Gold's peak: its Seat and the nine richest
  playTurn(g, {});
  ASSERT_EQ(g.players()[kGold].peakCities, 10);
  for (size_t k = 0; k < 9; ++k) g.setOwner(neutral[k], kNeutral);  // down to its Seat: a tenth of its peak
  for (int k = 0; k < 3 && g.live(kGold); ++k) playTurn(g, {});
  ASSERT_FALSE(g.live(kGold)) << "Broken " << g.players()[kGold].brokenRun << " Seals, output " << g.players()[kGold].output
                              << " of peak " << g.players()[kGold].peakOutput;
  EXPECT_TRUE(chronicleHas(g, Chron::Capitulated, "Gold capitulates (Broken 3 turns). 1 city becomes a Free City."));
  EXPECT_EQ(g.players()[kGold].placing, 4u) << "VC-2520: a final placing, the lowest Tenure of the four";
}

// VC-2250 with VC-1280's denominator: on the 24-city map of seed 1 (MAP_POTENTIAL_OUTPUT 123) with Prosperity's
// threshold at 300 per mille, Q = max(50, ceil(2,000,000 / (123 × 300))) = 55, and a rival in the Report band is
// published as floor(ratio / 55) × 55 — not the 50 a threshold-sized denominator gives.
TEST(ElcQuantum, Vc2250ProsperitysQuantumUsesTheMapsPotentialOutput) {
  ElcGame g = quiet(cfg({{"tracks", "prosperity"}, {"prosperity", "300"}, {"width", "16"}, {"height", "16"}, {"cities", "24"},
                         {"min-start-separation", "5"}}),
                    1, 2);
  ASSERT_EQ(g.facts().potentialOutput, 123);
  const int64_t q = std::max<int64_t>(50, (2'000'000 + 123 * 300 - 1) / (123 * 300));  // VC-140's ceil
  ASSERT_EQ(q, 55);
  const auto P = static_cast<int>(Track::Prosperity);
  std::vector<int32_t> neutral;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == kNeutral) neutral.push_back(c);
  bool shown = false;
  for (int32_t c : neutral) {  // Blue grows city by city until its published ratio tells 55 from 50
    g.setOwner(c, kBlue);
    playTurn(g, {});
    const TrackState& ts = g.players()[kBlue].tracks[P];
    if (ts.band != Band::Report || (ts.ratio / 55) * 55 == (ts.ratio / 50) * 50) continue;
    EXPECT_EQ(ts.published, (ts.ratio / 55) * 55) << "ratio " << ts.ratio;
    const auto view = decodeView(g.observe(kRed).canonical);
    ASSERT_TRUE(view.ok());
    for (const auto& t : view->players[kBlue].tracks) {
      if (t.track == P) {
        EXPECT_EQ(t.published, (ts.ratio / 55) * 55) << "what Red receives";
      }
    }
    shown = true;
    break;
  }
  EXPECT_TRUE(shown) << "no Report-band ratio separated the two quanta";
}

}  // namespace leaving_test
}  // namespace concord::elc::testing
