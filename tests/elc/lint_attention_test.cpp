// The setup linter of VC-2100 (table reconstructed, docs/rules-decisions.md) and the Attention Events of VC-3150.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/lint.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

const Finding* find(const std::vector<Finding>& f, const std::string& code) {  // f must outlive the pointer
  auto it = std::find_if(f.begin(), f.end(), [&](const Finding& x) { return x.code == code; });
  return it == f.end() ? nullptr : &*it;
}

MapFacts map(int64_t cities, int64_t landmarks, int64_t players) {
  MapFacts m = referenceMap();
  m.cities = cities, m.landmarks = landmarks, m.players = players;
  return m;
}

bool has(const std::vector<Finding>& f, const std::string& code) { return find(f, code) != nullptr; }

}  // namespace

TEST(ElcLint, Vc2100TheDefaultPresetsLintCleanOfErrors) {
  for (Preset p : {Preset::StandardWar, Preset::Tournament, Preset::EveryLastCity, Preset::LongWar, Preset::Blitz}) {
    Config c = presetConfig(p);
    auto f = lintTerms(c, map(c.cities, c.cities >= 48 ? 5 : 3, 4));
    for (const auto& x : f) EXPECT_NE(x.severity, Severity::Error) << presetName(p) << ": " << x.code << " " << x.message;
  }
  EXPECT_FALSE(has(lintTerms(presetConfig(Preset::StandardWar), referenceMap()), "L3"));
}

TEST(ElcLint, Vc960L3DominionOnASmallMapWithAVigilOfThree) {
  Config c = cfg({{"tracks", "dominion,warrants"}, {"cities", "18"}, {"width", "16"}, {"height", "16"}});
  const auto all = lintTerms(c, map(18, 3, 2));
  const Finding* f = find(all, "L3");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::Warning);
  EXPECT_NE(f->message.find("18 cities (< 24) with dominion-vigil 3"), std::string::npos) << "VC-2080: numeric, names the setting: " << f->message;
  EXPECT_NE(f->message.find("55 per mille"), std::string::npos) << f->message;
  c.dominionVigil = 2;
  EXPECT_FALSE(has(lintTerms(c, map(18, 3, 2)), "L3"));
}

TEST(ElcLint, Vc090Vc060L4TerminationIsAnErrorCadenceAWarning) {
  Config c = cfg({{"tracks", "dominion"}, {"horizon", "200"}});
  const auto all = lintTerms(c, referenceMap());
  const Finding* f = find(all, "L4");
  ASSERT_NE(f, nullptr) << "VC-060: no Warrants or Tallies over H >= 150";
  EXPECT_EQ(f->severity, Severity::Warning);
  Config noHorizon = c;
  noHorizon.enabled &= static_cast<uint16_t>(~(1u << static_cast<int>(Track::Horizon)));
  auto errs = lintTerms(noHorizon, referenceMap());
  EXPECT_TRUE(std::any_of(errs.begin(), errs.end(), [](const Finding& x) { return x.code == "L4" && x.severity == Severity::Error; }));
  EXPECT_FALSE(validateConfig(noHorizon).ok()) << "VC-2090: an Error prevents the game";
}

TEST(ElcLint, Vc1670L7ExclusiveChartersWithAWideWeightSpread) {
  Config c = cfg({{"tracks", "dominion,charters,warrants"}, {"charter-mode", "exclusive"}});
  EXPECT_TRUE(has(lintTerms(c, map(48, 5, 3), {Track::Endurance, Track::EveryLastCity, Track::Keys}), "L7")) << "1..5";
  EXPECT_FALSE(has(lintTerms(c, map(48, 5, 3), {Track::Keys, Track::Dominion, Track::Hegemony}), "L7")) << "2..4";
  EXPECT_FALSE(has(lintTerms(c, map(48, 5, 2), {Track::Endurance, Track::EveryLastCity}), "L7")) << "two players";
  c.charterMode = CharterMode::Additional;
  EXPECT_FALSE(has(lintTerms(c, map(48, 5, 3), {Track::Endurance, Track::EveryLastCity, Track::Keys}), "L7"));
}

