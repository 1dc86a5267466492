// §10: Charters (VC-1600..VC-1670), Sealed Orders with the bounded redraw (VC-1680..VC-1750) and Ambition
// (VC-1700, VC-1710). The pool tables and the Charter Modes are reconstructed (docs/rules-decisions.md "§10").
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/elc/charters.h"
#include "core/elc/config_v3.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

std::string refusal(std::vector<std::pair<std::string, std::string>> opts) {
  auto c = parseOptions(opts);
  return c.ok() ? std::string() : c.message();
}

void giveLandmarks(ElcGame& g, Seat s, int n) {
  for (int k = 0; k < n; ++k) g.setOwner(g.world().landmarks[k], static_cast<int32_t>(s));
}

}  // namespace

TEST(ElcCharters, Vc1600ConfigAcceptsChartersAmbitionAndNamesEveryBadSetting) {
  Config c = cfg({{"tracks", "dominion,charters,ambition,warrants"}, {"charter-mode", "exclusive"},
                  {"charters", "keys,-,throne"}, {"sealed-orders", "2"}, {"ambition", "7"}});
  EXPECT_TRUE(c.on(Track::Charters) && c.on(Track::Ambition));
  EXPECT_EQ(c.charterMode, CharterMode::Exclusive);
  EXPECT_EQ(c.charterPick[0], static_cast<uint8_t>(Track::Keys));
  EXPECT_EQ(c.charterPick[1], kNoPick);
  auto back = decodeConfig(encodeConfig(c));
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(*back, c);
  EXPECT_NE(refusal({{"tracks", "charters"}, {"charters", "keys,keys"}}).find("VC-1630"), std::string::npos);
  EXPECT_NE(refusal({{"tracks", "charters"}, {"charters", "horizon"}}).find("not in the Charter pool"), std::string::npos);
  EXPECT_NE(refusal({{"tracks", "ambition"}}).find("VC-1710"), std::string::npos);
  EXPECT_NE(refusal({{"tracks", "ambition,warrants"}, {"ambition", "2"}}).find("3..12"), std::string::npos);
  EXPECT_NE(refusal({{"tracks", "ambition,warrants"}, {"sealed-orders", "3"}}).find("VC-1740"), std::string::npos);
  EXPECT_NE(refusal({{"charter-mode", "shared"}}).find("VC-1620"), std::string::npos);
  EXPECT_NE(refusal({{"teams", "AB1"}}).find("team letter"), std::string::npos);
  EXPECT_NE(refusal({{"tracks", "dominion,charters"}, {"teams", "AABB"}, {"charters", "-,keys"}}).find("first seat 0"), std::string::npos)
      << "a team's one Charter is chosen at its first seat, never silently ignored (docs/rules-decisions.md)";
  // A configuration without the §10 settings keeps its v2 bytes (old replays hash the same, VC-3220).
  Config v2 = presetConfig(Preset::StandardWar);
  Config v3 = v2;
  v3.enabled |= 1u << static_cast<int>(Track::Charters);
  EXPECT_LT(encodeConfig(v2).size(), encodeConfig(v3).size());
}

TEST(ElcCharters, Vc1630EveryPlayerCarriesOneDistinctCharterSelectedInSeatOrderElseDrawn) {
  EXPECT_EQ(charterPool().size(), 9u);
  for (const auto& d : charterPool()) EXPECT_TRUE(d.weight >= 1 && d.weight <= 5) << "VC-1640";
  Config c = cfg({{"tracks", "dominion,charters,warrants"}, {"charters", "-,prosperity"}});
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    ElcGame g = started(c, seed, 4);
    std::set<Track> seen;
    for (Seat s = 0; s < 4; ++s) {
      EXPECT_GT(charterWeight(g.charterOf(s)), 0) << "VC-1600: from the pool";
      seen.insert(g.charterOf(s));
    }
    EXPECT_EQ(seen.size(), 4u) << "VC-1630: without replacement";
    EXPECT_EQ(g.charterOf(1), Track::Prosperity) << "VC-1630: explicit selection";
    ElcGame again = started(c, seed, 4);
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(again.charterOf(s), g.charterOf(s)) << "VC-170: drawn from the victory stream";
  }
}

