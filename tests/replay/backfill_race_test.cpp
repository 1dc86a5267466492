// HistoryBackfill after an owner-vs-substitute race (docs/lockstep.md "Race policy"; issue 10 drill, docs/net.md):
// two validly signed bundles exist for one slot, the table's and the one the losing side applied before it
// resynced. Whichever arrives first, the backfill keeps both and writes the history the live records chain to;
// a member flooding a slot is capped; missing() keeps asking until the bundle the chain needs arrives.
#include <gtest/gtest.h>

#include <memory>

#include "tests/replay/backfill_fixture.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;
using namespace concord::replay::testing::backfill;

namespace {

struct Race {
  Played table;                 // the table's records (peer 0), every turn from 0
  std::vector<Bundle> losers;   // bundles the losing peer applied that the table did not, validly signed by members
  uint32_t lastLost = 0;        // the last turn they are for
};

// Faults.APeerThatLostASubstitutionRaceResyncsInsteadOfDesyncing's first case: seat 3 is cut one way at turn 3,
// the table substitutes it and seat 3 applies its own bundle for that turn, loses the race and resyncs. Seat 3's
// records as applied (before its resync too) hold the losing bundles.
const Race& race() {
  static const Race r = [] {
    Race out;
    auto p = concord::testing::shedTable(4, 64, 4);
    p.options = {{"hands", "7"}};
    p.cutOffGuard = true;
    auto applied = std::make_shared<std::vector<Record>>();
    p.customize = [applied](Seat s, lockstep::PeerOptions& o) {
      o.recordStateEvery = kOpts.snapshotEvery;
      if (s == 3) o.onTurn = [applied](const Record& rec) { applied->push_back(rec); };
    };
    auto t = lockstep::Table::create(p);
    EXPECT_TRUE(t.ok()) << t.message();
    if (!t.ok()) return out;
    auto& table = **t;
    EXPECT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
    for (lockstep::PeerId s = 0; s < 3; ++s) table.net().setOneWay(3, s, false);
    EXPECT_TRUE(table.runUntil([&] {
      return table.peer(0).engine().membership().seat(3).controller == lockstep::Controller::Ai &&
             table.peer(0).turn() >= table.peer(3).turn() + 2;
    }));
    for (lockstep::PeerId s = 0; s < 3; ++s) table.net().setOneWay(3, s, true);
    EXPECT_TRUE(table.runUntil([&] { return table.allOver(); }));
    EXPECT_EQ(table.peer(3).seals().back(), table.peer(0).seals().back()) << "the loser should have resynced";
    out.table = Played{table.session(), table.peer(0).records(), p.seed};
    for (const auto& rec : *applied) {
      const auto& ours = out.table.records.at(rec.turn);
      for (Seat s = 0; s < rec.bundles.size(); ++s)
        if (!(rec.bundles[s] == ours.bundles[s])) {
          out.lastLost = std::max(out.lastLost, rec.turn);
          out.losers.push_back(rec.bundles[s]);
        }
    }
    return out;
  }();
  return r;
}

// The live records start a few turns after the race, so its slots are backfilled.
uint32_t firstTurnAfter(const Race& r) { return r.lastLost + 6; }

std::vector<Bundle> tableBundles(const Played& g, uint32_t k) {
  std::vector<Bundle> out;
  for (uint32_t t = 0; t < k; ++t) out.insert(out.end(), g.records[t].bundles.begin(), g.records[t].bundles.end());
  return out;
}

void expectFullReplay(const HistoryBackfill& bf, const Played& g, uint32_t k, const std::string& name) {
  auto path = tempPath(name);
  auto st = bf.write(path, liveFrom(g, k), kOpts);
  ASSERT_TRUE(st.ok()) << st.message();
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_TRUE(readAll(path) == fullReplay(g, name + ".full")) << "differs from the replay written without the loser";
}

}  // namespace

