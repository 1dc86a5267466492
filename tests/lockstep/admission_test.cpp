// One admission path (issue 24, DESIGN "One ledger"): a live Peer and a rejoiner's HistoryBackfill refuse the same
// bad bundle through TurnLedger::admit, so both say the same thing about it, in the words admit chose.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "lockstep/peer.h"
#include "lockstep/selfplay.h"
#include "lockstep/sim_network.h"
#include "lockstep/wire.h"
#include "replay/backfill.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

constexpr uint32_t kBadTurn = 4;
constexpr uint32_t kBackfilled = 8;  // the rejoiner's snapshot turn: turns before it are backfilled

bool has(const std::string& s, const std::string& needle) { return s.find(needle) != std::string::npos; }

struct Played {
  SessionConfig session;
  std::vector<TurnRecord> records;
  uint64_t seed = 0;
};

Played play(uint64_t seed) {
  auto res = runSelfPlay(concord::testing::shedTable(4, seed, 3, 0));
  EXPECT_TRUE(res.ok()) << res.message();
  if (!res.ok()) return {};
  EXPECT_TRUE(res->completed);
  EXPECT_GT(res->records.size(), kBackfilled);
  return Played{res->session, res->records, seed};
}

KeyPair seatKey(const Played& g, Seat s) { return KeyPair::fromLabel("selfplay:" + std::to_string(g.seed) + ":" + std::to_string(s)); }

// What a peer holding no seat (it signs nothing) refuses and logs when the table's bundles of turns 0..kBadTurn
// reach it, `bad` in place of its slot's genuine bundle.
struct Heard {
  std::vector<std::string> rejections;
  std::vector<std::string> log;
  uint32_t turn = 0;
};

Heard peerHears(const Played& g, const Bundle& bad) {
  SimNetwork net(5, SimParams{}, 1);
  PeerOptions o;
  o.key = KeyPair::fromLabel("admission test observer");
  Heard h;
  o.log = [&](std::string_view line) { h.log.emplace_back(line); };
  auto peer = Peer::create(g.session, net.endpoint(4), std::move(o));
  EXPECT_TRUE(peer.ok()) << peer.message();
  if (!peer.ok()) return h;
  for (uint32_t t = 0; t <= kBadTurn; ++t)
    for (Seat s = 0; s < g.session.seats.size(); ++s) {
      const bool replaced = t == bad.turn && s == bad.seat;
      net.endpoint(0).send(4, encodeWire(BundleMsg{replaced ? bad : g.records[t].bundles[s]}));
    }
  net.setNow(100);
  (*peer)->tick(100);
  h.rejections = (*peer)->rejections();
  h.turn = (*peer)->turn();
  return h;
}

// The backfill of a rejoiner at kBackfilled holding every bundle before it, `bad` in place of its slot's.
Result<std::vector<TurnRecord>> backfillWith(const Played& g, const Bundle& bad) {
  replay::HistoryBackfill bf(g.session, kBackfilled);
  EXPECT_TRUE(bf.consider(bad).ok());
  for (uint32_t t = 0; t < kBackfilled; ++t)
    for (const auto& b : g.records[t].bundles) {
      if (b.turn == bad.turn && b.seat == bad.seat) continue;
      EXPECT_TRUE(bf.consider(b).ok());
    }
  EXPECT_TRUE(bf.complete());
  return bf.history(std::span<const TurnRecord>(g.records).subspan(kBackfilled));
}

}  // namespace

TEST(AdmissionPath, PeerAndBackfillRefuseABrokenChainInTheSameWords) {
  const auto g = play(2401);
  Bundle bad = g.records.at(kBadTurn).bundles.at(2);
  bad.chain.hi = ~bad.chain.hi;
  bad.signWith(seatKey(g, 2));  // the right signer: only the chain is wrong

  const auto heard = peerHears(g, bad);
  EXPECT_EQ(heard.turn, kBadTurn) << "turns before the bad one apply; the bad turn waits";
  const std::string head = "rejected bundle turn 4 seat 2 from peer 4: ";
  std::string peerWhy;
  for (const auto& line : heard.rejections)
    if (line.rfind(head, 0) == 0) peerWhy = line.substr(head.size());
  ASSERT_FALSE(peerWhy.empty()) << "the peer refused nothing for turn 4 seat 2";
  EXPECT_TRUE(has(peerWhy, "chain")) << peerWhy;

  const auto history = backfillWith(g, bad);
  ASSERT_FALSE(history.ok());
  EXPECT_TRUE(has(history.message(), "turn 4 seat 2: " + peerWhy))
      << "backfill: " << history.message() << "\npeer: " << peerWhy;
}

TEST(AdmissionPath, PeerAndBackfillRefuseAnotherMembersSignatureInTheSameWords) {
  const auto g = play(2402);
  Bundle bad = g.records.at(kBadTurn).bundles.at(3);
  ASSERT_EQ(g.records.at(kBadTurn).signers.at(3), g.session.seats[3].key);
  bad.signWith(seatKey(g, 1));  // a member's valid signature, but seat 3's owner signs seat 3

  const auto history = backfillWith(g, bad);
  ASSERT_FALSE(history.ok());
  const std::string at = "turn 4 seat 3: ";
  const auto from = history.message().find(at);
  ASSERT_NE(from, std::string::npos) << history.message();
  const std::string backfillWhy = history.message().substr(from + at.size());
  EXPECT_TRUE(has(backfillWhy, seatKey(g, 1).publicKey.fingerprint())) << backfillWhy;

  const auto heard = peerHears(g, bad);
  EXPECT_EQ(heard.turn, kBadTurn);
  bool said = false;
  for (const auto& line : heard.log) said = said || (has(line, at) && has(line, backfillWhy));
  EXPECT_TRUE(said) << "no peer log line says \"" << at << backfillWhy << "\"";
}
