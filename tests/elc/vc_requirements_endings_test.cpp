// How games end and who is told (issue 29: requirements no test cited): resolution among completers, mutual
// annihilation, the Principal Aggressor's tie-breaks, peaks, Reduced's exits, the Verdict keyed on Standing, what the
// configuration may switch off, and what a leaver keeps. Boards placed by hand; expected values from the seed.
#include <gtest/gtest.h>

#include "core/elc/orders.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcEndings, Vc1510TheFirstCompletionWinsVc1540OnOneTrackTheHigherProgressWins) {
  // Both complete Prosperity (300, vigil 2) at the Seal of turn 2; Red has the higher output, Blue the Tenure.
  ElcGame g = quiet(cfg({{"tracks", "prosperity"}, {"prosperity", "300"}, {"prosperity-vigil", "2"}}), 12, 2);
  giveCities(g, 1, 16);
  giveCities(g, 0, 22);
  g.playerForScenario(1).tenure = 100'000;
  playTurn(g, {});
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  const auto& r = g.players()[0].tracks[static_cast<int>(Track::Prosperity)];
  const auto& b = g.players()[1].tracks[static_cast<int>(Track::Prosperity)];
  ASSERT_GE(b.progress, 300);
  ASSERT_GT(r.progress, b.progress);
  EXPECT_EQ(g.winner(), 0) << "VC-1540: raw progress before the tie chain's Tenure";
  EXPECT_EQ(g.route(), "Prosperity");
  EXPECT_EQ(g.turn(), 2u) << "VC-1510: at the first Seal a Track completes";
}

TEST(ElcEndings, Vc1020WhenEveryoneLeavesAtOnceTheTieChainOfThoseLivePicksTheWinnerVc080EveryLeaverIsPlaced) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  playTurn(g, {});
  g.playerForScenario(1).tenure += 500;  // Blue leads the tie chain as both leave
  g.playerForScenario(0).concede = true;
  g.playerForScenario(1).concede = true;
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.winner(), 1);
  EXPECT_EQ(g.players()[1].placing, 1u);
  EXPECT_EQ(g.players()[0].placing, 2u) << "VC-080: a final placing";
  EXPECT_NE(g.resultRecord().find("Red"), std::string::npos) << "VC-080: in the game record";
}

TEST(ElcEndings, Vc2530ThePrincipalAggressorTiesGoToTheNearestThenTheLowerSeat) {
  ElcGame g = quiet(cfg({{"cession", "aggressor"}}), 15, 4);
  const int32_t goldSeat = g.players()[3].seatCity;
  const auto& grid = g.world().grid;
  auto dist = [&](Seat s) { return grid.distance(g.world().cities[g.players()[s].seatCity].tile, g.world().cities[goldSeat].tile); };
  g.playerForScenario(1).capturedFrom[3] = 2;  // Blue and Green took as many of Gold's cities; Red fewer
  g.playerForScenario(2).capturedFrom[3] = 2;
  g.playerForScenario(0).capturedFrom[3] = 1;
  g.playerForScenario(3).concede = true;
  playTurn(g, {});
  const Seat expected = dist(1) < dist(2) ? 1 : dist(2) < dist(1) ? 2 : 1;
  EXPECT_EQ(g.cities()[goldSeat].owner, static_cast<int32_t>(expected)) << "most captures, then nearest to Gold's Seat";
}

TEST(ElcEndings, Vc2490PeaksIncludeTheCurrentSealAndNeverFall) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  auto lent = giveCities(g, 0, 9);
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].peakCities, 10);
  EXPECT_EQ(g.players()[0].peakOutput, g.players()[0].output);
  const int64_t peakOut = g.players()[0].peakOutput;
  for (int32_t c : lent) g.setOwner(c, kNeutral);
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].peakCities, 10);
  EXPECT_EQ(g.players()[0].peakOutput, peakOut);
}

TEST(ElcEndings, Vc2910ReducedEndsWhenThePlayerBecomesBrokenVc2930AndGrantsNothingElse) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"rally", "off"}}), 12, 2);
  giveCities(g, 0, 20);
  giveCities(g, 1, 3);
  for (int i = 0; i < 20; ++i) playTurn(g, {});
  ASSERT_TRUE(g.players()[1].reduced) << "turn 20, Standing under 40% of the leader's (VC-2900)";
  const int64_t yard = g.cities()[g.players()[1].seatCity].yard;
  const int64_t threshold = g.players()[1].tracks[static_cast<int>(Track::Keys)].threshold;
  EXPECT_EQ(threshold, g.players()[0].tracks[static_cast<int>(Track::Keys)].threshold) << "VC-2930: no threshold moves";
  playTurn(g, {});
  EXPECT_EQ(g.cities()[g.players()[1].seatCity].yard - yard, g.cityWorks(g.players()[1].seatCity, g.turn()))
      << "VC-2930/VC-070: the Yard grows by the city's own Works; being Reduced is no enumerated grant";
  auto& blue = g.playerForScenario(1);
  blue.peakCities = 40;  // a collapse measured against its own peak: Broken (VC-2480)
  blue.peakOutput = 1000;
  playTurn(g, {});
  EXPECT_TRUE(g.players()[1].broken);
  EXPECT_FALSE(g.players()[1].reduced) << "VC-2910: Broken ends Reduced";
}

TEST(ElcEndings, Vc2820TheVerdictKeysOnStandingAndTenureOnlyChecks) {
  for (bool standingLead : {true, false}) {
    ElcGame g = quiet(cfg({{"tracks", "keys"}}), 16, 3);
    if (standingLead) giveCities(g, 0, 20);  // Standing far over 2x, Tenure lead by accrual alone
    else g.playerForScenario(0).tenure = 1'000'000;  // Tenure far ahead, Standing equal
    for (int i = 0; i < 12; ++i) playTurn(g, {});
    EXPECT_EQ(chronicleHas(g, Chron::VerdictOffered), standingLead) << (standingLead ? "Standing 2x" : "Tenure alone");
  }
}

TEST(ElcEndings, Vc2470TheVerdictAndCapitulationMayBeOffButNotElimination) {
  EXPECT_TRUE(parseOptions({{"verdict", "off"}, {"capitulation", "never"}}).ok());
  auto r = parseOptions({{"elimination", "off"}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("elimination"), std::string::npos) << r.message();
}

TEST(ElcEndings, Vc3090ALeaverKeepsItsOwnPastRecordsAndThePublicChronicleVc2450AllOfItAtTheEnd) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"horizon", "20"}}), 14, 3);
  playTurn(g, {});
  g.playerForScenario(2).concede = true;
  playTurn(g, {});
  ASSERT_FALSE(g.live(2));
  const std::string past = g.boardText(1, 2);
  const size_t row = past.find("Green (you): Tenure");
  ASSERT_NE(row, std::string::npos) << past;
  EXPECT_NE(past.find(", Standing ", row), std::string::npos) << "its own Standing at the Seal of turn 1:\n" << past;
  auto seen = g.tableCommand(2, "chronicle");
  ASSERT_TRUE(seen.has_value());
  EXPECT_NE(seen->find("Green concedes"), std::string::npos) << *seen;
  // At the end, every entry to everyone: Red's private Vigil lines are in Blue's Chronicle.
  for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[static_cast<size_t>(k)], 0);
  while (!g.over()) playTurn(g, {});
  for (const auto& e : g.chronicle()) EXPECT_EQ(e.visibleMask, 0xFFFFFFFFu) << e.text;
}
