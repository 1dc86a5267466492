// Issue 11, tried as a cheater would (whose key signed this, who really played it, was it finished): a mark
// claiming the officer played orders it would not have given; a finished game signed again by another key;
// a replay whose last turns are missing; the same game applied twice under another file name.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "lockstep/assistance.h"
#include "lockstep/local_signing.h"
#include "lockstep/peer.h"
#include "table/record_bots.h"
#include "replay/verify.h"
#include "replay/writer.h"
#include "tests/support/temp_dir.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"

namespace concord::tei {
namespace {

namespace fs = std::filesystem;
using Orders = std::vector<std::vector<Order>>;
// Seat 0's orders for the turn the engine is at (the person's choice, marks included).
using PersonPolicy = std::function<std::vector<Order>(const lockstep::TurnEngine&)>;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-cheater");
  return root.fresh(name);
}

// A rated Warp 12 Go-out sector (sudden death): seat 0 a person, seat 1 an Ensign officer.
lockstep::SessionConfig soloSession(const std::string& label) {
  auto s = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "sudden"}}, 2, label, "ensign");
  EXPECT_TRUE(s) << (s ? "" : s.message());
  s->seats[0].ai = false;
  s->seats[0].botKind.clear();
  s->rated = true;
  return *s;
}

// Plays the session to the end (or maxTurns), signing with `keys`; returns every turn's orders.
Orders play(const std::string& path, const lockstep::SessionConfig& session, const std::vector<lockstep::KeyPair>& keys,
            const PersonPolicy& person, uint32_t maxTurns = UINT32_MAX, const Orders* script = nullptr) {
  auto ledger = lockstep::TurnLedger::create(session).value();
  auto writer = replay::ReplayWriter::create(path, session).value();
  auto officer = lockstep::makeSeatBot(session, 1);
  Orders all;
  while (!ledger->engine().over() && ledger->engine().turn() < maxTurns) {
    const auto& e = ledger->engine();
    std::vector<std::vector<Order>> orders(2);
    if (script) {
      if (e.turn() >= script->size()) break;
      for (Seat s = 0; s < 2; ++s) orders[s] = (*script)[e.turn() * 2 + s];
    } else {
      orders[0] = person(e);
      orders[1] = lockstep::botOrdersFor(e, 1, *officer);
    }
    for (const auto& o : orders) all.push_back(o);
    auto rec = lockstep::applySignedLocally(*ledger, orders, keys);
    EXPECT_TRUE(rec) << (rec ? "" : rec.message());
    EXPECT_TRUE(writer->append(*rec));
  }
  EXPECT_TRUE(writer->close());
  return all;
}

// A person who plays the first legal order (nothing when there is nothing to do).
std::vector<Order> firstLegal(const lockstep::TurnEngine& e) {
  auto legal = e.game().legalOrders(0);
  if (legal.empty()) return {};
  return {legal.front()};
}

// The officer's own orders for seat 0, marked as the officer's (an honest `auto`).
std::vector<Order> honestOfficer(const lockstep::TurnEngine& e) {
  auto bot = lockstep::makeSeatBot(e.session(), 0);
  return lockstep::markedByOfficer(lockstep::botOrdersFor(e, 0, *bot), 0, lockstep::OfficerReason::Handover);
}

}  // namespace

// "Who really played it": an OfficerPlayed mark is re-derived (the officer is a pure function of the seat's
// Observation and its per-turn stream), so a mark on orders the officer would not give is refused.
TEST(TeiCheater, AnOfficerMarkOnOrdersTheOfficerWouldNotGiveIsRefused) {
  const auto dir = tempDir("mark");
  auto session = soloSession("false-mark");
  const auto keys = table::botSessionKeys("false-mark", 2);
  const std::string honest = (dir / "honest.ccr").string();
  play(honest, session, keys, honestOfficer);
  auto ok = replay::verifyReplay(honest).value();
  EXPECT_TRUE(ok.ok) << ok.failure;
  EXPECT_GT(ok.officerTurnsChecked, 0u);

  bool forged = false;
  auto liar = [&forged](const lockstep::TurnEngine& e) -> std::vector<Order> {
    auto legal = e.game().legalOrders(0);
    auto bot = lockstep::makeSeatBot(e.session(), 0);
    const auto officer = lockstep::botOrdersFor(e, 0, *bot);
    for (const auto& o : legal)
      if (!forged && !officer.empty() && o != officer.front()) {  // the person's own choice, marked as the officer's
        forged = true;
        return {o, lockstep::makeOfficerOrder(0, lockstep::OfficerReason::Handover)};
      }
    return lockstep::markedByOfficer(officer, 0, lockstep::OfficerReason::Handover);
  };
  const std::string lie = (dir / "lie.ccr").string();
  play(lie, session, keys, liar);
  ASSERT_TRUE(forged) << "no turn offered the person a choice the officer would not make";
  auto bad = replay::verifyReplay(lie).value();
  EXPECT_FALSE(bad.ok);
  ASSERT_TRUE(bad.failedSeat.has_value());
  EXPECT_EQ(*bad.failedSeat, 0);
  EXPECT_NE(bad.failure.find("a false OfficerPlayed mark"), std::string::npos) << bad.failure;
  auto m = matchFromReplay(lie);
  ASSERT_FALSE(m);
  EXPECT_NE(m.message().find("false OfficerPlayed mark"), std::string::npos) << m.message();
}

