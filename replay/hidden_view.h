// Issue 26: what a recorded game may show. A rated game that is not over is live play: its record (a peer's
// checkpointed replay during a LAN game, a `q` save, the file of a solo game still running) may be someone
// else's, so the stock tools show only the public table — observe(kSpectator): the board, hand counts, the
// pile's size, the game's narration — to every viewer, the omniscient one and every seat alike (a captain who
// wants their own hand has it at the table: resume or rejoin the game). Unrated games and finished rated games
// show everything, as before. docs/rules-decisions.md "Hidden information in unfinished rated records".
#pragma once

#include <string>

#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/session.h"
#include "replay/reader.h"

namespace concord::replay {

struct ViewRights {
  bool publicOnly = false;  // issue 26: only the spectator's view
  std::string reason;       // why, said to the person, when publicOnly (without what the command does instead)

  /// Whether `viewer` (a seat, kOmniscient or kSpectator) may be shown.
  bool allows(Seat viewer) const { return !publicOnly || viewer == kSpectator; }
  /// The view to show someone who asked for `viewer`: it, or the public table.
  Seat viewerFor(Seat viewer) const { return allows(viewer) ? viewer : kSpectator; }
};

/// The decision. `over`: the recorded game's last state has an outcome; `verified`: the file verifies (seat
/// signatures and Seals), so that an ending appended by a forger unlocks nothing. Only a rated game that is not
/// over (or whose ending does not verify) is public only.
ViewRights viewRights(const lockstep::SessionConfig& session, bool over, bool verified);

/// viewRights for a file: an unrated game is not re-simulated at all; a rated one is sought to its end (a file with
/// no outcome there, a cut one included, is not over) and, when over, verified. The error is a file that cannot be
/// re-simulated to its end (its hidden information then stays hidden too: callers refuse).
Result<ViewRights> viewRightsOf(const ReplayReader& reader);

/// "...; showing the public table only" and the like: the reason and what the command does about it.
std::string hiddenNote(const ViewRights& rights, const std::string& instead);

}  // namespace concord::replay
