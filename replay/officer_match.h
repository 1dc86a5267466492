// The officer match rate (issue 30): how often a seat's own non-forced decisions equal what the Commander officer
// would have chosen from the same Observation. Signatures cannot show who chose a person's orders (the person's key
// signs whatever they send), so a game played by Commander with its OfficerPlayed marks stripped verifies; its match
// rate of 1000‰ is what gives it away (docs/tei.md "What a solo rating can and cannot prove").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/turn_engine.h"
#include "replay/officer_marks.h"
#include "replay/reader.h"

namespace concord::replay {

/// The officer the rate is measured against: the strongest deterministic one (RULES §VII; no blunders, no slack).
inline constexpr const char* kMatchOfficer = "commander";

struct SeatMatch {
  uint32_t decisions = 0;  // turns the seat chose itself (no OfficerPlayed mark) among two or more choices
  uint32_t matched = 0;    // ...whose orders equal the Commander's from the seat's Observation
  /// floor(1000 · matched / decisions); 0 with no decisions.
  uint32_t perMille() const { return decisions ? static_cast<uint32_t>(uint64_t{matched} * 1000 / decisions) : 0; }
};

struct OfficerMatch {
  std::vector<SeatMatch> seats;  // one per session seat
  /// Why nothing was measured ("" when `seats` holds the rates): a module without that officer, or a hidden-hands
  /// game whose hands its end has not revealed yet (the officer may see only what the seat saw).
  std::string unavailable;
};

/// Which turns count: the seat's own (a turn marked OfficerPlayed is the officer's, on the record as such), or every
/// turn, marked or not: the rate the seat would show with its marks stripped (the calibration in docs/tei.md).
enum class MarkedTurns { Skip, Count };

/// Tallies one turn: `before` is the engine before the turn whose recorded orders are `ordersBySeat`. A seat's
/// choices are its legal orders from its own view, plus "no order" when the game does not await it (Warp: a catch
/// out of turn); a turn with two or more is a decision. `keys` opens each seat's view at a hidden-hands table.
void tallyOfficerMatch(const lockstep::TurnEngine& before, std::span<const std::vector<Order>> ordersBySeat,
                       std::vector<SeatMatch>& out, const RevealedKeys* keys = nullptr,
                       MarkedTurns marked = MarkedTurns::Skip);

/// Every seat's rate over the whole replay, re-simulated from turn 0 (each turn's Seal tag checked, like seek()).
/// Not a verification: run verify first where the file must be trusted. Errors: a corrupt or foreign file.
Result<OfficerMatch> officerMatchRates(const ReplayReader& reader, MarkedTurns marked = MarkedTurns::Skip);

}  // namespace concord::replay