// "Whose key signed this": Mallory takes Alice's finished replay, puts his key in the seat and signs every
// bundle again. The signatures are good and the game id is new, but the deal is Alice's: a deal is rated once.
TEST(TeiCheater, AReplaySignedAgainByAnotherKeyIsRefused) {
  const auto dir = tempDir("resign");
  auto alice = soloSession("alice");
  auto keys = table::botSessionKeys("alice", 2);
  const std::string original = (dir / "alice.ccr").string();
  const Orders orders = play(original, alice, keys, firstLegal);
  auto mallory = alice;
  const auto mk = lockstep::KeyPair::fromLabel("mallory");
  mallory.seats[0].key = mk.publicKey;
  auto mkeys = keys;
  mkeys[0] = mk;
  const std::string copy = (dir / "mallory.ccr").string();
  play(copy, mallory, mkeys, firstLegal, UINT32_MAX, &orders);
  auto a = matchFromReplay(original).value();
  auto b = matchFromReplay(copy).value();  // verifies: Mallory's signatures are good
  ASSERT_TRUE(a.record.completed);
  ASSERT_TRUE(b.record.completed);
  EXPECT_NE(a.gameIdHex, b.gameIdHex);
  EXPECT_NE(a.record.seats[0].playerId, b.record.seats[0].playerId);

  auto store = TeiStore::open((dir / "t.sqlite").string()).value();
  ASSERT_TRUE(store.applyMatch(a.record));
  auto second = store.applyMatch(b.record);
  ASSERT_FALSE(second);
  EXPECT_NE(second.message().find("deals the same sector as game " + a.gameIdHex), std::string::npos) << second.message();
  EXPECT_FALSE(*store.gameApplied(b.gameIdHex));  // nothing recorded for the copy

  // A folder holding both: no file shows which came first, so neither is rated.
  fs::create_directories(dir / "folder");
  fs::copy_file(original, dir / "folder" / "a.ccr");
  fs::copy_file(copy, dir / "folder" / "b.ccr");
  auto mem = TeiStore::open(":memory:").value();
  auto led = buildLedger(mem, (dir / "folder").string()).value();
  EXPECT_EQ(led.rated, 0u) << led.text;
  EXPECT_NE(led.text.find("not rated: its deal is played by 2 games in this folder"), std::string::npos) << led.text;
}

// "Was it finished": a replay closed properly but missing its last turns looks complete as a file, and
// verifies; re-simulated it has no final standings, so it is refused and records nothing.
TEST(TeiCheater, AReplayWhoseLastTurnsAreMissingIsRefusedAsUnfinished) {
  const auto dir = tempDir("cut");
  auto session = soloSession("cut");
  const auto keys = table::botSessionKeys("cut", 2);
  const std::string full = (dir / "full.ccr").string();
  const Orders orders = play(full, session, keys, firstLegal);
  const uint32_t turns = static_cast<uint32_t>(orders.size() / 2);
  ASSERT_GT(turns, 3u);
  const std::string cut = (dir / "cut.ccr").string();
  play(cut, session, keys, firstLegal, turns - 2);
  auto rep = replay::verifyReplay(cut).value();
  EXPECT_TRUE(rep.ok) << rep.failure;  // a well-formed file
  auto m = matchFromReplay(cut).value();
  EXPECT_FALSE(m.record.completed);
  auto store = TeiStore::open((dir / "t.sqlite").string()).value();
  auto r = store.applyMatch(m.record);
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("is unfinished"), std::string::npos) << r.message();
  EXPECT_FALSE(*store.gameApplied(m.gameIdHex));
  // The complete copy is then rated once, whatever its file is called.
  ASSERT_TRUE(applyReplay(store, full));
  fs::copy_file(full, dir / "renamed.bin");
  auto again = applyReplay(store, (dir / "renamed.bin").string());
  ASSERT_TRUE(again) << again.message();
  EXPECT_TRUE(again->outcome.alreadyApplied);
}

}  // namespace concord::tei
