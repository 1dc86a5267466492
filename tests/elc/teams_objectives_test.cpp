// Teams with §10 (victoryLogicVersion 4): VC-1570 makes a team "a single player for every purpose in this document",
// so a team carries one Charter (VC-1600) with one handicap (VC-1650), holds one set of Sealed Orders (VC-1740) that
// are hidden from rivals only, and fills one Ambition Track; a completed Charter wins for the team. Decisions:
// docs/rules-decisions.md "Teams with Charters and Ambition".
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

constexpr int kCharter = static_cast<int>(Track::Charters);

bool sameOrders(const std::vector<SealedOrder>& a, const std::vector<SealedOrder>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].form != b[i].form || a[i].subject != b[i].subject || a[i].progress != b[i].progress ||
        a[i].revealed != b[i].revealed || a[i].done != b[i].done)
      return false;
  return true;
}

}  // namespace

// VC-1570 + VC-1600/VC-1650: one Charter per team, chosen at its first seat, its handicap paid once (the first seat's
// Seat Yard); every member carries it; the Watch lists it once, under the team's name (VC-1610).
TEST(ElcTeamsObjectives, Vc1570ATeamCarriesOneCharterWithOneHandicap) {
  Config c = cfg({{"tracks", "dominion,charters"}, {"teams", "AABB"}, {"charters", "keys,-,throne,-"}});
  ElcGame g = started(c, 4, 4);
  EXPECT_EQ(g.charterOf(0), Track::Keys);
  EXPECT_EQ(g.charterOf(1), Track::Keys);
  EXPECT_EQ(g.charterOf(2), Track::Throne);
  EXPECT_EQ(g.charterOf(3), Track::Throne);
  EXPECT_EQ(g.players()[0].tracks[kCharter].threshold, g.players()[1].tracks[kCharter].threshold);
  // Keys weighs 2 and Throne 3 (VC-1650: (w - 1) x 40 Works), each at the team's first seat only.
  EXPECT_EQ(g.cities()[g.players()[0].seatCity].yard, 40);
  EXPECT_EQ(g.cities()[g.players()[1].seatCity].yard, 0);
  EXPECT_EQ(g.cities()[g.players()[2].seatCity].yard, 80);
  EXPECT_EQ(g.cities()[g.players()[3].seatCity].yard, 0);
  // The Observation carries both §10 and the sides, and a bot decodes them (VC-3190, VC-1570).
  auto v = decodeView(g.observe(1).canonical);
  ASSERT_TRUE(v.ok()) << v.message();
  EXPECT_EQ(v->side, (std::vector<int32_t>{0, 0, 2, 2}));
  EXPECT_EQ(v->players[1].charter, static_cast<uint8_t>(Track::Keys));
  const std::string watch = g.objectivesText(2);
  EXPECT_NE(watch.find("Team A's Charter: Keys"), std::string::npos) << watch;
  EXPECT_NE(watch.find("Team B's Charter: Throne"), std::string::npos) << watch;
  EXPECT_EQ(watch.find("Blue's Charter"), std::string::npos) << watch;
  // Drawn Charters: one per team, distinct (VC-1630), over many seeds.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    ElcGame d = started(cfg({{"tracks", "dominion,charters"}, {"teams", "ABAB"}}), seed, 4);
    EXPECT_EQ(d.charterOf(0), d.charterOf(2)) << seed;
    EXPECT_EQ(d.charterOf(1), d.charterOf(3)) << seed;
    EXPECT_NE(d.charterOf(0), d.charterOf(1)) << seed;
  }
}

// VC-1570: the Charter is evaluated on the aggregate, so Landmarks split between team-mates complete a Keys Charter
// neither member completes alone, and the team wins by it as a unit (placings 1, 1).
TEST(ElcTeamsObjectives, Vc1570ACharterCompletedOnTheAggregateWinsForTheTeam) {
  Config c = cfg({{"tracks", "charters"}, {"teams", "AABB"}, {"charters", "keys,-,endurance,-"}});
  ElcGame g = started(c, 6, 4);
  g.unitsForScenario().clear();
  const int64_t need = g.players()[0].tracks[kCharter].threshold;
  ASSERT_GE(need, 2);
  ASSERT_GE(static_cast<int64_t>(g.world().landmarks.size()), need);
  for (int64_t k = 0; k < need; ++k) {  // alternate the Landmarks between Red and Blue
    const int32_t city = g.world().landmarks[static_cast<size_t>(k)];
    g.setOwner(city, static_cast<int32_t>(k % 2));
    g.cityForScenario(city).integration = 100;
  }
  const int64_t vigil = g.vigilFor(0, Track::Charters);
  for (int64_t s = 0; s < vigil && !g.over(); ++s) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.sideOf(static_cast<Seat>(g.winner())), 0);
  EXPECT_EQ(g.route(), "Charter (Keys)");
  ASSERT_TRUE(g.outcome().has_value());
  EXPECT_EQ(g.outcome()->rankBySeat[0], 1u);
  EXPECT_EQ(g.outcome()->rankBySeat[1], 1u);
  EXPECT_EQ(g.chronicle().back().text.find("TEAM A WINS"), 0u) << g.chronicle().back().text;
}

