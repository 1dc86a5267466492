#include "lockstep/local_signing.h"

namespace concord::lockstep {

Result<TurnRecord> applySignedLocally(TurnLedger& ledger, std::vector<std::vector<Order>> orders,
                                      std::span<const KeyPair> keys) {
  const auto seats = static_cast<Seat>(ledger.session().seats.size());
  orders.resize(seats);
  const auto signers = ledger.expectedSigners(orders);
  std::vector<Arrival> turn;
  turn.reserve(seats);
  for (Seat s = 0; s < seats; ++s) {
    const KeyPair* key = nullptr;
    for (const auto& k : keys)
      if (k.publicKey == signers[s]) key = &k;
    if (!key) return Err("turn ", ledger.turn(), ": no key pair for seat ", s, "'s signer ", signers[s].fingerprint());
    Bundle b = ledger.draft(s, std::move(orders[s]));
    const auto bodyHash = b.signWith(*key);
    turn.push_back(Arrival::checked(std::move(b), bodyHash, key->publicKey));  // signed here: nothing to verify
  }
  return ledger.apply(std::move(turn));
}

}  // namespace concord::lockstep
