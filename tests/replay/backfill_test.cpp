// HistoryBackfill: a rejoined peer's whole-game replay from other peers' signed bundles for the turns before its
// snapshot plus its own live records. The file must verify and equal, byte for byte, the replay a peer that played
// from turn 0 writes; junk cannot fill a slot; a tampered history fails naming the turn and seat.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/det/rng.h"
#include "lockstep/membership.h"
#include "lockstep/selfplay.h"
#include "replay/backfill.h"
#include "replay/reader.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;
using lockstep::Bundle;
using Record = lockstep::TurnRecord;

namespace {

constexpr WriterOptions kOpts{16, 32};  // several blocks and snapshots even in short games

// Peers keep the state of the turns kOpts snapshots, as they keep kSnapshotEvery's in play.
void keepSnapshotStates(lockstep::SelfPlayParams& p) {
  p.customize = [](Seat, lockstep::PeerOptions& o) { o.recordStateEvery = kOpts.snapshotEvery; };
}

lockstep::SelfPlayParams shedParams(uint64_t seed) {
  auto p = concord::testing::shedTable(4, seed, 3);
  keepSnapshotStates(p);
  return p;
}

struct Played {
  lockstep::SessionConfig session;
  std::vector<Record> records;  // every turn from 0
  uint64_t seed = 0;
};

Played play(const lockstep::SelfPlayParams& p) {
  auto res = lockstep::runSelfPlay(p);
  EXPECT_TRUE(res.ok()) << res.message();
  if (!res.ok()) return {};
  EXPECT_TRUE(res->completed);
  EXPECT_TRUE(res->problems.empty());
  return Played{res->session, res->records, p.seed};
}

lockstep::KeyPair selfPlayKey(uint64_t seed, Seat s) {
  return lockstep::KeyPair::fromLabel("selfplay:" + std::to_string(seed) + ":" + std::to_string(s));
}

/// The key pair (of the session's seats) whose public key is `pub`.
lockstep::KeyPair keyFor(const Played& g, const lockstep::PublicKey& pub) {
  for (Seat s = 0; s < g.session.seats.size(); ++s)
    if (selfPlayKey(g.seed, s).publicKey == pub) return selfPlayKey(g.seed, s);
  ADD_FAILURE() << "no key " << pub.fingerprint();
  return selfPlayKey(g.seed, 0);
}

/// The replay a peer that played from turn 0 writes.
std::vector<uint8_t> fullReplay(const Played& g, const std::string& name) {
  auto path = tempPath(name);
  auto rec = SessionRecorder::create(path, g.session, kOpts);
  EXPECT_TRUE(rec.ok()) << rec.message();
  for (const auto& r : g.records) {
    auto st = (*rec)->record(r);
    EXPECT_TRUE(st.ok()) << st.message();
  }
  EXPECT_TRUE((*rec)->close().ok());
  return readAll(path);
}

/// Every bundle of turns < k, shuffled, each offered twice (duplicates as relays produce them).
std::vector<Bundle> pastBundles(const Played& g, uint32_t k, uint64_t shuffleSeed) {
  std::vector<Bundle> out;
  for (uint32_t t = 0; t < k; ++t)
    for (const auto& b : g.records.at(t).bundles) {
      out.push_back(b);
      out.push_back(b);
    }
  auto rng = det::Rng::fromU64(shuffleSeed);
  rng.shuffle(out);
  return out;
}

std::span<const Record> liveFrom(const Played& g, uint32_t k) {
  return std::span<const Record>(g.records).subspan(k);
}

/// Offers junk that must never fill a slot (offered before the genuine bundles, while every slot is empty).
void offerJunk(HistoryBackfill& bf, const Played& g, uint32_t k) {
  const Bundle& real = g.records.at(0).bundles.at(0);
  const auto signer = keyFor(g, g.records.at(0).signers.at(0));
  Bundle intruder = real;  // the right body, signed by a key outside the session
  intruder.signWith(lockstep::KeyPair::fromLabel("intruder"));
  EXPECT_FALSE(bf.offer(intruder));
  Bundle otherGame = real;  // another game id, signed by the right member
  otherGame.gameId = det::Hash128{};
  otherGame.signWith(signer);
  EXPECT_FALSE(bf.offer(otherGame));
  Bundle badSig = real;  // altered after signing
  badSig.orders.push_back(Order{1, {1, 2, 3}});
  EXPECT_FALSE(bf.offer(badSig));
  Bundle noSeat = real;  // a seat beyond the session, validly signed
  noSeat.seat = static_cast<Seat>(g.session.seats.size());
  noSeat.signWith(signer);
  EXPECT_FALSE(bf.offer(noSeat));
  Bundle huge = real;  // beyond the bundle limits, validly signed
  huge.orders.assign(lockstep::kMaxOrdersPerBundle + 1, Order{1, {}});
  huge.signWith(signer);
  EXPECT_FALSE(bf.offer(huge));
  if (k < g.records.size()) {
    EXPECT_FALSE(bf.offer(g.records[k].bundles.at(0)));  // turn >= firstTurn
  }
  EXPECT_EQ(bf.have(), 0u);
}

/// Backfills turns < k of `g`, writes with the live records from k, checks the file verifies and is the full replay.
void backfillAndCompare(const Played& g, uint32_t k, const std::vector<uint8_t>& full, const std::string& name) {
  SCOPED_TRACE("firstTurn " + std::to_string(k));
  HistoryBackfill bf(g.session, k);
  EXPECT_EQ(bf.need(), size_t{k} * g.session.seats.size());
  offerJunk(bf, g, k);
  size_t kept = 0;
  for (const auto& b : pastBundles(g, k, k)) kept += bf.offer(b) ? 1u : 0u;
  EXPECT_EQ(kept, bf.need());  // each slot once; every duplicate refused
  ASSERT_TRUE(bf.complete());
  EXPECT_TRUE(bf.missing(10).empty());
  auto path = tempPath(name);
  auto st = bf.write(path, liveFrom(g, k), kOpts);
  ASSERT_TRUE(st.ok()) << st.message();
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, g.records.size());
  EXPECT_EQ(rep->finalSeal, g.records.back().seal);
  EXPECT_TRUE(readAll(path) == full) << "the backfilled replay differs from the one written from turn 0";
  // Seal for Seal, through the reader (what `concord replay` shows).
  auto reader = ReplayReader::open(path);
  ASSERT_TRUE(reader.ok()) << reader.message();
  EXPECT_EQ(reader->turnCount(), g.records.size());
}

