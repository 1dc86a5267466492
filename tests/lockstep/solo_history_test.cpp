// A peer that plays on alone (docs/lockstep.md "Race policy", drill seed 12001 run 6): a bot cut off for seconds
// substituted one person at turn 771 and the other at 772 (never two silent at once, so the cut-off guard did not
// fire), then signed every seat itself and finished a game of its own at bot speed; every bundle of the others
// reached it as "a return raced a substitution" and was dropped before any Seal check, so nothing ever told it that
// the table played another history. Two rules close that: the guard judges the links, and a peer that sees most of
// the table's signers on another history resyncs.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "lockstep/selfplay.h"
#include "tests/support/log_lines.h"
#include "tests/support/logged_table.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;
using concord::testing::linesOf;
using concord::testing::tailOf;

namespace {

bool allOverAndAgreed(Table& table, Seat from) {
  for (Seat s = from; s < 4; ++s)
    if (!table.peer(s).over() || table.peer(s).halted() || table.peer(s).syncing()) return false;
  return true;
}

}  // namespace

// Seat 3 loses every link and, without the guard, substitutes the three others and plays alone while they substitute
// it and play on. Once the links heal it must see that most signers are on another history and resync, so the table
// ends with one game: on the old code it finished its own (another final Seal).
TEST(SoloHistory, APeerThatPlayedOnAloneResyncsOnceItHearsTheTableAgain) {
  concord::testing::LoggedTable logged;
  ASSERT_EQ(logged.start(concord::testing::shedTable(4, 91, 6, 0, 20), 4), "");
  Table& table = *logged;
  const auto& lines = logged.lines;
  for (PeerId other = 0; other < 3; ++other) table.net().setLink(3, other, false);
  auto aloneAt3 = [&] {
    const auto& m = table.peer(3).engine().membership();
    return m.seat(0).controller == Controller::Ai && m.seat(1).controller == Controller::Ai && m.seat(2).controller == Controller::Ai;
  };
  ASSERT_TRUE(table.runUntil(aloneAt3)) << "seat 3 never substituted the others:\n" << tailOf(lines);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).engine().membership().seat(3).controller == Controller::Ai; }));
  const uint32_t soloAt = table.peer(3).turn();
  ASSERT_TRUE(table.runUntil([&] { return table.peer(3).turn() > soloAt + 5 || table.peer(3).over(); }))
      << "seat 3 signs every seat: nothing holds it back";
  for (PeerId other = 0; other < 3; ++other) table.net().setLink(3, other, true);
  ASSERT_TRUE(table.runUntil([&] { return allOverAndAgreed(table, 0); })) << "the log ends:\n" << tailOf(lines);
  for (Seat s = 0; s < 4; ++s)
    EXPECT_EQ(table.peer(s).seals().back(), table.peer(0).seals().back()) << "seat " << s << "\n" << tailOf(lines);
  EXPECT_GT(table.peer(3).firstTurn(), 0u) << "seat 3 resynced from the table's snapshot";
  EXPECT_EQ(table.peer(0).firstTurn(), 0u);
  EXPECT_GE(linesOf(lines, "peer 3:", "signers play another history than ours"), 1u) << tailOf(lines);
}

// Seat 0 dies (the others substitute it; seat 1 stewards). Seat 2 is a person who thinks 600 ms. While seat 2 thinks
// (seat 3's bundle of the turn already in), seat 1 loses every link: at that turn only seat 2 is silent, and seat 1
// substitutes it as the rule says; at the next only seat 3, the last owner seat. The old guard (every other owner
// seat silent at once, two or more) never fired there; the links say seat 1 heard nobody for the tolerance, so it
// must substitute nobody rather than sign every seat and play alone.
TEST(SoloHistory, APeerCutOffSeatBySeatSubstitutesNobodyOnceEveryLinkIsQuiet) {
  auto p = concord::testing::shedTable(4, 93, 6, 0, 20);
  p.cutOffGuard = true;
  std::vector<std::string> lines;
  p.log = [&](std::string_view l) { lines.emplace_back(l); };
  Table* table = nullptr;
  std::map<uint32_t, uint64_t> askedAt;  // turn -> when seat 2's person was first asked
  p.customize = [&](Seat s, PeerOptions& o) {
    if (s != 2) return;
    o.decide = [&](const TurnEngine& e, Seat who, uint64_t) -> std::optional<std::vector<Order>> {
      auto [it, fresh] = askedAt.emplace(e.turn(), table->now());
      if (table->now() < it->second + 600) return std::nullopt;
      auto legal = e.game().legalOrders(who);
      return legal.empty() ? std::vector<Order>{} : std::vector<Order>{legal.front()};
    };
  };
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  table = t->get();
  ASSERT_TRUE(table->runUntil([&] { return table->peer(0).turn() >= 4; }));
  table->kill(0);
  ASSERT_TRUE(table->runUntil([&] {
    for (Seat s = 1; s < 4; ++s)
      if (table->peer(s).engine().membership().seat(0).controller != Controller::Ai) return false;
    return true;
  })) << "the others never substituted seat 0:\n" << tailOf(lines);
  // Seat 2 thinking for 300 ms at the turn seat 1 is on.
  ASSERT_TRUE(table->runUntil([&] {
    const uint32_t turn = table->peer(1).turn();
    auto aw = table->peer(1).engine().awaiting();
    auto it = askedAt.find(turn);
    return std::find(aw.begin(), aw.end(), Seat{2}) != aw.end() && it != askedAt.end() && table->now() >= it->second + 300;
  })) << tailOf(lines);
  table->net().setLink(1, 2, false);
  table->net().setLink(1, 3, false);
  ASSERT_TRUE(table->runUntil([&] { return linesOf(lines, "peer 1:", "probably cut off") + linesOf(lines, "peer 1:", "seat 3 silent") > 0; }))
      << tailOf(lines);
  EXPECT_EQ(linesOf(lines, "peer 1:", "seat 3 silent for"), 0u) << "seat 1 substituted the last owner seat and played alone:\n"
                                                                 << tailOf(lines);
  table->net().setLink(1, 2, true);
  table->net().setLink(1, 3, true);
  ASSERT_TRUE(table->runUntil([&] { return allOverAndAgreed(*table, 1); })) << "the log ends:\n" << tailOf(lines);
  for (Seat s = 1; s < 4; ++s)
    EXPECT_EQ(table->peer(s).seals().back(), table->peer(2).seals().back()) << "seat " << s << "\n" << tailOf(lines);
  // Back from the cut, seat 3 gets a tolerance to reach seat 1 again: its seat is never substituted.
  EXPECT_EQ(linesOf(lines, "peer 1:", "seat 3 silent for"), 0u) << tailOf(lines);
}