TEST(ElcCharters, Vc1650HandicapIsWorksInTheSeatYardAndACityFromWeightFour) {
  Config off = cfg({{"tracks", "dominion,warrants"}});
  Config on = cfg({{"tracks", "dominion,charters,warrants"}, {"charters", "every-last-city,keys"}});
  ElcGame a = started(off, 5, 2), b = started(on, 5, 2);
  for (Seat s = 0; s < 2; ++s) {
    const int w = charterWeight(b.charterOf(s));
    const int32_t seat = b.players()[s].seatCity;
    EXPECT_EQ(b.cities()[seat].yard - a.cities()[seat].yard, (w - 1) * 40) << "VC-1650 Works, seat " << s;
    auto held = [&](const ElcGame& g) { return std::count_if(g.cities().begin(), g.cities().end(), [&](const City& c) { return c.owner == static_cast<int32_t>(s); }); };
    EXPECT_EQ(held(b) - held(a), w >= 4 ? 1 : 0) << "VC-1650 extra city, seat " << s;
  }
}

TEST(ElcCharters, Vc1600ACharterWinsOnlyForItsHolderAndVc1610IsPublic) {
  Config c = cfg({{"tracks", "dominion,charters,warrants"}, {"charters", "keys,prosperity"}});
  ElcGame g = started(c, 7, 2);
  giveLandmarks(g, 1, 3);  // Blue holds 3 Landmarks: not Blue's Charter, so nothing happens
  for (int i = 0; i < 8; ++i) playTurn(g, {});
  EXPECT_FALSE(g.over());
  for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[k], 0);
  const auto threshold = g.players()[0].tracks[static_cast<int>(Track::Charters)].threshold;
  EXPECT_EQ(threshold, 3) << "VC-850: the Charter's threshold is the Keys' (L + 1) / 2";
  EXPECT_NE(g.players()[1].tracks[static_cast<int>(Track::Charters)].threshold, threshold) << "VC-850: per player";
  const std::string watch = g.observe(1).text;
  EXPECT_NE(watch.find("Red's Charter: Keys (Weight 2"), std::string::npos) << "VC-1610: public from turn 1\n" << watch;
  for (int i = 0; i < 6 && !g.over(); ++i) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.winner(), 0);
  EXPECT_EQ(g.route(), "Charter (Keys)");
  EXPECT_EQ(g.turn(), 14u) << "VC-1120: the Keys' vigil 6 holds for the Charter";
}

TEST(ElcCharters, Vc1620ExclusiveChartersReplaceTheSharedTracks) {
  for (const char* mode : {"additional", "exclusive"}) {
    Config c = cfg({{"tracks", "keys,charters,warrants"}, {"charter-mode", mode}, {"charters", "dominion,hegemony"}});
    ElcGame g = started(c, 7, 2);
    giveLandmarks(g, 0, 3);
    for (int i = 0; i < 7; ++i) playTurn(g, {});
    if (std::string(mode) == "additional") {
      EXPECT_TRUE(g.over() && g.route() == "Keys") << "Additional: the shared Keys still win";
    } else {
      EXPECT_FALSE(g.over()) << "Exclusive: Red's only terminal routes are its Charter, Ambition, Last Standing, the Horizon";
      EXPECT_NE(g.terms().find("completes its own Charter"), std::string::npos) << g.terms();
      EXPECT_EQ(g.terms().find("Landmarks for"), std::string::npos) << "VC-1990: not a rule that can end it\n" << g.terms();
    }
  }
}

