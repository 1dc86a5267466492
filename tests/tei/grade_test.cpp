// TEI §7.2 / §7.3 / §8.1 / §8.2 / §9.2 and RULES §VIII display text.
#include <gtest/gtest.h>

#include <cmath>

#include "core/tei/grade.h"

using namespace concord::tei;

TEST(TeiGrade, ConformanceTable_TEI_8_1) {
  struct Row {
    double mu, sigma;
    char grade;
    int score;
  };
  for (const Row& r : {Row{25.0, 8.333, 'P', 0}, Row{30.0, 2.0, 'C', 35}, Row{35.0, 1.2, 'V', 53}, Row{40.0, 0.4, 'E', 71}}) {
    const Grade g = teiGrade(r.mu, r.sigma, std::nullopt);
    EXPECT_EQ(letterChar(g.letter), r.grade) << r.mu << "/" << r.sigma;
    EXPECT_EQ(g.score, r.score) << r.mu << "/" << r.sigma;
    EXPECT_EQ(g.formatted(), std::string(1, r.grade) + std::to_string(r.score));
  }
}

TEST(TeiGrade, Hysteresis_TEI_8_2) {
  // σ = 1.6 with current V: remains V (exit is 1.7).
  EXPECT_EQ(teiLetter(1.6, Letter::V), Letter::V);
  EXPECT_EQ(teiLetter(1.7, Letter::V), Letter::V);       // exit is strict: σ > 1.7
  EXPECT_EQ(teiLetter(1.7000001, Letter::V), Letter::C);
  // TEI §8.2 second line says "current C: immediate grade is V → promote"; by the §7.2 table σ = 1.6 is
  // not < 1.5, so the immediate grade is C and C stays (docs/rules-decisions.md "TEI: §8.2 line two").
  EXPECT_EQ(immediateLetter(1.6), Letter::C);
  EXPECT_EQ(teiLetter(1.6, Letter::C), Letter::C);
  // The intent of the check — promotions are immediate — holds once σ crosses the V threshold.
  EXPECT_EQ(teiLetter(1.4999, Letter::C), Letter::V);
  EXPECT_EQ(teiLetter(0.1, Letter::P), Letter::E);
}

TEST(TeiGrade, PromotionThresholdsAreStrict_TEI_7_2) {
  EXPECT_EQ(immediateLetter(0.4999), Letter::E);
  EXPECT_EQ(immediateLetter(0.5), Letter::V);
  EXPECT_EQ(immediateLetter(1.5), Letter::C);
  EXPECT_EQ(immediateLetter(2.5), Letter::I);
  EXPECT_EQ(immediateLetter(3.9999), Letter::I);
  EXPECT_EQ(immediateLetter(4.0), Letter::P);
}

TEST(TeiGrade, DemotionHoldsUntilExitThenLandsInHoldBand_TEI_7_2) {
  EXPECT_EQ(teiLetter(0.7, Letter::E), Letter::E);
  EXPECT_EQ(teiLetter(0.71, Letter::E), Letter::V);
  EXPECT_EQ(teiLetter(2.7, Letter::C), Letter::C);
  EXPECT_EQ(teiLetter(2.71, Letter::C), Letter::I);
  EXPECT_EQ(teiLetter(4.5, Letter::I), Letter::I);
  EXPECT_EQ(teiLetter(4.51, Letter::I), Letter::P);
  // Decision: a jump from V to σ = 2.6 lands on C (inside C's hold band), the same letter a gradual rise
  // would give — not on the immediate letter I.
  EXPECT_EQ(teiLetter(2.6, Letter::V), Letter::C);
  double s = 1.0;
  Letter l = Letter::V;
  for (; s <= 2.6; s += 0.05) l = teiLetter(s, l);
  EXPECT_EQ(l, Letter::C);
  // A big jump goes all the way down.
  EXPECT_EQ(teiLetter(8.0, Letter::E), Letter::P);
}

