// Scoring a game some person abandoned to the AI (AI takeover). Who controls a seat is the session's fact
// (lockstep membership), not the game state's: the session passes its takeover record here, and a module whose
// rules score abandonment (W.E.B. Galactic Ranking: "AI takeover scores 0") applies it. Listed in core/modules.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/game/game.h"

namespace concord {

/// takenOverAt[s] for a seat nobody abandoned (never taken over, reclaimed, or an AI seat by the session).
inline constexpr uint32_t kNotTakenOver = UINT32_MAX;

/// The game's outcome scored with the takeover record: takenOverAt[s] = the pipeline turn from which the AI
/// holds person seat s for good. Modules without such a rule: g.outcome().
std::optional<Outcome> outcomeWithTakeovers(const Game& g, std::span<const uint32_t> takenOverAt);

}  // namespace concord
