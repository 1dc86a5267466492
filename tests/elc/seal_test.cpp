// The Seal's rules on boards placed by hand (scenario seams): Seats (VC-1460/1470), Vigils and completion
// (VC-420, VC-690, VC-700), combination (VC-1530), Capitulation and Cession (VC-2500..2560), the Verdict
// (VC-2750..2800), elimination and the Sole Contender (VC-2620, VC-2670, VC-2710), Defiance (VC-2990/3000),
// bands (VC-2220), Reduced (VC-2900/2910), Tallies (VC-1160/1180) and the Great Work (VC-1210..1250).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/orders.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

// A started game with no Legions on the board, so nothing moves unless a test says so.

}  // namespace

TEST(ElcSeal, Vc510StandingFromTheSnapshotAndVc1460SeatlessHalvesTenure) {
  ElcGame g = quiet(preset(Preset::StandardWar), 11, 2);
  const int32_t seat1 = g.players()[1].seatCity;
  g.setOwner(seat1, 0);  // Red takes Blue's Seat
  int32_t refuge = giveCities(g, 1, 1).front();
  playTurn(g, {});
  const auto& red = g.players()[0];
  const auto& blue = g.players()[1];
  EXPECT_TRUE(blue.seatless);
  EXPECT_TRUE(chronicleHas(g, Chron::SeatLost));
  int64_t redOutput = 0;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == 0) redOutput += g.cityWorks(c, 1);
  // Red: 2 cities, both Seats (own + Blue's, VC-1460 keeps counting it), no Landmark, no army.
  EXPECT_EQ(red.standing, standingOf({2, 0, 2, redOutput, 0}).standing);
  EXPECT_EQ(red.tenure, red.standing / 100);
  EXPECT_EQ(blue.tenure, blue.standing / 200) << "VC-610: half rate while Seatless";
  // VC-1470: no re-Seat for 6 turns; from the seventh, the best eligible city.
  for (int i = 0; i < 5; ++i) playTurn(g, {});
  EXPECT_TRUE(g.players()[1].seatless);
  playTurn(g, {});
  EXPECT_FALSE(g.players()[1].seatless);
  EXPECT_EQ(g.players()[1].seatCity, refuge);
  EXPECT_TRUE(chronicleHas(g, Chron::SeatRestored));
}

TEST(ElcSeal, Vc420DominionCompletesAfterItsVigilAndVc690ResetsOnFailure) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  auto held = giveCities(g, 0, 29);  // with the start city: 30 of 48 = 625 per mille (VC-910 for 2 seats is 750)
  Config c = g.config();
  ASSERT_EQ(dominionStart(c, g.facts()), 750);
  auto more = giveCities(g, 0, 6);  // 36 of 48 = 750
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[0].vigil, 1);
  EXPECT_TRUE(chronicleHas(g, Chron::VigilBegun, "VIGIL BEGINS (3)"));
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[0].vigil, 2);
  g.setOwner(more.back(), kNeutral);  // one city lost: 35 of 48 < 750
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[0].vigil, 0) << "VC-690 Reset";
  EXPECT_TRUE(chronicleHas(g, Chron::VigilBroken, "VIGIL BROKEN at 2/3"));
  g.setOwner(more.back(), 0);
  for (int i = 0; i < 3; ++i) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.winner(), 0);
  EXPECT_EQ(g.route(), "Dominion");
  EXPECT_EQ(g.turn(), 6u);
  EXPECT_EQ(g.chronicle().back().text, "RED WINS \u2014 Dominion.");
  EXPECT_EQ(g.players()[1].placing, 2u);
}

TEST(ElcSeal, Vc700DecayDecrementsInsteadOfResetting) {
  ElcGame g = quiet(cfg({{"vigil-failure", "decay"}}), 12, 2);
  auto more = giveCities(g, 0, 35);
  playTurn(g, {});
  playTurn(g, {});
  g.setOwner(more.back(), kNeutral);
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].tracks[0].vigil, 1);
}

