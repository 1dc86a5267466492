// Issue 26, TEI side (docs/tei.md "Hidden-hand violations (issue 26)"): a finished hidden-hands game whose audit names
// a seat is void for every other captain and a loss for the seat that broke the rule; an honest hidden game rates
// normally; a forged file is still refused. Every vector comes from a live game: three people at a rated Warp 12
// Go-out table with hidden hands, each seat's bundle carrying its deck duty (lockstep::withDeckDuty) and signed on
// the TurnLedger as at a LAN table, the replay written as the game goes. The cheater is a modified client that draws
// although its hand charts (RULES §III), which the table cannot see and only the end-of-sector audit can.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/run_command.h"
#include "core/warp/hidden/hidden_table.h"
#include "core/warp/orders.h"
#include "lockstep/deck_duty.h"
#include "lockstep/local_signing.h"
#include "lockstep/seat_bot.h"
#include "replay/verify.h"
#include "replay/writer.h"
#include "table/record_bots.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"
#include "tests/support/temp_dir.h"

namespace concord::tei {
namespace hidden_void {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-hidden-void");
  return root.fresh(name);
}

// Three people, hidden hands, rated Warp 12 Go-out (sudden death): the human pool's goOut bucket (TEI §3.3, §10 P2).
lockstep::SessionConfig hiddenSession(const std::string& label) {
  auto s = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "sudden"}}, 3, label);
  EXPECT_TRUE(s) << (s ? "" : s.message());
  for (auto& seat : s->seats) {
    seat.ai = false;
    seat.botKind.clear();
  }
  s->rated = true;
  s->hiddenHands = true;
  return *s;
}

// The cheat of HiddenTable.ADrawWhileHoldingACoverIsNamedByTheAudit, from a client at a lockstep table: the helm is
// the seat's alone, the deck owes nothing, its own view charts and the public table offers a draw.
bool drawWhileHoldingACover(const lockstep::TurnEngine& e, Seat s, const lockstep::KeyPair& key) {
  const auto* t = dynamic_cast<const warp::hidden::HiddenTable*>(&e.game());
  if (!t || t->busy() || t->awaiting() != std::vector<Seat>{s}) return false;
  auto view = lockstep::seatView(e, s, key);
  if (!view) return false;
  auto mine = view->legalOrders(s), pub = e.game().legalOrders(s);
  auto has = [](const std::vector<Order>& v, uint8_t kind) {
    return std::any_of(v.begin(), v.end(), [&](const Order& o) { return o.kind == kind; });
  };
  return has(mine, warp::kChart) && has(pub, warp::kDraw);
}

struct Live {
  std::string path;
  lockstep::SessionConfig session;
  uint32_t turns = 0;
  int cheats = 0;
  bool over = false;
};

// Plays the session to its end, every seat's officer choosing from its own view; `cheater` (if any) draws while it
// could chart, up to `maxCheats` times.
Live playLive(const fs::path& dir, const std::string& label, std::optional<Seat> cheater, int maxCheats = 2) {
  Live live;
  live.path = (dir / (label + ".replay")).string();
  live.session = hiddenSession(label);
  const auto keys = table::botSessionKeys(label, 3);
  auto ledger = lockstep::TurnLedger::create(live.session).value();
  auto writer = replay::ReplayWriter::create(live.path, live.session).value();
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < 3; ++s) bots.push_back(lockstep::makeSeatBot(live.session, s));
  while (!ledger->engine().over() && ledger->engine().turn() < 20000) {
    const auto& e = ledger->engine();
    std::vector<std::vector<Order>> orders(3);
    for (Seat s = 0; s < 3; ++s) {
      auto chosen = lockstep::botOrdersFor(e, s, *bots[s], &keys[s]);
      if (cheater == s && live.cheats < maxCheats && drawWhileHoldingACover(e, s, keys[s])) {
        chosen = {warp::simpleOrder(warp::kDraw)};  // the modified client's bundle: a bare draw
        ++live.cheats;
      }
      orders[s] = lockstep::withDeckDuty(e, s, keys[s], std::move(chosen));
    }
    auto rec = lockstep::applySignedLocally(*ledger, std::move(orders), keys);
    if (!rec) {
      ADD_FAILURE() << rec.message();
      break;
    }
    EXPECT_TRUE(writer->append(*rec));
  }
  EXPECT_TRUE(writer->close());
  live.turns = ledger->engine().turn();
  live.over = ledger->engine().over();
  return live;
}