HistoryBackfill filled(const Played& g, uint32_t k) {
  HistoryBackfill bf(g.session, k);
  for (const auto& b : pastBundles(g, k, 7)) bf.offer(b);
  EXPECT_TRUE(bf.complete());
  return bf;
}

/// A copy of records[t].bundles[s] with `change` applied, re-signed by the key that signed the original.
Bundle resigned(const Played& g, uint32_t t, Seat s, const std::function<void(Bundle&)>& change) {
  Bundle b = g.records.at(t).bundles.at(s);
  change(b);
  b.signWith(keyFor(g, g.records.at(t).signers.at(s)));
  return b;
}

/// A backfill of turns < k where slot (t, s) holds `bad` (offered first), every other slot the genuine bundle.
HistoryBackfill withBad(const Played& g, uint32_t k, const Bundle& bad) {
  HistoryBackfill bf(g.session, k);
  EXPECT_TRUE(bf.offer(bad));
  for (const auto& b : pastBundles(g, k, 3)) bf.offer(b);
  EXPECT_TRUE(bf.complete());
  return bf;
}

bool contains(const std::string& s, const std::string& needle) { return s.find(needle) != std::string::npos; }

}  // namespace

TEST(HistoryBackfill, ShedSplitsEqualTheReplayFromTurnZero) {
  auto g = play(shedParams(21));
  const auto n = static_cast<uint32_t>(g.records.size());
  ASSERT_GT(n, 40u);
  auto full = fullReplay(g, "backfill_shed_full.ccr");
  for (uint32_t k : {1u, 2u, 16u, 17u, n / 2, n - 2, n - 1})
    backfillAndCompare(g, k, full, "backfill_shed_" + std::to_string(k) + ".ccr");
}

TEST(HistoryBackfill, WarpSplitsEqualTheReplayFromTurnZero) {
  lockstep::SelfPlayParams p;
  p.moduleId = "warp";
  p.seats = 3;
  p.seed = 5;
  keepSnapshotStates(p);
  auto g = play(p);
  const auto n = static_cast<uint32_t>(g.records.size());
  ASSERT_GT(n, 40u);
  auto full = fullReplay(g, "backfill_warp_full.ccr");
  for (uint32_t k : {1u, 33u, n / 2, n - 1})
    backfillAndCompare(g, k, full, "backfill_warp_" + std::to_string(k) + ".ccr");
}

