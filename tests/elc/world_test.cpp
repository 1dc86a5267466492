// The host world (docs/elc-world.md): VC-190 distance, VC-2660 MAP_SPAN, generation invariants
// (VC-1031..VC-1035, VC-1081..VC-1084), config ranges (VC-470) and order refusals naming their rule.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/orders.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcWorld, Vc190WrappedChebyshevDistance) {
  Grid flat{10, 6, Topology::Flat}, cyl{10, 6, Topology::Cylinder}, torus{10, 6, Topology::Torus};
  int32_t a = flat.at(0, 0), b = flat.at(9, 5);
  EXPECT_EQ(flat.distance(a, b), 9);
  EXPECT_EQ(cyl.distance(a, b), 5);    // x wraps: 1; y does not: 5
  EXPECT_EQ(torus.distance(a, b), 1);  // both wrap
  EXPECT_EQ(torus.distance(torus.at(2, 1), torus.at(7, 4)), 5);
  EXPECT_EQ(cyl.within(cyl.at(0, 0), 1).size(), 6u);    // wraps in x, clipped in y
  EXPECT_EQ(torus.within(torus.at(0, 0), 1).size(), 9u);
}

TEST(ElcWorld, Vc2660MapSpanIsTheGreatestPairDistance) {
  for (Topology t : {Topology::Flat, Topology::Cylinder, Topology::Torus})
    for (auto [w, h] : {std::pair{9, 8}, {12, 7}, {8, 13}}) {
      Grid g{w, h, t};
      int32_t best = 0;
      for (int32_t a = 0; a < g.tiles(); ++a)
        for (int32_t b = 0; b < g.tiles(); ++b) best = std::max(best, g.distance(a, b));
      EXPECT_EQ(g.span(), best) << w << "x" << h << " topology " << static_cast<int>(t);
    }
}

TEST(ElcWorld, GenerationHonoursRegionAndLandmarkInvariants) {
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Config c = preset(Preset::StandardWar);
    c.topology = static_cast<Topology>(seed % 3);
    ElcGame g = started(c, seed, 4);
    const World& w = g.world();
    ASSERT_EQ(w.cities.size(), 48u);
    EXPECT_EQ(w.regionCapital.size(), 8u);  // VC-1031 on the reference shape
    EXPECT_EQ(w.landmarks.size(), 5u);      // VC-1081
    EXPECT_TRUE(std::is_sorted(w.regionCapital.begin(), w.regionCapital.end()));  // VC-1033
    EXPECT_TRUE(std::is_sorted(w.landmarks.begin(), w.landmarks.end()));          // VC-1084
    int total = 0;
    for (size_t r = 0; r < w.regionSize.size(); ++r) {
      EXPECT_GE(w.regionSize[r], 2) << "VC-1032 R2";
      EXPECT_EQ(w.cities[w.regionCapital[r]].region, static_cast<int32_t>(r));
      total += w.regionSize[r];
    }
    EXPECT_EQ(total, 48);
    for (int32_t l : w.landmarks) {
      EXPECT_LT(w.cities[l].startOf, 0) << "VC-1082 K1: a Landmark is never a start city";
      EXPECT_EQ(g.cities()[l].owner, kNeutral) << "VC-1083: unowned at turn 1";
      EXPECT_EQ(g.cities()[l].garrison, c.neutralDefence) << "VC-1083: the ordinary neutral garrison";
    }
    int64_t pot = 0;
    for (const auto& s : w.cities) pot += effectiveWorks(s, 100);
    EXPECT_EQ(w.potentialOutput, pot);  // VC-600
    for (Seat s = 0; s < 4; ++s) {  // VC-1450: the Seat is the start city
      int32_t seat = g.players()[s].seatCity;
      ASSERT_GE(seat, 0);
      EXPECT_EQ(w.cities[seat].startOf, s);
    }
  }
}

TEST(ElcWorld, SameSeedSameWorldDifferentSeedDifferentWorld) {
  auto bytes = [](uint64_t seed) {
    ElcGame g = started(preset(Preset::StandardWar), seed, 4);
    det::Writer w;
    g.write(w);
    return w.take();
  };
  EXPECT_EQ(bytes(5), bytes(5));
  EXPECT_NE(bytes(5), bytes(6));
}

TEST(ElcConfig, Vc470OutOfRangeSettingsAreRefusedByName) {
  auto err = [](std::vector<std::pair<std::string, std::string>> o) {
    auto c = parseOptions(o);
    return c ? std::string() : c.message();
  };
  EXPECT_NE(err({{"horizon", "10"}}).find("VC-1330"), std::string::npos);
  EXPECT_NE(err({{"dominion-vigil", "13"}}).find("VC-940"), std::string::npos);
  EXPECT_NE(err({{"tracks", "dominion,conquest"}}).find("VC-880"), std::string::npos);
  EXPECT_NE(err({{"preset", "marathon"}}).find("VC-2120"), std::string::npos);
  EXPECT_NE(err({{"verdict-window", "9"}}).find("VC-2780"), std::string::npos);
  EXPECT_NE(err({{"tracks", "charters"}, {"charters", "keys,keys"}}).find("VC-1630"), std::string::npos);  // §10 is built (v3)
  EXPECT_NE(err({{"war-period", "4"}}).find("VC-1780"), std::string::npos);
  EXPECT_NE(err({{"capitulation", "aggressive"}, {"tracks", "every-last-city"}, {"capitulation", "standard"}}).find("VC-980"),
            std::string::npos);
  EXPECT_NE(err({{"ebb-start", "250"}}).find("VC-810"), std::string::npos);
  EXPECT_EQ(err({{"preset", "blitz"}, {"topology", "torus"}}), "");
  auto c = parseOptions({{"preset", "long-war"}, {"horizon", "240"}});
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->modified);  // VC-2150
  auto back = decodeConfig(encodeConfig(*c));
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(*back, *c);
  auto bytes = encodeConfig(*c);
  bytes.push_back(0);
  EXPECT_FALSE(decodeConfig(bytes).ok());  // strict: no trailing bytes
}

