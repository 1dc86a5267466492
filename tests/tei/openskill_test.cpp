// TEI §6.1: OpenSkill agrees with the openskill 5.0.1 npm package (vectors in openskill_vectors.json,
// produced by gen_openskill_vectors.mjs — see README.md) to 1e−12 relative; TEI §8.4 directionality.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/tei/openskill.h"

using namespace concord::tei;

namespace {

double relErr(double got, double want) {
  const double d = std::fabs(got - want);
  return want == 0.0 ? d : d / std::fabs(want);
}

nlohmann::json loadVectors() {
  std::ifstream in(std::string(CONCORD_SOURCE_DIR) + "/tests/tei/openskill_vectors.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return nlohmann::json::parse(ss.str());
}

std::vector<Team> teamsOf(const nlohmann::json& j) {
  std::vector<Team> teams;
  for (const auto& t : j) {
    Team team;
    for (const auto& p : t) team.push_back(Rating{p.at("mu").get<double>(), p.at("sigma").get<double>()});
    teams.push_back(team);
  }
  return teams;
}

}  // namespace

TEST(OpenSkill, MatchesOpenskill501Vectors) {
  const auto v = loadVectors();
  const auto& cases = v.at("cases");
  ASSERT_GE(cases.size(), 200u);
  size_t checked = 0, withTies = 0, unequal = 0, unsorted = 0;
  double worst = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const auto teams = teamsOf(c.at("teams"));
    std::optional<std::vector<double>> ranks;
    if (c.contains("ranks")) {
      ranks = c.at("ranks").get<std::vector<double>>();
      std::vector<double> sorted = *ranks;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) ++withTies;
      if (!std::is_sorted(ranks->begin(), ranks->end())) ++unsorted;
    }
    for (const auto& t : teams)
      if (t.size() != teams[0].size()) {
        ++unequal;
        break;
      }
    auto got = rate(teams, ranks);
    ASSERT_TRUE(got.ok()) << got.message();
    const auto want = teamsOf(c.at("expected"));
    ASSERT_EQ(got->size(), want.size());
    for (size_t t = 0; t < want.size(); ++t) {
      ASSERT_EQ((*got)[t].size(), want[t].size());
      for (size_t p = 0; p < want[t].size(); ++p) {
        const double em = relErr((*got)[t][p].mu, want[t][p].mu);
        const double es = relErr((*got)[t][p].sigma, want[t][p].sigma);
        worst = std::max({worst, em, es});
        EXPECT_LE(em, 1e-12) << "team " << t << " player " << p << " mu " << (*got)[t][p].mu << " vs " << want[t][p].mu;
        EXPECT_LE(es, 1e-12) << "team " << t << " player " << p << " sigma";
        ++checked;
      }
    }
  }
  // The vector set really covers ties, teams of unequal size and unsorted ranks.
  EXPECT_GE(withTies, 20u);
  EXPECT_GE(unequal, 50u);
  EXPECT_GE(unsorted, 20u);
  RecordProperty("players_checked", static_cast<int>(checked));
  std::printf("openskill vectors: %zu players, worst relative error %.3g\n", checked, worst);
}

TEST(OpenSkill, DefaultOneVsOneKnownValues) {
  // openskill 5.0.1: rate([[d],[d]]) → 27.635389493140497 / 22.364610506859503, σ 8.06590141354368.
  auto r = rate({{Rating{}}, {Rating{}}}, std::nullopt);
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR((*r)[0][0].mu, 27.635389493140497, 1e-12);
  EXPECT_NEAR((*r)[1][0].mu, 22.364610506859503, 1e-12);
  EXPECT_NEAR((*r)[0][0].sigma, 8.06590141354368, 1e-12);
}

TEST(OpenSkill, Directionality_TEI_8_4) {
  // TEI §8.4: equal priors, two players: winner's μ rises, loser's falls, both σ shrink.
  for (double sigma : {25.0 / 3.0, 6.0, 4.0, 2.0}) {
    const Rating p{25.0, sigma};
    auto r = rate({{p}, {p}}, std::vector<double>{1, 2});
    ASSERT_TRUE(r.ok());
    EXPECT_GT((*r)[0][0].mu, p.mu);
    EXPECT_LT((*r)[1][0].mu, p.mu);
    EXPECT_LT((*r)[0][0].sigma, p.sigma);
    EXPECT_LT((*r)[1][0].sigma, p.sigma);
  }
  // Not a bug: openskill adds τ² to σ² before every update, so a very settled rating (σ = 1) can end a
  // match slightly *less* certain. §8.4 is a smoke check at ordinary σ (docs/rules-decisions.md).
  auto settled = rate({{Rating{25, 1}}, {Rating{25, 1}}}, std::vector<double>{1, 2});
  ASSERT_TRUE(settled.ok());
  EXPECT_GT((*settled)[0][0].mu, 25.0);
  EXPECT_GT((*settled)[0][0].sigma, 1.0);
}

TEST(OpenSkill, RanksOnlyOrderAndEqualityMatter) {
  const std::vector<Team> teams{{Rating{20, 3}}, {Rating{30, 5}}, {Rating{25, 2}}};
  auto a = rate(teams, std::vector<double>{1, 3, 2});
  auto b = rate(teams, std::vector<double>{10, 300, 20});
  ASSERT_TRUE(a.ok() && b.ok());
  for (size_t t = 0; t < 3; ++t) {
    EXPECT_EQ((*a)[t][0].mu, (*b)[t][0].mu);
    EXPECT_EQ((*a)[t][0].sigma, (*b)[t][0].sigma);
  }
}

TEST(OpenSkill, TieIsSymmetric) {
  auto r = rate({{Rating{}}, {Rating{}}}, std::vector<double>{1, 1});
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR((*r)[0][0].mu, 25.0, 1e-12);
  EXPECT_EQ((*r)[0][0].mu, (*r)[1][0].mu);
  EXPECT_EQ((*r)[0][0].sigma, (*r)[1][0].sigma);
}

TEST(OpenSkill, RejectsBadInput) {
  EXPECT_FALSE(rate({{Rating{}}}, std::nullopt).ok());                                   // one team
  EXPECT_FALSE(rate({{Rating{}}, {}}, std::nullopt).ok());                               // empty team
  EXPECT_FALSE(rate({{Rating{25, -1}}, {Rating{}}}, std::nullopt).ok());                 // negative σ
  EXPECT_FALSE(rate({{Rating{NAN, 1}}, {Rating{}}}, std::nullopt).ok());                 // NaN μ
  EXPECT_FALSE(rate({{Rating{25, INFINITY}}, {Rating{}}}, std::nullopt).ok());           // ∞ σ
  EXPECT_FALSE(rate({{Rating{}}, {Rating{}}}, std::vector<double>{1}).ok());             // rank count
  EXPECT_FALSE(rate({{Rating{}}, {Rating{}}}, std::vector<double>{1, NAN}).ok());        // NaN rank
  auto r = rate({{Rating{25, -1}}, {Rating{}}}, std::nullopt);
  EXPECT_NE(r.message().find("negative"), std::string::npos) << r.message();
}
