// The session's result: the game's outcome scored with membership's takeover record (who left their seat to
// the AI). Final standings (host/join, selfplay, replay info) print this one.
#pragma once

#include <optional>
#include <vector>

#include "core/game/takeover.h"
#include "lockstep/turn_engine.h"

namespace concord::lockstep {

/// Per seat, the turn the AI took over a person's seat and still holds it (kNotTakenOver: never, reclaimed,
/// or an AI seat by the session).
std::vector<uint32_t> takeovers(const TurnEngine& e);
/// outcomeWithTakeovers(game, takeovers(e)); nullopt while the game runs.
std::optional<Outcome> sessionOutcome(const TurnEngine& e);

}  // namespace concord::lockstep