TEST(ElcConfig, EveryPresetHasAFiniteBoundStatedInItsTerms) {
  for (Preset p : {Preset::StandardWar, Preset::Tournament, Preset::EveryLastCity, Preset::LongWar, Preset::Blitz}) {
    Config c = presetConfig(p);
    ASSERT_TRUE(validateConfig(c).ok()) << presetName(p);
    std::string terms = termsParagraph(c, referenceMap());
    EXPECT_NE(terms.find("At turn " + std::to_string(terminationBound(c)) + ","), std::string::npos) << "VC-090 " << terms;
    EXPECT_EQ(terms.find("per mille"), std::string::npos) << "VC-1980";
  }
  EXPECT_EQ(presetConfig(Preset::Tournament).defiance, false);  // VC-3010
  EXPECT_TRUE(presetConfig(Preset::Tournament).unanimity);     // VC-2800
}

TEST(ElcOrders, RefusalsNameTheRequirement) {
  ElcGame g = started(preset(Preset::StandardWar), 3, 4);
  const Unit u = g.units().front();
  const Grid& grid = g.world().grid;
  int32_t far = grid.at((grid.x(u.tile) + 5) % grid.width, grid.y(u.tile));
  auto why = [&](Seat s, const Order& o) {
    auto r = g.validate(s, o);
    return r ? std::string() : r.message();
  };
  EXPECT_NE(why(static_cast<Seat>(u.owner), makeMove(u.id, static_cast<uint32_t>(far))).find("VC-2650"), std::string::npos);
  EXPECT_NE(why(static_cast<Seat>(u.owner + 1), makeMove(u.id, static_cast<uint32_t>(u.tile))).find("not yours"), std::string::npos);
  int32_t neutral = 0;
  while (g.cities()[neutral].owner != kNeutral) ++neutral;
  EXPECT_NE(why(0, makeOrder(kDesignateSeat, static_cast<uint32_t>(neutral))).find("VC-1440"), std::string::npos);
  EXPECT_NE(why(0, makeOrder(kDesignateWorkSite, 0)).find("VC-1210"), std::string::npos);
  EXPECT_NE(why(0, makeOrder(kCastVerdictVote, 1)).find("VC-2750"), std::string::npos);
  EXPECT_NE(why(0, makeOrder(kConcede, 0)).find("VC-2840"), std::string::npos);
  EXPECT_NE(why(0, makeOrder(kSelectCharter, 0)).find("VC-1600"), std::string::npos);
  EXPECT_NE(why(0, makeOrder(kClaimWarrant, 0)).find("VC-1830"), std::string::npos);
  EXPECT_NE(why(0, Order{99, {}}).find("VC-320"), std::string::npos);
  EXPECT_NE(why(0, Order{kBuild, {0x80}}).find("malformed"), std::string::npos);  // truncated varint
  EXPECT_NE(why(0, Order{kBuild, {1, 2}}).find("malformed"), std::string::npos);  // trailing byte
  int32_t home = g.players()[0].seatCity;
  EXPECT_NE(why(0, makeOrder(kBuild, static_cast<uint32_t>(home))).find("Yard"), std::string::npos);
  // Every legal order the module lists validates (Game::legalOrders contract).
  for (Seat s = 0; s < 4; ++s)
    for (const auto& o : g.legalOrders(s)) EXPECT_TRUE(g.validate(s, o).ok()) << g.describe(s, o);
}

TEST(ElcOrders, DesignateSeatOnlyInTurnsOneToFiveAndOnce) {
  ElcGame g = started(preset(Preset::StandardWar), 4, 2);
  int32_t other = 0;
  while (g.cities()[other].owner != kNeutral) ++other;
  g.setOwner(other, 0);
  playTurn(g, {{makeOrder(kDesignateSeat, static_cast<uint32_t>(other))}});
  EXPECT_EQ(g.players()[0].seatCity, other);  // VC-1450
  auto again = g.validate(0, makeOrder(kDesignateSeat, static_cast<uint32_t>(other)));
  EXPECT_NE(again.message().find("once"), std::string::npos);
  for (int i = 0; i < 5; ++i) playTurn(g, {});
  auto late = g.validate(1, makeOrder(kDesignateSeat, static_cast<uint32_t>(g.players()[1].seatCity)));
  EXPECT_NE(late.message().find("turns 1 to 5"), std::string::npos);
}
