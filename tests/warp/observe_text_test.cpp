// The board a person reads (issue 10 "The terminal table reads well"): every trail and the Neutral Zone
// show their open end, and Sensor Sweep picks that fit an open end the viewer may chart to are marked.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/warp/module.h"
#include "core/warp/state.h"
#include "tests/support/seed_of.h"

using namespace concord;
using namespace concord::warp;
using concord::test_support::seedOf;

namespace {

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
    auto pick = bot->choose(g.observeForOfficer(s), legal, rng);
    ASSERT_TRUE(g.act(s, pick.front()).ok());
  }
  EXPECT_GT(charts, 20u);
  EXPECT_GT(marked, 0u) << "no Sensor Grid pick was ever marked playable in a Gamma sector";
}

// Issue 10: once the lobby has named the seats the board and the round log say the names, not "Captain N".
// Names are presentation only: the canonical view, the state bytes and the hash are what they were.
TEST(WarpBoardText, LobbyNamesReplaceCaptainNumbersInTextOnly) {
  const Seat seats = 3;
  WarpGame g;
  ASSERT_TRUE(g.setup(encodeConfig(officialPreset()), seedOf(9), seats).ok());
  auto bot = makeBot("greedy");
  auto rng = det::Rng::fromU64(9);
  for (int step = 0; step < 12 && !g.outcome(); ++step) {
    const Seat s = g.awaiting().front();
    ASSERT_TRUE(g.act(s, bot->choose(g.observeForOfficer(s), g.legalOrders(s), rng).front()).ok());
  }
  const SeatNames names{"alice", "bob", "AI 2"};
  const det::Hash128 before = stateHash(g);
  const Game& game = g;  // the interface every client uses
  const auto plain = game.observe(1);
  const auto named = game.observeNamed(1, names);
  EXPECT_EQ(named.canonical, plain.canonical) << "names must not reach the canonical view";
  EXPECT_EQ(named.text.find("Captain"), std::string::npos) << named.text;
  EXPECT_NE(named.text.find("alice [seat 0]: "), std::string::npos) << named.text;
  EXPECT_NE(named.text.find("bob [seat 1] (you): "), std::string::npos) << named.text;
  EXPECT_NE(named.text.find("AI 2 [seat 2]: "), std::string::npos) << named.text;
  EXPECT_NE(named.text.find("Helm: " + names[g.toAct()]), std::string::npos) << named.text;
  EXPECT_NE(plain.text.find("Captain 1 (you): "), std::string::npos) << "without names the module's labels stay";
  const auto log = game.narrationNamed(0, names);
  ASSERT_EQ(log.size(), game.narrationSince(0).size());
  std::string all;
  for (const auto& l : log) all += l + "\n";
  EXPECT_EQ(all.find("Captain"), std::string::npos) << all;
  EXPECT_NE(all.find(names[0]), std::string::npos) << all;
  EXPECT_EQ(stateHash(g), before) << "naming the seats changed the state";
  // A rules reason stays the same on every peer, named or not (they are compared and recorded).
  const Seat idle = static_cast<Seat>((g.toAct() + 1) % seats);
  auto why = g.validate(idle, g.legalOrders(g.toAct()).front());
  ASSERT_FALSE(why.ok());
  EXPECT_NE(why.message().find("Captain"), std::string::npos) << why.message();
}

// Issue 10: the tally and the outcome are named too. Tally lines are stored as text in the state ("Captain 2: ...",
// identical on every peer and in every replay); a named copy shows the name, and the outcome's summary names the
// winner. The stored text, the canonical outcome and the hash stay the module's.
TEST(WarpBoardText, TallyAndOutcomeLinesUseTheLobbyNames) {
  const Seat seats = 3;
  WarpGame g;
  ASSERT_TRUE(g.setup(encodeConfig(officialPreset()), seedOf(11), seats).ok());
  auto bot = makeBot("greedy");
  auto rng = det::Rng::fromU64(11);
  for (int step = 0; step < 20000 && !g.outcome(); ++step) {
    const Seat s = g.awaiting().front();
    ASSERT_TRUE(g.act(s, bot->choose(g.observeForOfficer(s), g.legalOrders(s), rng).front()).ok());
  }
  ASSERT_TRUE(g.outcome());
  const SeatNames names{"alice", "bob", "AI 2"};
  const det::Hash128 before = stateHash(g);
  const Game& game = g;
  std::string tally;
  for (const auto& l : game.narrationNamed(0, names))
    if (l.rfind("Tally: ", 0) == 0) tally += l + "\n";
  ASSERT_FALSE(tally.empty()) << "the last round's tally is in the round log";
  EXPECT_EQ(tally.find("Captain"), std::string::npos) << tally;
  for (const auto& n : names) EXPECT_NE(tally.find("Tally: " + n + ": "), std::string::npos) << tally;
  EXPECT_NE(g.tally().front().find("Captain 0: "), std::string::npos) << "the stored tally keeps the module's labels";
  const auto named = game.outcomeNamed(names), plain = game.outcome();
  ASSERT_TRUE(named && plain);
  EXPECT_EQ(named->summary.find("Captain"), std::string::npos) << named->summary;
  EXPECT_NE(plain->summary.find("Captain"), std::string::npos) << plain->summary;
  EXPECT_EQ(named->rankBySeat, plain->rankBySeat);
  EXPECT_EQ(named->scoreBySeat, plain->scoreBySeat);
  EXPECT_EQ(stateHash(g), before) << "naming the seats changed the state";
}
