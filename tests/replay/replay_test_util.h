// Helpers for replay tests: sample sessions, a first-legal-order recorder that can stop and resume.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/det/writer.h"
#include "lockstep/local_signing.h"
#include "lockstep/turn_ledger.h"
#include "table/record_bots.h"
#include "replay/writer.h"
#include "tests/support/file_bytes.h"
#include "tests/support/temp_dir.h"

namespace concord::replay::testing {
using namespace concord::table;  // the bot recorder (table/record_bots.h)

inline std::string tempPath(const std::string& name) {
  static const concord::testing::TempDir dir("replay");
  return (dir / name).string();
}

using concord::testing::readAll;  // tests/support/file_bytes.h
using concord::testing::writeAll;

inline lockstep::SessionConfig shedSession(Seat seats, const std::string& label, uint32_t maxTurns = 100000,
                                           uint32_t hands = 50) {
  auto s = makeBotSession("shed", {{"hands", std::to_string(hands)}, {"maxTurns", std::to_string(maxTurns)}}, seats,
                          label).value();
  // People who choose the first legal order (playFirstLegal): an AI seat's orders must be its officer's (issue 30).
  for (auto& seat : s.seats) {
    seat.ai = false;
    seat.botKind.clear();
  }
  return s;
}

inline det::Hash128 stateOf(const lockstep::TurnEngine& e) {
  det::Writer w;
  e.write(w);
  return w.digest();
}

/// Plays turns [ledger.turn(), until) with each awaited seat's first legal order, signing with `keys`,
/// appending to `writer`. `tamper(turn, orders)` may alter the recorded orders after signing, as a forger
/// would: the signatures stay those of the honest chain (kept on a clone), the file holds the altered orders.
template <class Tamper>
void playFirstLegal(lockstep::TurnLedger& ledger, ReplayWriter& writer, const std::vector<lockstep::KeyPair>& keys,
                    uint32_t until, Tamper tamper) {
  const auto& engine = ledger.engine();
  auto honest = ledger.clone();
  const auto seats = static_cast<Seat>(ledger.session().seats.size());
  while (!engine.over() && engine.turn() < until) {
    const uint32_t t = engine.turn();
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s : engine.awaiting()) {
      auto legal = engine.game().legalOrders(s);
      if (!legal.empty()) orders[s].push_back(legal.front());
    }
    auto signers = honest->expectedSigners(orders);
    std::vector<lockstep::Signature> sigs;
    for (Seat s = 0; s < seats; ++s) {
      auto b = honest->draft(s, orders[s]);
      for (const auto& k : keys)
        if (k.publicKey == signers[s]) b.signWith(k);
      sigs.push_back(b.signature);
    }
    honest->applyOrders(orders);
    tamper(t, orders);
    // Claimed as checked by the expected signers, so a tampered body keeps its stale signature: what verify must catch.
    const auto claimed = ledger.expectedSigners(orders);
    std::vector<lockstep::Arrival> turn;
    for (Seat s = 0; s < seats; ++s) {
      auto b = ledger.draft(s, orders[s]);
      b.signature = sigs[s];
      const auto bodyHash = b.bodyHash();
      turn.push_back(lockstep::Arrival::checked(std::move(b), bodyHash, claimed[s]));
    }
    auto rec = ledger.apply(std::move(turn));
    ASSERT_TRUE(rec.ok()) << rec.message();
    ASSERT_TRUE(writer.append(*rec).ok());
  }
}

}  // namespace concord::replay::testing