TEST(ElcSealedOrders, Vc1740Vc1730EveryPlayerHoldsSoOrdersWhoseClassesArePublicAndContentHidden) {
  Config c = cfg({{"tracks", "dominion,ambition,warrants"}, {"sealed-orders", "2"}});
  ElcGame g = started(c, 3, 3);
  for (Seat s = 0; s < 3; ++s) EXPECT_EQ(g.players()[s].sealedOrders.size() + g.players()[s].orderShortfall, 2u);
  const std::string blue = g.observe(1).text, red = g.observe(0).text;
  const SealedOrder& o = g.players()[0].sealedOrders[0];
  const std::string text = g.sealedOrderText(0, o);
  EXPECT_NE(red.find(text), std::string::npos) << "the holder reads its own Order\n" << red;
  EXPECT_EQ(blue.find(text), std::string::npos) << "VC-1730: content hidden from rivals\n" << blue;
  EXPECT_NE(blue.find("Red: 2 Sealed Orders ("), std::string::npos) << "VC-1730: number and classes public\n" << blue;
}

TEST(ElcSealedOrders, Vc1720RevealsAt600Vc1690GrantsAmbitionNeverVictory) {
  Config c = cfg({{"tracks", "dominion,ambition,warrants"}, {"sealed-orders", "1"}, {"ambition", "3"}});
  ElcGame g = started(c, 3, 2);
  g.playerForScenario(0).sealedOrders = {SealedOrder{OrderForm::Expansion, -1}};  // Minor: 5 cities for 4 Seals
  g.playerForScenario(1).sealedOrders = {};
  int given = 0;
  for (int32_t k = 0; k < static_cast<int32_t>(g.cities().size()) && given < 4; ++k)
    if (g.cities()[k].owner == kNeutral) g.setOwner(k, 0), ++given;
  playTurn(g, {});
  playTurn(g, {});
  EXPECT_FALSE(g.players()[0].sealedOrders[0].revealed) << "2 of 4 = 500 per mille";
  EXPECT_EQ(g.observe(1).text.find("hold 5 cities"), std::string::npos);
  playTurn(g, {});
  EXPECT_TRUE(g.players()[0].sealedOrders[0].revealed) << "VC-1720: 3 of 4 = 750 >= 600";
  EXPECT_TRUE(chronicleHas(g, Chron::SealedOrderRevealed, "Red's Minor Sealed Order: hold 5 cities"));
  EXPECT_NE(g.observe(1).text.find("hold 5 cities"), std::string::npos) << "VC-1720: public thereafter";
  playTurn(g, {});
  EXPECT_TRUE(g.players()[0].sealedOrders[0].done);
  EXPECT_EQ(g.players()[0].ambition, 1) << "VC-1690: Minor 1";
  EXPECT_TRUE(chronicleHas(g, Chron::AmbitionGained, "Red gains 1 Ambition (1 of 3)"));
  EXPECT_FALSE(g.over()) << "VC-1690: a Sealed Order never wins by itself";
}

TEST(ElcSealedOrders, Vc1700AmbitionIsAccumulativeCappedAt4ASealAndWinsAtItsThreshold) {
  Config c = cfg({{"tracks", "dominion,ambition,warrants"}, {"ambition", "5"}});
  ElcGame g = started(c, 3, 2);
  for (Seat s = 0; s < 2; ++s) g.playerForScenario(s).sealedOrders = {};
  g.playerForScenario(0).ambitionPending = 6;  // e.g. two Grand Orders completing at one Seal
  playTurn(g, {});
  EXPECT_EQ(g.players()[0].ambition, 4) << "VC-1700: maxGainPerSeal 4";
  EXPECT_EQ(g.players()[0].tracks[static_cast<int>(Track::Ambition)].progress, 4);
  EXPECT_FALSE(g.over());
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.winner(), 0);
  EXPECT_EQ(g.route(), "Ambition") << "VC-1700: threshold 5, vigil 1";
}

