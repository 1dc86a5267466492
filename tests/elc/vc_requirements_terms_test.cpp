// The Terms and the catalogue's shape (issue 29: requirements no test cited): Track kinds and floors, the paragraph's
// clauses, the estimate's form and provenance notes, the honest limit of the arithmetic, map classes, and Warrants
// as objectives that never end a game. Expected text and numbers from the seed (VC-2010's worked paragraph).
#include <gtest/gtest.h>

#include <regex>

#include "core/elc/arith.h"
#include "core/elc/lint.h"
#include "core/elc/terms.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcTerms, Vc360EveryTrackHasOneKindVc350Vc370AccumulativeOnesABoundVc1430WarrantsNeverEnd) {
  for (Track t : {Track::Dominion, Track::Hegemony, Track::Keys, Track::Prosperity, Track::Throne})
    EXPECT_EQ(trackKind(t), Kind::Threshold) << trackName(t);
  for (Track t : {Track::Ascendancy, Track::GreatWork, Track::Ambition}) EXPECT_EQ(trackKind(t), Kind::Accumulative) << trackName(t);
  EXPECT_EQ(trackKind(Track::Horizon), Kind::Scheduled);
  EXPECT_EQ(trackKind(Track::Warrants), Kind::Objective);
  EXPECT_FALSE(isTerminal(Track::Warrants)) << "VC-1430/VC-1760: a Warrant wins nothing";
  for (int i = 0; i < kTracks; ++i) {  // VC-350: every condition is a named, keyed Track of one kind
    auto t = static_cast<Track>(i);
    EXPECT_FALSE(std::string(trackName(t)).empty());
    EXPECT_FALSE(std::string(trackKey(t)).empty());
  }
  // VC-370: Ascendancy's bound is A per Seal: 7 points at A = 3 cannot come in two Seals from 0 (6 < 7).
  EXPECT_TRUE(absolutelyEliminated(0, 2 * 3, 7));
  EXPECT_FALSE(absolutelyEliminated(1, 2 * 3, 7));
}

TEST(ElcTerms, Vc790UniquenessFloorsOnTheReferenceMap) {
  ElcGame g = started(cfg({{"tracks", "dominion,hegemony,keys,every-last-city"}}), 3, 4);
  EXPECT_EQ(trackFloor(Track::Dominion, g.config(), g.facts()), 501);
  EXPECT_EQ(trackFloor(Track::Hegemony, g.config(), g.facts()), 8 / 2 + 1);
  EXPECT_EQ(trackFloor(Track::Keys, g.config(), g.facts()), (5 + 1) / 2);
  EXPECT_EQ(trackFloor(Track::EveryLastCity, g.config(), g.facts()), 48);
}

TEST(ElcTerms, Vc1960ClausesInOrderOmittingWhatIsOffVc1970TerminalClausesVc2020AnIntegerRange) {
  ElcGame keys = started(cfg({{"tracks", "keys"}, {"verdict", "off"}, {"rally", "off"}, {"defiance", "off"}}), 3, 4);
  const std::string& p = keys.terms();
  EXPECT_EQ(p.rfind("This game ends when a player holds 3 of the 5 Landmarks for 6 turns; or is the last player left.", 0), 0u) << p;
  EXPECT_EQ(p.find("vote"), std::string::npos) << "no Verdict, no clause";
  EXPECT_EQ(p.find("Rally"), std::string::npos);
  EXPECT_EQ(p.find("falls"), std::string::npos) << "no Ebbing Track, no Ebb clause";
  EXPECT_LT(p.find("At turn 200"), p.find("Broken players")) << "the Horizon before Capitulation";
  EXPECT_TRUE(std::regex_search(p, std::regex(std::string(R"(Estimated length: \d+)") + "\u2013" + R"(\d+ turns\.$)"))) << p;
  ElcGame dom = started(cfg({{"tracks", "dominion"}}), 3, 4);
  EXPECT_EQ(dom.terms().rfind("This game ends when a player holds 30 of the map's 48 cities for 3 turns; or is the last player left. "
                              "From turn 120 the Dominion requirement falls, reaching 25 of 48 cities at turn 200.", 0),
            0u)
      << dom.terms();
}

TEST(ElcTerms, Vc2040MapClassesByCitiesAlone) {
  EXPECT_EQ(mapClassOf(24), 0);
  EXPECT_EQ(mapClassOf(25), 1);
  EXPECT_EQ(mapClassOf(64), 1);
  EXPECT_EQ(mapClassOf(65), 2);
  EXPECT_EQ(mapClassOf(128), 2);
  EXPECT_EQ(mapClassOf(129), 3);
}

