// Charters (§10.1): one public, per-player catalogue Track each (VC-1600, VC-1610), its Weight (VC-1640) and
// the setup handicap (VC-1650). The pool of VC-1630 and the two Charter Modes of VC-1620 were lost in our copy;
// both are reconstructed in docs/rules-decisions.md ("§10: Charters, Sealed Orders and Ambition").
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/det/result.h"
#include "core/det/rng.h"
#include "core/elc/config.h"

namespace concord::elc {

struct CharterDef {
  Track track;
  uint8_t weight;  // VC-1640: 1..5, 5 hardest; provisional until calibrated (VC-1660)
};

/// VC-1630 (reconstructed): the nine terminal catalogue Tracks a single player can pursue, in catalogue order.
std::span<const CharterDef> charterPool();
/// The Weight of a pool Track; 0 for a Track that is not in the pool.
int charterWeight(Track t);
/// The Charters this map can carry: a Landmark Charter needs Landmarks (VC-1081), the Ascendancy A <= L - 1 (VC-1140).
bool charterFits(Track t, const Config& c, int64_t landmarks);
/// VC-1650: Works placed in the Seat's Yard at the start of turn 1.
inline int64_t charterWorks(int weight) { return (weight - 1) * int64_t{40}; }
/// VC-1650: a Weight of 4 or more also brings one extra starting city.
inline bool charterExtraCity(int weight) { return weight >= 4; }
/// VC-1630: explicit selections in seat order, then draws without replacement from the victory stream (VC-170)
/// for the seats without one. The error names a selection the map cannot carry or a pool too small. With teams
/// (VC-1570: one player) only each team's first seat carries one (`carries[s]`); the others get Track::Charters
/// here and the team's Charter from the caller. Empty `carries`: every seat carries one.
Result<std::vector<Track>> assignCharters(const Config& c, int64_t landmarks, int seats, det::Rng& victory,
                                          std::span<const uint8_t> carries = {});
/// VC-1670/L7: the spread of assigned Weights (max - min).
int weightSpread(const std::vector<Track>& charters);

}  // namespace concord::elc
