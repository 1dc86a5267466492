// The Race policy's tie rule (docs/lockstep.md "Race policy", docs/net.md "After the race resync"): when the table
// splits two against two over one seat (its owner's bundle on one side, a substitute on the other) neither side has a
// majority of the table's keys, and the owner's side wins. Drill seed 101 split a table in two on exactly this tie.
#include <gtest/gtest.h>

#include <algorithm>

#include "lockstep/selfplay.h"
#include "tests/support/log_lines.h"
#include "tests/support/substitute_race.h"

using namespace concord;
using namespace concord::lockstep;
using concord::testing::linesOf;
using concord::testing::tailOf;

// Seats 0 and 1 never hear seat 3, and seat 2 never hears 0 and 1 (seat 3 relays their bundles to it, its own
// first): the steward (0) substitutes seat 3 and seat 1 applies that, while seats 2 and 3 apply seat 3's own bundle.
// Two keys on each side. Once the links heal, the substitute's side must resync and every peer end on the owner's.
TEST(RaceTie, TwoAgainstTwoTheOwnersSideWins) {
  concord::testing::SubstituteRace race;
  ASSERT_EQ(race.start(), "");
  Table& table = *race;
  const auto& lines = race.lines;
  const uint32_t raced = race.raced;
  ASSERT_EQ(table.peer(0).records()[raced].substituted, std::vector<Seat>{3});
  EXPECT_FALSE(race.substituted(2) || race.substituted(3)) << "seats 2 and 3 applied seat 3's own bundle";
  race.heal();
  const bool done = table.runUntil([&] { return table.allOver(); });
  const std::string tail = tailOf(lines, 30);
  ASSERT_TRUE(done) << "the log ends:\n" << tail;
  for (Seat s = 0; s < 4; ++s) {
    EXPECT_FALSE(table.peer(s).halted()) << "seat " << s << "\n" << tail;
    EXPECT_EQ(table.peer(s).seals().back(), table.peer(2).seals().back()) << "seat " << s;
  }
  // The owner's side kept its game; the substitute's side resynced from it, decided by the owner rule.
  EXPECT_EQ(table.peer(2).firstTurn(), 0u);
  EXPECT_EQ(table.peer(3).firstTurn(), 0u);
  EXPECT_GT(table.peer(0).firstTurn(), 0u);
  EXPECT_GT(table.peer(1).firstTurn(), 0u);
  for (std::string_view loser : {"peer 0:", "peer 1:"})
    EXPECT_GE(linesOf(lines, loser, "seat 3's owner signed it there (the owner's bundle wins)"), 1u) << loser << "\n" << tail;
  for (std::string_view winner : {"peer 2:", "peer 3:"}) EXPECT_EQ(linesOf(lines, winner, "we lost"), 0u) << winner;
  const TurnRecord& atRace = table.peer(2).records()[raced];
  EXPECT_TRUE(atRace.substituted.empty());
  EXPECT_EQ(atRace.signers[3], table.key(3).publicKey) << "the table applied seat 3's own bundle at turn " << raced;
  EXPECT_EQ(table.peer(2).engine().membership().seat(3).controller, Controller::Owner);
}
