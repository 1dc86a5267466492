// The catalogue's settings as a player meets them (issue 29: requirements no test cited): what is on by default,
// what cannot be switched off, what one Track's settings may not change in another, and each Track's
// threshold, vigil and Ebb as the seed states them, read from live games on the reference map (VC-580).
#include <gtest/gtest.h>

#include "core/elc/terms.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcCatalogue, Vc020VictoryIsConfigurableAndConquestIsNotTheDefaultVc2130) {
  auto none = parseOptions({});
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->preset, Preset::StandardWar) << "VC-2130: a player who never opens the Terms plays Standard War";
  EXPECT_FALSE(none->on(Track::EveryLastCity)) << "VC-020: total conquest is not the default";
  EXPECT_TRUE(preset(Preset::EveryLastCity).on(Track::EveryLastCity)) << "VC-020: but it is one option";
  auto chosen = parseOptions({{"tracks", "hegemony,prosperity"}});
  ASSERT_TRUE(chosen.ok());
  EXPECT_TRUE(chosen->on(Track::Hegemony));
  EXPECT_TRUE(chosen->on(Track::Prosperity));
  EXPECT_FALSE(chosen->on(Track::Dominion));
}

TEST(ElcCatalogue, Vc450LastStandingIsAlwaysOnVc1010AndVc1340TheHorizonInEveryPreset) {
  for (const char* tracks : {"dominion", "keys", "prosperity"}) {
    auto c = parseOptions({{"tracks", tracks}});
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(c->on(Track::LastStanding)) << tracks;
  }
  for (Preset p : {Preset::StandardWar, Preset::Tournament, Preset::EveryLastCity, Preset::LongWar, Preset::Blitz}) {
    EXPECT_TRUE(preset(p).on(Track::LastStanding)) << presetName(p);
    EXPECT_TRUE(preset(p).on(Track::Horizon)) << presetName(p);
  }
}

TEST(ElcCatalogue, Vc2140EveryPresetButEveryLastCityAndTournamentRunsTheVerdictAndTheEbb) {
  for (Preset p : {Preset::StandardWar, Preset::LongWar, Preset::Blitz}) {
    ElcGame g = started(preset(p), 3, 4);
    EXPECT_TRUE(g.config().verdict) << presetName(p);
    bool anyEbb = false;
    for (int t = 0; t < kTracks; ++t)
      anyEbb = anyEbb || (g.config().on(static_cast<Track>(t)) && ebbs(static_cast<Track>(t), g.config(), g.facts()));
    EXPECT_TRUE(anyEbb) << presetName(p) << ": an enabled Track Ebbs";
  }
  EXPECT_FALSE(preset(Preset::EveryLastCity).verdict);
}

TEST(ElcCatalogue, Vc460EnablingATrackLeavesEveryOtherTracksParameters) {
  ElcGame alone = started(cfg({{"tracks", "dominion"}}), 3, 4);
  ElcGame both = started(cfg({{"tracks", "dominion,keys,prosperity,throne"}}), 3, 4);
  for (int64_t t : {1, 100, 150, 200})
    EXPECT_EQ(thresholdAt(Track::Dominion, alone.config(), alone.facts(), t, 3),
              thresholdAt(Track::Dominion, both.config(), both.facts(), t, 3)) << "turn " << t;
  EXPECT_EQ(alone.vigilFor(0, Track::Dominion), both.vigilFor(0, Track::Dominion));
}

TEST(ElcCatalogue, Vc970EveryLastCityIsCitiesAgainstAllOfThemAtVigilOneWithoutEbb) {
  ElcGame g = quiet(preset(Preset::EveryLastCity), 12, 2);
  int given = 0;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()) && given < 10; ++c)
    if (g.cities()[c].owner == kNeutral) g.setOwner(c, 0), ++given;
  playTurn(g, {});
  const auto& elc = g.players()[0].tracks[static_cast<int>(Track::EveryLastCity)];
  const auto mapCities = static_cast<int64_t>(g.world().cities.size());
  EXPECT_EQ(elc.progress, 11);
  EXPECT_EQ(elc.threshold, mapCities) << "MAP_CITIES";
  EXPECT_EQ(g.vigilFor(0, Track::EveryLastCity), 1);
  EXPECT_FALSE(ebbs(Track::EveryLastCity, g.config(), g.facts()));
  EXPECT_EQ(thresholdAt(Track::EveryLastCity, g.config(), g.facts(), g.config().horizon, 1), mapCities);
}

TEST(ElcCatalogue, Vc1100TheKeysCountLandmarksToAMajorityVc1110WithoutEbbVc1060HegemonyVigilFour) {
  ElcGame g = quiet(cfg({{"tracks", "keys,hegemony,ascendancy,great-work"}}), 12, 2);
  ASSERT_EQ(g.world().landmarks.size(), 5u) << "VC-1081 on the reference map";
  g.setOwner(g.world().landmarks[0], 0);
  g.setOwner(g.world().landmarks[3], 0);
  playTurn(g, {});
  const auto& keys = g.players()[0].tracks[static_cast<int>(Track::Keys)];
  EXPECT_EQ(keys.progress, 2);
  EXPECT_EQ(keys.threshold, 3) << "(L + 1) / 2";
  EXPECT_FALSE(ebbs(Track::Keys, g.config(), g.facts()));
  EXPECT_EQ(g.vigilFor(0, Track::Keys), 6) << "VC-1120";
  EXPECT_EQ(g.vigilFor(0, Track::Hegemony), 4);
  // VC-1050: K_start = ceil(5 x 8 / 8) = 5 = floor(8 / 2) + 1: Hegemony does not Ebb at M = 8.
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Hegemony)].threshold, 5);
  EXPECT_FALSE(ebbs(Track::Hegemony, g.config(), g.facts()));
  // VC-1170: Ascendancy to 7 points at vigil 1; VC-1220: the Great Work to 900 at vigil 1.
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Ascendancy)].threshold, 7);
  EXPECT_EQ(g.vigilFor(0, Track::Ascendancy), 1);
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::GreatWork)].threshold, 900);
  EXPECT_EQ(g.vigilFor(0, Track::GreatWork), 1);
}

TEST(ElcCatalogue, Vc930DominionEbbsFromDsToItsFloorVc800Vc810Vc780) {
  ElcGame g = started(preset(Preset::StandardWar), 3, 4);
  const Config& c = g.config();
  EXPECT_EQ(ebbStartTurn(c), 120) << "VC-810: floor(6 x 200 / 10)";
  EXPECT_EQ(thresholdAt(Track::Dominion, c, g.facts(), 119, 3), 625) << "start before Ds";
  // VC-800 at t = 160: 625 - floor((625 - 501) x 40 / 80) = 563.
  EXPECT_EQ(thresholdAt(Track::Dominion, c, g.facts(), 160, 3), 563);
  EXPECT_EQ(thresholdAt(Track::Dominion, c, g.facts(), 200, 3), 501) << "VC-780/VC-820: the floor at H";
  for (int64_t t = 1; t < 200; ++t)
    EXPECT_GE(thresholdAt(Track::Dominion, c, g.facts(), t, 3), thresholdAt(Track::Dominion, c, g.facts(), t + 1, 3));
}
