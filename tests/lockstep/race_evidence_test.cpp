// Races with no majority settled by evidence (docs/lockstep.md "Race policy"): a side that cannot tell who lost asks
// the disagreeing peers what they applied, and never sets their bundles aside meanwhile. Drill seed 4001 run 5: the
// steward set a lone peer's bundles aside while undecided, substituted that peer as silent and finished the game
// alone; the others finished another one (two final Seals, no DESYNC line).
#include <gtest/gtest.h>

#include <algorithm>

#include "lockstep/selfplay.h"
#include "lockstep/wire.h"
#include "tests/support/log_lines.h"
#include "tests/support/logged_table.h"
#include "tests/support/shed_table.h"
#include "tests/support/substitute_race.h"

using namespace concord;
using namespace concord::lockstep;
using concord::testing::tailOf;

// Seats 0 and 1 never hear seat 3, and seat 2 never hears 0 and 1 (3 relays their bundles): the steward substitutes
// seat 3 (0 and 1 apply that) while 2 and 3 apply seat 3's own bundle. Then seat 3's process dies. One live key on the
// owner's side (2), two on the substitute's (0, 1): no majority, and the substitute's side holds no bundle of the
// owner's until it asks. Once healed, 0 and 1 must learn they lost, resync, and the table finish one game.
TEST(RaceEvidence, AnUndecidedSideAsksInsteadOfSubstitutingTheOtherSide) {
  concord::testing::SubstituteRace race;
  ASSERT_EQ(race.start(), "");
  Table& table = *race;
  const auto& lines = race.lines;
  const uint32_t raced = race.raced;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(2).turn() > raced && table.peer(3).turn() > raced; }));
  ASSERT_FALSE(race.substituted(2)) << "seat 2 applied seat 3's own bundle";
  table.kill(3);
  race.heal();
  const bool done = table.runUntil([&] {
    for (Seat s = 0; s < 3; ++s)
      if (!table.peer(s).over() || table.peer(s).halted()) return false;
    return true;
  });
  ASSERT_TRUE(done) << "the log ends:\n" << tailOf(lines);
  for (Seat s = 0; s < 3; ++s) {
    EXPECT_FALSE(table.peer(s).halted()) << "seat " << s;
    EXPECT_EQ(table.peer(s).seals().back(), table.peer(2).seals().back()) << "seat " << s << "\n" << tailOf(lines);
  }
  // The owner's bundle won: 2 kept its game, 0 and 1 resynced, and the table applied seat 3's own bundle at the race.
  EXPECT_EQ(table.peer(2).firstTurn(), 0u);
  EXPECT_GT(table.peer(0).firstTurn(), 0u);
  EXPECT_GT(table.peer(1).firstTurn(), 0u);
  const TurnRecord& atRace = table.peer(2).records()[raced];
  EXPECT_EQ(atRace.signers[3], table.key(3).publicKey) << "at turn " << raced;
  // Until it learnt it lost, the steward never set the owner's side aside (after its resync its own old bundles are).
  const auto lost = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("peer 0:", 0) == 0 && l.find("we lost") != std::string::npos;
  });
  ASSERT_NE(lost, lines.end()) << tailOf(lines);
  const auto aside = std::count_if(lines.begin(), lost, [](const std::string& l) {
    return l.rfind("peer 0:", 0) == 0 && l.find("set aside") != std::string::npos;
  });
  EXPECT_EQ(aside, 0) << "the steward set the owner's side aside:\n" << tailOf(lines);
  // The losers' bundles from before and after their resync are two histories, not two bodies on one: no alarm.
  const auto alarms = std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.find("EQUIVOCATION") != std::string::npos;
  });
  EXPECT_EQ(alarms, 0) << tailOf(lines);
}