TEST(ElcSealedOrders, Vc1710WarrantsPayAmbitionInEveryWindow) {
  Config c = cfg({{"tracks", "dominion,ambition,warrants"}});
  ElcGame g = started(c, 9, 3);
  std::set<uint32_t> windows, paying;
  for (const auto& w : g.warrants()) {
    windows.insert(w.open);
    if (w.reward == Reward::Ambition) paying.insert(w.open);
  }
  EXPECT_FALSE(windows.empty());
  EXPECT_EQ(windows, paying) << "VC-1710: Ambition obtainable publicly";
  Warrant w = g.warrants().front();
  g.setOwner(w.city, 1);
  g.addUnitForScenario(1, g.world().cities[w.city].tile);
  for (Seat s = 0; s < 3; ++s) g.playerForScenario(s).sealedOrders = {};
  while (g.turn() < w.open) playTurn(g, {});
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantClaimed, "+1 Ambition")) << "the claim pays 1 Ambition";
  EXPECT_EQ(g.players()[1].ambition, 1);
}

TEST(ElcSealedOrders, Vc1750UnsatisfiableOrdersAreRedrawnAtMost16TimesThenTheShortfallIsRecorded) {
  World w;
  w.regionCapital = {0, 2};
  w.regionSize = {2, 4};  // VC-1032 R2: a Region of two
  w.cities.resize(6);
  w.cities[0].startOf = 0, w.cities[2].startOf = 1;
  EXPECT_NE(unsatisfiable(OrderForm::RegionShare, 0, w, 2, 0).find("fewer than the 3"), std::string::npos);
  EXPECT_EQ(unsatisfiable(OrderForm::RegionShare, 1, w, 2, 0), "");
  EXPECT_NE(unsatisfiable(OrderForm::LandmarkHold, 0, w, 2, 0).find("no Landmarks"), std::string::npos);
  EXPECT_NE(unsatisfiable(OrderForm::RivalSeat, 3, w, 4, 0).find("not occupied at setup"), std::string::npos);
  EXPECT_NE(unsatisfiable(OrderForm::RivalSeat, 0, w, 2, 0).find("not a rival"), std::string::npos);
  const OrderForm landmarkOnly[] = {OrderForm::LandmarkHold};
  auto rng = det::Rng::fromU64(1);
  OrderDraw d = drawSealedOrders(rng, w, 2, 0, 2, landmarkOnly);
  EXPECT_TRUE(d.orders.empty());
  EXPECT_EQ(d.shortfall, 2) << "VC-1750: one Order fewer per failed slot";
  EXPECT_EQ(d.discarded, 32) << "VC-1750: 16 attempts a slot, no more";
  const OrderForm shareOrWhole[] = {OrderForm::RegionShare, OrderForm::WholeRegion};
  for (uint64_t s = 1; s <= 20; ++s) {
    auto r = det::Rng::fromU64(s);
    OrderDraw e = drawSealedOrders(r, w, 2, 0, 2, shareOrWhole);
    for (const auto& o : e.orders)
      EXPECT_FALSE(o.form == OrderForm::RegionShare && o.subject == 0) << "never the two-city Region";
    EXPECT_EQ(e.orders.size() + e.shortfall, 2u);
    if (e.orders.size() == 2) {
      EXPECT_NE(e.orders[0].form, e.orders[1].form) << "without replacement";
    }
  }
}

