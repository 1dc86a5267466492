// DESIGN: Determinism discipline. Scans core/ (except core/tei/, which is post-game math) and fails on
// anything a turn must never use: floating point, <cmath>, <random>, std::hash, unordered containers,
// rand, time, clocks, threads. Comments and string literals are stripped first, so rule text such as
// "Red Alert: cover the double" in an error message is allowed while a `double` variable is not.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "tests/support/source_text.h"

namespace {

using concord::testing::stripCommentsAndStrings;

const std::vector<std::pair<std::regex, std::string>>& forbidden() {
  static const std::vector<std::pair<std::regex, std::string>> f = {
      {std::regex(R"(\b(float|double|long\s+double)\b)"), "floating point"},
      {std::regex(R"(<cmath>|<math\.h>)"), "<cmath>"},
      {std::regex(R"(<random>)"), "<random>"},
      {std::regex(R"(std::hash\b)"), "std::hash"},
      {std::regex(R"(\bunordered_(map|set|multimap|multiset)\b)"), "unordered container"},
      {std::regex(R"(\b(s?rand)\s*\()"), "rand()"},
      {std::regex(R"(\btime\s*\(|<ctime>|<time\.h>)"), "time()"},
      {std::regex(R"(std::chrono|<chrono>)"), "clock"},
      {std::regex(R"(<thread>|std::thread|std::async)"), "thread"},
  };
  return f;
}

std::vector<std::string> scan(const std::string& name, const std::string& src) {
  std::vector<std::string> hits;
  std::istringstream in(stripCommentsAndStrings(src));
  std::string line;
  for (int no = 1; std::getline(in, line); ++no)
    for (const auto& [re, what] : forbidden())
      if (std::regex_search(line, re)) hits.push_back(name + ":" + std::to_string(no) + ": " + what + ": " + line);
  return hits;
}

}  // namespace

TEST(DeterminismScan, ScannerCatchesForbiddenCodeButNotCommentsOrStrings) {
  EXPECT_EQ(scan("x", "double x = 1;").size(), 1u);
  EXPECT_EQ(scan("x", "#include <random>").size(), 1u);
  EXPECT_EQ(scan("x", "std::unordered_map<int,int> m;").size(), 1u);
  EXPECT_EQ(scan("x", "auto t = time(nullptr);").size(), 1u);
  EXPECT_TRUE(scan("x", "// a double is a tile").empty());
  EXPECT_TRUE(scan("x", "auto s = \"cover the double\";").empty());
  EXPECT_TRUE(scan("x", "/* float\n double */ int y;").empty());
  EXPECT_TRUE(scan("x", "int openDouble = 0; bool isDouble;").empty());
}

TEST(DeterminismScan, CoreUsesNothingNondeterministic) {
  std::vector<std::string> hits;
  size_t files = 0;
  for (const auto& [rel, text] : concord::testing::coreSources(CONCORD_SOURCE_DIR)) {
    ++files;
    for (auto& h : scan(rel, text)) hits.push_back(h);
  }
  EXPECT_GT(files, 5u);
  for (const auto& h : hits) ADD_FAILURE() << h;
}