// Drill seed 13001 run 1: a bot that lost a race resynced and signed turn 1268 again; the bundle its pre-resync self
// had signed for 1268 (same chain, another prevSeal: the lost history) reached two peers beside the new one, and
// they logged EQUIVOCATION. Two bodies on two histories are a race loser's, not a lie: the one that continues our
// Seal is chosen, and no alarm is raised.
TEST(RaceEvidence, ARaceLosersBundleFromItsLostHistoryIsNotAnEquivocation) {
  concord::testing::LoggedTable logged;
  ASSERT_EQ(logged.start(concord::testing::shedTable(4, 23, 6, 0, 6), 3), "");
  Table& table = *logged;
  const auto& lines = logged.lines;
  const uint32_t next = table.peer(0).turn() + 1;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() == next; }));
  // Seat 2 is unheard for a moment, so seat 1's new bundle and the residue both wait in the slot.
  const std::vector<PeerId> listeners{0, 3};
  for (PeerId to : listeners) table.net().setOneWay(2, to, false);
  Bundle residue;
  residue.gameId = table.session().gameId();
  residue.seat = 1;
  residue.turn = next;
  residue.chain = table.peer(0).ledger().heads()[1];
  residue.prevSeal.lo = 0x1234;  // the Seal of a history the table did not keep
  residue.prevDigest.lo = 0x5678;
  residue.signWith(table.key(1));
  table.net().endpoint(1).broadcast(encodeWire(BundleMsg{residue}));
  const uint64_t cutAt = table.now();
  ASSERT_TRUE(table.runUntil([&] { return table.now() >= cutAt + 300; }));
  for (PeerId to : listeners) table.net().setOneWay(2, to, true);
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); })) << tailOf(lines);
  for (Seat s = 0; s < 4; ++s) {
    EXPECT_TRUE(table.peer(s).equivocations().empty()) << "seat " << s << "\n" << tailOf(lines);
    EXPECT_FALSE(table.peer(s).halted()) << "seat " << s;
    EXPECT_EQ(table.peer(s).seals(), table.peer(0).seals()) << "seat " << s;
  }
  EXPECT_EQ(table.peer(0).records()[next].signers[1], table.key(1).publicKey);
  EXPECT_NE(table.peer(0).records()[next].bundles[1].prevSeal, residue.prevSeal);
}

// Drill seed 13001 run 4: the steward substituted a seat whose owner's bundle only the others applied; its requests
// for evidence went unanswered for seconds while the others, holding most of the table's keys, set it aside,
// substituted it and played on; it stopped on a desync report. Three seats: 0 never hears 2 and 1 never hears 0.
// A side stuck undecided that sees the other side play on past the race has lost: it resyncs instead of stopping.
TEST(RaceEvidence, AnUndecidedSideThatSeesTheOtherPlayOnResyncsInsteadOfStopping) {
  concord::testing::LoggedTable logged;
  ASSERT_EQ(logged.start(concord::testing::shedTable(3, 81, 6, 0, 6), 4), "");
  Table& table = *logged;
  const auto& lines = logged.lines;
  const std::vector<std::pair<PeerId, PeerId>> cuts{{2, 0}, {0, 1}};
  for (auto [from, to] : cuts) table.net().setOneWay(from, to, false);
  // Restarted as a rejoiner by the harness once it lost, it waits for a snapshot until the links heal.
  auto lost = [&] { return table.peer(0).lostRace().has_value() || table.peer(0).syncing() || table.peer(0).firstTurn() > 0; };
  ASSERT_TRUE(table.runUntil([&] { return lost() || table.peer(0).halted(); })) << tailOf(lines);
  EXPECT_FALSE(table.peer(0).halted()) << tailOf(lines);
  for (auto [from, to] : cuts) table.net().setOneWay(from, to, true);
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); })) << tailOf(lines);
  for (Seat s = 0; s < 3; ++s) {
    EXPECT_FALSE(table.peer(s).halted()) << "seat " << s;
    EXPECT_EQ(table.peer(s).seals().back(), table.peer(1).seals().back()) << "seat " << s;
  }
  EXPECT_GT(table.peer(0).firstTurn(), 0u);
  const auto movedOn = std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("peer 0:", 0) == 0 && l.find("played on past turn") != std::string::npos;
  });
  EXPECT_GE(movedOn, 1) << tailOf(lines);
}
