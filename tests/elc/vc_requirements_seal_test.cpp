// The Seal's arithmetic on boards placed by hand (issue 29: requirements no test cited): Standing and Tenure
// (§5), satisfaction, Vigils and completion (§4.2, §6), and the Tracks that end a game on one Seal. Every expected
// value is worked from the seed's formulas and the board the test places.
#include <gtest/gtest.h>

#include "core/elc/arith.h"
#include "core/elc/terms.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

int64_t outputOf(const ElcGame& g, Seat s, uint32_t turn) {
  int64_t out = 0;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == static_cast<int32_t>(s)) out += g.cityWorks(c, turn);
  return out;
}

}  // namespace

TEST(ElcSealArithmetic, Vc500StandingIsCivilPlusMilitaryAndVc490RatioAndVc410Satisfaction) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  giveCities(g, 0, 9);  // Red: 10 cities, its own Seat, no Landmark
  playTurn(g, {});
  const auto& red = g.players()[0];
  // VC-500/VC-510/VC-530/VC-560: 10 x 100 + 1 Seat x 200 + 5 x output; no units, so military 0 (VC-540).
  int64_t output = outputOf(g, 0, 1);
  EXPECT_EQ(red.output, output) << "VC-530: effective Works of the held cities";
  EXPECT_EQ(red.standing, 1000 + 200 + 5 * output);
  EXPECT_EQ(red.tenure, red.standing / 100) << "VC-610 at the first Seal (VC-270)";
  // VC-900/VC-490: progress floor(1000 x 10 / 48) = 208, threshold 750 (VC-910, 2 seats): ratio floor(208000/750).
  const auto& dom = red.tracks[static_cast<int>(Track::Dominion)];
  EXPECT_EQ(dom.progress, 208);
  EXPECT_EQ(dom.threshold, 750);
  EXPECT_EQ(dom.ratio, 277);
  EXPECT_EQ(dom.vigil, 0) << "VC-410: 208 < 750 is not satisfied";
  // VC-590/VC-630: Smax from the map's constants, maxTenurePerSeal = floor(Smax / 100).
  const int64_t civilMax = 100 * 48 + 150 * static_cast<int64_t>(g.world().landmarks.size()) + 200 * 2 +
                           5 * g.world().potentialOutput;
  EXPECT_EQ(g.maxTenurePerSeal(), (civilMax + civilMax * 250 / 1000) / 100);
}

TEST(ElcSealArithmetic, Vc640TenureIntegratesTheCurrentBoardNotThePeak) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  auto lent = giveCities(g, 0, 20);  // a strong turn 1 ...
  playTurn(g, {});
  const int64_t peakStanding = g.players()[0].standing;
  for (int32_t c : lent) g.setOwner(c, kNeutral);  // ... and back to the start city
  const int64_t before = g.players()[0].tenure;
  playTurn(g, {});
  const int64_t now = g.players()[0].standing;
  EXPECT_LT(now, peakStanding);
  EXPECT_EQ(g.players()[0].tenure - before, now / 100) << "VC-640: the accrual reads this Seal's Standing";
}

TEST(ElcSealArithmetic, Vc300AVigilOneTrackWinsOnTheFirstSealAndVc440ASeatlessPlayerMayWin) {
  // VC-300/VC-670: Dominion at vigil 1, satisfied at the Seal of turn 1, wins there; no minimum turn.
  ElcGame g = quiet(cfg({{"dominion-vigil", "1"}}), 12, 2);
  giveCities(g, 0, 35);  // 36 of 48 = 750
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.turn(), 1u);
  EXPECT_EQ(g.winner(), 0);
  // VC-440: Red without its Seat (Blue holds it: Seatless at the next Seal, VC-1460) still completes Dominion.
  ElcGame s = quiet(preset(Preset::StandardWar), 12, 2);
  giveCities(s, 0, 36);
  s.setOwner(s.players()[0].seatCity, 1);  // 36 of 48 without the Seat
  for (int i = 0; i < 3; ++i) playTurn(s, {});
  EXPECT_TRUE(s.players()[0].seatless);
  ASSERT_TRUE(s.over());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.route(), "Dominion");
  EXPECT_EQ(s.turn(), 3u) << "VC-760: resolved at the Seal the counter reaches 3";
}

