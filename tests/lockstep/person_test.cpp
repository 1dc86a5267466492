// A person at a seat (PeerOptions::decide): thinking longer than the silence tolerance is not silence
// (Deciding heartbeats), the turn clock hands a stalled turn to the seat's officer, and heartbeats are
// believed only from the seat's own link, so nobody can keep a dead seat alive.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "lockstep/selfplay.h"
#include "lockstep/wire.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

SelfPlayParams params(uint64_t seed) { return concord::testing::shedTable(4, seed, 3, 50, 30); }

// A person at `seat` who answers each awaited turn `thinkMs` after first being asked, with the first legal order.
struct SlowPerson {
  SlowPerson(Seat s, uint64_t think) : seat(s), thinkMs(think) {}
  Seat seat;
  uint64_t thinkMs;
  Table* table = nullptr;
  std::map<uint32_t, uint64_t> askedAt;
  uint64_t decisions = 0;
  uint64_t longestWaitMs = 0;

  void attach(SelfPlayParams& p) {
    p.customize = [this](Seat s, PeerOptions& o) {
      if (s != seat) return;
      o.decide = [this](const TurnEngine& e, Seat who, uint64_t) -> std::optional<std::vector<Order>> {
        auto [it, fresh] = askedAt.emplace(e.turn(), table->now());
        const uint64_t waited = table->now() - it->second;
        if (thinkMs == UINT64_MAX || waited < thinkMs) return std::nullopt;
        ++decisions;
        longestWaitMs = std::max(longestWaitMs, waited);
        auto legal = e.game().legalOrders(who);
        if (legal.empty()) return std::vector<Order>{};
        return std::vector<Order>{legal.front()};
      };
    };
  }
};

bool anySubstitution(const Peer& p, Seat s) {
  for (const auto& r : p.records())
    if (std::find(r.substituted.begin(), r.substituted.end(), s) != r.substituted.end()) return true;
  return false;
}

}  // namespace

TEST(Person, ThinkingLongerThanTheToleranceIsNotSilence) {
  auto p = params(3);
  SlowPerson person(2, 3000);  // three times the 1 s tolerance, every turn
  person.attach(p);
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  person.table = &table;
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  EXPECT_GT(person.decisions, 3u);
  EXPECT_GE(person.longestWaitMs, 3000u);
  for (Seat s = 0; s < 4; ++s) {
    EXPECT_FALSE(anySubstitution(table.peer(s), 2)) << "peer " << s << " substituted the thinking seat";
    EXPECT_EQ(table.peer(s).seals(), table.peer(0).seals());
  }
  // Every bundle of seat 2 was signed by its owner: the person played every turn.
  for (const auto& r : table.peer(0).records()) EXPECT_EQ(r.signers[2], table.key(2).publicKey) << "turn " << r.turn;
}

TEST(Person, TurnClockHandsAStalledTurnToTheOfficer) {
  auto p = params(4);
  SlowPerson person(1, UINT64_MAX);  // never answers
  person.attach(p);
  std::vector<std::string> lines;
  auto keepClock = p.customize;
  p.customize = [&](Seat s, PeerOptions& o) {
    keepClock(s, o);
    if (s == 1) {
      o.turnClockMs = 1500;
      o.log = [&](std::string_view l) { lines.emplace_back(l); };
    }
  };
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  person.table = &table;
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); })) << "a person who never answers stalled the table";
  EXPECT_EQ(person.decisions, 0u);
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
    return l.find("seat 1's turn clock (1 s) ran out: its officer plays this turn") != std::string::npos;
  }));
  for (Seat s = 0; s < 4; ++s) EXPECT_FALSE(anySubstitution(table.peer(s), 1));
  for (const auto& r : table.peer(0).records()) EXPECT_EQ(r.signers[1], table.key(1).publicKey);
}

TEST(Person, ForgedHeartbeatsDoNotKeepADeadSeatAlive) {
  auto p = params(5);
  p.extraEndpoints = 1;
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  Transport& rogue = table.net().endpoint(4);
  Transport& seat3 = table.net().endpoint(3);
  // A stranger and another seat both claim seat 2 is deciding, every step.
  ASSERT_TRUE(table.runUntil([&] {
    const auto hb = encodeWire(Deciding{table.peer(0).turn(), 2});
    rogue.broadcast(hb);
    seat3.broadcast(hb);
    return table.peer(0).engine().membership().seat(2).controller == Controller::Ai;
  })) << "forged heartbeats kept a dead seat from being substituted";
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).over() && table.peer(1).over() && table.peer(3).over(); }));
  EXPECT_TRUE(anySubstitution(table.peer(0), 2));
}

TEST(Person, DecidingListsTheThinkingSeatToEveryPeer) {
  auto p = params(6);
  SlowPerson person(3, 2500);
  person.attach(p);
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  person.table = &table;
  bool seenByOthers = false, seenBySelf = false;
  ASSERT_TRUE(table.runUntil([&] {
    auto mine = table.peer(3).deciding();
    seenBySelf = seenBySelf || std::find(mine.begin(), mine.end(), Seat{3}) != mine.end();
    auto theirs = table.peer(0).deciding();
    seenByOthers = seenByOthers || std::find(theirs.begin(), theirs.end(), Seat{3}) != theirs.end();
    return table.allOver();
  }));
  EXPECT_TRUE(seenBySelf);
  EXPECT_TRUE(seenByOthers);
}

// RULES §V Drop to Impulse (on in the Official preset): a captain who passes without announcing can be
// caught by any other captain while the window is open, out of turn. A person is asked then too
// (PeerOptions::outOfTurnMs), and officers catch through botOrdersFor; the table agrees and nothing is
// rejected (a catch that loses the race is moot, not illegal).
TEST(Person, IsAskedOutOfTurnWhenACatchIsOpen) {
  SelfPlayParams p;
  p.moduleId = "warp";
  p.botKind = "random";  // random captains forget to announce
  p.seats = 4;
  p.silenceMs = 1000;
  p.net.delayMs = 5;
  p.maxVirtualMs = 4 * 60 * 60 * 1000;
  uint64_t outOfTurn = 0, inTurn = 0;
  Table* table = nullptr;
  p.customize = [&](Seat s, PeerOptions& o) {
    if (s != 2) return;
    o.outOfTurnMs = 2000;
    o.decide = [&](const TurnEngine& e, Seat who, uint64_t) -> std::optional<std::vector<Order>> {
      auto aw = e.awaiting();
      (std::find(aw.begin(), aw.end(), who) == aw.end() ? outOfTurn : inTurn)++;
      auto legal = e.game().legalOrders(who);
      return std::vector<Order>{legal.front()};
    };
  };
  for (uint64_t seed = 1; seed <= 6 && outOfTurn == 0; ++seed) {
    p.seed = seed;
    auto t = Table::create(p);
    ASSERT_TRUE(t.ok()) << t.message();
    table = t->get();
    ASSERT_TRUE(table->runUntil([&] { return table->allOver(); }));
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(table->peer(s).seals(), table->peer(0).seals());
    for (const auto& r : table->peer(0).records()) EXPECT_TRUE(r.rejected.empty()) << "turn " << r.turn << ": " << r.rejected[0].reason;
  }
  EXPECT_GT(inTurn, 0u);
  EXPECT_GT(outOfTurn, 0u) << "no catch window opened for the person in 6 campaigns";
}
