// The stack's named terms act where RULES §IV-§VI say they should, and the advisor explains them.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/warp/ai/officer.h"

namespace concord::warp::ai {
namespace {

const Scored& scoredFor(const std::vector<Scored>& all, const std::string& text) {
  for (const auto& s : all)
    if (orderText(s.order, 12) == text) return s;
  ADD_FAILURE() << "no legal order " << text;
  return all.front();
}

bool hasTerm(const Scored& s, TermId id, int32_t points) {
  return std::any_of(s.terms.begin(), s.terms.end(), [&](const Term& t) { return t.id == id && t.points == points; });
}

// Own trail ends on 7, the Neutral Zone on 5; seat 0 holds 7-7 (no other 7) and 5-4; 7s are still unseen.
WarpGame redAlertPosition(bool lambda) {
  Position p;
  p.config = standardPreset();
  p.config.lambda = lambda;
  p.seats = 2;
  p.trails = {{Tile{12, 7}}, {Tile{12, 3}}};
  p.neutral = {Tile{12, 5}};
  p.hands = {{Tile{7, 7}, Tile{5, 4}}, {Tile{9, 1}, Tile{8, 2}}};
  p.pile = {Tile{7, 2}, Tile{7, 1}, Tile{1, 0}};
  WarpGame g;
  EXPECT_TRUE(g.loadPosition(p, det::Seed{}).ok());
  return g;
}

// §IV Red Alert safety: Lieutenant and Commander never open a double they cannot cover; the Ensign's
// lighter stack sees only the 14 pips it would shed.
TEST(WarpOfficerTerms, RedAlertSafetyAvoidsAnUncoverableDouble) {
  WarpGame g = redAlertPosition(false);
  auto table = tableOf(g.observe(0)).value();
  auto legal = g.legalOrders(0);
  for (Depth d : {Depth::Standard, Depth::Full}) {
    auto all = scoreAll(table, 0, legal, d);
    const auto& dbl = scoredFor(all, "chart 7-7 own");
    EXPECT_TRUE(hasTerm(dbl, TermId::RedAlertSafety, -150));
    EXPECT_LT(dbl.total, scoredFor(all, "chart 5-4 nz").total);
  }
  auto light = scoreAll(table, 0, legal, Depth::Light);
  EXPECT_GT(scoredFor(light, "chart 7-7 own").total, scoredFor(light, "chart 5-4 nz").total);
}

// Lambda design doc: wormholeOpportunity is -500 when the double cannot be answered after the swap.
TEST(WarpOfficerTerms, WormholeOpportunityRefusesAnUnanswerableSwap) {
  Position p;
  p.config = standardPreset();
  p.config.lambda = true;
  p.seats = 2;
  p.neutral = {Tile{12, 5}};
  p.hands = {{Tile{5, 5}, Tile{3, 1}}, {Tile{9, 1}, Tile{8, 2}}};
  p.pile = {Tile{5, 2}, Tile{7, 1}};
  WarpGame g;
  ASSERT_TRUE(g.loadPosition(p, det::Seed{}).ok());
  auto table = tableOf(g.observe(0)).value();
  auto all = scoreAll(table, 0, g.legalOrders(0), Depth::Full);
  EXPECT_TRUE(hasTerm(scoredFor(all, "chart 5-5 nz"), TermId::WormholeOpportunity, -500));
  p.hands[0] = {Tile{5, 5}, Tile{5, 1}};
  p.pile = {Tile{3, 1}, Tile{7, 1}};
  ASSERT_TRUE(g.loadPosition(p, det::Seed{}).ok());
  table = tableOf(g.observe(0)).value();
  all = scoreAll(table, 0, g.legalOrders(0), Depth::Full);
  const auto& s = scoredFor(all, "chart 5-5 nz");
  EXPECT_FALSE(hasTerm(s, TermId::WormholeOpportunity, -500));
  EXPECT_TRUE(std::any_of(s.terms.begin(), s.terms.end(), [](const Term& t) { return t.id == TermId::WormholeOpportunity; }));
}

// §VI Delta: charting onto the Neutral Zone takes the Hazard Marker; only the full stack weighs it.
TEST(WarpOfficerTerms, HazardMarkerRiskOnTheNeutralZone) {
  Position p;
  p.config = standardPreset();
  p.config.delta = true;
  p.seats = 2;
  p.starter = 0;
  p.trails = {{Tile{12, 7}}, {Tile{12, 3}}};
  p.neutral = {Tile{12, 5}};
  p.hands = {{Tile{7, 4}, Tile{5, 4}, Tile{6, 6}}, {Tile{9, 1}, Tile{5, 3}, Tile{3, 2}}};
  p.pile = {Tile{7, 2}, Tile{7, 1}};
  WarpGame g;
  ASSERT_TRUE(g.loadPosition(p, det::Seed{}).ok());
  // The round starter (seat 0) holds the marker already: nothing to risk.
  auto table = tableOf(g.observe(0)).value();
  auto all = scoreAll(table, 0, g.legalOrders(0), Depth::Full);
  EXPECT_FALSE(hasTerm(scoredFor(all, "chart 5-4 nz"), TermId::HazardRisk, -10)) << "seat 0 already holds it";
  // Seat 1 would take it from seat 0 by charting onto the Neutral Zone; the lighter stacks do not see it.
  ASSERT_TRUE(g.act(0, chartOrder(Tile{7, 4}, Route{})).ok());
  ASSERT_EQ(g.toAct(), 1);
  table = tableOf(g.observe(1)).value();
  all = scoreAll(table, 1, g.legalOrders(1), Depth::Full);
  EXPECT_TRUE(hasTerm(scoredFor(all, "chart 5-3 nz"), TermId::HazardRisk, -10));
  EXPECT_FALSE(hasTerm(scoredFor(all, "chart 3-2 own"), TermId::HazardRisk, -10));
  all = scoreAll(table, 1, g.legalOrders(1), Depth::Standard);
  EXPECT_FALSE(hasTerm(scoredFor(all, "chart 5-3 nz"), TermId::HazardRisk, -10));
}

// The advisor: one legal order and reasons in the game's words; every term has a sentence.
TEST(WarpOfficerAdvisor, SuggestsALegalOrderWithReasons) {
  WarpGame g = redAlertPosition(false);
  auto legal = g.legalOrders(0);
  auto rng = det::Rng::fromU64(1);
  auto a = advise(g.observeForOfficer(0), legal, rng);
  ASSERT_TRUE(a.ok()) << a.message();
  ASSERT_NE(std::find(legal.begin(), legal.end(), a->order), legal.end());
  ASSERT_FALSE(a->reasons.empty());
  // The first reason names the suggested order's largest positive term (the plan or the pips it sheds).
  auto all = scoreAll(tableOf(g.observe(0)).value(), 0, legal, Depth::Full);
  const Term* top = nullptr;
  for (const auto& t : scoredFor(all, a->orderText).terms)
    if (t.points > 0 && (!top || t.points > top->points)) top = &t;
  ASSERT_NE(top, nullptr);
  EXPECT_EQ(a->reasons.front(), explain(*top, 12));
  if (a->orderText == "chart 7-7 own") {  // Lookahead judged the risk worth it: the advisor must say so
    EXPECT_NE(std::find(a->reasons.begin(), a->reasons.end(),
                        "despite: opens the 7-7 without a cover in hand: Red Alert risk (RULES §IV)"),
              a->reasons.end());
  }
  for (int i = 0; i < static_cast<int>(TermId::Count); ++i)
    EXPECT_NE(explain(Term{static_cast<TermId>(i), 1, 2, 3}, 12), "?") << termName(static_cast<TermId>(i));
  auto none = advise(g.observeForOfficer(1), {}, rng);
  EXPECT_FALSE(none.ok());
}

// Drop to Impulse (§V): every profile announces rather than passing silently (unless it blunders).
TEST(WarpOfficerTerms, AnnounceAndCatchOutrankEverything) {
  Position p;
  p.config = officialPreset();
  p.seats = 2;
  p.trails = {{Tile{12, 7}}, {Tile{12, 3}}};
  p.hands = {{Tile{7, 4}, Tile{5, 4}}, {Tile{9, 1}, Tile{8, 2}}};
  p.pile = {Tile{7, 2}, Tile{7, 1}};
  WarpGame g;
  ASSERT_TRUE(g.loadPosition(p, det::Seed{}).ok());
  ASSERT_TRUE(g.act(0, chartOrder(Tile{7, 4}, Route{})).ok());
  ASSERT_EQ(g.phase(), Phase::Impulse);
  auto table = tableOf(g.observe(0)).value();
  auto all = scoreAll(table, 0, g.legalOrders(0), Depth::Light);
  EXPECT_GT(scoredFor(all, "announce").total, scoredFor(all, "pass").total + 1000);
}

}  // namespace
}  // namespace concord::warp::ai
