// Every crash can come back (issue 10), in virtual time: an owner back before its seat is substituted takes it back
// at once, and finished peers tell each other so (Finished) while a dead one stays listed as unfinished.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "lockstep/linger.h"
#include "lockstep/selfplay.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;

TEST(Rejoin, OwnerBackBeforeSubstitutionTakesItsSeatBackAtOnce) {
  auto p = concord::testing::shedTable(4, 41, 10);
  p.silenceMs = 3000;
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.restart(2).ok());
  ASSERT_TRUE(table.runUntil([&] { return !table.peer(2).syncing() && !table.peer(2).following(); }))
      << "the restarted owner never took its seat back";
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  // Nobody was substituted: the seat stayed owner-run, and its owner signs it again.
  for (const auto& rec : table.peer(0).records()) EXPECT_TRUE(rec.substituted.empty()) << "turn " << rec.turn;
  EXPECT_EQ(table.peer(0).engine().membership().seat(2).controller, Controller::Owner);
  EXPECT_EQ(table.peer(0).records().back().signers[2], table.key(2).publicKey);
  EXPECT_GT(table.peer(2).firstTurn(), 0u);
  EXPECT_EQ(table.peer(2).seals().back(), table.peer(0).seals().back());
}

TEST(Rejoin, FinishedPeersSaySoAndADeadOneStaysUnfinished) {
  auto p = concord::testing::shedTable(4, 42, 6);
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(3);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).over() && table.peer(1).over() && table.peer(2).over(); }));
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).unfinished().size() == 1; }));
  EXPECT_EQ(table.peer(0).unfinished(), std::vector<Seat>{3});
  // Seat 3 is dead (it sends nothing): peer 0 may leave once nobody asks, and the bound ends any lingering.
  const uint64_t overAt = table.now();
  EXPECT_TRUE(lingering(table.peer(0), table.peer(0).lastAskedMs(), overAt, 3000));
  const uint64_t later = std::max(overAt, table.peer(0).lastAskedMs()) + 5000;
  EXPECT_FALSE(lingering(table.peer(0), later, overAt, 3000));
  // An unfinished owner still heard from holds it (a rejoiner between its snapshot and its first request).
  ASSERT_TRUE(table.restart(3).ok());
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).lastHeardMs(3) != 0; }));
  EXPECT_TRUE(lingering(table.peer(0), table.peer(0).lastHeardMs(3) + 1, overAt, 3000));
  EXPECT_FALSE(lingering(table.peer(0), overAt + kLingerMaxMs, overAt, 3000));
}

// Issue 10 drill (seed 3001 run 2): person2 was deciding when its peer went unheard for 3 s under loss (heartbeats
// lost, no bundle out), was substituted, and stayed "run by the AI steward" for the rest of the game although it was
// alive and prompted every turn: only a restarted peer asked for its seat back. A live owner whose seat is AI-run asks
// too (Peer::periodic), and the table hands the seat back without a restart.
TEST(Rejoin, ALiveOwnerSubstitutedAfterASilenceReclaimsOnceHeardAgain) {
  auto p = concord::testing::shedTable(4, 7, 12, 0, 6);
  std::vector<std::string> lines;
  p.log = [&](std::string_view l) { lines.emplace_back(l); };
  bool holding = false;  // the person at seat 2 is thinking and says nothing
  Table* clock = nullptr;
  std::map<uint32_t, uint64_t> askedAt;
  p.customize = [&](Seat s, PeerOptions& o) {
    if (s != 2) return;
    o.decide = [&](const TurnEngine& e, Seat who, uint64_t) -> std::optional<std::vector<Order>> {
      auto asked = askedAt.emplace(e.turn(), clock->now()).first;
      if (holding || clock->now() < asked->second + 300) return std::nullopt;  // thinks 0.3 s, like a person
      auto legal = e.game().legalOrders(who);
      if (legal.empty()) return std::vector<Order>{};
      return std::vector<Order>{legal.front()};
    };
  };
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  clock = &table;
  auto awaited = [&] {
    const auto a = table.peer(2).engine().awaiting();
    return table.peer(2).turn() >= 3 && std::find(a.begin(), a.end(), Seat{2}) != a.end();
  };
  ASSERT_TRUE(table.runUntil([&] { return awaited(); }));
  holding = true;
  const std::vector<PeerId> others{0, 1, 3};
  for (PeerId other : others) table.net().setOneWay(2, other, false);
  auto controller = [&](Seat at) { return table.peer(at).engine().membership().seat(2).controller; };
  ASSERT_TRUE(table.runUntil([&] { return controller(0) == Controller::Ai && controller(2) == Controller::Ai; }))
      << "seat 2 was never substituted: " << (lines.empty() ? "" : lines.back());
  const uint32_t substitutedAt = table.peer(0).turn();
  for (PeerId other : others) table.net().setOneWay(2, other, true);
  holding = false;
  ASSERT_TRUE(table.runUntil([&] {
    return table.peer(0).over() || (controller(0) == Controller::Owner && controller(2) == Controller::Owner);
  }));
  EXPECT_EQ(controller(0), Controller::Owner) << "seat 2 still AI-run at turn " << table.peer(0).turn()
                                              << " (substituted at " << substitutedAt << ")";
  EXPECT_EQ(table.peer(2).firstTurn(), 0u) << "the owner restarted";
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(table.peer(s).seals(), table.peer(0).seals()) << "seat " << s;
}
