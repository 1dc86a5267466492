// BundleInbox: a Peer's admission of bundles (DESIGN: The turn pipeline, steps 2-4). Bundles as they arrive (who
// signed it checked once, memberSigner, so forgeries never occupy a slot), past bundles and equivocation proofs,
// answers to other peers' requests, and the choice of one admitted bundle per seat when a turn is complete: every
// candidate goes through TurnLedger::admit (lockstep/admission.h), the one admission path.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "lockstep/peer_core.h"
#include "lockstep/race_judge.h"
#include "lockstep/vouch_audit.h"

namespace concord::lockstep {

/// Two different, validly signed bundles for one (gameId, turn, seat): kept as proof.
struct Equivocation {
  uint32_t turn = 0;
  Seat seat = 0;
  std::vector<uint8_t> first;   // the one applied
  std::vector<uint8_t> second;  // the conflicting one
};

class BundleInbox {
 public:
  BundleInbox(PeerCore& core, RaceJudge& races, VouchAudit& audit) : core_(core), races_(races), audit_(audit) {}

  /// A bundle from the transport: refused, answered from the past, or kept as a candidate of its slot.
  void onBundle(PeerId from, Bundle b);
  /// Another peer asks for (turn, seat): answered from our records, backfill or candidates.
  void onRequest(PeerId from, const BundleRequest& q);
  /// One admitted candidate per seat of the current turn, or nothing while a seat has none. Candidates that
  /// admission refuses are logged and dropped (another member's valid signature goes to the race judge).
  std::optional<std::vector<const Candidate*>> chooseTurn(Slots& slots);
  /// The seats whose bundle of `turn` we hold, applied or waiting.
  std::vector<Seat> seatsIn(uint32_t turn) const;
  const std::vector<Equivocation>& equivocations() const { return equivocations_; }
  const std::vector<Seat>& flaggedSeats() const { return flagged_; }

 private:
  void onPastBundle(PeerId from, const Bundle& b);
  void equivocation(PeerId from, const Bundle& b, const Bundle& applied, const PublicKey& appliedSigner);
  /// A second body on one history chosen beside `first` for (t, s): an equivocation proof, logged once.
  void provenTwice(uint32_t t, Seat s, const Bundle& first, const Bundle& second);

  PeerCore& core_;
  RaceJudge& races_;
  VouchAudit& audit_;
  std::map<PeerId, uint32_t> late_;  // late member-signed past bundles per sender (logged a few times)
  std::vector<Equivocation> equivocations_;
  std::vector<Seat> flagged_;
};

}  // namespace concord::lockstep
