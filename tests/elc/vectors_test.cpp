// The normative test vectors of VC-3310, reproduced exactly.
#include <gtest/gtest.h>

#include "core/elc/arith.h"
#include "core/elc/chronicle.h"
#include "core/elc/calibration.h"
#include "core/elc/state.h"
#include "core/elc/terms.h"
#include "tests/support/seed_of.h"

using namespace concord::elc;

// VC-570: Red at the Seal of turn 178 on the reference map.
TEST(ElcVectors, Vc570Standing) {
  StandingBreakdown b = standingOf({27, 2, 2, 132, 1180});
  EXPECT_EQ(b.cityTerm, 2700);
  EXPECT_EQ(b.landmarkTerm, 300);
  EXPECT_EQ(b.seatTerm, 400);
  EXPECT_EQ(b.outputTerm, 660);
  EXPECT_EQ(b.civil, 4060);
  EXPECT_EQ(b.militaryRaw, 295);
  EXPECT_EQ(b.militaryCap, 1015);
  EXPECT_EQ(b.military, 295);
  EXPECT_EQ(b.standing, 4355);
  EXPECT_EQ(tenureAccrual(b.standing, false), 43);
  EXPECT_EQ(tenureAccrual(b.standing, true), 21);  // VC-610: half rate when Seatless
}

// VC-540: the cap binds when the army outweighs a quarter of the civil subtotal.
TEST(ElcVectors, Vc540MilitaryCapBinds) {
  StandingBreakdown b = standingOf({1, 0, 1, 4, 4000});
  EXPECT_EQ(b.civil, 320);
  EXPECT_EQ(b.military, 80);
  EXPECT_EQ(b.standing, 400);
}

// VC-580/VC-590/VC-630: the reference map's scalars follow from the formulas.
TEST(ElcVectors, Vc580ReferenceMap) {
  EXPECT_EQ(regionCount(48, 4), 8);
  EXPECT_EQ(landmarkCount(48, 1, 4), 5);
  EXPECT_STREQ(mapClassName(mapClassOf(48)), "Medium");
  MapMaxima m = mapMaxima(48, 5, 4, 240);
  EXPECT_EQ(m.civilMax, 7550);
  EXPECT_EQ(m.smax, 9437);
  EXPECT_EQ(m.maxTenurePerSeal, 94);
}

// VC-870: start 625, floor 501, Ds 120, H 200; "cities of 48" = ceil(D × 48 / 1000). The table was lost from
// our copy; the values the document states elsewhere (VC-2010, VC-2460) pin it.
TEST(ElcVectors, Vc870Ebb) {
  auto d = [](int64_t t) { return ebbThreshold(625, 501, 120, 200, t); };
  EXPECT_EQ(d(1), 625);
  EXPECT_EQ(d(119), 625);
  EXPECT_EQ(d(120), 625);
  EXPECT_EQ(d(121), 624);
  EXPECT_EQ(d(145), 587);
  EXPECT_EQ(citiesFor(d(145), 48), 29);
  EXPECT_EQ(d(160), 563);
  EXPECT_EQ(d(178), 536);
  EXPECT_EQ(citiesFor(d(178), 48), 26);
  EXPECT_EQ(d(179), 534);
  EXPECT_EQ(d(200), 501);  // VC-820: the floor exactly at H
  EXPECT_EQ(citiesFor(d(200), 48), 25);
  EXPECT_EQ(d(260), 501);  // and held past it
  EXPECT_EQ(citiesFor(625, 48), 30);
  for (int64_t t = 2; t <= 260; ++t) EXPECT_LE(d(t), d(t - 1)) << "VC-400: a threshold never rises, t=" << t;
}

// VC-2630: relative elimination at turn 172 on the reference map.
TEST(ElcVectors, Vc2630Elimination) {
  const int64_t remaining = 200 - 172, ceiling = remaining * 94;
  EXPECT_EQ(remaining, 28);
  EXPECT_EQ(ceiling, 2632);
  EXPECT_TRUE(relativelyEliminated(11410, remaining, 94, 14880));  // Blue: 14,042 < 14,880
  EXPECT_TRUE(relativelyEliminated(6020, remaining, 94, 14880));   // Green: 8,652 < 14,880
  EXPECT_FALSE(relativelyEliminated(14880, remaining, 94, 14880));  // Red leads
  EXPECT_FALSE(relativelyEliminated(12248, remaining, 94, 14880));  // 12,248 + 2,632 = 14,880: not below
}

// VC-2270: the report quantum for Dominion at turn 100.
TEST(ElcVectors, Vc2270ReportQuantum) {
  int64_t q = reportQuantum(48, 625);
  EXPECT_EQ(q, 67);
  EXPECT_EQ(quantise(733, q), 670);
  EXPECT_EQ(quantise(733, q) / 10, 67);  // VC-120: presented as "Dominion 67 percent"
  EXPECT_EQ(reportQuantum(1000, 1000), 50);  // the 50 floor
}

