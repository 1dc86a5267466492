#include "lockstep/local_signing.h"

namespace concord::lockstep {

Result<TurnRecord> applySignedLocally(TurnLedger& ledger, std::vector<std::vector<Order>> orders,
                                      std::span<const KeyPair> keys) {
  const auto seats = static_cast<Seat>(ledger.session().seats.size());
  orders.resize(seats);
  const auto signers = ledger.expectedSigners(orders);
  std::vector<Bundle> bundles;
  bundles.reserve(seats);
  for (Seat s = 0; s < seats; ++s) {
    const KeyPair* key = nullptr;
    for (const auto& k : keys)
      if (k.publicKey == signers[s]) key = &k;
    if (!key) return Err("turn ", ledger.turn(), ": no key pair for seat ", s, "'s signer ", signers[s].fingerprint());
    bundles.push_back(ledger.draft(s, std::move(orders[s])));
    bundles.back().signWith(*key);
  }
  return ledger.apply(std::move(bundles), signers);
}

}  // namespace concord::lockstep
