// HistoryBackfill: the whole game's replay for a peer that joined late (a rejoined owner). Its Peer fast-forwarded
// from a snapshot, so it holds TurnRecords only from firstTurn() on. The turns before arrive as the signed bundles
// other peers applied (answers to BundleRequest{turn, seat}); write() re-steps them from turn 0 exactly as replay
// verify would (docs/replay-format.md, "Backfilling a rejoined peer's replay"), checks that they lead to the state
// the live records continue from, and writes one replay through SessionRecorder: the same file a peer that played
// from turn 0 writes with the same WriterOptions.
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

  /// Slots are (turn, seat) for turn < firstTurn and seat < the session's seats. `maxBytes` bounds what the kept
  /// bundles may occupy (0: kBytesPerSlot per slot, at least kMinBudget); a bundle past it is refused, so a member
  /// flooding slots with maximal bundles cannot grow memory without bound. Nothing is allocated per empty slot.
  HistoryBackfill(lockstep::SessionConfig session, uint32_t firstTurn, size_t maxBytes = 0);

  /// Up to `max` (turn, seat) slots still missing, ascending (turn, then seat), for BundleRequests.
  std::vector<std::pair<uint32_t, Seat>> missing(size_t max) const;
  /// A bundle for a turn < firstTurn from anyone: kept if its slot is empty, it is for this game, its orders are
  /// within the bundle limits, it fits the byte budget and its signature verifies against some key of the session
  /// (a non-member cannot fill a slot). Whether the right member signed it is checked by write(), which needs the
  /// membership of that turn. First kept wins: a later, different bundle for a full slot is refused. Returns
  /// whether kept.
  bool offer(const lockstep::Bundle& b);
  bool complete() const { return have() == need(); }
  /// The bundle kept for (turn, seat), if any: a rejoined peer answers other rejoiners' requests from it.
  std::optional<lockstep::Bundle> find(uint32_t turn, Seat seat) const;
  size_t have() const { return slots_.size(); }
  size_t need() const { return static_cast<size_t>(firstTurn_) * seats_; }
  uint32_t firstTurn() const { return firstTurn_; }
  /// Bytes the kept bundles are counted at, and the budget.
  size_t bytes() const { return bytes_; }
  size_t budget() const { return budget_; }

  /// Re-steps turns 0..firstTurn-1 from the session: each kept bundle must be the body the replay re-derives
  /// (prevSeal = re-simulated Seal of the turn before, prevDigest, chain = the seat's previous body hash) and be
  /// signed by the key Membership expects for that seat at that turn (replay::expectedSigners). The first live
  /// record (turn firstTurn) must continue that history: its bundles' prevSeal, prevDigest and chain are checked
  /// against the re-derived state. Nothing is written unless all of that holds. Then writes every turn through
  /// SessionRecorder (turns 0..firstTurn-1 from the kept bundles, then `live`: the peer's TurnRecords from
  /// firstTurn, consecutive, as Peer::records() holds them) and closes. Errors name the turn and seat; a failure
  /// while writing removes the partial file. `comms` (optional) are the peer's accepted comms messages in the order
  /// accepted, each kept just before the turn it was accepted at (SessionRecorder::recordComms), the rest at the end.
  Result<void> write(const std::string& path, std::span<const lockstep::TurnRecord> live, WriterOptions options = {},
                     std::span<const CommsEntry> comms = {}) const;
  /// Pass 1 of write(): turns 0..firstTurn-1 stepped through the TurnLedger from the kept bundles, checked as
  /// above, and the first of `live` checked to continue them. Records keep their state bytes on turns the
  /// writer snapshots under `options`.
  Result<std::vector<lockstep::TurnRecord>> history(std::span<const lockstep::TurnRecord> live,
                                                    WriterOptions options = {}) const;

 private:
  struct Kept {
    lockstep::Bundle bundle;
    size_t key = 0;  // index into keys_ of the key its signature verified with
  };
  static size_t cost(const lockstep::Bundle& b);
  size_t index(uint32_t turn, Seat seat) const { return static_cast<size_t>(turn) * seats_ + seat; }

  lockstep::SessionConfig session_;
  det::Hash128 gameId_;
  uint32_t firstTurn_ = 0;
  Seat seats_ = 0;
  size_t budget_ = 0;
  size_t bytes_ = 0;
  std::vector<lockstep::PublicKey> keys_;  // the session's distinct keys, in seat order
  std::map<size_t, Kept> slots_;           // index(turn, seat) -> kept bundle
  size_t firstHole_ = 0;                   // every slot below is kept
};

}  // namespace concord::replay