TEST(ElcSeal, Vc1530DifferentTracksOnOneSealGoToTheTieChainNotAPrecedence) {
  for (Seat favoured : {Seat{0}, Seat{1}}) {
    ElcGame g = quiet(cfg({{"keys-vigil", "3"}}), 13, 2);
    giveCities(g, 0, 35);  // Red: Dominion
    for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[k], 1);  // Blue: 3 of 5 Keys
    g.playerForScenario(favoured).tenure = 1'000'000;  // the tie chain's first link
    for (int i = 0; i < 3; ++i) playTurn(g, {});
    ASSERT_TRUE(g.over());
    EXPECT_EQ(g.winner(), favoured);
    EXPECT_EQ(g.route(), favoured == 0 ? "Dominion" : "Keys");
  }
}

TEST(ElcSeal, Vc2520CapitulationCedesToThePrincipalAggressorUnsettled) {
  ElcGame g = quiet(preset(Preset::StandardWar), 14, 3);
  auto& green = g.playerForScenario(2);
  green.peakCities = 16;
  green.peakOutput = 100;
  g.playerForScenario(0).capturedFrom[2] = 2;
  g.playerForScenario(1).capturedFrom[2] = 1;
  const int32_t greenCity = g.players()[2].seatCity;
  g.cityForScenario(greenCity).integration = 0;
  g.addUnitForScenario(2, g.world().cities[greenCity].tile);
  playTurn(g, {});
  EXPECT_TRUE(g.players()[2].broken);
  playTurn(g, {});
  EXPECT_TRUE(g.live(2));
  playTurn(g, {});  // the third consecutive Broken Seal (C = 3, VC-2500)
  ASSERT_FALSE(g.live(2));
  EXPECT_EQ(g.players()[2].left, Left::Capitulated);
  EXPECT_EQ(g.cities()[greenCity].owner, 0) << "VC-2540 Auto with two others live: ceded to the Principal Aggressor";
  EXPECT_EQ(g.cities()[greenCity].unsettledThrough, 3u + kUnsettledTurns) << "VC-2550";
  EXPECT_TRUE(std::none_of(g.units().begin(), g.units().end(), [](const Unit& u) { return u.owner == 2; })) << "VC-2520";
  EXPECT_EQ(g.players()[2].seatCity, -1);
  EXPECT_TRUE(chronicleHas(g, Chron::Capitulated,
                           "Green capitulates (Broken 3 turns). 1 city ceded to Red \u2014 Unsettled 8 turns."));
  int64_t frozen = g.players()[2].tenure;
  playTurn(g, {});
  EXPECT_EQ(g.players()[2].tenure, frozen) << "VC-650: Tenure freezes";
  EXPECT_EQ(g.cityWorks(greenCity, g.turn() + 1), 0) << "VC-2550: no Works while Unsettled";
  g.cityForScenario(greenCity).yard = 100;
  EXPECT_NE(g.validate(0, makeOrder(kBuild, static_cast<uint32_t>(greenCity))).message().find("VC-2550"), std::string::npos);
  EXPECT_NE(g.validate(2, makeOrder(kConcede, 1)).message().find("VC-2570"), std::string::npos);
}

TEST(ElcSeal, Vc2540FreeCitiesWithThreeOthersLiveAndVc2510EmptyPlayersLeaveAtOnce) {
  ElcGame g = quiet(preset(Preset::StandardWar), 15, 4);
  const int32_t blueSeat = g.players()[1].seatCity;
  g.playerForScenario(0).capturedFrom[1] = 3;
  g.playerForScenario(1).concede = true;  // VC-2850: the same effects as capitulation
  const int32_t goldSeat = g.players()[3].seatCity;
  g.setOwner(goldSeat, kNeutral);  // Gold: no city, no unit (VC-2510)
  playTurn(g, {});
  EXPECT_EQ(g.players()[1].left, Left::Conceded);
  EXPECT_EQ(g.cities()[blueSeat].owner, kNeutral) << "three others live: a Free City (VC-2540, VC-2860)";
  EXPECT_EQ(g.cities()[blueSeat].garrison, g.config().neutralDefence) << "VC-2560";
  EXPECT_EQ(g.players()[3].left, Left::Capitulated) << "VC-2510: regardless of C";
  EXPECT_TRUE(chronicleHas(g, Chron::Conceded));
}

