// TEI §4 E1–E8 eligibility and the rating plan of one game (TEI §3.2–3.4, §6.2–6.6, §10).
#include <gtest/gtest.h>

#include <map>

#include "core/tei/match.h"

using namespace concord::tei;
using concord::Result;

namespace {

class MemSource : public RatingSource {
 public:
  std::map<std::pair<std::string, std::string>, StoredRating> rows;
  std::map<std::pair<std::string, Track>, SkillKey> academyRows;
  Result<std::optional<StoredRating>> stored(const std::string& p, const BucketKey& b) override {
    auto it = rows.find({p, b.str()});
    if (it == rows.end()) return std::optional<StoredRating>{};
    return std::optional<StoredRating>{it->second};
  }
  Result<std::optional<SkillKey>> academy(const std::string& p, Track t) override {
    auto it = academyRows.find({p, t});
    if (it == academyRows.end()) return std::optional<SkillKey>{};
    return std::optional<SkillKey>{it->second};
  }
};

SeatRecord human(std::string id, int placing) {
  SeatRecord s;
  s.playerId = std::move(id);
  s.kind = SeatKind::Human;
  s.placing = placing;
  return s;
}

SeatRecord ai(OfficerKind k, int placing) {
  SeatRecord s;
  s.kind = SeatKind::Ai;
  s.officer = k;
  s.placing = placing;
  return s;
}

MatchRecord solo(bool humanWon, OfficerKind k = OfficerKind::Commander) {
  MatchRecord m;
  m.gameId = "solo-1";
  m.objective = Objective::Points;
  m.completed = true;
  m.seats = {human("alice", humanWon ? 1 : 2), ai(k, humanWon ? 2 : 1)};
  return m;
}

MatchRecord online4() {
  MatchRecord m;
  m.gameId = "online-1";
  m.objective = Objective::GoOut;
  m.completed = true;
  m.online = true;
  m.seats = {human("armstrong", 1), human("lovell", 2), human("earhart", 3), human("yeager", 4)};
  return m;
}

bool excludedBy(const Eligibility& e, Rule r) {
  for (const auto& x : e.exclusions)
    if (x.rule == r) return true;
  return false;
}

}  // namespace

TEST(TeiEligibility, CleanGamesAreEligible_TEI_4) {
  auto s = evaluateEligibility(solo(true));
  EXPECT_TRUE(s.eligible()) << s.summary();
  EXPECT_EQ(s.context, Context::Solo);
  EXPECT_EQ(s.soloSkill, SkillKey::Commander);
  auto o = evaluateEligibility(online4());
  EXPECT_TRUE(o.eligible()) << o.summary();
  EXPECT_EQ(o.context, Context::HumanPool);
  EXPECT_EQ(o.track, Track::GoOut);
  EXPECT_EQ(o.summary(), "eligible");
}

TEST(TeiEligibility, EachRuleExcludesAndSaysWhich_TEI_4) {
  struct Case {
    const char* name;
    Rule rule;
    void (*mutate)(MatchRecord&);
  };
  const Case cases[] = {
      {"objective", Rule::E1, [](MatchRecord& m) { m.objective = Objective::Other; }},
      {"aborted", Rule::E2, [](MatchRecord& m) { m.completed = false; }},
      {"no victor", Rule::E2, [](MatchRecord& m) { for (auto& s : m.seats) s.placing = 2; }},
      {"advisor", Rule::E3, [](MatchRecord& m) { m.seats[1].advisorUsed = true; }},
      {"warp 18", Rule::E4, [](MatchRecord& m) { m.maxPip = 18; }},
      {"warp 9", Rule::E4, [](MatchRecord& m) { m.maxPip = 9; }},
      {"one finisher", Rule::E5, [](MatchRecord& m) { for (size_t i = 1; i < m.seats.size(); ++i) m.seats[i].finished = false; }},
      {"class I*", Rule::E6, [](MatchRecord& m) { m.seats.push_back(ai(OfficerKind::ClassIStar, 4)); }},
      {"omega+", Rule::E6, [](MatchRecord& m) { m.seats.push_back(ai(OfficerKind::OmegaPlus, 4)); }},
      {"unrated lobby", Rule::E7, [](MatchRecord& m) { m.rated = false; }},
      {"guest", Rule::E7, [](MatchRecord& m) { m.seats[2].guest = true; }},
      {"free-form chat", Rule::E7, [](MatchRecord& m) { m.freeformChatDuringPlay = true; }},
      {"charter mismatch", Rule::E7, [](MatchRecord& m) { m.charterId = "crew-7"; m.charterMismatch = true; }},
      {"kappa", Rule::E8, [](MatchRecord& m) { m.modules = {"alpha", "kappa"}; }},
      {"epsilon", Rule::E8, [](MatchRecord& m) { m.modules = {"epsilon"}; }},
      {"lambda", Rule::E8, [](MatchRecord& m) { m.modules = {"lambda"}; }},
      {"house module", Rule::E8, [](MatchRecord& m) { m.modules = {"omicron"}; }},
  };
  for (const auto& c : cases) {
    MatchRecord m = online4();
    c.mutate(m);
    const auto e = evaluateEligibility(m);
    EXPECT_FALSE(e.eligible()) << c.name;
    EXPECT_TRUE(excludedBy(e, c.rule)) << c.name << ": " << e.summary();
    EXPECT_NE(e.summary().find(std::string(ruleCode(c.rule))), std::string::npos) << c.name;
    MemSource src;
    auto plan = planMatch(m, src);
    ASSERT_TRUE(plan.ok()) << c.name << ": " << plan.message();
    EXPECT_TRUE(plan->writes.empty()) << c.name;
  }
}

