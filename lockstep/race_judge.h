// RaceJudge: a Peer's races and resyncs (docs/lockstep.md "Race policy"). A bundle whose prevSeal differs from ours
// is either a real divergence (same bundle set at t-1: a desync) or the trace of a race over which bundles turn t-1
// applied (its prevDigest names another set). The judge counts which signers are on which history, decides who
// lost, and stops us (lostRace) when it was us, so the caller resyncs from the table's snapshot.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lockstep/peer_core.h"

namespace concord::lockstep {

class RaceJudge {
 public:
  enum class Verdict { Agree, Desync, Wait, Resync };

  explicit RaceJudge(PeerCore& core) : core_(core) {}

  /// The Seal check of turn t (> 0) over the chosen candidates: Agree, a real divergence (Desync), an undecided or
  /// won race (Wait: a lost side's bundles are set aside from `slots`), or a race we lost (Resync; lostRace()).
  Verdict judgeSeals(uint32_t t, Slots& slots, const std::vector<const Candidate*>& chosen);
  /// A member-signed bundle for seat `s` at `turn` signed by another key than the one we applied or expect (a race):
  /// kept for judgeSeals, which learns from it which side of the race its signer is on.
  void raceSign(uint32_t turn, Seat s, const Bundle& b, const PublicKey& signedBy);
  /// Before applying turn t: the admitted candidates we did not choose go to raceSign (the other side's choice).
  void noteUnchosen(uint32_t t, const Slots& slots, const std::vector<const Candidate*>& chosen);
  /// Most of the table's signers were lately seen signing another history than ours, while we played on alone
  /// (every bundle of theirs dropped as from a seat we substituted, so no Seal check ever compared them): we lost,
  /// and stop to resync (lostRace), even after our own game ended.
  void resyncIfOutvoted();
  /// A race at `turn` is undecided (our Seal check waits on it): the tie rule of resyncIfOutvoted stays out of it.
  bool doubting(uint32_t turn) const { return sealDoubt_ && sealDoubt_->first == turn; }
  /// Set when we applied another bundle set than the table for a turn: the turn we diverged at.
  std::optional<uint32_t> lostRace() const { return lostRace_; }
  /// A fresh ledger from a snapshot: what other histories we saw belonged to the one we left.
  void forgetHistories() { elsewhere_.clear(); }

 private:
  struct RaceSign {
    uint32_t turn = 0;
    Seat seat = 0;
    PublicKey signedBy{};
    bool byOwner = false;   // signed by the seat's owner
    det::Hash128 prevSeal;  // the Seal its signer had for turn-1
  };
  /// What a member-signed bundle of `turn` says of its signer: on our history (its prevSeal is our Seal of turn-1)
  /// or on another. `chosen`: we chose it for this turn (its signer is with us now, not only until turn-1).
  void noteHistory(uint32_t turn, const Bundle& b, const PublicKey& signedBy, bool chosen);
  /// Undecided race at t: ask everyone for the bundles they applied at t-1 (evidence for raceSign).
  void askRaceEvidence(uint32_t t);
  /// We applied another bundle set than the table at `turn`: stop (lostRace) and log `why` (the caller resyncs us).
  void loseRace(uint32_t turn, const std::string& why);

  PeerCore& core_;
  std::vector<RaceSign> raceSigns_;                         // recent ones only
  std::map<PublicKey, uint64_t> elsewhere_;                 // member key -> when last seen signing another history
  std::optional<uint64_t> tieSince_;                        // as many live keys elsewhere as with us, since
  std::optional<std::pair<uint32_t, uint64_t>> sealDoubt_;  // (turn, since): a race not yet decided
  std::optional<std::pair<uint32_t, uint64_t>> raceAsked_;  // (turn, when): last evidence request
  std::optional<uint32_t> lostRace_;
};

}  // namespace concord::lockstep
