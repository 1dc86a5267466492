// Every crash can come back (issue 10), in virtual time: an owner back before its seat is substituted takes it back
// at once, and finished peers tell each other so (Finished) while a dead one stays listed as unfinished.
#include <gtest/gtest.h>

#include <algorithm>

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