TEST(HistoryBackfill, FirstTurnZeroWritesTheLiveRecordsAlone) {
  auto g = play(shedParams(22));
  HistoryBackfill bf(g.session, 0);
  EXPECT_TRUE(bf.complete());
  EXPECT_EQ(bf.need(), 0u);
  EXPECT_FALSE(bf.offer(g.records.at(0).bundles.at(0)));
  auto path = tempPath("backfill_zero.ccr");
  ASSERT_TRUE(bf.write(path, g.records, kOpts).ok());
  EXPECT_TRUE(readAll(path) == fullReplay(g, "backfill_zero_full.ccr"));
}

TEST(HistoryBackfill, MissingReportsExactlyTheHoles) {
  auto g = play(shedParams(23));
  const uint32_t k = 12;
  const auto seats = static_cast<Seat>(g.session.seats.size());
  HistoryBackfill bf(g.session, k);
  std::vector<std::pair<uint32_t, Seat>> holes;
  for (uint32_t t = 0; t < k; ++t)
    for (Seat s = 0; s < seats; ++s) {
      if ((t * 7 + s * 3) % 5 == 0 || t == 0) {  // every slot of turn 0 and a scattered fifth of the rest
        holes.emplace_back(t, s);
        continue;
      }
      EXPECT_TRUE(bf.offer(g.records[t].bundles[s]));
    }
  EXPECT_EQ(bf.have(), bf.need() - holes.size());
  EXPECT_FALSE(bf.complete());
  EXPECT_EQ(bf.missing(1000), holes);
  const std::vector<std::pair<uint32_t, Seat>> firstThree(holes.begin(), holes.begin() + 3);
  EXPECT_EQ(bf.missing(3), firstThree);
  EXPECT_TRUE(bf.missing(0).empty());
  auto path = tempPath("backfill_holes.ccr");
  std::filesystem::remove(path);
  auto st = bf.write(path, liveFrom(g, k), kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "are missing (first: turn 0 seat 0)")) << st.message();
  EXPECT_FALSE(std::filesystem::exists(path)) << "write() must not create the file while slots are missing";
  // Filling the holes one by one shrinks missing() from the front.
  for (size_t i = 0; i < holes.size(); ++i) {
    EXPECT_EQ(bf.missing(1).at(0), holes[i]);
    EXPECT_TRUE(bf.offer(g.records[holes[i].first].bundles[holes[i].second]));
  }
  EXPECT_TRUE(bf.complete());
  EXPECT_TRUE(bf.missing(1000).empty());
  ASSERT_TRUE(bf.write(path, liveFrom(g, k), kOpts).ok());
  EXPECT_TRUE(readAll(path) == fullReplay(g, "backfill_holes_full.ccr"));
}

TEST(HistoryBackfill, EquivocatedOrdersFailNamingTheTurnAndSeat) {
  auto g = play(shedParams(24));
  const uint32_t k = 30;
  // Seat 1's signer signs a second bundle for turn 10 with different orders: the body links are right, so it is
  // only caught at turn 11, whose bundle for seat 1 chains to the genuine one.
  for (uint32_t t : {10u, k - 1}) {
    SCOPED_TRACE("tampered turn " + std::to_string(t));
    auto bad = resigned(g, t, 1, [](Bundle& b) {
      if (b.orders.empty())
        b.orders.push_back(Order{1, {}});
      else
        b.orders.clear();
    });
    auto bf = withBad(g, k, bad);
    auto path = tempPath("backfill_equivocated.ccr");
    std::filesystem::remove(path);
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(t + 1) + " seat 1: ")) << st.message();
    EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(t) + " ")) << st.message();
    EXPECT_TRUE(contains(st.message(), "chain")) << st.message();
    EXPECT_FALSE(std::filesystem::exists(path)) << "nothing is written for a history that does not check";
  }
}

TEST(HistoryBackfill, WrongLinksFailAtThatTurn) {
  auto g = play(shedParams(25));
  const uint32_t k = 20;
  const std::string path = tempPath("backfill_links.ccr");
  {
    auto bf = withBad(g, k, resigned(g, 7, 2, [](Bundle& b) { b.prevSeal.lo ^= 1; }));
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn 7 seat 2: its prevSeal")) << st.message();
  }
  {
    auto bf = withBad(g, k, resigned(g, 5, 3, [](Bundle& b) { b.prevDigest.hi ^= 8; }));
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn 5 seat 3: its prevDigest")) << st.message();
  }
  {
    auto bf = withBad(g, k, resigned(g, 0, 0, [](Bundle& b) { b.chain.lo ^= 1; }));
    auto st = bf.write(path, liveFrom(g, k), kOpts);
    ASSERT_FALSE(st.ok());
    EXPECT_TRUE(contains(st.message(), "turn 0 seat 0: its chain")) << st.message();
  }
}

