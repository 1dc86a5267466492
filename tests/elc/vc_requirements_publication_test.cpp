// What each player is told (§13; issue 29: requirements no test cited): the value published per band, the public
// map-level facts, the Alarm's Bellwethers named and placed for everyone, and the alarmed player told what was
// published about them. Expected values are the seed's formulas applied to boards the tests place.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/orders.h"
#include "core/elc/terms.h"
#include "core/elc/view.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

const ViewTrack& viewTrack(const View& v, Seat p, Track t) {
  const auto& ts = v.players[p].tracks;
  return *std::find_if(ts.begin(), ts.end(), [&](const ViewTrack& x) { return x.track == static_cast<uint8_t>(t); });
}

View viewOf(const ElcGame& g, Seat viewer) {
  auto v = decodeView(g.observe(viewer).canonical);
  EXPECT_TRUE(v.ok());
  return *v;
}

std::string placeOf(const ElcGame& g, int32_t c) {
  const int32_t tile = g.world().cities[c].tile;
  return g.world().cities[c].name + " (" + std::to_string(g.world().grid.x(tile)) + "," + std::to_string(g.world().grid.y(tile)) + ")";
}

}  // namespace

TEST(ElcPublication, Vc2160ARivalSeesTheBandsValueVc2200Vc2240Vc2250QuantumVc2360TenureExact) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  giveCities(g, 0, 17);  // 18 of 48 = 375 per mille: ratio floor(375000 / 750) = 500, the Report band
  g.setOwner(g.world().landmarks[0], 0);
  g.setOwner(g.world().landmarks[1], 0);  // Keys 2 of 3: ratio 666, Report
  playTurn(g, {});
  const View blue = viewOf(g, 1);
  // Dominion counts the Landmarks as cities too: 18 + 2 = 20 of 48 = 416 per mille.
  ASSERT_EQ(g.players()[0].tracks[0].progress, 416);
  const int64_t ratio = 416 * 1000 / 750;  // 554: Report
  const int64_t q = std::max<int64_t>(50, (2'000'000 + 48 * 750 - 1) / (48 * 750));  // VC-2250: 56
  EXPECT_EQ(viewTrack(blue, 0, Track::Dominion).published, ratio / q * q) << "VC-2250: floor(ratio / Q) x Q";
  EXPECT_EQ(viewTrack(blue, 0, Track::Dominion).band, static_cast<uint8_t>(Band::Report)) << "VC-2200";
  EXPECT_EQ(viewTrack(blue, 0, Track::Keys).published, 2) << "VC-2240: a threshold of 3 publishes the count";
  EXPECT_EQ(blue.players[0].tenure, g.players()[0].tenure) << "VC-2360: Tenure at full precision";
  // VC-2260: Q follows the Ebbing threshold: at turn 160 it is 750 - floor(249 x 40 / 80) = 626, so
  // Q = max(50, ceil(2e6 / (48 x 626))) = 67.
  ASSERT_EQ(thresholdAt(Track::Dominion, g.config(), g.facts(), 160, 1), 626);
  EXPECT_EQ(reportQuantum(48, 626), 67);
  // Rumour: Blue's own single city publishes nothing to Red.
  EXPECT_EQ(viewTrack(viewOf(g, 0), 1, Track::Dominion).published, -1);
}

TEST(ElcPublication, Vc2190PublicShowsEverythingOwnOnlyNothingButTheAlarm) {
  for (const char* mode : {"public", "own-only"}) {
    ElcGame g = quiet(cfg({{"visibility", mode}}), 12, 2);
    giveCities(g, 0, 9);                                                       // Dominion: Rumour band
    for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[static_cast<size_t>(k)], 0);  // Keys 3/3: Alarm
    playTurn(g, {});
    const View blue = viewOf(g, 1);
    const auto& red = g.players()[0];
    EXPECT_EQ(viewTrack(blue, 0, Track::Keys).published, red.tracks[static_cast<int>(Track::Keys)].ratio)
        << mode << ": the Alarm is in force under every setting";
    EXPECT_EQ(viewTrack(blue, 0, Track::Dominion).published, std::string(mode) == "public" ? red.tracks[0].ratio : -1) << mode;
  }
}

TEST(ElcPublication, Vc920MapCitiesAndVc1090LandmarksArePublicVc1080ALandmarkIsACity) {
  ElcGame g = started(preset(Preset::StandardWar), 12, 4);
  for (Seat viewer = 0; viewer < 4; ++viewer) {
    const View v = viewOf(g, viewer);
    EXPECT_EQ(v.cities.size(), 48u) << "VC-920: every city, neutral ones included, from turn 1";
    int landmarks = 0;
    for (size_t c = 0; c < v.cities.size(); ++c)
      if (v.cities[c].landmark >= 0) {
        ++landmarks;
        EXPECT_EQ(g.world().landmarks[static_cast<size_t>(v.cities[c].landmark)], static_cast<int32_t>(c))
            << "VC-1080: the Landmark is this city, by its own name and tile";
        EXPECT_EQ(v.cities[c].tile, g.world().cities[c].tile) << "VC-1090: its tile is public";
        EXPECT_EQ(v.cities[c].owner, kNeutral) << "VC-1083: unowned at turn 1";
      }
    EXPECT_EQ(landmarks, 5);
  }
}

