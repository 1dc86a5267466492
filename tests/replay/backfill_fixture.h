// Shared set-up for the HistoryBackfill tests: a played shed table, its keys, its full replay, and junk and
// tampered bundles that must never fill a slot.
#pragma once

#include <gtest/gtest.h>

#include <functional>
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

namespace concord::replay::testing::backfill {

using lockstep::Bundle;
using Record = lockstep::TurnRecord;


inline constexpr WriterOptions kOpts{16, 32};  // several blocks and snapshots even in short games

// Peers keep the state of the turns kOpts snapshots, as they keep kSnapshotEvery's in play.
inline void keepSnapshotStates(lockstep::SelfPlayParams& p) {
  p.customize = [](Seat, lockstep::PeerOptions& o) { o.recordStateEvery = kOpts.snapshotEvery; };
}

inline lockstep::SelfPlayParams shedParams(uint64_t seed) {
  auto p = concord::testing::shedTable(4, seed, 3);
  keepSnapshotStates(p);
  return p;
}

struct Played {
  lockstep::SessionConfig session;
  std::vector<Record> records;  // every turn from 0
  uint64_t seed = 0;
};

inline Played play(const lockstep::SelfPlayParams& p) {
  auto res = lockstep::runSelfPlay(p);
  EXPECT_TRUE(res.ok()) << res.message();
  if (!res.ok()) return {};
  EXPECT_TRUE(res->completed);
  EXPECT_TRUE(res->problems.empty());
  return Played{res->session, res->records, p.seed};
}

inline lockstep::KeyPair selfPlayKey(uint64_t seed, Seat s) {
  return lockstep::KeyPair::fromLabel("selfplay:" + std::to_string(seed) + ":" + std::to_string(s));
}

/// The key pair (of the session's seats) whose public key is `pub`.
inline lockstep::KeyPair keyFor(const Played& g, const lockstep::PublicKey& pub) {
  for (Seat s = 0; s < g.session.seats.size(); ++s)
    if (selfPlayKey(g.seed, s).publicKey == pub) return selfPlayKey(g.seed, s);
  ADD_FAILURE() << "no key " << pub.fingerprint();
  return selfPlayKey(g.seed, 0);
}

/// The replay a peer that played from turn 0 writes.
inline std::vector<uint8_t> fullReplay(const Played& g, const std::string& name) {
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
inline std::vector<Bundle> pastBundles(const Played& g, uint32_t k, uint64_t shuffleSeed) {
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

inline std::span<const Record> liveFrom(const Played& g, uint32_t k) {
  return std::span<const Record>(g.records).subspan(k);
}

/// Offers junk that must never fill a slot (offered before the genuine bundles, while every slot is empty).
inline void offerJunk(HistoryBackfill& bf, const Played& g, uint32_t k) {
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
inline void backfillAndCompare(const Played& g, uint32_t k, const std::vector<uint8_t>& full, const std::string& name) {
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

inline HistoryBackfill filled(const Played& g, uint32_t k) {
  HistoryBackfill bf(g.session, k);
  for (const auto& b : pastBundles(g, k, 7)) bf.offer(b);
  EXPECT_TRUE(bf.complete());
  return bf;
}

/// A copy of records[t].bundles[s] with `change` applied, re-signed by the key that signed the original.
inline Bundle resigned(const Played& g, uint32_t t, Seat s, const std::function<void(Bundle&)>& change) {
  Bundle b = g.records.at(t).bundles.at(s);
  change(b);
  b.signWith(keyFor(g, g.records.at(t).signers.at(s)));
  return b;
}

/// A backfill of turns < k where slot (t, s) holds `bad` alone (the genuine bundle never arrives: with it, the
/// chain from the live records would choose it; backfill_race_test.cpp), every other slot the genuine bundle.
inline HistoryBackfill withBad(const Played& g, uint32_t k, const Bundle& bad) {
  HistoryBackfill bf(g.session, k);
  EXPECT_TRUE(bf.offer(bad));
  for (const auto& b : pastBundles(g, k, 3))
    if (b.turn != bad.turn || b.seat != bad.seat) bf.offer(b);
  EXPECT_TRUE(bf.complete());
  return bf;
}

inline bool contains(const std::string& s, const std::string& needle) { return s.find(needle) != std::string::npos; }

}  // namespace concord::replay::testing::backfill
