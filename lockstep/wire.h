// Wire messages between peers: tagged, versioned, strictly decoded. decode() never crashes and
// never accepts trailing bytes, overlong counts or unknown tags; the error names the field.
#pragma once

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/bundle.h"

namespace concord::lockstep {

inline constexpr uint16_t kWireMagic = 0xC0C1;
inline constexpr uint8_t kWireVersion = 1;
/// Largest canonical state a dump or snapshot may carry.
inline constexpr size_t kMaxStateBytes = 1u << 22;
/// Most bundles one snapshot tail may carry.
inline constexpr size_t kMaxTailBundles = 64 * kMaxSeats;

/// A signed bundle (own, relayed or resent: signatures make relaying safe).
struct BundleMsg {
  Bundle bundle;
};
/// "Send me seat's bundle for turn": any peer that has it answers.
struct BundleRequest {
  uint32_t turn = 0;
  Seat seat = 0;
};
/// "A desync happened at turn: send your canonical state of it."
struct DesyncNotice {
  uint32_t turn = 0;
};
/// A peer's canonical state after `turn`, with the seats it runs and its Seal hash.
struct StateDump {
  uint32_t turn = 0;
  det::Hash128 seal;
  std::vector<Seat> seats;
  std::vector<uint8_t> state;
};
/// A restarted peer asks for a snapshot to fast-forward from.
struct SnapshotRequest {
  Seat seat = 0;
};
/// State at the start of `turn`, the bundles of turn-1 (chains, digest), and the tail from `turn` on.
struct Snapshot {
  uint32_t turn = 0;
  std::vector<uint8_t> state;
  std::vector<Bundle> prev;
  std::vector<Bundle> tail;
};
/// An owner back from a restart: proves its Seal at `turn` and hands over its signed reclaim order.
struct ReclaimRequest {
  Seat seat = 0;
  uint32_t turn = 0;
  det::Hash128 seal;
  Order reclaim;
};

/// "Seat's owner is here and still deciding turn": a person thinking is not a silent peer, so the steward
/// holds off substituting the seat. Only believed from the seat's own link (never relayed).
struct Deciding {
  uint32_t turn = 0;
  Seat seat = 0;
};

/// "We applied every turn up to `turn` (the game is over) and need nothing more": finished peers stop lingering
/// for us. Only believed from the sender's own link, like Deciding.
struct Finished {
  uint32_t turn = 0;
};

using WireMessage = std::variant<BundleMsg, BundleRequest, DesyncNotice, StateDump, SnapshotRequest, Snapshot,
                                 ReclaimRequest, Deciding, Finished>;

std::vector<uint8_t> encodeWire(const WireMessage& m);
Result<WireMessage> decodeWire(std::span<const uint8_t> bytes);

}  // namespace concord::lockstep
