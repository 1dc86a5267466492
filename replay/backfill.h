// HistoryBackfill: the whole game's replay for a peer that joined late (a rejoined owner). Its Peer fast-forwarded
// from a snapshot, so it holds TurnRecords only from firstTurn() on. The turns before arrive as the signed bundles
// other peers applied (answers to BundleRequest{turn, seat}); write() re-steps them from turn 0 exactly as replay
// verify would (docs/replay-format.md, "Backfilling a rejoined peer's replay"), checks that they lead to the state
// the live records continue from, and writes one replay through SessionRecorder: the same file a peer that played
// from turn 0 writes with the same WriterOptions.
//
// Two validly signed bundles can exist for one slot: after an owner-vs-substitute race (docs/lockstep.md "Race
// policy") the side that lost applied the owner's bundle (or the substitute's) and resynced, so peers may answer
// with either. The backfill keeps every distinct candidate (a few per slot) and takes the history the live records
// chain to: walking backwards from firstTurn, seat (t, s)'s bundle is the candidate whose body hash is the chain
// field of seat s's chosen bundle of turn t + 1 (docs/net.md "Rejoin backfill after a race").
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "lockstep/bundle.h"
#include "lockstep/peer.h"
#include "lockstep/session.h"
#include "replay/writer.h"

namespace concord::replay {

class HistoryBackfill {
 public:
  /// Average bytes per missing slot the default budget allows (an honest bundle costs a few hundred).
  static constexpr size_t kBytesPerSlot = 2048;
  /// The default budget never goes below this.
  static constexpr size_t kMinBudget = size_t{16} << 20;
  /// Distinct validly signed bundles kept per slot (a race makes two; a flooding member gets no more).
  static constexpr size_t kMaxCandidates = 4;

  /// Slots are (turn, seat) for turn < firstTurn and seat < the session's seats. `maxBytes` bounds what the kept
  /// bundles may occupy (0: kBytesPerSlot per slot, at least kMinBudget); a bundle past it is refused, so a member
  /// flooding slots with maximal bundles cannot grow memory without bound. Nothing is allocated per empty slot.
  HistoryBackfill(lockstep::SessionConfig session, uint32_t firstTurn, size_t maxBytes = 0);

  /// The chain heads the live records continue from: per seat, the body hash of the seat's bundle of turn
  /// firstTurn - 1 (the chain fields of the first live record's bundles, or the ledger's heads() at firstTurn).
  /// From then on every slot is resolved by the backwards walk as its candidates arrive: a candidate that is not
  /// the one the walk needs is dropped (or refused), so that slot is missing again until the right one comes.
  Result<void> anchor(std::span<const det::Hash128> heads);
  bool anchored() const { return !heads_.empty(); }

  /// Up to `max` (turn, seat) slots still missing, ascending (turn, then seat), for BundleRequests: slots with no
  /// candidate. Anchored, the slots the walk waits on (one per seat, empty: wrong candidates were dropped) come
  /// first, ascending, then the other holes.
  std::vector<std::pair<uint32_t, Seat>> missing(size_t max) const;
  /// A bundle for a turn < firstTurn from anyone: kept if it is for this game, its orders are within the bundle
  /// limits, it is not already kept (same body and signer), its slot holds fewer than kMaxCandidates, it fits the
  /// byte budget and its signature verifies against some key of the session (lockstep::memberSigner: a non-member
  /// cannot fill a slot; the signature is checked here once and never again).
  /// Anchored, it must also be the body the walk needs when the walk has reached its slot; the bundle the walk
  /// waits on is exempt from the budget (its body hash is chained from the anchor: it is the history itself). Whether the right
  /// member signed it is checked by write(), which needs the membership of that turn. The error says why not.
  Result<void> consider(const lockstep::Bundle& b);
  /// consider(), answering only whether kept.
  bool offer(const lockstep::Bundle& b) { return consider(b).ok(); }
  /// Every slot holds a candidate; anchored, that means every slot holds the one the walk chose.
  bool complete() const { return have() == need(); }
  /// The bundle the walk chose for (turn, seat), if resolved: a rejoined peer answers other rejoiners' requests
  /// from it, never with a candidate the live records do not chain to (nothing before anchor()).
  std::optional<lockstep::Bundle> find(uint32_t turn, Seat seat) const;
  /// Slots holding at least one candidate.
  size_t have() const { return slots_.size(); }
  size_t need() const { return static_cast<size_t>(firstTurn_) * seats_; }
  uint32_t firstTurn() const { return firstTurn_; }
  /// Bytes the kept bundles are counted at, and the budget.
  size_t bytes() const { return bytes_; }
  size_t budget() const { return budget_; }