TEST(ElcSeal, Vc2750VerdictOfferedAfterTwelveSealsAndPassedByMajority) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}}), 16, 3);
  giveCities(g, 0, 20);
  for (int i = 0; i < 11; ++i) playTurn(g, {});
  EXPECT_FALSE(chronicleHas(g, Chron::VerdictOffered)) << "condition 3: 12 Seals of lead";
  playTurn(g, {});
  ASSERT_TRUE(chronicleHas(g, Chron::VerdictOffered, "closes at turn 14"));
  EXPECT_NE(g.validate(0, makeOrder(kCastVerdictVote, 1)).message().find("VC-2760"), std::string::npos);
  playTurn(g, {{}, {makeOrder(kCastVerdictVote, 1)}, {makeOrder(kCastVerdictVote, 1)}});
  EXPECT_FALSE(g.over());
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.route(), "Verdict");
  EXPECT_EQ(g.winner(), 0);
}

TEST(ElcSeal, Vc2770AbstentionPlaysOnAndVc2790CoolsDownVc2800Unanimity) {
  for (bool unanimity : {false, true}) {
    auto opts = std::vector<std::pair<std::string, std::string>>{{"tracks", "keys"}};
    if (unanimity) opts.push_back({"unanimity", "on"});
    ElcGame g = quiet(cfg(opts), 16, 4);
    giveCities(g, 0, 24);
    for (int i = 0; i < 12; ++i) playTurn(g, {});
    ASSERT_TRUE(chronicleHas(g, Chron::VerdictOffered));
    // Majority mode: 1 of 3 is no majority. Unanimity: 2 of 3 is not unanimous.
    std::vector<std::vector<Order>> votes{{}, {makeOrder(kCastVerdictVote, 1)}, {}, {}};
    if (unanimity) votes[2] = {makeOrder(kCastVerdictVote, 1)};
    playTurn(g, votes);
    playTurn(g, {});
    EXPECT_FALSE(g.over());
    EXPECT_TRUE(chronicleHas(g, Chron::VerdictFailed));
    for (int i = 0; i < 20; ++i) playTurn(g, {});
    EXPECT_EQ(std::count_if(g.chronicle().begin(), g.chronicle().end(), [](const ChronEntry& e) { return e.cls == Chron::VerdictOffered; }), 1)
        << "VC-2790: 20 turns of cooldown";
    playTurn(g, {});
    EXPECT_EQ(std::count_if(g.chronicle().begin(), g.chronicle().end(), [](const ChronEntry& e) { return e.cls == Chron::VerdictOffered; }), 2);
  }
}

TEST(ElcSeal, Vc2620HorizonDecidedThenVc2710SoleContenderByTheReachBound) {
  // Every Last City on a 16x16 flat map, H = 40, Free Cities so the reach bound needs no cession sources.
  ElcGame g = quiet(cfg({{"preset", "every-last-city"}, {"horizon", "40"}, {"cession", "free"}}), 17, 2);
  g.playerForScenario(0).tenure = 100'000;
  playTurn(g, {});
  EXPECT_EQ(g.horizonDecidedFor(), 0) << "VC-1380: Blue can no longer lead Tenure at H";
  EXPECT_TRUE(chronicleHas(g, Chron::TrackDecided, "Horizon DECIDED for Red \u2014 Blue can no longer reach"));
  EXPECT_FALSE(g.over()) << "DECIDED alone does not end the game";
  // The reach guard (VC-2660): R × 2 < MAP_SPAN = 15 first at R = 7, i.e. the Seal of turn 33.
  while (!g.over() && g.turn() < 40) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.turn(), 33u);
  EXPECT_EQ(g.route(), "Sole Contender");
  EXPECT_EQ(g.winner(), 0);
  EXPECT_TRUE(g.players()[1].outOfContention);
  EXPECT_TRUE(g.players()[1].tracks[static_cast<int>(Track::EveryLastCity)].eliminated);
}