// VC-1570 + VC-1740/VC-1730/VC-1720: one set of Sealed Orders per team, never naming a team-mate's Seat as a rival's
// (VC-1750); a team-mate reads them as its own, a rival sees only their number and classes.
TEST(ElcTeamsObjectives, Vc1570ATeamHoldsOneSetOfSealedOrdersHiddenFromRivalsOnly) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Config c = cfg({{"tracks", "dominion,ambition,warrants"}, {"teams", "AABB"}, {"sealed-orders", "2"}});
    ElcGame g = started(c, seed, 4);
    EXPECT_TRUE(sameOrders(g.players()[0].sealedOrders, g.players()[1].sealedOrders)) << seed;
    EXPECT_TRUE(sameOrders(g.players()[2].sealedOrders, g.players()[3].sealedOrders)) << seed;
    for (Seat s = 0; s < 4; ++s)
      for (const auto& o : g.players()[s].sealedOrders)
        if (o.form == OrderForm::RivalSeat) {
          EXPECT_FALSE(g.allied(o.subject, s)) << "seed " << seed << ": a team-mate's Seat";
        }
    const auto& orders = g.players()[0].sealedOrders;
    if (orders.empty()) continue;
    const std::string text = g.sealedOrderText(0, orders[0]);
    EXPECT_EQ(text.find("Team A's "), 0u) << text;
    EXPECT_NE(g.objectivesText(1).find(text), std::string::npos) << "a team-mate reads the team's Orders";
    EXPECT_EQ(g.objectivesText(2).find(text), std::string::npos) << "a rival does not (VC-1730)";
    EXPECT_NE(g.objectivesText(2).find("Team A: " + std::to_string(orders.size()) + " Sealed Orders"), std::string::npos);
    auto mate = decodeView(g.observe(1).canonical), rival = decodeView(g.observe(2).canonical);
    ASSERT_TRUE(mate.ok() && rival.ok()) << mate.message() << rival.message();
    EXPECT_NE(mate->players[0].orders.front().form, 0xFF) << "VC-3190: a team-mate's bot knows the team's Orders";
    EXPECT_EQ(rival->players[0].orders.front().form, 0xFF) << "a rival's knows only the class";
    EXPECT_GE(mate->players[0].ambition, 0);
    EXPECT_EQ(rival->players[0].ambition, -1);
  }
}

// The options: a team's Charter is chosen at its first seat; v3 refuses the combination by version (VC-3220).
TEST(ElcTeamsObjectives, Vc1570TheCharterIsChosenAtTheTeamsFirstSeatAndV3RefusesTheCombination) {
  auto bad = parseOptions({{"tracks", "dominion,charters"}, {"teams", "AABB"}, {"charters", "keys,throne"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("seat 1 is in Team A, whose one Charter is chosen at its first seat 0"), std::string::npos)
      << bad.message();
  ElcGame v3;
  v3.setRulesVersion(3);
  auto old = v3.setup(encodeConfig(cfg({{"tracks", "dominion,charters"}, {"teams", "AABB"}})), seedOf(1), 4);
  ASSERT_FALSE(old.ok());
  EXPECT_NE(old.message().find("victoryLogicVersion 4"), std::string::npos) << old.message();
}

// Played out by the bots: teams with Charters and Ambition end within the Terms' bound (VC-090), Tenure never falls
// (VC-3330), every member keeps its team's objectives, and a save reloads byte for byte (VC-330).
TEST(ElcTeamsObjectives, SelfPlayWithTeamsChartersAndAmbitionTerminatesAndTenureNeverFalls) {
  for (const char* mode : {"additional", "exclusive"})
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Config c = cfg({{"preset", "blitz"}, {"tracks", "dominion,throne,warrants,charters,ambition"}, {"charter-mode", mode},
                      {"teams", "AABB"}, {"sealed-orders", "2"}});
      ElcGame g = started(c, seed, 4);
      std::vector<int64_t> tenure(4, 0);
      playOut(g, seed, 400, [&](const ElcGame& x) {
        for (Seat s = 0; s < 4; ++s) {
          if (x.live(s)) {
            EXPECT_GE(x.players()[s].tenure, tenure[s]) << "VC-3330";
          }
          tenure[s] = x.players()[s].tenure;
        }
        if (x.live(0) && x.live(1)) {
          EXPECT_TRUE(sameOrders(x.players()[0].sealedOrders, x.players()[1].sealedOrders));
        }
      });
      EXPECT_TRUE(g.over()) << mode << " seed " << seed;
      EXPECT_LE(g.turn(), static_cast<uint32_t>(terminationBound(c))) << "VC-090";
      reloaded(g);
    }
}