TEST(ElcLint, Vc1081L8AndVc1900L10AndL1L6) {
  Config keys = cfg({{"tracks", "keys,warrants"}});
  const auto all = lintTerms(keys, map(12, 0, 4));
  const Finding* l8 = find(all, "L8");
  ASSERT_NE(l8, nullptr);
  EXPECT_EQ(l8->severity, Severity::Error);
  Config quiet = cfg({{"tracks", "dominion"}, {"rally", "off"}, {"defiance", "off"}});
  EXPECT_TRUE(has(lintTerms(quiet, referenceMap()), "L10")) << "VC-1900";
  EXPECT_FALSE(has(lintTerms(cfg({{"tracks", "dominion"}}), referenceMap()), "L10")) << "the Rally runs";
  EXPECT_TRUE(has(lintTerms(cfg({{"tracks", "warrants"}}), referenceMap()), "L1"));
  EXPECT_TRUE(has(lintTerms(cfg({{"verdict", "off"}, {"capitulation", "never"}}), referenceMap()), "L6"));
  EXPECT_FALSE(has(lintTerms(presetConfig(Preset::StandardWar), referenceMap()), "L9"))
      << "VC-2110: suppressed without a correlation corpus";
}

TEST(ElcAttention, Vc3150ARivalInAlarmRaisesANonAdaptableEventOnEveryOtherDispatch) {
  Config c = cfg({{"tracks", "keys,warrants"}});
  ElcGame g = started(c, 7, 3);
  for (int k = 0; k < 3; ++k) g.setOwner(g.world().landmarks[k], 0);
  playTurn(g, {});
  for (Seat s = 1; s < 3; ++s) {
    auto ev = g.attentionEvents(s);
    ASSERT_EQ(ev.size(), 1u) << "seat " << s;
    EXPECT_EQ(ev[0].cls, AttentionClass::RivalAlarm);
    EXPECT_EQ(ev[0].subject, 0);
    EXPECT_FALSE(ev[0].adaptable) << "CM-1790";
    EXPECT_NE(g.observe(s).text.find("DISPATCH [RivalAlarm] ALARM: Red"), std::string::npos);
  }
  EXPECT_TRUE(g.attentionEvents(0).empty()) << "not on the leader's own Dispatch";
  playTurn(g, {});
  EXPECT_TRUE(g.attentionEvents(1).empty()) << "raised at the Seal of entry";
}

// VC-3150/VC-2780: an open Verdict offer is a non-adaptable VerdictOffer on every trailing voter's Dispatch, never
// on the leader's, and it persists through the window (abstention plays on, VC-2770: the offer must not be missed).
TEST(ElcAttention, Vc3150AnOpenVerdictRaisesANonAdaptableOfferOnEveryTrailingDispatchThroughTheWindow) {
  ElcGame g = started(cfg({{"tracks", "keys"}}), 16, 3);
  g.unitsForScenario().clear();
  int given = 0;  // Red leads by 20 neutral non-Landmark cities at full Integration
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()) && given < 20; ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) {
      g.setOwner(c, 0);
      g.cityForScenario(c).integration = 100;
      ++given;
    }
  for (int i = 0; i < 11; ++i) playTurn(g, {});
  for (Seat s = 0; s < 3; ++s)
    for (const auto& e : g.attentionEvents(s)) EXPECT_NE(e.cls, AttentionClass::VerdictOffer) << "no offer before VC-2750 holds";
  playTurn(g, {});  // the twelfth Seal of lead opens the Verdict
  for (int seal = 0; seal < 2; ++seal) {  // offered at the Seal, still there one Seal later (the window is 2)
    for (Seat s = 1; s < 3; ++s) {
      auto ev = g.attentionEvents(s);
      auto it = std::find_if(ev.begin(), ev.end(), [](const AttentionEvent& e) { return e.cls == AttentionClass::VerdictOffer; });
      ASSERT_NE(it, ev.end()) << "seat " << s << " at Seal " << g.turn();
      EXPECT_EQ(it->subject, 0) << "the Verdict's leader";
      EXPECT_FALSE(it->adaptable) << "CM-1790: non-adaptable";
      EXPECT_NE(g.observe(s).text.find("DISPATCH [VerdictOffer] Verdict: end the game for Red?"), std::string::npos)
          << g.observe(s).text;
    }
    for (const auto& e : g.attentionEvents(0)) EXPECT_NE(e.cls, AttentionClass::VerdictOffer) << "not the leader's to vote";
    if (seal == 0) playTurn(g, {});
  }
  playTurn(g, {});  // nobody voted: the window closes, the game plays on, the offer is gone
  EXPECT_FALSE(g.over());
  for (Seat s = 0; s < 3; ++s)
    for (const auto& e : g.attentionEvents(s)) EXPECT_NE(e.cls, AttentionClass::VerdictOffer) << "closed window, seat " << s;
}
