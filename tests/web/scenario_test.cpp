// Runs every tests/web/scenarios/*.json through the W.E.B. scenario runner (docs/web-scenarios.md) and fails
// on any unmet expectation. Each scenario names the rule it checks ("rule": "§4h ...").
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tools/concord/web_scenario.h"

namespace fs = std::filesystem;
using concord::web::scenario::json;

namespace {

std::vector<std::string> scenarioFiles() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(CONCORD_SOURCE_DIR) / "tests/web/scenarios"))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

class WebScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(WebScenario, MeetsItsExpectations) {
  std::ifstream in(GetParam());
  ASSERT_TRUE(in) << GetParam();
  json j = json::parse(in);
  ASSERT_TRUE(j.contains("expect")) << "a scenario must expect something";
  ASSERT_TRUE(j.contains("rule")) << "a scenario must name the rule it checks";
  auto run = concord::web::scenario::run(j);
  for (const auto& f : run.failures) ADD_FAILURE() << f;
  if (!run.failures.empty()) std::cerr << run.result.dump(1) << "\n";
}

INSTANTIATE_TEST_SUITE_P(All, WebScenario, ::testing::ValuesIn(scenarioFiles()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = fs::path(i.param).stem().string();
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

const char* kTiny = R"({"empires":2,
  "systems":[{"owner":0,"home":0,"quality":"B","lanes":[2]},{"owner":1,"home":1,"quality":"B","lanes":[2]},
             {"kind":"dead","lanes":[0,1]}],
  "ships":[{"owner":0,"at":2,"type":"Mi","count":2},{"owner":1,"at":2,"type":"DD"}],
  "stances":[{"owner":0,"at":2,"attack":[1]}], "dice":[5,5]})";

TEST(WebScenarioRunner, WrongExpectationsFail) {
  json j = json::parse(kTiny);
  j["expect"] = {{"ships", {{{"owner", 1}, {"type", "DD"}, {"count", 1}}}}};
  EXPECT_EQ(concord::web::scenario::run(j).failures.size(), 1u);
  j["expect"] = {{"count", {{"shot", 3}}}};
  EXPECT_EQ(concord::web::scenario::run(j).failures.size(), 1u);
  j["expect"] = {{"events", {{{"kind", "conquest"}}}}};
  EXPECT_EQ(concord::web::scenario::run(j).failures.size(), 1u);
  j["expect"] = {{"text", {{{"empire", 0}, {"contains", {"words no report has"}}}}}};
  EXPECT_EQ(concord::web::scenario::run(j).failures.size(), 1u);
  j["expect"] = {{"text", {{{"empire", 0}, {"lacks", {"W.E.B. turn"}}}}}};
  EXPECT_EQ(concord::web::scenario::run(j).failures.size(), 1u);
  // An unexpected rejection is a failure too (strict by default).
  j["orders"] = {{{"empire", 0}, {"place", {{"at", 2}}}}};
  j["expect"] = json::object();
  EXPECT_EQ(concord::web::scenario::run(j).failures.size(), 1u);
}

TEST(WebScenarioRunner, EveryRollIsReported) {
  auto run = concord::web::scenario::run(json::parse(kTiny));
  int shots = 0;
  for (const auto& e : run.result["events"])
    if (e["kind"] == "shot") {
      ++shots;
      EXPECT_TRUE(e.contains("roll") && e.contains("need") && e.contains("hit") && e.contains("text"));
    }
  EXPECT_EQ(shots, 2);
}

TEST(WebScenarioRunner, BadFilesAreRefusedWithAReason) {
  auto refuses = [](const std::string& text, const std::string& fragment) {
    try {
      concord::web::scenario::run(json::parse(text));
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  refuses(R"({"empires":2})", "systems");
  refuses(R"({"systems":[{"kind":"plasma"}]})", "unknown kind");
  refuses(R"({"empires":1,"systems":[{"owner":0,"home":0,"lanes":[1]},{"lanes":[]}]})", "both ends");
  refuses(R"({"empires":2,"systems":[{"owner":0,"home":0}]})", "no home");
  json j = json::parse(kTiny);
  j["dice"] = {11};
  refuses(j.dump(), "1..10");
  j = json::parse(kTiny);
  j["ships"][0]["type"] = "XX";
  refuses(j.dump(), "unknown ship type");
  j = json::parse(kTiny);
  j["orders"] = {{{"empire", 0}, {"fly", 1}}};
  refuses(j.dump(), "an order needs");
}

}  // namespace