TEST(TeiEligibility, RatedModulesStayRated_TEI_4_E8) {
  MatchRecord m = online4();
  m.modules = {"alpha", "beta", "gamma", "delta", "eta", "theta", "iota"};
  EXPECT_TRUE(evaluateEligibility(m).eligible()) << evaluateEligibility(m).summary();
}

TEST(TeiEligibility, ManyFailuresAllReportedInRuleOrder) {
  MatchRecord m = online4();
  m.modules = {"kappa"};
  m.maxPip = 15;
  m.seats[0].advisorUsed = true;
  const auto e = evaluateEligibility(m);
  ASSERT_EQ(e.exclusions.size(), 3u);
  EXPECT_EQ(e.exclusions[0].rule, Rule::E3);
  EXPECT_EQ(e.exclusions[1].rule, Rule::E4);
  EXPECT_EQ(e.exclusions[2].rule, Rule::E8);
}

TEST(TeiEligibility, OnlineNeedsTwoSignedInCaptains_RULES_VIII) {
  MatchRecord m = online4();
  m.seats = {human("solo-online", 1), ai(OfficerKind::Ensign, 2), ai(OfficerKind::Lieutenant, 3)};
  const auto e = evaluateEligibility(m);
  EXPECT_TRUE(excludedBy(e, Rule::E7)) << e.summary();
}

TEST(TeiEligibility, SoloTableMustFaceOneSkillKey) {
  MatchRecord m = solo(true);
  m.seats.push_back(ai(OfficerKind::Ensign, 3));
  EXPECT_TRUE(excludedBy(evaluateEligibility(m), Rule::E6));
  MatchRecord same = solo(true);
  same.seats.push_back(ai(OfficerKind::Commander, 3));
  EXPECT_TRUE(evaluateEligibility(same).eligible());
}

TEST(TeiEligibility, SquadronGate_TEI_6_5) {
  MatchRecord m = online4();
  m.modules = {"zeta"};
  m.seats[0].squad = 0;
  m.seats[1].squad = 0;
  m.seats[2].squad = 1;
  m.seats[3].squad = 1;
  m.seats[1].placing = 1;
  m.seats[2].placing = 2;
  m.seats[3].placing = 2;
  RulesProfile gateOn;  // both sides of the gate explicitly: the shipped value is the 2v2 calibration's (TEI §6.5)
  gateOn.squadronsRatingCalibrated = true;
  EXPECT_TRUE(evaluateEligibility(m, gateOn).eligible());
  EXPECT_EQ(evaluateEligibility(m, gateOn).context, Context::Squadron);
  EXPECT_EQ(evaluateEligibility(m).eligible(), kSquadronsRatingCalibrated);
  RulesProfile off;
  off.squadronsRatingCalibrated = false;
  const auto e = evaluateEligibility(m, off);
  EXPECT_TRUE(excludedBy(e, Rule::E8)) << e.summary();
  MemSource src;
  auto plan = planMatch(m, src, off);
  ASSERT_TRUE(plan.ok());
  EXPECT_TRUE(plan->writes.empty());
  // Gate on: writes squadRating only, never humanRating (TEI §4 E8).
  auto on = planMatch(m, src, gateOn);
  ASSERT_TRUE(on.ok()) << on.message();
  ASSERT_EQ(on->writes.size(), 4u);
  for (const auto& w : on->writes) EXPECT_EQ(w.bucket.kind, BucketKey::Kind::Squad);
  EXPECT_GT(on->writes[0].after.mu, 25.0);
  EXPECT_LT(on->writes[2].after.mu, 25.0);
}

