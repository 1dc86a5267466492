// DESIGN: Determinism discipline, issue 32. No full expression in core/ may draw twice from the RNG, or draw and
// read the stream it advances: the order is unsequenced, and gcc and clang chose opposite orders in W.E.B.'s
// nameFor (a desync at turn 0 between a gcc peer and a clang peer). The scan (draw_order_scan.h) must catch that
// original code (the fixture) and find nothing in core/ but the allow-listed lines (draw_order_allow.txt).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/det/draw_order_scan.h"
#include "tests/support/source_text.h"

using concord::testing::DrawFinding;
using concord::testing::DrawOrderScan;

namespace {

const std::string kRepo = CONCORD_SOURCE_DIR;

std::vector<DrawFinding> scanOne(const std::string& code) { return DrawOrderScan({{"x.cpp", code}}).findings(); }

std::string readFile(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct Allowed {
  std::string file, text, why;
  bool matched = false;
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(' ');
  const auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Allowed> allowList() {
  std::vector<Allowed> out;
  std::istringstream in(readFile(kRepo + "/tests/det/draw_order_allow.txt"));
  for (std::string l; std::getline(in, l);) {
    if (l.empty() || l[0] == '#') continue;
    const auto a = l.find(" | "), b = l.find(" | ", a + 3);
    if (a == std::string::npos || b == std::string::npos) {
      ADD_FAILURE() << "allow-list line is not FILE | TEXT | WHY: " << l;
      continue;
    }
    out.push_back({trim(l.substr(0, a)), trim(l.substr(a + 3, b - a - 3)), trim(l.substr(b + 3))});
  }
  return out;
}

}  // namespace

TEST(DrawOrderScan, CatchesTheOriginalNameFor) {
  const auto hits = DrawOrderScan({{"fixture", readFile(kRepo + "/tests/det/fixtures/web_name_for_f4141f7.cpp.txt")}}).findings();
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].line, 7);
  EXPECT_EQ(hits[0].draws, 2);
  EXPECT_NE(hits[0].text.find("rng . below ( 24 )"), std::string::npos);
}

TEST(DrawOrderScan, CatchesDrawsThroughCallsAndReadsOfTheStream) {
  EXPECT_EQ(scanOne("int f(det::Rng& r) { return r.below(6); }\nint g(det::Rng& r) { return f(r) + f(r); }").size(), 1u);
  EXPECT_EQ(scanOne("void m() { x = combine(rng.between(1, 6), rng.between(1, 6)); }").size(), 1u);
  EXPECT_EQ(scanOne("void m() { det::Rng rng; x = rng.below(4) + (rng == other); }").size(), 1u) << "a read";
  // d10() draws from a member stream: calling it twice in one expression is the same bug one call deeper.
  EXPECT_EQ(scanOne("int G::d10() { return static_cast<int>(combat_.below(10)) + 1; }\n"
                    "int G::twice() { return d10() * 10 + d10(); }").size(), 1u);
  EXPECT_EQ(scanOne("void m() { if (rng.below(2) == rng.below(2)) go(); }").size(), 1u) << "an if condition";
}

TEST(DrawOrderScan, SeparateStatementsAndDeclarationsAreFine) {
  EXPECT_TRUE(scanOne("void m(det::Rng& rng) { auto a = rng.below(12);\n auto b = rng.below(24); use(a + b); }").empty());
  EXPECT_TRUE(scanOne("void m() { if (rng.below(2)) x = rng.below(3); }").empty()) << "condition, then statement";
  EXPECT_TRUE(scanOne("void m() { // rng.below(1) + rng.below(2)\n auto s = \"rng.below(1) + rng.below(2)\"; }").empty());
  EXPECT_TRUE(scanOne("void f(det::Rng& rng, det::Rng* other);").empty());
  EXPECT_TRUE(scanOne("void m() { det::Rng rng = det::Rng::stream(seed, \"x\"); x = rng.below(5); }").empty());
}

TEST(DrawOrderScan, CoreDrawsOncePerFullExpression) {
  const auto sources = concord::testing::coreSources(kRepo);
  ASSERT_GT(sources.size(), 5u);
  DrawOrderScan scan(sources);
  EXPECT_GT(scan.drawingFunctions().count("nameFor"), 0u) << "the scan no longer sees core's drawing functions";
  EXPECT_GT(scan.drawingFunctions().count("d10"), 0u);
  auto allowed = allowList();
  for (const auto& h : scan.findings()) {
    bool ok = false;
    for (auto& a : allowed)
      if (a.file == h.file && h.text.find(a.text) != std::string::npos) ok = a.matched = true;
    if (!ok)
      ADD_FAILURE() << h.file << ":" << h.line << ": " << h.draws << " draw(s) and " << h.reads
                    << " read(s) of a stream in one full expression (unsequenced: compilers may order them differently;"
                       " draw once per statement, or allow-list it in tests/det/draw_order_allow.txt with why):\n  "
                    << h.text;
  }
  for (const auto& a : allowed)
    EXPECT_TRUE(a.matched) << "stale allow-list entry (nothing matches it now; remove it): " << a.file << " | " << a.text;
}