TEST(ElcSeal, Vc2990DefianceIsPaidAndCapped) {
  ElcGame g = quiet(preset(Preset::StandardWar), 18, 2);
  g.playerForScenario(1).defianceCaptures = 5;
  int64_t before = g.players()[1].tenure;
  playTurn(g, {});
  EXPECT_EQ(g.players()[1].tenure - before, g.players()[1].standing / 100 + 600) << "VC-3000: 600 per 10 turns";
  EXPECT_TRUE(chronicleHas(g, Chron::DefianceScored, "+600 Tenure (capped from 750)."));
  // A real capture from the Tenure leader pays 150 at this turn's Seal.
  ElcGame h = quiet(preset(Preset::StandardWar), 18, 2);
  playTurn(h, {});
  h.playerForScenario(0).tenure += 1000;  // Red leads on Tenure
  const Seat leader = 0, other = 1;
  const int32_t target = h.players()[leader].seatCity;
  const int32_t tile = h.world().cities[target].tile;
  uint32_t id = h.addUnitForScenario(other, h.world().grid.within(tile, 1).front() == tile ? h.world().grid.within(tile, 1).back()
                                                                                            : h.world().grid.within(tile, 1).front());
  before = h.players()[other].tenure;
  std::vector<std::vector<Order>> orders(2);
  orders[other] = {makeMove(id, static_cast<uint32_t>(tile))};
  before = h.players()[other].tenure;
  auto rej = playTurn(h, orders);
  ASSERT_TRUE(rej.empty()) << rej.front().reason;
  EXPECT_EQ(h.cities()[target].owner, other);
  EXPECT_EQ(h.players()[other].tenure - before, h.players()[other].standing / 100 + kDefianceGrant);
}

TEST(ElcSeal, Vc2220BandsRiseAtOnceAndFallWithHysteresis) {
  ElcGame g = quiet(preset(Preset::StandardWar), 19, 4);  // Dominion 625: 28 cities = ratio 932
  auto held = giveCities(g, 0, 27);
  playTurn(g, {});
  const auto& dom = [&] { return g.players()[0].tracks[0]; };
  EXPECT_EQ(dom().band, Band::Alarm);
  EXPECT_TRUE(chronicleHas(g, Chron::AlarmRaised, "ALARM: Red \u2014 Dominion"));
  EXPECT_EQ(g.players()[0].bellwethers.size(), 1u) << "VC-950: min(8, margin + 1), at least one";
  auto v = decodeView(g.observe(1).canonical);
  EXPECT_EQ(v->players[0].tracks[0].published, dom().ratio) << "Alarm: full precision";
  g.setOwner(held[26], kNeutral);
  g.setOwner(held[25], kNeutral);  // 26 cities: ratio 865, above 850
  playTurn(g, {});
  EXPECT_EQ(dom().band, Band::Alarm);
  g.setOwner(held[24], kNeutral);  // 25: ratio 832
  playTurn(g, {});
  EXPECT_EQ(dom().band, Band::Report);
  EXPECT_TRUE(chronicleHas(g, Chron::AlarmCleared));
  EXPECT_EQ(g.players()[0].bellwethers.size(), 1u) << "VC-2290: two turns of grace";
  playTurn(g, {});
  playTurn(g, {});
  EXPECT_TRUE(g.players()[0].bellwethers.empty());
  v = decodeView(g.observe(1).canonical);
  int64_t q = reportQuantum(48, 625);
  EXPECT_EQ(v->players[0].tracks[0].published, quantise(dom().ratio, q)) << "VC-2250 in Report";
}

TEST(ElcSeal, Vc2900ReducedWithHysteresis) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"verdict", "off"}}), 20, 2);
  auto red = giveCities(g, 0, 10);
  for (int i = 0; i < 19; ++i) playTurn(g, {});
  EXPECT_FALSE(g.players()[1].reduced) << "not before turn 20";
  playTurn(g, {});
  EXPECT_TRUE(g.players()[1].reduced);
  EXPECT_TRUE(chronicleHas(g, Chron::ReducedEntered));
  auto blue = giveCities(g, 1, 3);  // about half of Red: inside the band, still Reduced
  playTurn(g, {});
  EXPECT_EQ(g.players()[1].reduced, g.players()[1].standing * 1000 <= 550 * g.players()[0].standing);
  giveCities(g, 1, 6);
  playTurn(g, {});
  EXPECT_FALSE(g.players()[1].reduced);
  EXPECT_TRUE(chronicleHas(g, Chron::ReducedLeft));
}