TEST(TeiPlan, SoloWritesLocalAiBucketAndMatchesUpdateVsAI_TEI_6_2) {
  MemSource src;
  auto plan = planMatch(solo(true), src);
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->writes.size(), 1u);
  const auto& w = plan->writes[0];
  EXPECT_EQ(w.bucket.str(), "localAi/commander/points");
  auto direct = updateVsAI(defaultRating(), Track::Points, SkillKey::Commander, true);
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ(w.after, *direct);
  EXPECT_TRUE(w.won);
  EXPECT_EQ(w.before, defaultRating());
}

TEST(TeiPlan, AcademySeedUsedOnlyForNewBucket_TEI_6_6) {
  MemSource src;
  src.academyRows[{"alice", Track::Points}] = SkillKey::Lieutenant;
  auto plan = planMatch(solo(false, OfficerKind::Ensign), src);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->writes[0].before.mu, 26.2);  // the calibrated Lieutenant anchor (issue 13; §7.1 had 26.5)
  EXPECT_EQ(plan->writes[0].before.sigma, 3.5);
  StoredRating played = defaultRating();
  played.matches = 3;
  played.mu = 20;
  src.rows[{"alice", "localAi/ensign/points"}] = played;
  auto plan2 = planMatch(solo(false, OfficerKind::Ensign), src);
  ASSERT_TRUE(plan2.ok());
  EXPECT_EQ(plan2->writes[0].before.mu, 20.0);
  EXPECT_EQ(plan2->writes[0].after.matches, 4);
}

TEST(TeiPlan, MixedTableUsesAnchorsPersistsHumans_TEI_6_4) {
  MatchRecord m = online4();
  m.objective = Objective::Points;
  m.seats = {human("a", 2), ai(OfficerKind::Commander, 1), human("b", 3), ai(OfficerKind::Ensign, 4)};
  MemSource src;
  auto plan = planMatch(m, src);
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->writes.size(), 2u);
  auto direct = updateField({FieldSeat{defaultRating(), 2, true}, FieldSeat{aiAnchor(Track::Points, SkillKey::Commander), 1, false},
                             FieldSeat{defaultRating(), 3, true}, FieldSeat{aiAnchor(Track::Points, SkillKey::Ensign), 4, false}});
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ(plan->writes[0].after, *(*direct)[0]);
  EXPECT_EQ(plan->writes[1].after, *(*direct)[2]);
  EXPECT_EQ(plan->writes[0].bucket.str(), "human/points");
}

TEST(TeiPlan, CharterBuckets_TEI_3_4) {
  MatchRecord m = online4();
  m.charterId = "crew-7";
  MemSource src;
  auto crew = planMatch(m, src);
  ASSERT_TRUE(crew.ok());
  ASSERT_EQ(crew->writes.size(), 4u);
  for (const auto& w : crew->writes) EXPECT_EQ(w.bucket.str(), "group/crew-7/goOut");
  // Global Official: both crew ladder and global human pool, each against its own prior.
  m.charterId = "global-official";
  StoredRating strong = defaultRating();
  strong.mu = 40;
  strong.sigma = 2;
  strong.matches = 30;
  src.rows[{"armstrong", "human/goOut"}] = strong;
  auto both = planMatch(m, src);
  ASSERT_TRUE(both.ok());
  ASSERT_EQ(both->writes.size(), 8u);
  EXPECT_EQ(both->writes[0].bucket.str(), "group/global-official/goOut");
  EXPECT_EQ(both->writes[0].before, defaultRating());
  EXPECT_EQ(both->writes[4].bucket.str(), "human/goOut");
  EXPECT_EQ(both->writes[4].before, strong);
  EXPECT_EQ(both->writes[4].after.matches, 31);
}

