// VC-3300's acceptance metrics and the records they read (VC-2330 Alarms, VC-2580 capitulations), on small
// scenario games whose expected values are worked out from the games' own events (core/elc/metrics.h; definitions
// in docs/rules-decisions.md "Acceptance metrics (VC-3300, table lost)").
#include <gtest/gtest.h>

#include "core/elc/metrics.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

// Red (2 seats, Standard War: Dominion 750 per mille = 36 of 48, vigil 3) holds 36 cities at turns 1-2 (Vigil 1, 2:
// Alarm raised at turn 1), drops to 30 at turn 3 (625 per mille, ratio 833 < 850 and counter 0: Vigil broken, Alarm
// cleared), takes the 6 back at turn 4 (Vigil 1, Alarm raised again) and completes at turn 6.
ElcGame dominionWithABrokenVigil() {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  auto held = giveCities(g, 0, 35);
  playTurn(g, {});
  playTurn(g, {});
  for (int k = 0; k < 6; ++k) g.setOwner(held[held.size() - 1 - static_cast<size_t>(k)], kNeutral);
  playTurn(g, {});
  for (int k = 0; k < 6; ++k) g.setOwner(held[held.size() - 1 - static_cast<size_t>(k)], 0);
  for (int i = 0; i < 3; ++i) playTurn(g, {});
  return g;
}

}  // namespace

TEST(ElcMetrics, Vc2330EveryAlarmIsRecordedWithTheTurnRaisedAndTheTurnTheGameEnded) {
  ElcGame g = dominionWithABrokenVigil();
  ASSERT_TRUE(g.over());
  ASSERT_EQ(g.turn(), 6u);
  auto alarms = alarmRecords(g);
  ASSERT_EQ(alarms.size(), 2u);
  EXPECT_EQ(alarms[0].seat, 0u);
  EXPECT_EQ(alarms[0].track, Track::Dominion);
  EXPECT_EQ(alarms[0].raised, 1u);
  EXPECT_EQ(alarms[0].cleared, 3u);
  EXPECT_EQ(alarms[1].raised, 4u);
  EXPECT_EQ(alarms[1].cleared, 0u) << "still raised when Red won";
  EXPECT_EQ(alarms[0].gameEnd, 6u);
  EXPECT_EQ(alarms[1].gameEnd, 6u);
}

TEST(ElcMetrics, Vc3300TheFactsOfAGameComeFromItsEvents) {
  ElcGame g = dominionWithABrokenVigil();
  GameFacts f = measureGame(g, 12);
  EXPECT_EQ(f.end, 6u);
  EXPECT_EQ(f.ending, static_cast<int>(Track::Dominion));
  EXPECT_EQ(f.winner, 0);
  EXPECT_EQ(f.vigilsBegun, 2u) << "M2: begun at turns 1 and 4";
  EXPECT_EQ(f.vigilsBroken, 1u) << "M2: broken at turn 3";
  EXPECT_EQ(f.alarmLead, 5u) << "M4: first Alarm at turn 1, end at turn 6";
  // M1: Red's 30+ cities are >= 3000 Standing, Blue's one city at most 100 + 200 + 5 x 12 = 360: all 6 Seals.
  EXPECT_EQ(f.decidedRun, 6u);
  // M5: entries at turns 1 (crossed, Vigil, Alarm), 3 (broken), 4 (again) and 6 (won); an unchallenged Vigil
  // writes no line (VC-2460's model), so turns 2 and 5 are quiet: the longest run is 1 turn.
  EXPECT_EQ(f.longestQuiet, 1u);
  EXPECT_TRUE(f.ebbTrackWin) << "M8: Dominion Ebbs in Standard War";
  EXPECT_FALSE(f.ebbWin) << "M8: Red completed at 750, the starting threshold itself";
  EXPECT_FALSE(f.inEstimate) << "M9: 6 turns is far below the estimate";
  EXPECT_FALSE(f.comeback) << "M11: no Seal from turn 20";
  EXPECT_EQ(f.capitulations, 0u);
}

TEST(ElcMetrics, Vc2580CapitulationRecordAndM6CounterfactualRecovery) {
  // Green (3 seats) peaked at 17 cities, then holds only its Seat at Integration 0: Broken (VC-2480) from turn 1,
  // capitulates at the third Broken Seal (C = 3). Under Capitulation Never the same board plays on; Green is given
  // 8 cities at turn 5 and is no longer Broken: the capitulation at turn 3 was a false positive.
  auto play = [](Capitulation mode, bool recover) {
    Config c = preset(Preset::StandardWar);
    c.capitulation = mode;
    ElcGame g = quiet(c, 14, 3);
    auto& green = g.playerForScenario(2);
    green.peakCities = 17;
    green.peakOutput = 100;
    g.cityForScenario(g.players()[2].seatCity).integration = 0;
    for (int i = 0; i < 4; ++i) playTurn(g, {});
    if (recover) giveCities(g, 2, 8);
    for (int i = 0; i < 2; ++i) playTurn(g, {});
    return g;
  };
  ElcGame g = play(Capitulation::Standard, false);
  auto caps = capitulationRecords(g);
  ASSERT_EQ(caps.size(), 1u);
  EXPECT_EQ(caps[0].seat, 2u);
  EXPECT_EQ(caps[0].turn, 3u);
  EXPECT_FALSE(caps[0].conceded);
  EXPECT_EQ(caps[0].c, 3);
  EXPECT_EQ(caps[0].peakCities, 17);
  EXPECT_EQ(caps[0].peakOutput, 100);
  EXPECT_EQ(measureGame(g, 14).capitulations, 1u);
  EXPECT_TRUE(recoversAfter(play(Capitulation::Never, true), 2, 3));
  EXPECT_FALSE(recoversAfter(play(Capitulation::Never, false), 2, 3)) << "still Broken at every later Seal";
}

