// A rated solo game is registered in the player's TEI store when it starts, and a registered game walked
// away from counts as a loss when the next rated solo game starts (issue 11: seed shopping and walking away;
// docs/rules-decisions.md "TEI: cheater paths"). `play warp --resume` finishes it instead.
#pragma once

#include <string>

#include "core/det/result.h"
#include "lockstep/session.h"
#include "table/tei_store/store.h"

namespace concord::table {

/// Applies every registered game of `player` other than `current` as a loss; one line per game (or "").
Result<std::string> forfeitWalkedAway(tei::TeiStore& store, const std::string& player, const std::string& current);
/// Registers the game of `session` whose person sits at `person`.
Result<void> registerSoloGame(tei::TeiStore& store, const lockstep::SessionConfig& session, Seat person);

}  // namespace concord::table