TEST(HistoryBackfillRace, TheRaceProducesAValidlySignedLosingBundle) {
  const Race& r = race();
  ASSERT_FALSE(r.losers.empty()) << "seat 3 applied no bundle the table did not";
  const auto& g = r.table;
  for (const auto& b : r.losers) {
    const auto& table = g.records.at(b.turn).bundles.at(b.seat);
    EXPECT_FALSE(b.bodyHash() == table.bodyHash()) << "turn " << b.turn << " seat " << b.seat;
    bool member = false;
    for (const auto& seat : g.session.seats) member = member || b.verifySignature(seat.key);
    EXPECT_TRUE(member) << "turn " << b.turn << " seat " << b.seat;
  }
  ASSERT_LT(firstTurnAfter(r), g.records.size());
}

// The loser's bundle arrives first (old policy "first kept wins": write() then failed at the next turn's chain or
// digest, and the rejoined peer wrote no replay).
TEST(HistoryBackfillRace, TheLosersBundleOfferedFirstIsPassedOver) {
  const Race& r = race();
  ASSERT_FALSE(r.losers.empty());
  const uint32_t k = firstTurnAfter(r);
  HistoryBackfill bf(r.table.session, k);
  for (const auto& b : r.losers) EXPECT_TRUE(bf.offer(b)) << "turn " << b.turn << " seat " << b.seat;
  for (const auto& b : tableBundles(r.table, k)) bf.offer(b);
  ASSERT_TRUE(bf.complete());
  expectFullReplay(bf, r.table, k, "backfill_race_loser_first.ccr");
}

TEST(HistoryBackfillRace, TheLosersBundleOfferedLastIsPassedOver) {
  const Race& r = race();
  ASSERT_FALSE(r.losers.empty());
  const uint32_t k = firstTurnAfter(r);
  HistoryBackfill bf(r.table.session, k);
  for (const auto& b : tableBundles(r.table, k)) EXPECT_TRUE(bf.offer(b));
  for (const auto& b : r.losers) EXPECT_TRUE(bf.offer(b)) << "kept as a candidate until a walk rules it out";
  ASSERT_TRUE(bf.complete());
  expectFullReplay(bf, r.table, k, "backfill_race_loser_last.ccr");
}

// Anchored (as a rejoined node is, from its first live record): the loser is dropped once the walk reaches its
// slot, refused after, and never served to another rejoiner.
TEST(HistoryBackfillRace, AnchoredTheLoserIsDroppedRefusedAndNeverServed) {
  const Race& r = race();
  ASSERT_FALSE(r.losers.empty());
  const auto& g = r.table;
  const uint32_t k = firstTurnAfter(r);
  std::vector<det::Hash128> heads;
  for (const auto& b : g.records.at(k).bundles) heads.push_back(b.chain);
  HistoryBackfill bf(g.session, k);
  ASSERT_TRUE(bf.anchor(heads).ok());
  const Bundle& loser = r.losers.front();
  ASSERT_TRUE(bf.offer(loser)) << "far below the walk: kept as a candidate";
  EXPECT_FALSE(bf.find(loser.turn, loser.seat).has_value()) << "an unresolved slot is not served";
  for (const auto& b : tableBundles(g, k)) bf.offer(b);
  ASSERT_TRUE(bf.complete());
  EXPECT_TRUE(bf.missing(10).empty());
  for (const auto& b : r.losers) {
    auto served = bf.find(b.turn, b.seat);
    ASSERT_TRUE(served.has_value());
    EXPECT_TRUE(*served == g.records[b.turn].bundles[b.seat]) << "served the loser of turn " << b.turn;
    auto refused = bf.consider(b);
    ASSERT_FALSE(refused.ok());
    EXPECT_TRUE(contains(refused.message(), "the bundle the live records chain to")) << refused.message();
  }
  expectFullReplay(bf, g, k, "backfill_race_anchored.ccr");
}

// One body signed by two members (an owner and its substitute that decided alike): the membership's signer is
// written, whichever came first.
TEST(HistoryBackfillRace, OneBodySignedByTwoMembersWritesTheExpectedSigner) {
  auto g = play(shedParams(26));
  const uint32_t k = 15;
  Bundle other = g.records.at(4).bundles.at(3);
  ASSERT_EQ(g.records.at(4).signers.at(3), g.session.seats[3].key);
  other.signWith(selfPlayKey(g.seed, 1));
  for (bool otherFirst : {true, false}) {
    HistoryBackfill bf(g.session, k);
    if (otherFirst) {
      EXPECT_TRUE(bf.offer(other));
    }
    for (const auto& b : pastBundles(g, k, 5)) bf.offer(b);
    if (!otherFirst) {
      EXPECT_TRUE(bf.offer(other));
    }
    ASSERT_TRUE(bf.complete());
    expectFullReplay(bf, g, k, "backfill_two_signers.ccr");
  }
}

