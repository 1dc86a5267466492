// Issue 11 point 3: every turn an officer plays for a person carries a signed mark naming why (lockstep/
// assistance.h) — the turn clock, the seat's own officer process, a substitution after a departure — and a
// person who answers leaves none. Marks change no state: the Seals are those of an unmarked game.
#include <gtest/gtest.h>

#include <algorithm>

#include "lockstep/assistance.h"
#include "lockstep/membership.h"
#include "lockstep/selfplay.h"
#include "lockstep/turn_engine.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

SelfPlayParams params(uint64_t seed) { return concord::testing::shedTable(4, seed, 3, 50, 30); }

// Tallies the marks of every applied turn, as a replay reader would.
std::vector<SeatAssistance> tally(const Peer& p) {
  std::vector<SeatAssistance> help(p.engine().session().seats.size());
  for (const auto& r : p.records()) {
    std::vector<std::vector<Order>> orders;
    for (const auto& b : r.bundles) orders.push_back(b.orders);
    tallyAssistance(r.turn, orders, help);
  }
  return help;
}

size_t reason(const SeatAssistance& a, OfficerReason r) { return a.byReason[static_cast<size_t>(r)]; }

// A person at `seat` who answers every turn at once with the first legal order (or never, when mute).
void person(SelfPlayParams& p, Seat seat, bool mute, uint64_t clockMs = 0) {
  auto prev = p.customize;
  p.customize = [=](Seat s, PeerOptions& o) {
    if (prev) prev(s, o);
    if (s != seat) return;
    o.turnClockMs = clockMs;
    o.decide = [mute](const TurnEngine& e, Seat who, uint64_t) -> std::optional<std::vector<Order>> {
      if (mute) return std::nullopt;
      auto legal = e.game().legalOrders(who);
      if (legal.empty()) return std::vector<Order>{};
      return std::vector<Order>{legal.front()};
    };
  };
}

}  // namespace

TEST(Assistance, MarksAreCheckedAndChangeNoState) {
  SelfPlayParams sp;
  sp.seats = 3;
  sp.seed = 4;
  auto s = *selfPlaySession(sp);
  auto a = TurnEngine::create(s).value();
  auto b = TurnEngine::create(s).value();
  std::vector<std::vector<Order>> plain(3), marked(3);
  for (Seat x : a->awaiting()) plain[x] = marked[x] = {a->game().legalOrders(x).front()};
  marked[0].push_back(makeOfficerOrder(0, OfficerReason::TurnClock));
  marked[1].push_back(makeAdvisorOrder(1));
  marked[2].push_back(makeOfficerOrder(1, OfficerReason::Handover));  // names another seat: rejected
  const auto ra = a->step(plain);
  const auto rb = b->step(marked);
  EXPECT_EQ(ra.seal, rb.seal);  // on the record only
  ASSERT_EQ(rb.rejected.size(), 1u);
  EXPECT_EQ(rb.rejected[0].seat, 2);
  EXPECT_NE(rb.rejected[0].reason.find("names seat 1"), std::string::npos) << rb.rejected[0].reason;
  std::vector<SeatAssistance> help(3);
  tallyAssistance(0, marked, help);
  EXPECT_EQ(help[0].officerTurns, 1u);
  EXPECT_EQ(reason(help[0], OfficerReason::TurnClock), 1u);
  EXPECT_TRUE(help[1].advisor);
  EXPECT_EQ(help[2].officerTurns, 0u);  // a mark in the wrong slot does not count for anyone
  EXPECT_EQ(help[1].officerTurns, 0u);
  // An empty answer is no decision: nothing to mark.
  EXPECT_TRUE(markedByOfficer({}, 0, OfficerReason::Handover).empty());
}

TEST(Assistance, APersonWhoAnswersLeavesNoMarkAndTheOfficerProcessDoes) {
  auto p = params(3);
  person(p, 2, false);
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  auto help = tally(table.peer(0));
  EXPECT_FALSE(help[2].any()) << help[2].text();
  // Seats 0, 1 and 3 are persons' seats run by their own officer process (`concord bot`, `--officer`).
  for (Seat s : {Seat(0), Seat(1), Seat(3)}) EXPECT_GT(reason(help[s], OfficerReason::OfficerFlag), 0u) << s;
}

TEST(Assistance, TheTurnClockRunningOutIsMarked) {
  auto p = params(4);
  person(p, 1, true, 1500);  // never answers: the clock hands every turn to the officer
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  auto help = tally(table.peer(0));
  EXPECT_GT(reason(help[1], OfficerReason::TurnClock), 0u) << help[1].text();
  EXPECT_EQ(help[1].officerTurns, reason(help[1], OfficerReason::TurnClock));
  for (const auto& r : table.peer(0).records()) EXPECT_EQ(r.signers[1], table.key(1).publicKey);  // still the owner's key
}

TEST(Assistance, ASubstitutionAfterADepartureIsMarked) {
  auto p = params(9);
  person(p, 2, false);
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok());
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).over() && table.peer(1).over() && table.peer(3).over(); }));
  auto help = tally(table.peer(0));
  EXPECT_GT(reason(help[2], OfficerReason::Substitution), 0u) << help[2].text();
  EXPECT_EQ(reason(help[2], OfficerReason::OfficerFlag), 0u);
  for (Seat s : {Seat(1), Seat(3)}) EXPECT_EQ(table.peer(s).seals(), table.peer(0).seals());
}
