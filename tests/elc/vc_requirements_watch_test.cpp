// The Watch and the rest of the table (issue 29: requirements no test cited): one row per player with the footer,
// the Rumour word, Chronicle entries' shape, Charters and Sealed Orders as ordinary Tracks, the AI's vote, a
// substituted seat's placing, Out of Contention players who play on, and the reach bound that ignores armies.
#include <gtest/gtest.h>

#include "core/elc/orders.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcWatch, Vc2340OneRowPerPlayerVc2370TheFooterVc2380WhoIsClosestAndHowLongVc2210TheRumourWord) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 3);
  giveCities(g, 0, 20);  // Red at 21 of 48 = 437 per mille: ratio 656 of 666, Report
  playTurn(g, {});
  const std::string w = g.observe(1).text;
  EXPECT_EQ(w.rfind("Every Last City \u2014 turn 2 of 200", 0), 0u) << "VC-2370: the turn against the Horizon\n" << w;
  for (const char* row : {"  Red: Tenure ", "  Blue (you): Tenure ", "  Green: Tenure "})
    EXPECT_NE(w.find(row), std::string::npos) << "VC-2340: a row per player: " << row << "\n" << w;
  EXPECT_NE(w.find("  Ebb: Dominion 32 of 48 cities, 31 from turn "), std::string::npos) << "VC-2370: the Ebb and its next step\n" << w;
  const size_t green = w.find("  Green: Tenure ");
  EXPECT_NE(w.find("Dominion rumour", green), std::string::npos) << "VC-2210: a Rumour-band rival reads as 'rumour'\n" << w;
  const size_t red = w.find("  Red: Tenure ");
  EXPECT_NE(w.find("Dominion report", red), std::string::npos) << "VC-2380: who is closest, by band\n" << w;
}

TEST(ElcWatch, Vc2420EveryChronicleEntryIsOneLineWithTurnClassAndText) {
  ElcGame g = started(preset(Preset::StandardWar), 21, 3);
  playOut(g, 21, 200, [](ElcGame&) {});
  ASSERT_TRUE(g.over());
  ASSERT_FALSE(g.chronicle().empty());
  for (const auto& e : g.chronicle()) {
    EXPECT_GE(e.turn, 1u);
    EXPECT_LE(e.turn, g.turn());
    EXPECT_LT(static_cast<int>(e.cls), kChronClasses);
    EXPECT_FALSE(e.text.empty());
    EXPECT_EQ(e.text.find('\n'), std::string::npos) << e.text;
  }
}

TEST(ElcWatch, Vc1420ACharterIsAnOrdinaryTrackForItsHolderVc1680SealedOrdersAreTwoIntegersAndAClass) {
  ElcGame g = quiet(cfg({{"tracks", "dominion,charters,ambition,warrants"}, {"charters", "keys,dominion"}}), 12, 2);
  ASSERT_EQ(g.charterOf(0), Track::Keys);
  g.setOwner(g.world().landmarks[0], 0);
  g.setOwner(g.world().landmarks[4], 0);
  playTurn(g, {});
  const auto& c = g.players()[0].tracks[static_cast<int>(Track::Charters)];
  EXPECT_EQ(c.progress, 2) << "the Keys' progress, for Red alone";
  EXPECT_EQ(c.threshold, 3);
  EXPECT_EQ(c.ratio, 666) << "VC-490 as for any Track";
  EXPECT_EQ(g.vigilFor(0, Track::Charters), 6) << "the Keys' vigil";
  for (Seat s = 0; s < 2; ++s)
    for (const auto& o : g.players()[s].sealedOrders) {
      EXPECT_GE(orderSeals(o.form), 1) << "a threshold";
      EXPECT_GE(o.progress, 0) << "a progress";
      EXPECT_GE(ambitionPoints(orderClass(o.form)), 1) << "a class: Minor, Major or Grand";
    }
}

TEST(ElcWatch, Vc2810TheAiVotesByADeterministicPolicyAsAnOrder) {
  auto votes = [] {
    ElcGame g = quiet(cfg({{"tracks", "keys"}}), 16, 3);
    giveCities(g, 0, 20);
    std::vector<std::vector<Order>> cast;
    auto bot = makeBot("conqueror");
    for (int i = 0; i < 14 && !g.over(); ++i) {
      std::vector<std::vector<Order>> orders(3);
      for (Seat s : {Seat{1}, Seat{2}}) {
        auto rng = botStream(seedOf(16), s, g.turn());
        orders[s] = bot->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
        for (const Order& o : orders[s])
          if (decodeOrder(o)->kind == kCastVerdictVote) cast.push_back({o});
      }
      playTurn(g, orders);
    }
    return cast;
  };
  auto a = votes();
  EXPECT_FALSE(a.empty()) << "the trailing bots voted in the window";
  EXPECT_EQ(a, votes()) << "the same votes on every run (every machine)";
}