TEST(ElcSeal, Vc1160TalliesPayLitLandmarksAndVc1180TheScheduleCapsRepeats) {
  ElcGame g = quiet(preset(Preset::LongWar), 21, 2);
  const auto& lit = g.litSchedule();
  ASSERT_EQ(lit.size(), static_cast<size_t>(ceilDiv(300, 12)));
  for (size_t r = 0; r < lit.size(); ++r) {
    EXPECT_EQ(lit[r].size(), 3u);
    if (r < 2) continue;
    for (int32_t k : lit[r]) {
      auto in = [&](size_t q) { return std::find(lit[q].begin(), lit[q].end(), k) != lit[q].end(); };
      if (in(r - 1) && in(r - 2)) {
        EXPECT_TRUE(g.litRelaxed()[r]) << "rotation " << r << ": an unrecorded relaxation";
      }
    }
  }
  for (int32_t k : lit[0]) g.setOwner(g.world().landmarks[k], 0);
  for (int i = 0; i < 11; ++i) playTurn(g, {});
  EXPECT_EQ(g.players()[0].ascendancy, 0);
  playTurn(g, {});  // the Seal of turn 12 = 1 × RotP
  EXPECT_EQ(g.players()[0].ascendancy, 3);
  EXPECT_TRUE(chronicleHas(g, Chron::TallyResolved, "Red +3"));
}

TEST(ElcSeal, Vc1250GreatWorkAccruesAtWorkRateAndHalvesOnCapture) {
  ElcGame g = quiet(cfg({{"tracks", "great-work"}}), 22, 2);
  const int32_t site = g.world().landmarks[0];
  g.setOwner(site, 0);
  giveCities(g, 0, 12);
  auto bad = g.validate(0, makeOrder(kDesignateWorkSite, static_cast<uint32_t>(g.players()[0].seatCity)));
  EXPECT_NE(bad.message().find("VC-1210"), std::string::npos);
  playTurn(g, {{makeOrder(kDesignateWorkSite, static_cast<uint32_t>(site))}});
  EXPECT_EQ(g.players()[0].workSite, site);
  int64_t first = g.players()[0].greatWork;
  EXPECT_EQ(first, std::min<int64_t>(30, g.players()[0].output)) << "VC-1230";
  for (int i = 0; i < 4; ++i) playTurn(g, {});
  int64_t stored = g.players()[0].greatWork;
  g.setOwner(site, 1);
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].greatWork, stored / 2) << "VC-1250";
  EXPECT_EQ(g.players()[1].greatWork, 0) << "the captor gains nothing";
  EXPECT_TRUE(chronicleHas(g, Chron::WorkSiteCaptured));
  g.setOwner(site, 0);
  EXPECT_NE(g.validate(0, makeOrder(kDesignateWorkSite, static_cast<uint32_t>(site))).message().find("VC-1250"), std::string::npos);
}

TEST(ElcSeal, Vc1780WarrantsAreScheduledAnnouncedClaimedAndExpire) {
  ElcGame g = quiet(preset(Preset::StandardWar), 23, 2);
  const auto& ws = g.warrants();
  ASSERT_FALSE(ws.empty());
  for (const auto& w : ws) {
    EXPECT_EQ(w.open % 15, 0u) << "VC-1780: every WarPeriod turns";
    EXPECT_EQ(w.announce + 5, w.open) << "VC-1790: announced 5 turns ahead";
    EXPECT_EQ(w.deadline, w.open + 14);
    EXPECT_LT(g.world().cities[w.city].startOf, 0);
  }
  for (uint32_t open = 15; open <= 200; open += 15) {  // 1..3 per period
    auto n = std::count_if(ws.begin(), ws.end(), [&](const Warrant& w) { return w.open == open; });
    EXPECT_GE(n, 1);
    EXPECT_LE(n, 3);
  }
  const Warrant first = ws.front();
  for (int i = 0; i < 10; ++i) playTurn(g, {});
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantAnnounced, "Warrant 1 "));
  EXPECT_NE(g.observe(0).text.find("Warrant 1 "), std::string::npos) << "VC-1800: public from the announcement";
  // Hand Red the subject (or a Legion on it) before it opens: claimed automatically at the opening Seal.
  if (first.form == WarrantForm::Scout) g.addUnitForScenario(0, g.world().cities[first.city].tile);
  else g.setOwner(first.city, 0);
  int64_t before = g.players()[0].tenure;
  for (int i = 0; i < 5; ++i) playTurn(g, {});
  EXPECT_EQ(g.warrants().front().claimedBy, 0) << "VC-1830: no claim order needed";
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantClaimed, "Red claims Warrant 1"));
  if (first.reward == Reward::Tenure) {
    EXPECT_GE(g.players()[0].tenure - before, kWarrantTenureSeals * g.maxTenurePerSeal());
  }
  // Nobody takes the other Warrants of that period: they expire at their deadline.
  for (int i = 0; i < 15; ++i) playTurn(g, {});
  for (const auto& w : g.warrants())
    if (w.open == 15 && w.claimedBy < 0) {
      EXPECT_TRUE(w.expired);
    }
}

