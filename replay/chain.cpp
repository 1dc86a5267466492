#include "replay/chain.h"

namespace concord::replay {

std::vector<lockstep::Bundle> BundleChain::build(uint32_t turn, std::span<const std::vector<Order>> ordersBySeat,
                                                 const det::Hash128& prevSeal) const {
  std::vector<lockstep::Bundle> out(heads_.size());
  for (size_t s = 0; s < heads_.size(); ++s) {
    auto& b = out[s];
    b.gameId = gameId_;
    b.turn = turn;
    b.seat = static_cast<Seat>(s);
    if (s < ordersBySeat.size()) b.orders = ordersBySeat[s];
    b.prevSeal = prevSeal;
    b.prevDigest = digest_;
    b.chain = heads_[s];
  }
  return out;
}

void BundleChain::advance(std::span<const lockstep::Bundle> bundles) {
  std::vector<det::Hash128> hashes;
  hashes.reserve(bundles.size());
  for (const auto& b : bundles) hashes.push_back(b.bodyHash());
  digest_ = lockstep::turnDigest(hashes);
  heads_ = std::move(hashes);
}

std::vector<lockstep::PublicKey> expectedSigners(const lockstep::SessionConfig& session,
                                                 const lockstep::Membership& before, uint32_t turn,
                                                 std::span<const std::vector<Order>> ordersBySeat) {
  lockstep::Membership m = before;
  m.beginTurn(turn);
  auto substituted = lockstep::substitutedThisTurn(ordersBySeat);
  std::vector<lockstep::PublicKey> keys;
  for (Seat s = 0; s < m.seatCount(); ++s) keys.push_back(m.expectedSigner(session, s, substituted));
  return keys;
}

}  // namespace concord::replay