// A member signing many bundles for one slot: kMaxCandidates are kept, the rest refused with the reason; once
// anchored, the walk drops the wrong ones and the slot is asked for again until the right one arrives.
TEST(HistoryBackfillRace, AFloodedSlotIsCappedAndAskedForAgain) {
  auto g = play(shedParams(30));
  const uint32_t k = 20;
  const Seat seat = 2;
  const uint32_t turn = 5;
  HistoryBackfill bf(g.session, k);
  const size_t before = bf.bytes();
  for (int v = 0; v < 10; ++v) {
    Bundle b = resigned(g, turn, seat, [v](Bundle& x) { x.orders.push_back(Order{1, {static_cast<uint8_t>(v)}}); });
    auto st = bf.consider(b);
    if (v < static_cast<int>(HistoryBackfill::kMaxCandidates)) {
      EXPECT_TRUE(st.ok()) << st.message();
    } else {
      ASSERT_FALSE(st.ok());
      EXPECT_TRUE(contains(st.message(), "turn 5 seat 2: the slot already holds 4 different validly signed bundles"))
          << st.message();
    }
  }
  const size_t flooded = bf.bytes();
  EXPECT_GT(flooded, before);
  const Bundle& genuine = g.records.at(turn).bundles.at(seat);
  EXPECT_FALSE(bf.offer(genuine)) << "the cap holds for the right bundle too while nothing rules the flood out";
  for (const auto& b : pastBundles(g, k, 9))
    if (!(b.turn == turn && b.seat == seat)) bf.offer(b);
  ASSERT_TRUE(bf.complete()) << "unanchored, every slot holds candidates";
  const size_t full = bf.bytes();
  // write() without anchor still chooses by the chain: the slot holds no candidate the chain needs.
  auto st = bf.write(tempPath("backfill_flood.ccr"), liveFrom(g, k), kOpts);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.message(), "turn 6 seat 2: its chain")) << st.message();

  std::vector<det::Hash128> heads;
  for (const auto& b : g.records.at(k).bundles) heads.push_back(b.chain);
  ASSERT_TRUE(bf.anchor(heads).ok());
  EXPECT_FALSE(bf.complete()) << "the walk reached the flooded slot and dropped every wrong candidate";
  const std::vector<std::pair<uint32_t, Seat>> only = {{turn, seat}};
  EXPECT_EQ(bf.missing(100), only);
  EXPECT_LT(bf.bytes(), full) << "the dropped candidates' bytes are released";
  EXPECT_FALSE(bf.find(turn - 1, seat).has_value()) << "below the walk: not resolved";
  EXPECT_TRUE(bf.find(turn + 1, seat).has_value());
  auto wrong = bf.consider(resigned(g, turn, seat, [](Bundle& x) { x.orders.push_back(Order{1, {99}}); }));
  ASSERT_FALSE(wrong.ok()) << "the walk waits on this slot: only the body it needs is kept";
  EXPECT_TRUE(contains(wrong.message(), "what the seat's chosen bundle of turn 6 chains to")) << wrong.message();
  EXPECT_EQ(bf.missing(100), only);
  ASSERT_TRUE(bf.offer(genuine));
  EXPECT_TRUE(bf.complete());
  EXPECT_TRUE(bf.missing(100).empty());
  EXPECT_TRUE(*bf.find(0, seat) == g.records.at(0).bundles.at(seat)) << "the walk went on down to turn 0";
  expectFullReplay(bf, g, k, "backfill_flood_then_right.ccr");
}

