// Helpers for replay tests: sample sessions, a first-legal-order recorder that can stop and resume.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/det/writer.h"
#include "replay/chain.h"
#include "replay/record.h"
#include "replay/writer.h"
#include "tests/support/temp_dir.h"

namespace concord::replay::testing {

inline std::string tempPath(const std::string& name) {
  static const concord::testing::TempDir dir("replay");
  return (dir / name).string();
}

inline std::vector<uint8_t> readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void writeAll(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

inline lockstep::SessionConfig shedSession(Seat seats, const std::string& label, uint32_t maxTurns = 100000,
                                           uint32_t hands = 50) {
  auto s = makeBotSession("shed", {{"hands", std::to_string(hands)}, {"maxTurns", std::to_string(maxTurns)}}, seats,
                          label);
  return s.value();
}

inline det::Hash128 stateOf(const lockstep::TurnEngine& e) {
  det::Writer w;
  e.write(w);
  return w.digest();
}

/// Plays turns [engine->turn(), until) with each awaited seat's first legal order, signing with `keys`,
/// appending to `writer`. `tamper(turn, orders)` may alter the recorded orders after signing.
template <class Tamper>
void playFirstLegal(lockstep::TurnEngine& engine, BundleChain& chain, ReplayWriter& writer,
                    const std::vector<lockstep::KeyPair>& keys, uint32_t until, Tamper tamper) {
  const auto& session = engine.session();
  const auto seats = static_cast<Seat>(session.seats.size());
  while (!engine.over() && engine.turn() < until) {
    const uint32_t t = engine.turn();
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s : engine.awaiting()) {
      auto legal = engine.game().legalOrders(s);
      if (!legal.empty()) orders[s].push_back(legal.front());
    }
    auto signers = expectedSigners(session, engine.membership(), t, orders);
    auto bundles = chain.build(t, orders, engine.lastSeal());
    TurnRecordInput rec;
    rec.turn = t;
    for (Seat s = 0; s < seats; ++s) {
      for (const auto& k : keys)
        if (k.publicKey == signers[s]) bundles[s].signWith(k);
      rec.signatures.push_back(bundles[s].signature);
    }
    chain.advance(bundles);
    tamper(t, orders);
    auto res = engine.step(orders);
    rec.ordersBySeat = orders;
    rec.seal = res.seal;
    ASSERT_TRUE(writer.append(rec, &engine).ok());
  }
}

}  // namespace concord::replay::testing