  /// Re-steps turns 0..firstTurn-1 from the session: the bundle of each slot is the candidate the backwards walk
  /// from `live`'s first record chooses (a slot without the needed body falls back to its first candidate, so the
  /// check below names its fault); it must pass the one admission path (TurnLedger::admit: signed by the key
  /// Membership expects for that seat at that turn, of candidates with one body the expected signer's; chain = the
  /// seat's previous body hash), then carry the digest and re-simulated Seal of the turn before.
  /// The first live record (turn firstTurn) must continue that history: its bundles' prevSeal, prevDigest and
  /// chain are checked against the re-derived state. Nothing is written unless all of that holds. Then writes
  /// every turn through SessionRecorder (turns 0..firstTurn-1 from the chosen bundles, then `live`: the peer's
  /// TurnRecords from firstTurn, consecutive, as Peer::records() holds them) and closes. Errors name the turn and
  /// seat; a failure while writing removes the partial file. `comms` (optional) are the peer's accepted comms
  /// messages in the order accepted, each kept just before the turn it was accepted at
  /// (SessionRecorder::recordComms), the rest at the end.
  Result<void> write(const std::string& path, std::span<const lockstep::TurnRecord> live, WriterOptions options = {},
                     std::span<const CommsEntry> comms = {}) const;
  /// Pass 1 of write(): turns 0..firstTurn-1 stepped through the TurnLedger from the chosen bundles, checked as
  /// above, and the first of `live` checked to continue them. Records keep their state bytes on turns the
  /// writer snapshots under `options`.
  Result<std::vector<lockstep::TurnRecord>> history(std::span<const lockstep::TurnRecord> live,
                                                    WriterOptions options = {}) const;

 private:
  struct Kept {
    lockstep::Bundle bundle;
    det::Hash128 body;  // bundle.bodyHash()
    size_t key = 0;     // index into keys_ of the key its signature verified with
  };
  using Candidates = std::vector<Kept>;
  static size_t cost(const lockstep::Bundle& b);
  size_t index(uint32_t turn, Seat seat) const { return static_cast<size_t>(turn) * seats_ + seat; }
  std::string slotName(uint32_t turn, Seat seat) const;
  /// Anchored: resolves seat s's slots downwards from low_[s] while their candidates hold the needed body.
  void walk(Seat s);
  /// Removes slot i's candidates for which `drop` holds (the slot too once empty), releasing their bytes.
  template <class Pred>
  void dropWhere(size_t i, Pred drop);
  /// For history(): per slot, the index into its candidates of the body the walk from `live` chooses.
  std::vector<uint8_t> choose(std::span<const lockstep::Bundle> firstLive) const;

  lockstep::SessionConfig session_;
  det::Hash128 gameId_;
  uint32_t firstTurn_ = 0;
  Seat seats_ = 0;
  size_t budget_ = 0;
  size_t bytes_ = 0;
  std::vector<lockstep::PublicKey> keys_;  // the session's distinct keys, in seat order
  std::map<size_t, Candidates> slots_;     // index(turn, seat) -> distinct candidates, in arrival order
  size_t firstHole_ = 0;                   // every slot below holds a candidate
  // Anchored: per seat, slots (low_[s]..firstTurn-1, s) hold only the chosen body, and want_[s] is the body hash
  // seat s's bundle of turn low_[s] - 1 must have. Empty until anchor(), which gave heads_.
  std::vector<det::Hash128> heads_;
  std::vector<uint32_t> low_;
  std::vector<det::Hash128> want_;
};

}  // namespace concord::replay