// VC-2830: the Verdict correctly declines at 4,180 against 2,510.
TEST(ElcVectors, Vc2830VerdictDeclines) {
  EXPECT_FALSE(verdictGap(4180, 2510));
  EXPECT_TRUE(verdictGap(5020, 2510));
}

// VC-2010: the Standard War paragraph on the reference map, character for character.
TEST(ElcVectors, Vc2010TermsParagraph) {
  const std::string expected =
      "This game ends when a player holds 30 of the map's 48 cities for 3 turns; or holds 3 of the 5 Landmarks for 6 "
      "turns; or is the last player left. From turn 120 the Dominion requirement falls, reaching 25 of 48 cities at "
      "turn 200. At turn 200, the player with the highest Tenure wins. Broken players surrender automatically after 3 "
      "turns. A decided game may be ended early by a vote of the trailing players. A player far behind receives "
      "public Rally objectives, and taking a city from the leader is worth extra Tenure. Estimated length: "
      "90\u2013160 turns.";
  // The vector's estimate is the VC-880 fallback the document shipped with; the table may refine it (VC-2030).
  EXPECT_EQ(termsParagraph(presetConfig(Preset::StandardWar), referenceMap(), EstimateSource::Fallback), expected);
}

// VC-2010 through the live path: a Standard War game on a map of the reference's size (48 cities, 5 Landmarks, 8
// Regions, 4 players) stores the vector's paragraph verbatim (VC-2000) up to its estimate, which is the shipped
// calibration's VC-2050 combination (VC-890: the fallback only where no cell exists). This build's self-play measures
// Standard War shorter than the document's guess, so the live clause is not "90-160" (docs/rules-decisions.md, issue 29 "VC-2010").
TEST(ElcVectors, Vc2010TheLiveGameStoresTheParagraphWithItsCalibratedEstimate) {
  ElcGame g;
  ASSERT_TRUE(g.setup(encodeConfig(presetConfig(Preset::StandardWar)), concord::test_support::seedOf(1), 4).ok());
  ASSERT_EQ(g.facts().cities, 48);
  ASSERT_EQ(g.facts().landmarks, 5);
  ASSERT_EQ(g.facts().regions, 8);
  const std::string vector =
      "This game ends when a player holds 30 of the map's 48 cities for 3 turns; or holds 3 of the 5 Landmarks for 6 "
      "turns; or is the last player left. From turn 120 the Dominion requirement falls, reaching 25 of 48 cities at "
      "turn 200. At turn 200, the player with the highest Tenure wins. Broken players surrender automatically after 3 "
      "turns. A decided game may be ended early by a vote of the trailing players. A player far behind receives "
      "public Rally objectives, and taking a city from the leader is worth extra Tenure. Estimated length: ";
  const CalibrationCell* dominion = calibrationCell(static_cast<uint8_t>(Track::Dominion), 1, 4);
  const CalibrationCell* keys = calibrationCell(static_cast<uint8_t>(Track::Keys), 1, 4);
  ASSERT_TRUE(dominion && keys) << "the shipped table has both Medium, 4-player cells";
  const int p20 = std::min(dominion->p20, keys->p20), p80 = std::min({dominion->p80, keys->p80, uint16_t{200}});  // VC-2050
  EXPECT_EQ(g.terms(), vector + std::to_string(p20) + "\u2013" + std::to_string(p80) + " turns.");
  // With no cell, the same generator gives the vector to the letter (VC-890's fallback; VC-880 reconstructed).
  EXPECT_EQ(termsParagraph(g.config(), g.facts(), EstimateSource::Fallback), vector + "90\u2013160 turns.");
}

// VC-840: "count backwards to a date" evaluates threshold(t) forward. On the reference map, 26 cities (541 per
// mille) meet Dominion first at turn 175 (threshold 540; 542 at 174); 24 cities (500) never do before the Horizon (501).
TEST(ElcVectors, Vc840CountBackwardsToADate) {
  const Config c = presetConfig(Preset::StandardWar);
  const MapFacts m = referenceMap();
  EXPECT_EQ(ebbThreshold(625, 501, 120, 200, 174), 542);
  EXPECT_EQ(ebbThreshold(625, 501, 120, 200, 175), 540);
  EXPECT_EQ(ebbThreshold(625, 501, 120, 200, 173), 543);
  EXPECT_EQ(countBackTurn(Track::Dominion, c, m, 1000 * 26 / 48, 100), 175);
  EXPECT_EQ(countBackTurn(Track::Dominion, c, m, 1000 * 24 / 48, 100), -1);
  EXPECT_EQ(countBackTurn(Track::Dominion, c, m, 1000 * 30 / 48, 100), 101);  // already there: next turn
}