TEST(ElcSealArithmetic, Vc710ConcurrentVigilsOnOneTrackAndVc1280ProsperityIsOutputOverPotential) {
  // Prosperity at 300 per mille (settable in [300, 900], VC-1290): two players can both satisfy it (VC-1300).
  ElcGame g = quiet(cfg({{"tracks", "prosperity"}, {"prosperity", "300"}}), 12, 2);
  giveCities(g, 0, 20);
  giveCities(g, 1, 20);
  playTurn(g, {});
  for (Seat s : {Seat{0}, Seat{1}}) {
    const auto& pr = g.players()[s].tracks[static_cast<int>(Track::Prosperity)];
    EXPECT_EQ(pr.progress, 1000 * outputOf(g, s, 1) / g.world().potentialOutput) << "VC-1280, seat " << s;
    ASSERT_GE(pr.progress, 300) << "the board must satisfy both";
    EXPECT_EQ(pr.vigil, 1) << "VC-710: both Vigils run at once, seat " << s;
  }
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Prosperity)].threshold, 300) << "VC-1300: no Ebb";
  EXPECT_EQ(g.players()[1].tracks[static_cast<int>(Track::Prosperity)].vigil, 2);
}

TEST(ElcSealArithmetic, Vc1550VigilsOnSeveralTracksAtOnceAndEitherWins) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  giveCities(g, 0, 35);                                                  // Dominion (vigil 3)
  for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[static_cast<size_t>(k)], 0);  // the Keys, 3 of 5 (vigil 6)
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Dominion)].vigil, 1);
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Keys)].vigil, 1);
  playTurn(g, {});
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.route(), "Dominion") << "the first Vigil to complete wins, with the Keys' still running";
}

TEST(ElcSealArithmetic, Vc1320TheHorizonGoesToTheHighestTenureAndVc1350TiesToTheTieChain) {
  for (Seat favoured : {Seat{0}, Seat{1}}) {
    ElcGame g = quiet(cfg({{"tracks", "keys"}, {"horizon", "20"}, {"verdict", "off"}}), 12, 2);
    giveCities(g, favoured, 3);  // the favoured side has the higher Standing: the tie chain's second link
    for (int i = 0; i < 19; ++i) playTurn(g, {});
    ASSERT_FALSE(g.over());
    // Equal Tenure after the Seal of turn 20: the first link ties, Standing decides (VC-1520).
    auto& a = g.playerForScenario(0);
    auto& b = g.playerForScenario(1);
    a.tenure = 5000 - a.standing / 100;
    b.tenure = 5000 - b.standing / 100;
    playTurn(g, {});
    ASSERT_TRUE(g.over());
    EXPECT_EQ(g.turn(), 20u);
    EXPECT_EQ(g.route(), "Horizon");
    EXPECT_EQ(g.players()[0].tenure, g.players()[1].tenure);
    EXPECT_EQ(g.winner(), static_cast<int32_t>(favoured));
  }
}

TEST(ElcSealArithmetic, Vc1390EnduranceFromTurnTWithNCitiesAndVc1410SeveralWinnersByTheTieChain) {
  Config c = cfg({{"tracks", "endurance"}, {"horizon", "20"}, {"verdict", "off"}});
  EXPECT_FALSE(preset(Preset::StandardWar).on(Track::Endurance)) << "VC-1400: off by default";
  ElcGame g = quiet(c, 12, 2);
  EXPECT_EQ(enduranceTurn(g.config()), 15) << "VC-1400: floor(3 x 20 / 4)";
  EXPECT_EQ(enduranceCities(g.config(), g.facts()), 6) << "VC-1400: ceil(48 / 8)";
  giveCities(g, 0, 5);  // 6 cities each; Blue has more Works, so more Standing and Tenure
  giveCities(g, 1, 5);
  giveCities(g, 1, 3);
  for (int i = 0; i < 14; ++i) playTurn(g, {});
  EXPECT_FALSE(g.over()) << "VC-1390: 0 before turn T";
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.turn(), 15u);
  EXPECT_EQ(g.route(), "Endurance");
  EXPECT_EQ(g.winner(), 1) << "VC-1410 by §9: equal progress 1, then Tenure";
}

TEST(ElcSealArithmetic, Vc2870AConcederKeepsItsFrozenTenureAndPlacesByIt) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"horizon", "20"}, {"verdict", "off"}}), 14, 3);
  g.playerForScenario(1).tenure = 900;  // Blue well ahead of Green, then concedes at turn 2
  playTurn(g, {});
  g.playerForScenario(1).concede = true;
  playTurn(g, {});
  ASSERT_EQ(g.players()[1].left, Left::Conceded);
  const int64_t frozen = g.players()[1].tenure;
  giveCities(g, 0, 5);
  for (int i = 0; i < 18; ++i) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.players()[1].tenure, frozen) << "VC-2870/VC-650: frozen at the Seal it conceded";
  ASSERT_LT(g.players()[2].tenure, frozen) << "Green's 20 accruals from one city stay below Blue's 900+";
  EXPECT_EQ(g.players()[0].placing, 1u);
  EXPECT_EQ(g.players()[1].placing, 2u) << "placed by its frozen Tenure, above Green";
  EXPECT_EQ(g.players()[2].placing, 3u);
}