TEST(ElcPublication, Vc1085ALandmarkSeatCountsFourHundredFifty) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  const int32_t lm = g.world().landmarks[2];
  g.setOwner(lm, 0);
  g.cityForScenario(lm).integration = 100;
  playTurn(g, {{makeOrder(kDesignateSeat, static_cast<uint32_t>(lm))}});
  playTurn(g, {});
  ASSERT_EQ(g.players()[0].seatCity, lm);
  // 2 cities x 100 + the Landmark 150 + its Seat 200 (the start city is no longer a Seat) + 5 x output.
  EXPECT_EQ(g.players()[0].standing, 200 + 150 + 200 + 5 * g.players()[0].output);
}

TEST(ElcPublication, Vc2280BellwethersAreNamedAndPlacedForEveryoneVc2310CappedByTrackOrderVc2230TheLeaderIsTold) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  auto held = giveCities(g, 0, 38);  // 39 cities + 3 Landmarks = 42 of 48: Dominion (need 36, margin 6) and Keys in Alarm
  std::vector<int32_t> keys;
  for (int k = 0; k < 3; ++k) keys.push_back(g.world().landmarks[static_cast<size_t>(k)]), g.setOwner(keys.back(), 0);
  EXPECT_EQ(g.observe(1).text.find("Bellwethers"), std::string::npos) << "nothing before an Alarm";
  playTurn(g, {});
  // VC-950: min(8, margin + 1) = 7 of Red's cities nearest a city Red does not hold (ties by sequence number); then
  // VC-1130's Keys sites (Landmarks held, ascending); VC-2310: 8 in all, by ascending Track index.
  std::vector<int32_t> mine;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == 0) mine.push_back(c);
  auto frontier = [&](int32_t c) {
    int32_t d = INT32_MAX;
    for (int32_t o = 0; o < static_cast<int32_t>(g.cities().size()); ++o)
      if (g.cities()[o].owner != 0) d = std::min(d, g.world().grid.distance(g.world().cities[c].tile, g.world().cities[o].tile));
    return d;
  };
  std::stable_sort(mine.begin(), mine.end(), [&](int32_t a, int32_t b) { return frontier(a) < frontier(b); });
  std::vector<int32_t> expect(mine.begin(), mine.begin() + 7);
  std::sort(keys.begin(), keys.end());
  for (int32_t k : keys)
    if (expect.size() < 8 && std::find(expect.begin(), expect.end(), k) == expect.end()) expect.push_back(k);
  ASSERT_EQ(std::vector<int32_t>(g.players()[0].bellwethers.begin(), g.players()[0].bellwethers.end()), expect);
  std::string named;
  for (int32_t c : expect) named += (named.empty() ? "" : ", ") + placeOf(g, c);
  EXPECT_NE(g.observe(1).text.find("Bellwethers of Red: " + named + "\n"), std::string::npos) << g.observe(1).text;
  // VC-2230: Red is told what Blue was told (both Tracks in Alarm: full precision) and which sites were revealed.
  const auto& red = g.players()[0];
  EXPECT_NE(g.observe(0).text.find("Published about you: Dominion " + std::to_string(red.tracks[0].ratio) +
                                   " per mille; Keys 1000 per mille; Horizon nothing (rumour); your sites revealed: " + named + "\n"),
            std::string::npos)
      << g.observe(0).text;
  EXPECT_EQ(g.observe(1).text.find("Published about you"), std::string::npos) << "Blue is in no Alarm";
}

TEST(ElcPublication, Vc680VigilCountsSatisfiedSealsVc720ResetsWhenThePlayerLeavesVc730ThresholdTracksHaveSites) {
  ElcGame all = started(cfg({{"tracks", "dominion,hegemony,keys,prosperity,throne"}}), 14, 3);
  for (Track t : {Track::Dominion, Track::Hegemony, Track::Keys, Track::Prosperity, Track::Throne})
    EXPECT_GE(all.vigilFor(0, t), 2) << "VC-730 default for " << trackName(t);
  ElcGame g = quiet(preset(Preset::StandardWar), 14, 3);
  for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[static_cast<size_t>(k)], 1);  // Blue: Keys 3 of 5
  playTurn(g, {});
  playTurn(g, {});
  EXPECT_EQ(g.players()[1].tracks[static_cast<int>(Track::Keys)].vigil, 2) << "VC-680: +1 a satisfied Seal";
  EXPECT_FALSE(g.players()[1].bellwethers.empty()) << "VC-730: a running Vigil publishes its sites";
  g.playerForScenario(1).concede = true;
  playTurn(g, {});
  EXPECT_EQ(g.players()[1].tracks[static_cast<int>(Track::Keys)].vigil, 0) << "VC-720: not live, reset";
}