// One cheating game and one honest one, each played once for the whole suite.
const Live& cheating() {
  static const Live l = playLive(tempDir("cheat"), "hidden-void-cheat", Seat{1});
  return l;
}
const Live& honest() {
  static const Live l = playLive(tempDir("honest"), "hidden-void-honest", std::nullopt);
  return l;
}

std::string idOf(const Live& l, Seat s) { return playerIdOf(l.session.seats[s]); }

BucketKey goOutPool() {
  BucketKey k;
  k.kind = BucketKey::Kind::Human;
  k.track = Track::GoOut;
  return k;
}

std::string run(const std::string& cmd, int* code) {
  auto r = concord::testing::runCommand(cmd + " 2>&1");
  *code = r.code;
  return r.out;
}

TEST(TeiHiddenVoid, VerifyNamesTheCheatingSeatAndNothingElseFails) {
  const auto& l = cheating();
  ASSERT_TRUE(l.over) << "the game did not end in " << l.turns << " turns";
  ASSERT_GT(l.cheats, 0) << "the cheater never held a cover while the helm was theirs";
  auto rep = replay::verifyReplay(l.path);
  ASSERT_TRUE(rep) << rep.message();
  EXPECT_FALSE(rep->ok);
  EXPECT_TRUE(rep->hiddenAudited);
  EXPECT_TRUE(rep->findingsOnly) << rep->failure;  // every signature and Seal checked out: the seat signed it
  ASSERT_FALSE(rep->findings.empty());
  for (const auto& f : rep->findings) EXPECT_EQ(f.seat, 1u) << f.what;
  ASSERT_TRUE(rep->failedSeat);
  EXPECT_EQ(*rep->failedSeat, 1u);
  EXPECT_NE(rep->failure.find("broke a hidden-hand rule"), std::string::npos) << rep->failure;
  EXPECT_NE(rep->findings.front().what.find("\"draw\""), std::string::npos) << rep->findings.front().what;
}

TEST(TeiHiddenVoid, ApplyVoidsTheHonestSeatsAndCountsTheLossAgainstTheCheater) {
  const auto& l = cheating();
  ASSERT_TRUE(l.over);
  const fs::path dir = tempDir("apply");
  auto store = TeiStore::open((dir / "tei.sqlite").string());
  ASSERT_TRUE(store) << store.message();
  // Earlier results, so the three come to the table with different ratings: seat 0 beat seat 2, seat 2 beat seat 1.
  for (auto [game, first, second] : {std::tuple{"earlier-1", Seat{0}, Seat{2}}, std::tuple{"earlier-2", Seat{2}, Seat{1}}}) {
    MatchRecord m;
    m.gameId = game;
    m.objective = Objective::GoOut;
    m.completed = m.online = true;
    m.seats.resize(2);
    m.seats[0].playerId = idOf(l, first);
    m.seats[1].playerId = idOf(l, second);
    m.seats[0].placing = 1;
    m.seats[1].placing = 2;
    ASSERT_TRUE(store->applyMatch(m));
  }
  std::vector<StoredRating> before;
  for (Seat s = 0; s < 3; ++s) before.push_back(store->rating(idOf(l, s), goOutPool()).value().value());

  auto a = applyReplay(*store, l.path);
  ASSERT_TRUE(a) << a.message();
  ASSERT_TRUE(a->outcome.plan.eligibility.eligible()) << a->outcome.plan.eligibility.summary();
  ASSERT_FALSE(a->match.record.violations.empty());
  for (const auto& v : a->match.record.violations) EXPECT_EQ(v.by, 1);
  // Void for the honest seats: recorded with the reason, no rating change.
  EXPECT_EQ(a->outcome.plan.voided, (std::vector<std::string>{idOf(l, 0), idOf(l, 2)}));
  for (Seat s : {Seat{0}, Seat{2}}) {
    EXPECT_EQ(store->rating(idOf(l, s), goOutPool()).value().value(), before[s]) << "seat " << s;
    auto v = store->voidedFor(idOf(l, s));
    ASSERT_TRUE(v);
    ASSERT_EQ(v->size(), 1u);
    EXPECT_EQ(v->front().gameId, a->match.gameIdHex);
    EXPECT_NE(v->front().reason.find("seat 1"), std::string::npos) << v->front().reason;
  }
  // The cheater: rated last behind the other two (who share first), against their current ratings, σ kept.
  ASSERT_EQ(a->outcome.plan.writes.size(), 1u);
  const auto& w = a->outcome.plan.writes.front();
  EXPECT_EQ(w.playerId, idOf(l, 1));
  EXPECT_TRUE(w.penalty);
  EXPECT_FALSE(w.won);
  EXPECT_EQ(w.before, before[1]);
  std::vector<FieldSeat> field(3);
  for (Seat s = 0; s < 3; ++s) field[s] = FieldSeat{before[s], s == 1 ? 2.0 : 1.0, true};
  auto expected = updateField(field).value();
  EXPECT_EQ(w.after, officerCapped(before[1], *expected[1]));
  EXPECT_LT(w.after.mu, before[1].mu);
  EXPECT_EQ(w.after.sigma, before[1].sigma);
  EXPECT_EQ(w.after.matches, before[1].matches + 1);
  EXPECT_EQ(store->rating(idOf(l, 1), goOutPool()).value().value(), w.after);
  // The finding, kept: what, turn, seat.
  auto found = store->violationsOf(idOf(l, 1));
  ASSERT_TRUE(found);
  ASSERT_EQ(found->size(), a->match.record.violations.size());
  EXPECT_EQ(found->front().turn, a->match.report.findings.front().turn);
  EXPECT_EQ(found->front().seat, 1);
  EXPECT_EQ(found->front().what, a->match.report.findings.front().what);
  const std::string text = describeApplied(*a, &*store);
  EXPECT_NE(text.find("voided: a captain broke a hidden-hand rule"), std::string::npos) << text;
  EXPECT_NE(text.find("(hidden-hand violation: counted as last)"), std::string::npos) << text;
  // Once only.
  auto again = applyReplay(*store, l.path);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->outcome.alreadyApplied);
  EXPECT_EQ(store->violationsOf(idOf(l, 1)).value().size(), found->size());
}

