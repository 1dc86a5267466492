// Runs every tests/warp/scenarios/*.json through the scenario runner (docs/warp-scenarios.md) and fails on
// any unmet expectation. The scenarios encode RULES.tex worked examples and edge cases.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tools/concord/warp_scenario.h"

namespace fs = std::filesystem;
using concord::warp::scenario::json;

namespace {

std::vector<std::string> scenarioFiles() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(CONCORD_SOURCE_DIR) / "tests/warp/scenarios"))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

class WarpScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(WarpScenario, MeetsItsExpectations) {
  std::ifstream in(GetParam());
  ASSERT_TRUE(in) << GetParam();
  json j = json::parse(in);
  ASSERT_TRUE(j.contains("expect") || j.contains("orders")) << "a scenario must expect something";
  auto run = concord::warp::scenario::run(j);
  for (const auto& f : run.failures) ADD_FAILURE() << f;
  if (!run.failures.empty()) {
    for (const auto& l : run.lines) std::cerr << l.dump() << "\n";
    std::cerr << run.final.dump(1) << "\n";
  }
}

INSTANTIATE_TEST_SUITE_P(All, WarpScenario, ::testing::ValuesIn(scenarioFiles()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = fs::path(i.param).stem().string();
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(WarpScenarioRunner, WrongExpectationsFail) {
  json j = json::parse(R"({"seats":2,"config":{"preset":"standard"},
    "hands":[["12-5"],["3-2"]],"pile":["4-4"],
    "orders":[{"seat":0,"chart":"12-5","route":"own"}],
    "expect":{"roundWinner":1}})");
  auto run = concord::warp::scenario::run(j);
  EXPECT_EQ(run.failures.size(), 1u);
  // An unexpected rejection is a failure too (strict by default).
  json k = json::parse(R"({"seats":2,"config":{"preset":"standard"},
    "hands":[["12-5"],["3-2"]],"pile":["4-4"],
    "orders":[{"seat":1,"draw":true}]})");
  EXPECT_EQ(concord::warp::scenario::run(k).failures.size(), 1u);
}

TEST(WarpScenarioRunner, BadPositionsAreRefused) {
  json dup = json::parse(R"({"seats":2,"hands":[["12-5"],["12-5"]]})");
  EXPECT_THROW(concord::warp::scenario::run(dup), std::runtime_error);
  json sd = json::parse(R"({"seats":2,"round":2,"spacedock":"12-12","hands":[[],[]]})");
  EXPECT_THROW(concord::warp::scenario::run(sd), std::runtime_error);
}

}  // namespace
