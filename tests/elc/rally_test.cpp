// The Rally (§15.3): on becoming Reduced (VC-2900) a player receives exactly the grants of VC-2950 as
// reconstructed (docs/rules-decisions.md "The Rally"): the Survey, the Levy Call and one Rally Warrant on the
// leader's city nearest them (VC-190), public with target and holder from the issue (VC-2960), its Tenure
// capped at 20 x maxTenurePerSeal per game (VC-2940); none of it when the Rally is off (VC-2980).
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

// Red holds a third of the map, Blue its start city: Blue is Reduced at the turn-20 Seal (VC-2900).
ElcGame lopsided(const Config& c) {
  ElcGame g = started(c, 41, 2);
  g.unitsForScenario().clear();
  int given = 0;
  for (int32_t k = 0; k < static_cast<int32_t>(g.cities().size()) && given < 16; ++k)
    if (g.cities()[k].owner == kNeutral) g.setOwner(k, 0), g.cityForScenario(k).integration = 100, ++given;
  for (int i = 0; i < 19; ++i) playTurn(g, {});
  EXPECT_FALSE(g.players()[1].reduced) << "VC-2900: not before turn 20";
  return g;
}

}  // namespace

TEST(ElcRally, Vc2950EnteringReducedGrantsTheSurveyTheLevyCallAndARallyWarrant) {
  ElcGame g = lopsided(preset(Preset::StandardWar));
  const int32_t seat = g.players()[1].seatCity;
  const int64_t yard = g.cities()[seat].yard;
  playTurn(g, {});
  ASSERT_TRUE(g.players()[1].reduced);
  EXPECT_TRUE(chronicleHas(g, Chron::RallyIssued, "Blue rallies: Survey"));
  EXPECT_TRUE(chronicleHas(g, Chron::RallyIssued, "Levy Call +40 Works"));
  EXPECT_GE(g.cities()[seat].yard - yard, kLevyCallWorks) << "the Levy Call's Works are in Blue's Seat Yard";
  ASSERT_EQ(g.rallyWarrants().size(), 1u);
  const RallyWarrant w = g.rallyWarrants().front();
  EXPECT_EQ(w.holder, 1);
  EXPECT_EQ(w.leader, 0);
  EXPECT_EQ(g.cities()[w.target].owner, 0);
  // VC-190: no city of the leader is nearer any of Blue's cities than the target.
  auto nearest = [&](int32_t c) {
    int32_t d = INT32_MAX;
    for (int32_t h = 0; h < static_cast<int32_t>(g.cities().size()); ++h)
      if (g.cities()[h].owner == 1) d = std::min(d, g.world().grid.distance(g.world().cities[c].tile, g.world().cities[h].tile));
    return d;
  };
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == 0) {
      EXPECT_GE(nearest(c), nearest(w.target)) << g.world().cities[c].name;
    }
  // VC-2960: public with target and holder, to the leader too.
  EXPECT_NE(g.observe(0).text.find("Rally Warrant 1: Blue may take " + g.world().cities[w.target].name + " (Red's)"), std::string::npos)
      << g.observe(0).text;
  EXPECT_TRUE(alwaysPublic(Chron::RallyIssued));
}

TEST(ElcRally, Vc2940TakingTheTargetPaysTenureUpToTheGameCap) {
  ElcGame g = lopsided(preset(Preset::StandardWar));
  playTurn(g, {});
  ASSERT_EQ(g.rallyWarrants().size(), 1u);
  g.playerForScenario(1).rallyTenure = 19 * g.maxTenurePerSeal();  // one Seal's worth of room left
  g.setOwner(g.rallyWarrants().front().target, 1);
  const int64_t before = g.players()[1].tenure;
  playTurn(g, {});
  EXPECT_TRUE(g.rallyWarrants().front().claimed);
  EXPECT_EQ(g.players()[1].rallyTenure, 20 * g.maxTenurePerSeal()) << "VC-2940: 20 x maxTenurePerSeal per game";
  EXPECT_GE(g.players()[1].tenure - before, g.maxTenurePerSeal());
  EXPECT_TRUE(chronicleHas(g, Chron::RallyClaimed, "Blue claims Rally Warrant 1: +"));
  EXPECT_TRUE(chronicleHas(g, Chron::RallyClaimed, "VC-2940"));
  // The state carries the Rally (VC-260: it is in the hash) and reads back.
  det::Writer w;
  g.write(w);
  const auto bytes = w.take();
  ElcGame back;
  det::Reader r(bytes, "state");
  ASSERT_TRUE(back.read(r).ok());
  EXPECT_EQ(back.rallyWarrants().size(), 1u);
  EXPECT_EQ(back.players()[1].rallyTenure, g.players()[1].rallyTenure);
}

TEST(ElcRally, ARallyWarrantExpiresWhenItsHolderIsNoLongerReduced) {
  ElcGame g = lopsided(preset(Preset::StandardWar));
  playTurn(g, {});
  ASSERT_EQ(g.rallyWarrants().size(), 1u);
  const int32_t target = g.rallyWarrants().front().target;
  for (int32_t k = 0; k < static_cast<int32_t>(g.cities().size()); ++k)  // Blue recovers without the target
    if (g.cities()[k].owner == 0 && k != target && k != g.players()[0].seatCity) g.setOwner(k, 1);
  playTurn(g, {});
  EXPECT_FALSE(g.players()[1].reduced);
  EXPECT_TRUE(g.rallyWarrants().front().expired);
  EXPECT_TRUE(chronicleHas(g, Chron::RallyIssued, "Rally Warrant 1 expires unclaimed."));
  EXPECT_EQ(g.observe(0).text.find("Rally Warrant 1:"), std::string::npos);
}

TEST(ElcRally, Vc2980RallyOffGrantsNothing) {
  ElcGame g = lopsided(cfg({{"rally", "off"}}));
  playTurn(g, {});
  ASSERT_TRUE(g.players()[1].reduced) << "Reduced is computed and published either way (VC-2920)";
  EXPECT_TRUE(g.rallyWarrants().empty());
  EXPECT_FALSE(chronicleHas(g, Chron::RallyIssued, "rallies"));
  EXPECT_FALSE(chronicleHas(g, Chron::RallyIssued, "Levy Call"));
}