TEST(ElcWatch, Vc3070ASubstitutedSeatPlacesAndKeepsAccruing) {
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"horizon", "20"}, {"verdict", "off"}}), 3, 2);
  playTurn(g, {});
  const SeatControlEvent away[] = {{1, SeatControlEvent::Kind::Substituted}};
  g.seatControl(g.turn(), away);
  const int64_t before = g.players()[1].tenure;
  while (!g.over()) playTurn(g, {});
  EXPECT_GT(g.players()[1].tenure, before) << "substitution does not freeze Tenure";
  EXPECT_TRUE(g.players()[1].placing == 1u || g.players()[1].placing == 2u) << "the seat's placing, recorded for it";
  EXPECT_NE(g.resultRecord().find("Blue"), std::string::npos);
}

TEST(ElcWatch, Vc2680TheReachBoundIgnoresArmiesVc2590SoAnEncircledPlayerIsNotProvedOut) {
  for (bool encircle : {false, true}) {
    ElcGame g = quiet(cfg({{"tracks", "keys"}, {"horizon", "20"}, {"verdict", "off"}, {"cession", "free"}}), 12, 2);
    giveCities(g, 1, 2);
    const auto& grid = g.world().grid;
    if (encircle)  // Red's Legions on every open tile beside Blue's cities: a wall the bound must not see
      for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
        if (g.cities()[c].owner == 1)
          for (int32_t t = 0; t < grid.width * grid.height; ++t)
            if (grid.distance(t, g.world().cities[c].tile) == 1 &&
                std::none_of(g.world().cities.begin(), g.world().cities.end(), [&](const CitySite& x) { return x.tile == t; }))
              g.addUnitForScenario(0, t);
    for (int i = 0; i < 16; ++i) playTurn(g, {});
    // At the Seal of turn 16, R = 4 and MAX_DISPLACEMENT 2: Blue reaches every city within 8 of its cities (Cession
    // Free: no city can be ceded to it). The Keys are out of reach iff fewer than 3 Landmarks lie within that.
    int reachable = 0;
    for (int32_t lm : g.world().landmarks) {
      bool near = false;
      for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
        near = near || (g.cities()[c].owner == 1 && grid.distance(g.world().cities[c].tile, g.world().cities[lm].tile) <= 8);
      reachable += near || g.cities()[lm].owner == 1;
    }
    EXPECT_EQ(g.players()[1].tracks[static_cast<int>(Track::Keys)].eliminated, reachable < 3)
        << (encircle ? "encircled" : "open") << ": " << reachable << " Landmarks in reach";
  }
}

TEST(ElcWatch, Vc2730AnOutOfContentionPlayerPlaysOnAndAccrues) {
  // Horizon 20, so the reach bound's guard (R x 2 < MAP_SPAN 23) opens at turn 9. Red leads the Horizon past anyone's
  // reach (VC-2620); Green holds 3 Landmarks from turn 8 on a 12-turn Keys Vigil, so Green contends to turn 19 and the
  // game does not end by Sole Contender; Blue, with one city and no Legion, is proved out of both.
  ElcGame g = quiet(cfg({{"tracks", "keys"}, {"keys-vigil", "12"}, {"horizon", "20"}, {"verdict", "off"}, {"cession", "free"}}), 14, 3);
  g.playerForScenario(0).tenure = 1'000'000;
  for (int i = 0; i < 7; ++i) playTurn(g, {});
  for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[static_cast<size_t>(k)], 2);
  int64_t before = g.players()[1].tenure;
  bool seenOut = false;
  while (g.turn() < 18 && !g.over()) {
    playTurn(g, {});
    EXPECT_FALSE(g.players()[2].outOfContention) << "turn " << g.turn() << ": Green holds the Keys it needs";
    if (!g.players()[1].outOfContention) continue;
    seenOut = true;
    EXPECT_TRUE(g.live(1)) << "turn " << g.turn() << ": still in the game";
    EXPECT_GT(g.players()[1].tenure, before) << "turn " << g.turn() << ": still accruing";
    EXPECT_FALSE(g.legalOrders(1).empty()) << "still giving orders";
    before = g.players()[1].tenure;
  }
  EXPECT_FALSE(g.over());
  EXPECT_TRUE(seenOut) << "Blue is proved out of both the Horizon and the Keys by turn 18";
}
