// When a finished peer may leave (issue 10, "every crash can come back"): a rejoiner that is still catching up, or
// that comes back just after the last turn, needs someone to serve it the snapshot, the tail and the history of its
// replay. So after the game a peer keeps serving while a connected owner has not said Finished or someone asked for
// records lately, up to kLingerMaxMs. Dead peers drop their connection and ask nothing, so they hold nobody.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "lockstep/peer.h"

namespace concord::lockstep {

/// The longest a finished peer serves others after its game ended.
inline constexpr uint64_t kLingerMaxMs = 120000;

/// Whether a peer whose game ended at `overAtMs` should keep serving at `nowMs` (its Peer's clock); `quietMs`: how
/// recent a request, or a datagram from an unfinished owner, must be to count.
inline bool lingering(const Peer& p, uint64_t nowMs, uint64_t overAtMs, uint64_t quietMs) {
  if (nowMs >= overAtMs + kLingerMaxMs) return false;
  if (p.lastAskedMs() != 0 && nowMs < p.lastAskedMs() + quietMs) return true;
  for (Seat s : p.unfinished())
    if (p.lastHeardMs(s) != 0 && nowMs < p.lastHeardMs(s) + quietMs) return true;
  return false;
}

/// After the game a rejoiner that writes its replay from the other peers' records stays while that backfill grows
/// (a fixed 10 s after the end cut a 7,000-bundle backfill off half way in the drill of 2026-12-01, seed 12001 run 5),
/// and gives up once it has gained nothing for kStallMs.
class BackfillWatch {
 public:
  static constexpr uint64_t kStallMs = 10000;
  /// The slots the backfill holds at `nowMs`.
  void see(size_t have, uint64_t nowMs) {
    if (have == have_ && grewMs_ != 0) return;
    have_ = have;
    grewMs_ = nowMs;
  }
  /// Nothing gained for kStallMs, counted from `notBefore` at the earliest (the end of the game's own linger).
  bool stalled(uint64_t nowMs, uint64_t notBefore) const { return nowMs > std::max(notBefore, grewMs_) + kStallMs; }

 private:
  size_t have_ = 0;
  uint64_t grewMs_ = 0;
};

}  // namespace concord::lockstep