TEST(ElcSeal, Vc1870WarrantTenureIsCappedWithTheTruncationRecorded) {
  ElcGame g = quiet(cfg({{"war-period", "5"}, {"warrant-mode", "open"}}), 24, 2);  // Open: Red claims every window
  g.playerForScenario(0).warrantTenure = 29 * g.maxTenurePerSeal();  // one Seal's worth of room left
  int tenureWarrants = 0;
  for (const auto& w : g.warrants())
    if (w.form != WarrantForm::Scout && w.reward == Reward::Tenure && w.open <= 40) g.setOwner(w.city, 0), ++tenureWarrants;
  ASSERT_GE(tenureWarrants, 1);
  for (int i = 0; i < 40; ++i) playTurn(g, {});
  EXPECT_EQ(g.players()[0].warrantTenure, 30 * g.maxTenurePerSeal());
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantTruncated));
}

TEST(ElcSeal, Vc1360HorizonJitterIsDrawnHiddenAnnouncedTenTurnsAheadAndResolves) {
  Config c = cfg({{"preset", "every-last-city"}, {"horizon", "30"}, {"jitter", "10"}});
  EXPECT_EQ(terminationBound(c), 40);  // VC-090 states H + J
  EXPECT_NE(termsParagraph(c, referenceMap()).find("Between turns 30 and 40 (the exact turn is announced 10 turns ahead)"),
            std::string::npos);
  std::vector<uint32_t> seen;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    ElcGame g = quiet(c, seed, 2);
    const uint32_t h = g.trueHorizon();
    ASSERT_GE(h, 30u);
    ASSERT_LE(h, 40u);
    seen.push_back(h);
    while (g.turn() + 11 < h) {  // before turn H_true - 10 only the window is public
      EXPECT_NE(g.observe(0).text.find("turn " + std::to_string(g.turn() + 1) + " of 30\u201340"), std::string::npos);
      EXPECT_FALSE(chronicleHas(g, Chron::TrackDecided, "The Horizon falls"));
      playTurn(g, {});
    }
    // The Seal of turn H_true - 11 publishes it for the start of turn H_true - 10.
    EXPECT_TRUE(chronicleHas(g, Chron::TrackDecided, "The Horizon falls at the end of turn " + std::to_string(h)));
    EXPECT_NE(g.observe(0).text.find(" of " + std::to_string(h)), std::string::npos);
    while (!g.over()) playTurn(g, {});
    EXPECT_EQ(g.turn(), h);
    EXPECT_EQ(g.route(), "Horizon");
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_NE(seen.front(), seen.back()) << "the draw varies with the seed";
}

TEST(ElcSeal, Vc2740OutOfContentionIsRevokedWhenReachGrows) {
  ElcGame g = quiet(cfg({{"preset", "every-last-city"}, {"horizon", "40"}, {"cession", "free"}}), 17, 3);
  g.playerForScenario(0).tenure = 100'000;  // Red and Green: two Horizon contenders, so no Sole Contender
  g.playerForScenario(2).tenure = 100'000;
  while (!g.players()[1].outOfContention && g.turn() < 39) playTurn(g, {});
  ASSERT_TRUE(g.players()[1].outOfContention) << "VC-2700: Blue proved out of the Horizon and Every Last City";
  ASSERT_FALSE(g.over());
  // Blue takes a city in each corner region of the map: its reach now covers every city again.
  const Grid& grid = g.world().grid;
  for (auto [cx, cy] : {std::pair{0, 0}, {grid.width - 1, 0}, {0, grid.height - 1}, {grid.width - 1, grid.height - 1}}) {
    int32_t best = -1;
    for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
      if (best < 0 || grid.distance(g.world().cities[c].tile, grid.at(cx, cy)) < grid.distance(g.world().cities[best].tile, grid.at(cx, cy)))
        best = c;
    g.setOwner(best, 1);
  }
  playTurn(g, {});
  EXPECT_FALSE(g.players()[1].outOfContention) << "VC-2740: revocable";
  EXPECT_TRUE(chronicleHas(g, Chron::OutOfContention, "Blue is back in contention."));
}
