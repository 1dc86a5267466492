// A table of local peers in one process (hidden-hands tests, issue 26): each seat's orders chosen with the key
// Membership expects to sign them, its deck duty added (lockstep::withDeckDuty; nothing on an open table), signed and
// applied on a TurnLedger as at a LAN table, and the replay written as the game goes.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "lockstep/deck_duty.h"
#include "lockstep/local_signing.h"
#include "lockstep/turn_ledger.h"
#include "replay/writer.h"

namespace concord::testing {

/// A seat's orders this turn, chosen knowing the key that signs them (its keeper's view opens with it).
using ChooseOrders = std::function<std::vector<Order>(const lockstep::TurnEngine&, Seat, const lockstep::KeyPair& signer)>;

/// Plays `session` to its end (at most `maxTurns` turns) into the replay at `path`; false when a turn could not be
/// signed or applied (the test has failed by then).
inline bool playSignedLocally(const lockstep::SessionConfig& session, const std::vector<lockstep::KeyPair>& keys,
                              const std::string& path, const ChooseOrders& choose, uint32_t maxTurns = 20000) {
  auto ledger = lockstep::TurnLedger::create(session).value();
  auto writer = replay::ReplayWriter::create(path, session).value();
  const auto seats = static_cast<Seat>(session.seats.size());
  while (!ledger->engine().over() && ledger->engine().turn() < maxTurns) {
    const auto& e = ledger->engine();
    std::vector<std::vector<Order>> orders(seats);
    const auto signers = ledger->expectedSigners(orders);
    for (Seat i = 0; i < seats; ++i) {
      const lockstep::KeyPair* ours = nullptr;
      for (const auto& k : keys)
        if (k.publicKey == signers[i]) ours = &k;
      EXPECT_NE(ours, nullptr) << "no key of the test signs seat " << i;
      if (!ours) return false;
      orders[i] = lockstep::withDeckDuty(e, i, *ours, choose(e, i, *ours));
    }
    auto rec = lockstep::applySignedLocally(*ledger, std::move(orders), keys);
    EXPECT_TRUE(rec) << rec.message();
    if (!rec) return false;
    EXPECT_TRUE(writer->append(*rec));
  }
  EXPECT_TRUE(ledger->engine().over());
  EXPECT_TRUE(writer->close());
  return true;
}

}  // namespace concord::testing
