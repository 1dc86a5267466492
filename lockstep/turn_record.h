// TurnRecord: everything one applied turn was made of, as the TurnLedger returns it. The replay writer, a
// peer's rewind ring, rejoin snapshots, desync reports and history backfill all read this one shape.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/det/hash.h"
#include "core/game/types.h"
#include "lockstep/bundle.h"
#include "lockstep/crypto.h"

namespace concord::lockstep {

/// Replays carry a snapshot of the state every this many turns (WriterOptions::snapshotEvery's default); peers
/// keep those turns' state bytes in their records so every peer, rejoined or not, writes the same file.
inline constexpr uint32_t kSnapshotEvery = 256;

struct TurnRecord {
  uint32_t turn = 0;
  /// One per seat, ascending. Live bundles carry their signatures; bundles a replay re-derived carry one only at
  /// its chain heads (docs/replay-format.md), so a zero signature means "vouched for by a later chain head".
  std::vector<Bundle> bundles;
  std::vector<PublicKey> signers;   // the key Membership expected for each seat (owner or steward)
  std::vector<Seat> substituted;    // seats substituted in this turn
  std::vector<det::Hash128> heads;  // bodyHash of each bundle: the seats' chain heads after this turn
  det::Hash128 digest;              // turnDigest(heads): the next turn's prevDigest
  std::vector<Seat> digestMismatch; // seats whose prevDigest named another bundle set for turn-1 (Seals agreed)
  det::Hash128 seal;
  std::vector<Rejection> rejected;
  /// The canonical state after the turn: the bytes the Seal hashed (kept while someone holds them).
  std::shared_ptr<const std::vector<uint8_t>> state;
};

/// Same turn, same bodies, signers, Seal and rejections (signatures and kept state aside): what a replay
/// re-derives must equal what the live pipeline applied.
bool sameTurn(const TurnRecord& a, const TurnRecord& b);

}  // namespace concord::lockstep
