// Stewardship: who signs which seat, and a Peer's membership duties (DESIGN: The turn pipeline, step 6). Signing a
// seat's bundle (our own seats, AI seats as steward, with a pending reclaim), substituting seats silent past the
// tolerance when we are the steward that would follow, the cut-off guard, and following: a restarted owner signs
// nothing until its seat is its own again (docs/lockstep.md "Following signs nothing").
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "lockstep/peer_core.h"

namespace concord::lockstep {

class Stewardship {
 public:
  explicit Stewardship(PeerCore& core) : core_(core) {}

  /// Signs, keeps (first in its slot: we apply nothing else for a seat we sign) and broadcasts seat s's bundle.
  void sendOwn(Seat s, std::vector<Order> orders);
  /// The steward's bundle for AI-run seat s at turn t (with a pending reclaim order of its owner).
  void sendAiSeat(Seat s, uint32_t t);
  std::vector<Order> botOrders(Seat s);
  /// `orders` with the substitution officer mark when seat s belongs to a person (lockstep/assistance.h).
  std::vector<Order> officerFor(Seat s, std::vector<Order> orders) const;
  /// Substitutes the seats silent past the tolerance when we are the steward without them.
  void stewardDuties();
  /// How long a seat may stay silent in the current turn before the steward substitutes it.
  uint64_t toleranceNow() const;

  /// A restarted owner that signs nothing until its seat is its own again (reclaimed, or never substituted).
  bool following() const { return following_; }
  void startFollowing() { following_ = true; }
  /// Following at turn t: true while we still sign nothing of our own (as steward we may sign the AI seats our
  /// pre-crash self left unsigned); false once the seat is ours again.
  bool holdsBack(const Membership& m, uint32_t t, bool weAreSteward);
  /// An owner's reclaim request another peer checked against its Seal: its order goes into our next AI bundle.
  void onReclaimRequest(PeerId from, const ReclaimRequest& q);
  /// Every resend period: our owner seats that are AI-run ask for themselves back.
  void askReclaims();

 private:
  bool stopFollowing(const Membership& m, uint32_t t);
  /// Following, but caught up at turn t with our pre-crash self's bundle of t in: we do the steward's duties of t
  /// (the others count on us) after asking reclaimProbeMs for what our pre-crash self signed.
  bool followerStewards(const Membership& m, uint32_t t);
  bool holdsOwnBundle(uint32_t t, Seat s) const;  // a candidate for (t, s) signed by our key
  /// We are the one cut off: every other member heard from lately has gone quiet at once (substitute nobody).
  bool cutOff(const Membership& m, const std::vector<Seat>& silent) const;

  PeerCore& core_;
  std::map<Seat, std::unique_ptr<Bot>> bots_;
  std::map<Seat, Order> pendingReclaim_;
  bool following_ = false;  // restarted owner: sends nothing for its seat until it has reclaimed it
  std::optional<uint32_t> substitutedFor_;
  std::optional<uint32_t> probeTurn_;  // the turn a restarted owner is asking for its own bundle of
  uint64_t probeSince_ = 0;
  std::optional<std::pair<uint32_t, uint64_t>> stewardProbe_;  // (turn, since): a follower asking before it stewards
  std::optional<uint32_t> followerSigned_;                     // the turn a follower signed the missing AI seats of
  std::optional<uint32_t> cutOffLogged_;
  uint64_t cutOffAt_ = 0;  // when the cut-off guard last held: silence is counted from then on
};

}  // namespace concord::lockstep