TEST(TeiGrade, JsMathRound) {
  EXPECT_EQ(jsRound(2.5), 3.0);
  EXPECT_EQ(jsRound(-2.5), -2.0);
  EXPECT_EQ(jsRound(-0.5), 0.0);
  EXPECT_EQ(jsRound(0.49999999999999994), 0.0);  // floor(x + 0.5) would give 1
  EXPECT_EQ(jsRound(34.65), 35.0);
  EXPECT_EQ(jsRound(-24.7), -25.0);
  EXPECT_EQ(jsRound(4503599627370497.0), 4503599627370497.0);
}

TEST(TeiGrade, ScoreClampsAndRounds_TEI_7_2) {
  EXPECT_EQ(teiScore(25.0, 25.0 / 3.0), 0);
  EXPECT_EQ(teiScore(-100.0, 0.0), 0);
  EXPECT_EQ(teiScore(200.0, 0.0), 99);
  EXPECT_EQ(teiScore(50.0, 0.0), 99);
  EXPECT_EQ(teiScore(10.0, 0.0), 0);
  // (μ − 3σ − 10)/40 · 99 = 0.5 exactly at μ = 10 + 20/99: JS rounds half up → 1.
  const double halfMu = 10.0 + 40.0 * 0.5 / 99.0;
  EXPECT_EQ(teiScore(halfMu, 0.0), static_cast<int>(jsRound((halfMu - 10.0) / 40.0 * 99.0)));
  EXPECT_DOUBLE_EQ(displayRating(25.0, 25.0 / 3.0), 0.0);
  EXPECT_DOUBLE_EQ(displayRating(20.0, 8.0), 0.0);
  EXPECT_DOUBLE_EQ(displayRating(30.0, 2.0), 24.0);
}

TEST(TeiCommission, EveryBoundary_TEI_7_3) {
  struct B {
    Letter l;
    int score;
    Commission at;    // grade at the boundary
    Commission below; // one score point below
  };
  const B rows[] = {
      {Letter::P, 25, Commission::Ensign, Commission::Cadet},
      {Letter::I, 25, Commission::LieutenantJuniorGrade, Commission::Ensign},
      {Letter::I, 40, Commission::Lieutenant, Commission::LieutenantJuniorGrade},
      {Letter::C, 45, Commission::LieutenantCommander, Commission::Lieutenant},
      {Letter::C, 55, Commission::Commander, Commission::LieutenantCommander},
      {Letter::V, 63, Commission::Commodore, Commission::Commander},
      {Letter::V, 70, Commission::RearAdmiral, Commission::Commodore},
      {Letter::V, 80, Commission::ViceAdmiral, Commission::RearAdmiral},
      {Letter::V, 90, Commission::Admiral, Commission::ViceAdmiral},
      {Letter::V, 99, Commission::FleetAdmiral, Commission::Admiral},
  };
  for (const auto& b : rows) {
    EXPECT_EQ(commission(Grade{b.l, b.score}), b.at) << letterChar(b.l) << b.score;
    EXPECT_EQ(commission(Grade{b.l, b.score - 1}), b.below) << letterChar(b.l) << b.score - 1;
  }
  EXPECT_EQ(commission(Grade{Letter::P, 0}), Commission::Cadet);
  EXPECT_EQ(commission(Grade{Letter::P, 99}), Commission::Ensign);   // letter first: P never above Ensign
  EXPECT_EQ(commission(Grade{Letter::I, 0}), Commission::Ensign);
  EXPECT_EQ(commission(Grade{Letter::I, 99}), Commission::Lieutenant);
  EXPECT_EQ(commission(Grade{Letter::C, 0}), Commission::Lieutenant);
  EXPECT_EQ(commission(Grade{Letter::C, 99}), Commission::Commander);
  EXPECT_EQ(commission(Grade{Letter::V, 0}), Commission::Commander);
  EXPECT_EQ(commission(Grade{Letter::V, 53}), Commission::Commander);
  // Elite bands with Veteran score thresholds (E73 sits with high admiralty).
  EXPECT_EQ(commission(Grade{Letter::E, 73}), Commission::RearAdmiral);
  EXPECT_EQ(commission(Grade{Letter::E, 62}), Commission::Commander);
  EXPECT_EQ(commission(Grade{Letter::E, 99}), Commission::FleetAdmiral);
  EXPECT_FALSE(isFlagOfficer(Commission::Commodore));
  EXPECT_TRUE(isFlagOfficer(Commission::RearAdmiral));
  EXPECT_TRUE(isFlagOfficer(Commission::FleetAdmiral));
  EXPECT_EQ(commissionName(Commission::LieutenantJuniorGrade), "Lieutenant Junior Grade");
  EXPECT_EQ(commissionShort(Commission::LieutenantJuniorGrade), "Lt. JG");
  EXPECT_EQ(commissionShort(Commission::Commodore), "Cdore.");
  // RULES §VIII example progression.
  EXPECT_EQ(commission(Grade{Letter::P, 15}), Commission::Cadet);
  EXPECT_EQ(commission(Grade{Letter::I, 28}), Commission::LieutenantJuniorGrade);
  EXPECT_EQ(commission(Grade{Letter::C, 42}), Commission::Lieutenant);
  EXPECT_EQ(commission(Grade{Letter::V, 58}), Commission::Commander);
  EXPECT_EQ(commission(Grade{Letter::E, 76}), Commission::RearAdmiral);
}

