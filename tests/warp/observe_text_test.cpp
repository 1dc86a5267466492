// The board a person reads (issue 10 "The terminal table reads well"): every trail and the Neutral Zone
// show their open end, and Sensor Sweep picks that fit an open end the viewer may chart to are marked.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/warp/module.h"
#include "core/warp/state.h"

using namespace concord;
using namespace concord::warp;

namespace {

det::Seed seedOf(uint64_t v) {
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  return s;
}

// The pips after "open end " in the board text.
std::set<int> openEnds(const std::string& text) {
  std::set<int> out;
  for (size_t at = text.find("open end "); at != std::string::npos; at = text.find("open end ", at + 1))
    out.insert(std::atoi(text.c_str() + at + 9));
  return out;
}

}  // namespace

TEST(WarpBoardText, TrailsShowTheOpenEndEveryChartMatches) {
  Config cfg = officialPreset();
  cfg.gamma = true;
  const Seat seats = 3;
  WarpGame g;
  ASSERT_TRUE(g.setup(encodeConfig(cfg), seedOf(5), seats).ok());
  auto bot = makeBot("greedy");
  auto rng = det::Rng::fromU64(5);
  size_t charts = 0, marked = 0;
  for (int step = 0; step < 3000 && !g.outcome(); ++step) {
    const Seat s = g.awaiting().front();
    const std::string text = g.observe(s).text;
    // One open end per trail (seats, no squadrons) and one for the Neutral Zone.
    size_t shown = 0;
    for (size_t at = text.find("open end "); at != std::string::npos; at = text.find("open end ", at + 1)) ++shown;
    ASSERT_EQ(shown, seats + 1u) << text;
    const auto ends = openEnds(text);
    const auto legal = g.legalOrders(s);
    for (const auto& o : legal) {
      auto d = decodeOrder(o, cfg.maxPip);
      ASSERT_TRUE(d.ok());
      if (d->kind != kChart) continue;
      ++charts;
      EXPECT_TRUE(ends.count(d->tile.hi) || ends.count(d->tile.lo)) << "chart " << d->tile.text() << " matches no shown open end\n" << text;
    }
    if (text.find("* matches a reachable open end)") != std::string::npos) ++marked;
    auto pick = bot->choose(g.observe(s), legal, rng);
    ASSERT_TRUE(g.act(s, pick.front()).ok());
  }
  EXPECT_GT(charts, 20u);
  EXPECT_GT(marked, 0u) << "no Sensor Grid pick was ever marked playable in a Gamma sector";
}