// Anchored from the start, as a rejoined node is: wrong bundles offered before the right ones never block them,
// and missing() names the slot the chain still needs.
TEST(HistoryBackfillRace, MissingKeepsAskingUntilTheNeededBundleArrives) {
  auto g = play(shedParams(31));
  const uint32_t k = 12;
  std::vector<det::Hash128> heads;
  for (const auto& b : g.records.at(k).bundles) heads.push_back(b.chain);
  HistoryBackfill bf(g.session, k);
  ASSERT_TRUE(bf.anchor(heads).ok());
  EXPECT_FALSE(bf.anchor(std::vector<det::Hash128>(heads.size())).ok()) << "anchored once";
  EXPECT_EQ(bf.missing(4).size(), 4u);
  // Wrong, member-signed bundles for slots the walk has not reached: kept for now (up to the cap).
  const std::vector<std::pair<uint32_t, Seat>> slots = {{3, 1}, {7, 0}, {k - 1, 3}};
  for (auto [t, s] : slots) {
    auto st = bf.consider(resigned(g, t, s, [](Bundle& x) { x.orders.push_back(Order{1, {7}}); }));
    EXPECT_EQ(st.ok(), t + 1 < k) << "turn " << t << ": " << (st.ok() ? std::string("kept") : st.message());
  }
  for (const auto& b : pastBundles(g, k, 11))
    if (std::find(slots.begin(), slots.end(), std::pair{b.turn, b.seat}) == slots.end()) bf.offer(b);
  EXPECT_FALSE(bf.complete());
  EXPECT_EQ(bf.missing(100), slots) << "each slot the chain needs, and no other";
  EXPECT_FALSE(bf.write(tempPath("backfill_asking.ccr"), liveFrom(g, k), kOpts).ok());
  for (size_t i = slots.size(); i-- > 0;) {
    auto [t, s] = slots[i];
    EXPECT_TRUE(bf.offer(g.records[t].bundles[s])) << "turn " << t << " seat " << s;
  }
  EXPECT_TRUE(bf.complete());
  EXPECT_TRUE(bf.missing(100).empty());
  expectFullReplay(bf, g, k, "backfill_asking.ccr");
}

// A member flooding the slots below the walk up to the byte budget cannot stall it: the bundle the walk waits on
// is admitted past the budget and missing() names it first, so asking a few holes at a time still completes.
TEST(HistoryBackfillRace, AFloodBelowTheWalkCannotStallIt) {
  auto g = play(shedParams(32));
  const uint32_t k = 30;
  std::vector<det::Hash128> heads;
  for (const auto& b : g.records.at(k).bundles) heads.push_back(b.chain);
  HistoryBackfill bf(g.session, k, 100'000);
  ASSERT_TRUE(bf.anchor(heads).ok());
  size_t kept = 0, refused = 0;
  for (Seat s : {Seat{1}, Seat{2}})
    for (uint32_t t = 0; t + 1 < k; ++t) {
      auto b = resigned(g, t, s, [](Bundle& x) {
        x.orders.assign(lockstep::kMaxOrdersPerBundle, Order{1, std::vector<uint8_t>(64, 7)});
      });
      auto st = bf.consider(b);
      (st.ok() ? kept : refused) += 1;
      EXPECT_TRUE(st.ok() || contains(st.message(), "beyond the byte budget")) << st.message();
    }
  ASSERT_GT(kept, 0u);
  ASSERT_GT(refused, 0u) << "the flood should reach the budget";
  const size_t floodedBytes = bf.bytes();
  // As a node asks: a few holes per round, answered with the table's bundles.
  const Seat seats = static_cast<Seat>(g.session.seats.size());
  const std::vector<std::pair<uint32_t, Seat>> first = {{k - 1, 0}, {k - 1, 1}};
  EXPECT_EQ(bf.missing(2), first) << "the slots the walk waits on come first";
  for (size_t round = 0; round < size_t{k} * seats && !bf.complete(); ++round)
    for (auto [t, s] : bf.missing(3)) bf.offer(g.records[t].bundles[s]);
  ASSERT_TRUE(bf.complete()) << bf.have() << " of " << bf.need();
  EXPECT_LT(bf.bytes(), floodedBytes) << "the flood's candidates were dropped as the walk passed them";
  expectFullReplay(bf, g, k, "backfill_flood_below.ccr");
}