TEST(TeiHiddenVoid, TheCommandLineAppliesItAndShowSaysWhy) {
  const auto& l = cheating();
  ASSERT_TRUE(l.over);
  const std::string db = (tempDir("cli") / "tei.sqlite").string();
  int code = -1;
  auto out = run(std::string(CONCORD_BIN) + " tei apply " + l.path + " --db " + db, &code);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("voided: a captain broke a hidden-hand rule"), std::string::npos) << out;
  EXPECT_NE(out.find(idOf(l, 0) + "  voided: no rating change"), std::string::npos) << out;
  out = run(std::string(CONCORD_BIN) + " tei show --player " + idOf(l, 1) + " --db " + db, &code);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("human/goOut"), std::string::npos) << out;
  EXPECT_NE(out.find("hidden-hand violation: game"), std::string::npos) << out;
  EXPECT_NE(out.find("seat 1: "), std::string::npos) << out;
  out = run(std::string(CONCORD_BIN) + " tei show --player " + idOf(l, 2) + " --db " + db, &code);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("has no rated matches"), std::string::npos) << out;
  EXPECT_NE(out.find("voided: another captain broke a hidden-hand rule"), std::string::npos) << out;
}

TEST(TeiHiddenVoid, ALedgerFolderVoidsItTooAndRatesTheHonestGame) {
  const auto& c = cheating();
  const auto& h = honest();
  ASSERT_TRUE(c.over && h.over);
  const fs::path dir = tempDir("ledger");
  fs::copy_file(c.path, dir / "a.replay");
  fs::copy_file(h.path, dir / "b.replay");
  auto store = TeiStore::open(":memory:");
  ASSERT_TRUE(store);
  auto led = buildLedger(*store, dir.string());
  ASSERT_TRUE(led) << led.message();
  EXPECT_EQ(led->replays, 2u);
  EXPECT_NE(led->text.find("voided (hidden-hand violation: turn "), std::string::npos) << led->text;
  EXPECT_NE(led->text.find("2 voided, 1 penalty writes"), std::string::npos) << led->text;
  EXPECT_NE(led->text.find("rated (human-pool, 3 writes)"), std::string::npos) << led->text;
  EXPECT_EQ(store->voidedFor(idOf(c, 0)).value().size(), 1u);
}