TEST(ElcTerms, Vc2060AnUncalibratedCellIsLabelledVc1660ProvisionalWeightsVc2640TheArithmeticsLimitIsStated) {
  // Ascendancy has no Skirmish cell (its A = 3 needs L >= 4, docs/elc-world.md): the fallback, labelled.
  ElcGame sk = started(cfg({{"tracks", "ascendancy"}, {"width", "16"}, {"height", "16"}, {"cities", "24"},
                            {"min-start-separation", "5"}, {"lit", "1"}}), 3, 2);
  ASSERT_FALSE(estimateLength(sk.config(), sk.facts()).calibrated);
  EXPECT_NE(sk.tableCommand(0, "terms")->find("without calibration data (VC-2060)"), std::string::npos);
  EXPECT_EQ(sk.tableCommand(0, "terms")->find("VC-2640"), std::string::npos) << "no Threshold Track, nothing to limit";
  ElcGame sw = started(preset(Preset::StandardWar), 3, 4);
  ASSERT_TRUE(estimateLength(sw.config(), sw.facts()).calibrated);
  EXPECT_EQ(sw.introduction(0).find("VC-2060"), std::string::npos) << "calibrated: no label";
  const std::string limit = "Threshold Tracks (Dominion, Keys) cannot be closed by the arithmetic of VC-2610 and VC-2620";
  EXPECT_NE(sw.introduction(0).find(limit), std::string::npos) << "in the Terms";
  playTurn(sw, {});
  EXPECT_NE(sw.boardText(1, 0).find(limit), std::string::npos) << "and on the Board";
  ElcGame ch = started(cfg({{"tracks", "dominion,charters"}}), 3, 3);
  EXPECT_NE(ch.introduction(0).find("provisional"), std::string::npos);
}

TEST(ElcTerms, Vc990EveryLastCityIsExemptFromTheCadenceCheckVc1770WarrantsAndTalliesCarryIt) {
  auto l4 = [](const Config& c) {
    ElcGame g = started(c, 3, 4);
    auto f = lintTerms(c, g.facts());
    return std::any_of(f.begin(), f.end(), [](const Finding& x) { return x.code == "L4"; });
  };
  EXPECT_FALSE(l4(preset(Preset::EveryLastCity))) << "VC-990: the preset is exempt";
  EXPECT_TRUE(l4(cfg({{"tracks", "dominion,keys"}}))) << "H 200 with neither Warrants nor Tallies";
  EXPECT_FALSE(l4(cfg({{"tracks", "dominion,keys,warrants"}}))) << "Warrants carry the cadence";
  EXPECT_FALSE(l4(cfg({{"tracks", "dominion,ascendancy"}}))) << "so do Tallies";
}

TEST(ElcTerms, Vc1810WarrantFormsVc1860RewardsVc1880NoUnitsNoThresholds) {
  ElcGame g = quiet(preset(Preset::StandardWar), 23, 2);
  ASSERT_FALSE(g.warrants().empty());
  for (const auto& w : g.warrants()) {
    EXPECT_TRUE(w.form == WarrantForm::Hold || w.form == WarrantForm::CapitalHold || w.form == WarrantForm::Scout);
    EXPECT_TRUE(w.reward == Reward::Tenure || w.reward == Reward::Works);
    if (w.form == WarrantForm::CapitalHold) {
      EXPECT_EQ(g.world().regionCapital[static_cast<size_t>(g.world().cities[w.city].region)], w.city);
    }
  }
  const Warrant first = g.warrants().front();
  for (int i = 0; i < 10; ++i) playTurn(g, {});
  if (first.form == WarrantForm::Scout) g.addUnitForScenario(0, g.world().cities[first.city].tile);
  else g.setOwner(first.city, 0);
  const size_t units = g.units().size();
  const int64_t yard = g.cities()[g.players()[0].seatCity].yard, tenure = g.players()[0].tenure;
  const auto thresholds = g.players()[0].tracks;
  for (int i = 0; i < 5; ++i) playTurn(g, {});
  ASSERT_EQ(g.warrants().front().claimedBy, 0);
  EXPECT_EQ(g.units().size(), units) << "VC-1880/VC-070: no unit granted, only VC-1860's reward";
  for (int i = 0; i < kTracks; ++i)
    if (i != static_cast<int>(Track::Dominion)) {  // Dominion's Ebb is the only threshold that moves, and not yet
      EXPECT_EQ(g.players()[0].tracks[i].threshold, thresholds[i].threshold) << trackName(static_cast<Track>(i));
    }
  if (first.reward == Reward::Works) {
    EXPECT_GE(g.cities()[g.players()[0].seatCity].yard - yard, kWarrantWorks);
  } else {
    EXPECT_GE(g.players()[0].tenure - tenure, kWarrantTenureSeals * g.maxTenurePerSeal());
  }
  EXPECT_FALSE(g.over()) << "VC-1760: a claim wins nothing";
}
