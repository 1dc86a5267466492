// HistoryBackfill: a rejoined peer's whole-game replay from other peers' signed bundles for the turns before its
// snapshot plus its own live records. The file must verify and equal, byte for byte, the replay a peer that played
// from turn 0 writes; junk cannot fill a slot; a tampered history fails naming the turn and seat.
#include <gtest/gtest.h>

#include "tests/replay/backfill_fixture.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;
using namespace concord::replay::testing::backfill;

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