TEST(TeiHiddenVoid, AFailedStoreWriteOfAVoidGameLeavesNothing) {
  const auto& l = cheating();
  ASSERT_TRUE(l.over);
  auto m = matchFromReplay(l.path);
  ASSERT_TRUE(m) << m.message();
  auto store = TeiStore::open((tempDir("fault") / "tei.sqlite").string());
  ASSERT_TRUE(store);
  bool applied = false;
  for (int64_t n = 1; n < 200 && !applied; ++n) {
    int64_t seen = 0;
    store->setFaultHook([&, n](int64_t) { return ++seen == n; });
    auto a = store->applyMatch(m->record);
    store->setFaultHook({});
    applied = a.ok();
    if (applied) break;
    // Every statement failed once: the whole game rolls back (no rating, violation or void).
    EXPECT_TRUE(store->appliedGameIds().value().empty()) << "statement " << n;
    EXPECT_TRUE(store->violationsOf(idOf(l, 1)).value().empty()) << "statement " << n;
    EXPECT_TRUE(store->voidedFor(idOf(l, 0)).value().empty()) << "statement " << n;
    EXPECT_FALSE(store->rating(idOf(l, 1), goOutPool()).value().has_value()) << "statement " << n;
  }
  EXPECT_TRUE(applied);
  EXPECT_EQ(store->voidedFor(idOf(l, 2)).value().size(), 1u);
}

TEST(TeiHiddenVoid, AnHonestHiddenGameRatesNormally) {
  const auto& l = honest();
  ASSERT_TRUE(l.over) << "the game did not end in " << l.turns << " turns";
  auto rep = replay::verifyReplay(l.path);
  ASSERT_TRUE(rep) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_TRUE(rep->hiddenAudited);
  EXPECT_TRUE(rep->findings.empty());
  EXPECT_FALSE(rep->findingsOnly);
  auto store = TeiStore::open((tempDir("honest-apply") / "tei.sqlite").string());
  ASSERT_TRUE(store);
  auto a = applyReplay(*store, l.path);
  ASSERT_TRUE(a) << a.message();
  EXPECT_TRUE(a->outcome.plan.eligibility.eligible()) << a->outcome.plan.eligibility.summary();
  EXPECT_TRUE(a->match.record.violations.empty());
  EXPECT_TRUE(a->outcome.plan.voided.empty());
  ASSERT_EQ(a->outcome.plan.writes.size(), 3u);
  int wins = 0;
  for (const auto& w : a->outcome.plan.writes) {
    EXPECT_FALSE(w.penalty);
    EXPECT_EQ(w.bucket, goOutPool());
    wins += w.won ? 1 : 0;
  }
  EXPECT_GE(wins, 1);
  EXPECT_NE(describeApplied(*a).find(" rated (human-pool)"), std::string::npos);
  for (Seat s = 0; s < 3; ++s) EXPECT_TRUE(store->voidedFor(idOf(l, s)).value().empty());
}

TEST(TeiHiddenVoid, AForgedOrDamagedCheatersFileIsStillRefused) {
  const auto& l = cheating();
  ASSERT_TRUE(l.over);
  const fs::path dir = tempDir("forged");
  std::ifstream in(l.path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto reader = replay::ReplayReader::open(l.path);
  ASSERT_TRUE(reader);
  const auto& last = reader->frames().back();
  const auto& first = reader->frames().front();
  const fs::path bad = dir / "bad.replay";
  auto store = TeiStore::open((dir / "tei.sqlite").string());
  ASSERT_TRUE(store);
  for (uint64_t at : {first.offset + first.size / 2, last.offset + last.size / 2, uint64_t{20}}) {
    auto b = bytes;
    b[static_cast<size_t>(at)] ^= 0x40;
    std::ofstream(bad, std::ios::binary | std::ios::trunc).write(b.data(), static_cast<std::streamsize>(b.size()));
    auto rep = replay::verifyReplay(bad.string());
    if (at == first.offset + first.size / 2) {  // a turn block: turns lost, refused
      if (rep) {
        EXPECT_FALSE(rep->ok || rep->findingsOnly) << "byte " << at;
      }
      EXPECT_FALSE(applyReplay(*store, bad.string())) << "byte " << at;
      continue;
    }
    // Issue 30: the index trailer and the header (with its copy) hold nothing the game needs: the same cheat is found.
    ASSERT_TRUE(rep) << "byte " << at << ": " << rep.message();
    EXPECT_TRUE(rep->findingsOnly) << "byte " << at << ": " << rep->failure;
  }
  EXPECT_TRUE(store->appliedGameIds().value().empty());
  EXPECT_TRUE(store->violationsOf(idOf(l, 1)).value().empty());
}

}  // namespace hidden_void
}  // namespace concord::tei
