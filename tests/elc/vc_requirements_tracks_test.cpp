// The Tracks' own shapes on placed boards (issue 29: requirements no test cited): Regions and Hegemony, each Track's
// sites as the Alarm publishes them, the Ascendancy schedule's shape, the Horizon's readout, and the Great Work's
// elimination bound. Expected values are the seed's definitions applied to the board.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/orders.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

std::vector<int32_t> bellwethers(const ElcGame& g, Seat s) {
  return std::vector<int32_t>(g.players()[s].bellwethers.begin(), g.players()[s].bellwethers.end());
}

// VC-950/VC-1070's frontier: distance from a city to the nearest city `seat` does not hold.
int32_t frontier(const ElcGame& g, int32_t c, int32_t seat) {
  int32_t d = INT32_MAX;
  for (int32_t o = 0; o < static_cast<int32_t>(g.cities().size()); ++o)
    if (g.cities()[o].owner != seat) d = std::min(d, g.world().grid.distance(g.world().cities[c].tile, g.world().cities[o].tile));
  return d;
}

std::vector<int32_t> regionCities(const ElcGame& g, int32_t r) {
  std::vector<int32_t> out;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.world().cities[c].region == r) out.push_back(c);
  return out;
}

}  // namespace

TEST(ElcTracks, Vc1030RegionsPartitionTheMapVc1035CaptureChangesNoneVc1040HegemonyCountsWholeRegionsVc520) {
  ElcGame g = quiet(cfg({{"tracks", "hegemony"}}), 12, 2);
  const auto& w = g.world();
  ASSERT_EQ(w.regionCapital.size(), 8u) << "M on the reference map (VC-1031)";
  size_t total = 0;
  for (int32_t r = 0; r < 8; ++r) {
    auto in = regionCities(g, r);
    total += in.size();
    EXPECT_EQ(static_cast<int32_t>(in.size()), w.regionSize[static_cast<size_t>(r)]);
    EXPECT_EQ(w.cities[w.regionCapital[static_cast<size_t>(r)]].region, r) << "the capital is a city of its Region";
  }
  EXPECT_EQ(total, g.cities().size()) << "every city in exactly one Region";
  // Red takes Region 0 but one city: 0; the last city, neutral until now, makes 1 (VC-1040: neutral cities block).
  auto r0 = regionCities(g, 0);
  for (size_t k = 0; k + 1 < r0.size(); ++k) g.setOwner(r0[k], 0);
  const auto before = w.regionSize;
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Hegemony)].progress, 0);
  g.setOwner(r0.back(), 0);
  g.cityForScenario(r0.back()).unsettledThrough = 50;  // VC-520: an Unsettled city still counts as held
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Hegemony)].progress, 1);
  EXPECT_EQ(g.players()[0].cities, static_cast<int64_t>(std::count_if(g.cities().begin(), g.cities().end(),
                                                                       [](const City& c) { return c.owner == 0; })));
  EXPECT_EQ(g.world().regionSize, before) << "VC-1035: the partition never changes";
}

TEST(ElcTracks, Vc1070HegemonySitesAreCapitalThenFrontierPerRegion) {
  ElcGame g = quiet(cfg({{"tracks", "hegemony"}}), 12, 2);
  for (int32_t r = 0; r < 5; ++r)  // 5 whole Regions: K = 5 satisfied, Vigil 1, Alarm
    for (int32_t c : regionCities(g, r)) g.setOwner(c, 0);
  playTurn(g, {});
  std::vector<int32_t> expect;
  for (int32_t r = 0; r < 5 && expect.size() < 8; ++r) {
    const int32_t capital = g.world().regionCapital[static_cast<size_t>(r)];
    expect.push_back(capital);
    auto in = regionCities(g, r);
    std::stable_sort(in.begin(), in.end(), [&](int32_t a, int32_t b) { return frontier(g, a, 0) < frontier(g, b, 0); });
    if (in.front() != capital && expect.size() < 8) expect.push_back(in.front());
  }
  EXPECT_EQ(bellwethers(g, 0), expect);
}