TEST(ElcMetrics, Vc3300MetricsFromFactsWithTheirTargets) {
  // Four games worked by hand against the targets (docs/rules-decisions.md).
  std::vector<GameFacts> games(4);
  for (auto& f : games) f.players = 4, f.end = 100, f.winner = 0, f.ending = static_cast<int>(Track::Dominion);
  games[0].decidedRun = 30;  // M1: decided for the last 30 Seals: 1 of 4 = 250, at the limit
  games[1].decidedRun = 29;
  games[0].vigilsBegun = 3, games[0].vigilsBroken = 1;  // M2: 2 of 5 = 400
  games[1].vigilsBegun = 2, games[1].vigilsBroken = 1;
  games[2].ending = static_cast<int>(Track::Horizon);   // M3: Dominion 3 of 4 = 750 > 700; M7: 1 of 4 = 250
  games[0].alarmLead = 3, games[1].alarmLead = 2;       // M4: 1 of 4 = 250 < 300
  games[3].longestQuiet = 20;                           // M5: 3 of 4 = 750 < 950
  games[0].capitulations = 2, games[0].falseCapitulations = 1;  // M6: 1 of 2 = 500
  games[0].ebbTrackWin = games[1].ebbTrackWin = true, games[1].ebbWin = true;  // M8: 1 of 2 = 500
  games[0].inEstimate = games[1].inEstimate = true;     // M9: 500
  games[3].comeback = true;                             // M11: 250
  games[2].grantsDecided = true;                        // M12: 250
  auto m = computeMetrics(games);
  ASSERT_EQ(m.size(), 13u);
  auto check = [&](size_t i, const char* id, int64_t value, bool pass) {
    EXPECT_EQ(m[i].id, id);
    EXPECT_TRUE(m[i].measured) << id;
    EXPECT_EQ(m[i].value, value) << id;
    EXPECT_EQ(m[i].pass, pass) << id;
  };
  check(0, "M1", 250, true);
  check(1, "M2", 400, true);
  check(2, "M3", 750, false);
  check(3, "M4", 250, false);
  check(4, "M5", 750, false);
  check(5, "M6", 500, false);
  check(6, "M7", 250, true);
  check(7, "M8", 500, true);
  check(8, "M9", 500, true);
  EXPECT_FALSE(m[9].measured) << "M10 needs games with Charters";
  check(10, "M11", 250, true);
  check(11, "M12", 250, false);
  EXPECT_EQ(m[12].id, "M13");
  EXPECT_FALSE(m[12].measured) << "M13 is a playtest";
  // M10: 2 seats with Charters Dominion and Keys; Keys' holder wins both games: Keys 1000, Dominion 0, fair 500.
  std::vector<GameFacts> ch(2);
  for (auto& f : ch) f.players = 2, f.winner = 1, f.charters = {0, 4};
  auto m10 = computeMetrics(ch)[9];
  EXPECT_TRUE(m10.measured);
  EXPECT_EQ(m10.value, 500);
  EXPECT_FALSE(m10.pass);
  // M6 without a counterfactual (Every Last City forbids Capitulation Never, VC-980): not measured, not a pass.
  std::vector<GameFacts> elcGames(1);
  elcGames[0].players = 4, elcGames[0].capitulations = 3, elcGames[0].counterfactual = false;
  EXPECT_FALSE(computeMetrics(elcGames)[5].measured);
}

TEST(ElcMetrics, Vc3280TheFactsLineRoundTripsAndBadLinesAreNamed) {
  ElcGame g = dominionWithABrokenVigil();
  GameFacts f = measureGame(g, 12);
  f.charters = {0, 4};
  auto back = parseFactsLine(factsLine(f));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(factsLine(*back), factsLine(f));
  auto bad = parseFactsLine("elc-metrics/1 preset=9");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("preset='9'"), std::string::npos) << bad.error().message;
  EXPECT_FALSE(parseFactsLine("hello").ok());
  std::string line = factsLine(f);
  line.replace(line.find("vigilsBroken=1"), 14, "vigilsBroken=3");
  EXPECT_NE(parseFactsLine(line).error().message.find("inconsistent"), std::string::npos);
}