TEST(TeiDisplay, ProvisionalFlags_TEI_7_2_9_3) {
  EXPECT_TRUE(isProvisional(4.0));
  EXPECT_FALSE(isProvisional(3.999));
  EXPECT_TRUE(isHighUncertainty(6.01));
  EXPECT_FALSE(isHighUncertainty(6.0));
  EXPECT_TRUE(showProvisionalLabel(Letter::P, 100));
  EXPECT_TRUE(showProvisionalLabel(Letter::V, kLowSampleMatches - 1));
  EXPECT_FALSE(showProvisionalLabel(Letter::V, kLowSampleMatches));
}

TEST(TeiDisplay, Percentile_TEI_9_2) {
  EXPECT_EQ(*displayPercentile(1, 1000), 1);   // round(0.1) = 0 → clamped to 1
  EXPECT_EQ(*displayPercentile(5, 1000), 1);   // round(0.5) = 1 (half up)
  EXPECT_EQ(*displayPercentile(15, 1000), 2);  // round(1.5) = 2
  EXPECT_EQ(*displayPercentile(1, 4), 25);
  EXPECT_EQ(*displayPercentile(4, 4), 100);
  EXPECT_EQ(*displayPercentile(1, 1), 100);
  EXPECT_EQ(percentileLabel(5), "Top 5%");
  EXPECT_FALSE(displayPercentile(0, 4).ok());
  EXPECT_FALSE(displayPercentile(5, 4).ok());
  EXPECT_FALSE(displayPercentile(1, 0).ok());
}

TEST(TeiDisplay, BeforeAfter_RULES_VIII) {
  EXPECT_EQ(beforeAfterText(Grade{Letter::I, 52}, Grade{Letter::I, 55}), "I52 \u2192 I55 (+3)");
  EXPECT_EQ(beforeAfterText(Grade{Letter::I, 55}, Grade{Letter::C, 55}), "I55 \u2192 C55");
  EXPECT_EQ(beforeAfterText(Grade{Letter::V, 72}, Grade{Letter::V, 68}), "V72 \u2192 V68 (-4)");
  EXPECT_EQ(beforeAfterText(Grade{Letter::P, 0}, Grade{Letter::I, 3}), "P0 \u2192 I3 (+3)");
}

TEST(TeiGrade, ParseLetter) {
  EXPECT_EQ(*parseLetter("V"), Letter::V);
  EXPECT_EQ(*parseLetter("e"), Letter::E);
  EXPECT_FALSE(parseLetter("X").ok());
  EXPECT_FALSE(parseLetter("VV").ok());
  EXPECT_FALSE(parseLetter("").ok());
}