TEST(ElcSealedOrders, Vc2520CapitulationRevealsTheOrdersAndStateRoundTrips) {
  Config c = cfg({{"tracks", "dominion,ambition,charters,warrants"}, {"sealed-orders", "2"}});
  ElcGame g = started(c, 11, 3);
  for (int32_t k = 0; k < static_cast<int32_t>(g.cities().size()); ++k)
    if (g.cities()[k].owner == 2) g.setOwner(k, 0);
  std::erase_if(g.unitsForScenario(), [](const Unit& u) { return u.owner == 2; });  // VC-2510: nothing left
  playTurn(g, {});
  ASSERT_FALSE(g.live(2));
  for (const auto& o : g.players()[2].sealedOrders) EXPECT_TRUE(o.revealed) << "VC-2520";
  det::Writer w1;
  g.write(w1);
  auto bytes = w1.take();
  ElcGame h;
  det::Reader r(bytes, "state");
  ASSERT_TRUE(h.read(r).ok());
  det::Writer w2;
  h.write(w2);
  EXPECT_EQ(w2.take(), bytes) << "VC-260: the §10 state is in the canonical bytes";
  EXPECT_EQ(h.charterOf(1), g.charterOf(1));
}

TEST(ElcSealedOrders, Vc3220TheV2RulesRefuseTheV3SettingsAndStillPlayV2Games) {
  ElcGame g;
  g.setRulesVersion(2);
  EXPECT_NE(g.setup(encodeConfig(cfg({{"tracks", "charters"}})), seedOf(1), 2).message().find("victoryLogicVersion 3"), std::string::npos);
  ElcGame old;
  old.setRulesVersion(2);
  ASSERT_TRUE(old.setup(encodeConfig(presetConfig(Preset::StandardWar)), seedOf(1), 2).ok());
  EXPECT_EQ(old.info().rulesVersion, 2u);
}

TEST(ElcSealedOrders, SelfPlayWithChartersAndAmbitionTerminatesWithinTheBoundAndTenureNeverFalls) {
  for (const char* mode : {"additional", "exclusive"})
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Config c = cfg({{"preset", "blitz"}, {"tracks", "dominion,throne,warrants,charters,ambition"}, {"charter-mode", mode},
                      {"sealed-orders", "2"}, {"ambition", "3"}});
      ElcGame g = started(c, seed, 3);
      std::vector<int64_t> tenure(3, 0);
      playOut(g, seed, 400, [&](const ElcGame& x) {
        for (Seat s = 0; s < 3; ++s) {
          if (x.live(s)) {
            EXPECT_GE(x.players()[s].tenure, tenure[s]) << "VC-3330";
          }
          tenure[s] = x.players()[s].tenure;
        }
      });
      EXPECT_TRUE(g.over()) << mode << " seed " << seed;
      EXPECT_LE(g.turn(), static_cast<uint32_t>(terminationBound(c))) << "VC-090";
    }
}

TEST(ElcSealedOrders, Vc3220AV2GamePlaysByteIdenticallyUnderV3SoOldReplaysVerify) {
  auto v2 = findModule("elc", 2), v3 = findModule("elc", 3);
  ASSERT_TRUE(v2.ok() && v3.ok()) << "both registered (core/modules.cpp)";
  EXPECT_EQ((*v2)->create()->info().rulesVersion, 2u);
  for (Preset p : {Preset::StandardWar, Preset::Blitz}) {
    ElcGame a, b;
    a.setRulesVersion(2);
    b.setRulesVersion(3);  // v5 rewords the Chronicle (VC-2460), so from v5 on the bytes differ by design
    ASSERT_TRUE(a.setup(encodeConfig(presetConfig(p)), seedOf(5), 3).ok());
    ASSERT_TRUE(b.setup(encodeConfig(presetConfig(p)), seedOf(5), 3).ok());
    std::vector<std::vector<uint8_t>> bytesA;
    playOut(a, 5, 60, [&](const ElcGame& g) { det::Writer w; g.write(w); bytesA.push_back(w.take()); });
    size_t i = 0;
    playOut(b, 5, 60, [&](const ElcGame& g) {
      det::Writer w;
      g.write(w);
      ASSERT_LT(i, bytesA.size());
      EXPECT_EQ(w.take(), bytesA[i++]) << "VC-260: the same hashed bytes at every Seal, turn " << g.turn();
    });
    EXPECT_EQ(i, bytesA.size());
  }
}
