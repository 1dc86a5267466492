// VouchAudit: a Peer's link-vouched bundles (issue 9 part 7, docs/lockstep.md "32 seats"). Which arriving bundles
// skip the signature check; the checks that keep every signature we relay, persist or snapshot a valid one (the
// final turn, requests, snapshot tails); repairs of an applied bundle whose vouched signature failed; and the full
// check of a disputed turn that names a seat whose vouched bundle was bad.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "lockstep/peer_core.h"

namespace concord::lockstep {

class VouchAudit {
 public:
  explicit VouchAudit(PeerCore& core) : core_(core) {}

  /// `b` from `from` may be accepted on its link's word (signature_audit.h's rule, with vouching on).
  bool vouchable(PeerId from, const Bundle& b) const;
  /// A desync at `turn`: every applied signature of it checked, a bad one named.
  void auditTurn(uint32_t turn);
  /// Someone asks for (turn, seat): a vouched copy is checked before it is relayed (false: do not relay).
  bool relayChecked(const BundleRequest& q);
  enum class FinalTurn { Proven, TakenBack, Unrewindable };
  /// Just applied the turn that ended the game: its vouched bundles checked. A bad one takes the turn back
  /// (TakenBack: its candidate is struck and dropped, we wait for a valid one); Unrewindable: the ledger refused.
  FinalTurn finalTurnProven(Slots& slots, const std::vector<const Candidate*>& chosen,
                            std::vector<det::Hash128> headsBefore, det::Hash128 digestBefore);
  /// Whether our applied bundle for (turn, seat) carries a valid signature (if not: asked for a valid copy).
  bool recordProven(uint32_t turn, Seat seat);
  /// Whether every signature of the last applied turn is valid (a replay checkpoint may end there).
  bool latestProven();
  /// A validly signed copy of an applied body whose vouched signature failed replaces that signature.
  bool repair(const Bundle& b);
  /// The bundles of turns [base, end) for a snapshot's tail, each with a valid signature.
  std::vector<Bundle> provenTail(uint32_t base, uint32_t end);
  /// Applied bundles whose signature failed, awaiting a valid copy (asked for every resend period).
  const std::set<std::pair<uint32_t, Seat>>& unproven() const { return unproven_; }

 private:
  PeerCore& core_;
  std::optional<uint32_t> provenTurn_;            // the last turn latestProven() checked in full
  std::set<std::pair<uint32_t, Seat>> unproven_;  // applied vouched bundles whose signature failed
};

}  // namespace concord::lockstep