TEST(HistoryBackfill, BundleSignedByTheWrongMemberFails) {
  auto g = play(shedParams(26));
  const uint32_t k = 15;
  // Seat 3's bundle of turn 4, signed by seat 1's owner (a member, so offer keeps it; the membership says seat 3's
  // owner must sign it).
  Bundle b = g.records.at(4).bundles.at(3);
  ASSERT_EQ(g.records.at(4).signers.at(3), g.session.seats[3].key);
  b.signWith(selfPlayKey(g.seed, 1));
  auto bf = withBad(g, k, b);
  auto st = bf.write(tempPath("backfill_signer.ccr"), liveFrom(g, k), kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn 4 seat 3: signed by " + selfPlayKey(g.seed, 1).publicKey.fingerprint()))
      << st.message();
}

TEST(HistoryBackfill, LiveRecordsOfAnotherHistoryFailAtFirstTurn) {
  auto g = play(shedParams(27));
  const uint32_t k = 18;
  auto bf = filled(g, k);
  // The live records of the same session played differently from turn 3 (another history reaching turn k).
  auto l = std::move(lockstep::TurnLedger::create(g.session).value());
  const auto& e = l->engine();
  std::vector<Record> other;
  while (e.turn() < k + 5) {
    const uint32_t t = e.turn();
    std::vector<std::vector<Order>> orders(g.session.seats.size());
    if (t < 3) {
      for (Seat s = 0; s < orders.size(); ++s) orders[s] = g.records[t].bundles[s].orders;
    } else {
      for (Seat s : e.awaiting()) {
        auto legal = e.game().legalOrders(s);
        if (!legal.empty()) orders[s].push_back(legal.back());
      }
    }
    std::vector<lockstep::KeyPair> keys;
    for (const auto& pub : l->expectedSigners(orders)) keys.push_back(keyFor(g, pub));
    other.push_back(lockstep::applySignedLocally(*l, std::move(orders), keys).value());
  }
  ASSERT_NE(other[k - 1].seal, g.records[k - 1].seal) << "pick another alternative history";
  auto path = tempPath("backfill_other_live.ccr");
  std::filesystem::remove(path);
  auto st = bf.write(path, std::span<const Record>(other).subspan(k), kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(k) + " seat 0: the live bundle's chain"))
      << st.message();
  EXPECT_FALSE(std::filesystem::exists(path));
  // The same bundles but a prevSeal the backfilled history does not reach (the snapshot's state was another).
  std::vector<Record> liveCopy(g.records.begin() + k, g.records.end());
  for (auto& b : liveCopy.front().bundles) b.prevSeal.hi ^= 1;
  st = bf.write(path, liveCopy, kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn " + std::to_string(k) + " seat 0: the live bundle's prevSeal"))
      << st.message();
  // Live records that do not start at firstTurn, and none at all, are refused too.
  EXPECT_FALSE(bf.write(path, liveFrom(g, k + 1), kOpts).ok());
  EXPECT_FALSE(bf.write(path, {}, kOpts).ok());
  EXPECT_TRUE(bf.write(path, liveFrom(g, k), kOpts).ok());
}

TEST(HistoryBackfill, MemoryIsBounded) {
  auto g = play(shedParams(28));
  // A far-off firstTurn (a lying snapshot) allocates nothing per slot.
  HistoryBackfill far(g.session, 4'000'000'000u);
  EXPECT_EQ(far.need(), size_t{4'000'000'000u} * 4);
  const std::vector<std::pair<uint32_t, Seat>> firstTwo = {{0, 0}, {0, 1}};
  EXPECT_EQ(far.missing(2), firstTwo);
  EXPECT_EQ(far.budget(), far.need() * HistoryBackfill::kBytesPerSlot);
  EXPECT_EQ(HistoryBackfill(g.session, 3).budget(), HistoryBackfill::kMinBudget);
  // A member flooding slots with maximal bundles stops at the budget.
  HistoryBackfill bf(g.session, 1000, 200'000);
  auto member = selfPlayKey(g.seed, 2);
  size_t kept = 0;
  for (uint32_t t = 0; t < 1000; ++t) {
    Bundle b;
    b.gameId = g.session.gameId();
    b.turn = t;
    b.seat = 2;
    b.orders.assign(lockstep::kMaxOrdersPerBundle, Order{1, std::vector<uint8_t>(Order::kMaxPayload, 7)});
    b.signWith(member);
    kept += bf.offer(b) ? 1u : 0u;
  }
  EXPECT_EQ(kept, 2u);
  EXPECT_LE(bf.bytes(), bf.budget());
  // Small genuine bundles still fit.
  EXPECT_TRUE(bf.offer(g.records.at(0).bundles.at(0)));
}

// The real case: seat 2's peer dies, the steward substitutes it (steward-signed bundles), it restarts with
// rejoin, fast-forwards from a snapshot and reclaims. Its records start at firstTurn() > 0; the other peers'
// records answer for the turns before; the result is the replay peer 0 writes from turn 0.
TEST(HistoryBackfill, RejoinedOwnerAfterSubstitutionWritesTheWholeGame) {
  auto p = shedParams(12);
  p.options = {{"hands", "10"}};
  auto t = lockstep::Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  auto& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.runUntil(
      [&] { return table.peer(0).engine().membership().seat(2).controller == lockstep::Controller::Ai; }));
  // The snapshot comes from a peer's ring of recent states: let the steward play the seat a while, so that the
  // snapshot (and with it firstTurn) falls after the substitution and steward-signed bundles are backfilled.
  const uint32_t substitutedBy = table.peer(0).turn();
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= substitutedBy + 30; }));
  ASSERT_TRUE(table.restart(2).ok());
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  const auto& rejoined = table.peer(2);
  const uint32_t k = rejoined.firstTurn();
  ASSERT_GT(k, 0u);
  ASSERT_FALSE(rejoined.records().empty());
  ASSERT_EQ(rejoined.records().front().turn, k);

  Played g{table.session(), table.peer(0).records(), p.seed};
  ASSERT_EQ(g.records.size(), rejoined.turn());
  bool stewardSigned = false;
  for (uint32_t i = 0; i < k; ++i)
    stewardSigned = stewardSigned ||
                    (!g.records[i].substituted.empty() && g.records[i].signers[2] != g.session.seats[2].key);
  std::string subs;
  for (const auto& r : g.records)
    if (!r.substituted.empty()) subs += " " + std::to_string(r.turn);
  EXPECT_TRUE(stewardSigned) << "the substitution should fall before the snapshot at " << k << "; substituted at"
                             << subs;

  HistoryBackfill bf(table.session(), k);
  // Answers from two peers, shuffled: peer 1's copies of peer 0's slots are refused as duplicates.
  for (Seat from : {Seat{1}, Seat{0}}) {
    std::vector<Bundle> answers;
    for (const auto& r : table.peer(from).records())
      if (r.turn < k) answers.insert(answers.end(), r.bundles.begin(), r.bundles.end());
    auto rng = det::Rng::fromU64(from);
    rng.shuffle(answers);
    for (const auto& b : answers) bf.offer(b);
  }
  ASSERT_TRUE(bf.complete()) << bf.have() << " of " << bf.need();
  auto path = tempPath("backfill_rejoined.ccr");
  auto st = bf.write(path, rejoined.records(), kOpts);
  ASSERT_TRUE(st.ok()) << st.message();
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, rejoined.turn());
  EXPECT_EQ(rep->finalSeal, rejoined.seals().back());
  EXPECT_TRUE(readAll(path) == fullReplay(g, "backfill_rejoined_full.ccr"));
}

