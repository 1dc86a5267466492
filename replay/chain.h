// Re-derives the signed bundles of each turn from the recorded orders (docs/replay-format.md,
// "Bundle chains"). A replay stores orders, not bundles: every other body field follows from the
// game id, the previous Seal hash and the previous turn's body hashes. The recorder, verify and
// resume all build bodies here, so they cannot disagree about what was signed.
#pragma once

#include <span>
#include <vector>

#include "core/det/hash.h"
#include "core/game/types.h"
#include "lockstep/bundle.h"
#include "lockstep/membership.h"
#include "lockstep/session.h"

namespace concord::replay {

class BundleChain {
 public:
  BundleChain() = default;
  BundleChain(const det::Hash128& gameId, Seat seats) : gameId_(gameId), heads_(seats) {}

  /// The unsigned bundles of `turn`, one per seat: orders, prevSeal, prevDigest and chain filled in.
  std::vector<lockstep::Bundle> build(uint32_t turn, std::span<const std::vector<Order>> ordersBySeat,
                                      const det::Hash128& prevSeal) const;
  /// Records `turn`'s bundles as the new chain heads (call after build, in turn order).
  void advance(std::span<const lockstep::Bundle> bundles);

  /// bodyHash of each seat's latest bundle (zero before turn 0): the next bundle's `chain`.
  const std::vector<det::Hash128>& heads() const { return heads_; }
  /// turnDigest of the latest turn's bundles (zero before turn 0): the next bundle's `prevDigest`.
  const det::Hash128& lastDigest() const { return digest_; }

 private:
  det::Hash128 gameId_;
  std::vector<det::Hash128> heads_;
  det::Hash128 digest_;
};

/// The key that must sign each seat's bundle of `turn`, given the membership before the turn's step
/// (beginTurn(turn) is applied to a copy, then Membership::expectedSigner with this turn's substitutions).
std::vector<lockstep::PublicKey> expectedSigners(const lockstep::SessionConfig& session,
                                                 const lockstep::Membership& before, uint32_t turn,
                                                 std::span<const std::vector<Order>> ordersBySeat);

}  // namespace concord::replay