TEST(TeiPlan, WorkedExampleFourHumanPoints_TEI_11) {
  MatchRecord m = online4();
  m.objective = Objective::Points;
  MemSource src;
  auto plan = planMatch(m, src);
  ASSERT_TRUE(plan.ok());
  ASSERT_EQ(plan->writes.size(), 4u);
  for (size_t i = 1; i < 4; ++i) EXPECT_GT(plan->writes[i - 1].after.mu, plan->writes[i].after.mu);
  for (const auto& w : plan->writes) {
    EXPECT_EQ(w.after.matches, 1);
    EXPECT_EQ(w.after.displayRating, displayRating(w.after.mu, w.after.sigma));
  }
}

TEST(TeiPlan, AdvisorCountersForAssistedGames_RULES_VIII) {
  MatchRecord m = solo(true);
  m.seats[0].advisorUsed = true;
  MemSource src;
  auto plan = planMatch(m, src);
  ASSERT_TRUE(plan.ok());
  EXPECT_TRUE(plan->writes.empty());
  ASSERT_EQ(plan->advisor.size(), 1u);
  EXPECT_TRUE(plan->advisor[0].won);
  m.completed = false;  // aborted: not counted
  auto aborted = planMatch(m, src);
  ASSERT_TRUE(aborted.ok());
  EXPECT_TRUE(aborted->advisor.empty());
}

TEST(TeiPlan, MalformedRecordsAreErrors) {
  MemSource src;
  MatchRecord m = online4();
  m.gameId.clear();
  EXPECT_FALSE(planMatch(m, src).ok());
  m = online4();
  m.seats[1].playerId = "armstrong";
  auto dup = planMatch(m, src);
  ASSERT_FALSE(dup.ok());
  EXPECT_NE(dup.message().find("two seats"), std::string::npos);
  m = online4();
  m.seats[0].placing = 0;
  EXPECT_FALSE(planMatch(m, src).ok());
  m = online4();
  m.modules = {"zeta"};  // squadrons without squad assignments
  EXPECT_FALSE(planMatch(m, src).ok());
}

TEST(TeiBucket, ParseAndFormat) {
  EXPECT_EQ(parseBucket("human", Track::Points)->str(), "human/points");
  EXPECT_EQ(parseBucket("squad", Track::GoOut)->str(), "squad/goOut");
  EXPECT_EQ(parseBucket("localAi/lieutenant", Track::GoOut)->str(), "localAi/lieutenant/goOut");
  EXPECT_EQ(parseBucket("group/crew-7", Track::Points)->str(), "group/crew-7/points");
  EXPECT_FALSE(parseBucket("localAi/admiral", Track::Points).ok());
  EXPECT_FALSE(parseBucket("group/", Track::Points).ok());
  EXPECT_FALSE(parseBucket("nonsense", Track::Points).ok());
}

// Issue 11 point 3 (docs/rules-decisions.md "TEI: officer turns"): an officer's turns earn no gain and
// excuse no loss, whether the seat was handed over, left, or ran out its clock.
TEST(TeiPlan, OfficerTurnsEarnNoGainAndExcuseNoLoss) {
  MemSource src;
  for (bool won : {true, false}) {
    MatchRecord plain = solo(won), helped = solo(won);
    helped.seats[0].officerTurns = 3;
    auto a = planMatch(plain, src);
    auto b = planMatch(helped, src);
    ASSERT_TRUE(a.ok() && b.ok());
    ASSERT_EQ(b->writes.size(), 1u);
    const RatingWrite& w = b->writes[0];
    EXPECT_TRUE(w.officerHeld);
    EXPECT_FALSE(w.won);  // a win an officer helped to is not counted as a win
    if (won) {
      EXPECT_GT(a->writes[0].after.mu, a->writes[0].before.mu);
      EXPECT_EQ(w.after, w.before) << "the gain is withheld whole";
    } else {
      EXPECT_EQ(w.after.mu, a->writes[0].after.mu) << "the loss counts in full";
      EXPECT_EQ(w.after.sigma, w.before.sigma) << "and gives no certainty that could lift mu - 3 sigma";
      EXPECT_EQ(w.after.matches, w.before.matches + 1);
      EXPECT_LE(w.after.displayRating, w.before.displayRating);
    }
  }
}