TEST(ElcTracks, Vc1310ProsperitySitesAreTheEightBestCitiesVc1270GreatWorkItsSiteVc1490ThroneTheSeats) {
  ElcGame p = quiet(cfg({{"tracks", "prosperity"}, {"prosperity", "300"}}), 12, 2);
  giveCities(p, 0, 24);
  playTurn(p, {});
  std::vector<int32_t> held;
  for (int32_t c = 0; c < static_cast<int32_t>(p.cities().size()); ++c)
    if (p.cities()[c].owner == 0) held.push_back(c);
  std::stable_sort(held.begin(), held.end(), [&](int32_t a, int32_t b) { return p.cityWorks(a, 2) > p.cityWorks(b, 2); });
  EXPECT_EQ(bellwethers(p, 0), std::vector<int32_t>(held.begin(), held.begin() + 8));

  ElcGame gw = quiet(cfg({{"tracks", "great-work"}}), 12, 2);
  const int32_t site = gw.world().landmarks[1];
  gw.setOwner(site, 0);
  playTurn(gw, {{makeOrder(kDesignateWorkSite, static_cast<uint32_t>(site))}});
  gw.playerForScenario(0).greatWork = 850;  // ratio 944: Alarm
  playTurn(gw, {});
  EXPECT_EQ(bellwethers(gw, 0), std::vector<int32_t>{site});

  // Throne (3 seats): Red holds Green's Seat; Blue's is still Blue's. Held rival Seats first, then the objectives.
  ElcGame th = quiet(cfg({{"tracks", "throne"}}), 14, 3);
  const int32_t blueSeat = th.players()[1].seatCity, greenSeat = th.players()[2].seatCity;
  giveCities(th, 1, 2);  // both rivals keep cities, so losing a Seat does not end them (VC-2510)
  giveCities(th, 2, 2);
  th.setOwner(greenSeat, 0);
  th.playerForScenario(0).tenure = 0;
  playTurn(th, {});  // Green Seatless at this Seal (VC-1460) and its Seat held: progress 1 of 2, ratio 500
  playTurn(th, {});
  th.setOwner(blueSeat, 0);  // now both: 2 of 2, Vigil 1, Alarm
  playTurn(th, {});
  ASSERT_GE(th.players()[0].tracks[static_cast<int>(Track::Throne)].vigil, 1);
  std::vector<int32_t> seats{blueSeat, greenSeat};
  std::sort(seats.begin(), seats.end());
  EXPECT_EQ(bellwethers(th, 0), seats) << "both held: ascending city sequence number";
  // One held, one to take: the held Seat first, whatever the seat order.
  ElcGame one = quiet(cfg({{"tracks", "throne"}, {"throne-vigil", "2"}}), 14, 3);
  giveCities(one, 1, 2);
  giveCities(one, 2, 2);
  one.setOwner(std::max(blueSeat, greenSeat), 0);
  one.playerForScenario(2).seatless = true;  // Green Seatless counts as satisfied (VC-1480) whoever holds its Seat
  one.playerForScenario(1).seatless = true;
  playTurn(one, {});
  ASSERT_GE(one.players()[0].tracks[static_cast<int>(Track::Throne)].vigil, 1);
  EXPECT_EQ(bellwethers(one, 0), (std::vector<int32_t>{std::max(blueSeat, greenSeat), std::min(blueSeat, greenSeat)}));
}

TEST(ElcTracks, Vc1140ALitLandmarksEachRotationVc1150EveryRotPTurns) {
  ElcGame g = started(cfg({{"tracks", "ascendancy"}}), 12, 4);
  const auto& lit = g.litSchedule();
  ASSERT_GE(lit.size(), static_cast<size_t>(200 / 12)) << "a rotation for every RotP turns to the Horizon";
  for (const auto& rot : lit) {
    ASSERT_EQ(rot.size(), 3u) << "A = 3";
    std::vector<int32_t> s = rot;
    std::sort(s.begin(), s.end());
    EXPECT_EQ(std::unique(s.begin(), s.end()), s.end()) << "distinct";
    for (int32_t k : rot) EXPECT_TRUE(k >= 0 && k < 5) << "a Landmark index in [0, L - 1]";
  }
}

TEST(ElcTracks, Vc1370TheHorizonReadsTurnOverHAndAlarmsTenTurnsAheadWithoutAVigil) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"horizon", "20"}, {"verdict", "off"}}), 12, 2);
  for (uint32_t t = 1; t <= 10; ++t) {
    playTurn(g, {});
    const auto& h = g.players()[0].tracks[static_cast<int>(Track::Horizon)];
    EXPECT_EQ(h.ratio, 1000 * t / 20) << "turn " << t;
    EXPECT_EQ(h.vigil, 0);
    EXPECT_EQ(h.band == Band::Alarm, t >= 10) << "turn " << t << ": Alarm from H - 10";
  }
}

TEST(ElcTracks, Vc1260TheGreatWorkIsClosedByCurrentProgressPlusRemainingTimesWorkRateVc2610Vc2690) {
  for (int64_t work : {0, 400}) {
    ElcGame g = quiet(cfg({{"tracks", "great-work,keys"}, {"horizon", "20"}, {"verdict", "off"}}), 12, 2);
    g.playerForScenario(0).greatWork = work;
    playTurn(g, {});
    // At the Seal of turn 1: R = 19, so the ceiling is 19 x 30 = 570; 0 + 570 < 900 is proved out, 400 + 570 is not.
    const bool out = g.players()[0].tracks[static_cast<int>(Track::GreatWork)].eliminated;
    EXPECT_EQ(out, work == 0) << work;
    EXPECT_EQ(chronicleHas(g, Chron::TrackDecided, "Red can no longer reach Great Work (0 + 19 \u00d7 30 = 570 < 900)."), work == 0)
        << "VC-2690: the player is told";
  }
}