// The peer's own accepted comms go in beside the turns, where its live recorder would have put them.
TEST(HistoryBackfill, CommsAreKeptBesideTheTurns) {
  auto g = play(shedParams(29));
  const uint32_t k = 20;
  auto bf = filled(g, k);
  std::vector<CommsEntry> comms;
  for (uint32_t turn : {0u, 5u, 5u, k + 3, static_cast<uint32_t>(g.records.size())}) {
    CommsEntry c;
    c.turn = turn;
    c.seat = static_cast<Seat>(turn % 4);
    c.signedBytes = {1, 2, static_cast<uint8_t>(turn)};
    c.sig = lockstep::sign(selfPlayKey(g.seed, c.seat), c.signedBytes);
    comms.push_back(c);
  }
  auto path = tempPath("backfill_comms.ccr");
  ASSERT_TRUE(bf.write(path, liveFrom(g, k), kOpts, comms).ok());
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->commsChecked, comms.size());
  auto reader = ReplayReader::open(path);
  ASSERT_TRUE(reader.ok());
  auto back = reader->comms();
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(*back, comms);
  // Out of order comms are refused, and nothing is left behind.
  std::swap(comms[1], comms[3]);
  EXPECT_FALSE(bf.write(path, liveFrom(g, k), kOpts, comms).ok());
  EXPECT_FALSE(std::filesystem::exists(path));
}