TEST(TeiPlan, OfficerTurnsCapOnlyThatSeatOnline) {
  MemSource src;
  MatchRecord m = online4();
  m.seats[0].officerTurns = 1;   // armstrong placed first with an officer's help
  m.seats[3].officerTurns = 50;  // yeager walked away and his officer finished last
  auto plain = planMatch(online4(), src);
  auto p = planMatch(m, src);
  ASSERT_TRUE(p.ok() && plain.ok());
  ASSERT_TRUE(p->eligibility.eligible()) << p->eligibility.summary();
  ASSERT_EQ(p->writes.size(), 4u);
  EXPECT_EQ(p->writes[0].after, p->writes[0].before);            // no gain
  EXPECT_LT(p->writes[3].after.mu, p->writes[3].before.mu);      // the walk-away loss counts
  EXPECT_EQ(p->writes[3].after.mu, plain->writes[3].after.mu);
  for (size_t i : {size_t(1), size_t(2)}) EXPECT_EQ(p->writes[i].after, plain->writes[i].after);  // others as usual
}

// Issue 26 (docs/rules-decisions.md "TEI: hidden-hand violations"): the plan's shape on records; the live games are in
// tests/tei/hidden_void_test.cpp.
TEST(TeiPlan, HiddenHandViolationVoidsTheOthersAndRatesTheCheaterLast_Issue26) {
  MatchRecord m = online4();  // lovell placed 2nd but broke a rule at turn 9
  m.seats.push_back(ai(OfficerKind::Lieutenant, 5));
  m.violations = {HiddenViolation{9, 1, 1, "drew while holding a cover"}};
  MemSource src;
  src.rows[{"armstrong", "human/goOut"}] = fromOpenSkill(Rating{31.0, 3.0}, StoredRating{});
  auto p = planMatch(m, src);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->voided, (std::vector<std::string>{"armstrong", "earhart", "yeager"}));
  ASSERT_EQ(p->writes.size(), 1u);
  const auto& w = p->writes[0];
  EXPECT_EQ(w.playerId, "lovell");
  EXPECT_TRUE(w.penalty);
  EXPECT_FALSE(w.won);
  // Last (rank 2) behind everyone else sharing first, the officer at its anchor, against the current ratings; σ kept.
  std::vector<FieldSeat> field;
  for (const auto& s : m.seats)
    field.push_back(FieldSeat{s.kind == SeatKind::Ai ? aiAnchor(Track::GoOut, SkillKey::Lieutenant)
                                                     : src.stored(s.playerId, w.bucket).value().value_or(StoredRating{}),
                              s.playerId == "lovell" ? 2.0 : 1.0, s.kind == SeatKind::Human});
  auto field2 = updateField(field);
  ASSERT_TRUE(field2.ok());
  EXPECT_EQ(w.after, officerCapped(w.before, *(*field2)[1]));
  EXPECT_EQ(w.after.sigma, w.before.sigma);
  EXPECT_EQ(w.after.matches, w.before.matches + 1);
  // An ineligible game rated nobody: no void, no loss.
  m.rated = false;
  auto casual = planMatch(m, src);
  ASSERT_TRUE(casual.ok());
  EXPECT_TRUE(casual->writes.empty());
  EXPECT_TRUE(casual->voided.empty());
  // A violation must be charged to a person's seat.
  m.rated = true;
  m.violations[0].by = 4;
  EXPECT_FALSE(planMatch(m, src).ok());
}

TEST(TeiPlan, HiddenHandViolationAtASquadronTablePlacesTheSquadLastAndWritesOnlyTheCheater_Issue26) {
  MatchRecord m = online4();
  m.modules = {"zeta"};
  for (size_t i = 0; i < 4; ++i) m.seats[i].squad = static_cast<int>(i % 2);
  m.seats[0].placing = m.seats[2].placing = 1;
  m.seats[1].placing = m.seats[3].placing = 2;
  m.violations = {HiddenViolation{3, 2, 2, "lied to the Blocked-sector poll"}};  // earhart, of the winning squad
  MemSource src;
  RulesProfile on;
  on.squadronsRatingCalibrated = true;
  auto p = planMatch(m, src, on);
  ASSERT_TRUE(p.ok()) << p.message();
  ASSERT_EQ(p->writes.size(), 1u);
  EXPECT_EQ(p->writes[0].playerId, "earhart");
  EXPECT_EQ(p->writes[0].bucket.kind, BucketKey::Kind::Squad);
  EXPECT_LT(p->writes[0].after.mu, p->writes[0].before.mu);
  EXPECT_EQ(p->voided, (std::vector<std::string>{"armstrong", "lovell", "yeager"}));
}
