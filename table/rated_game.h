// A rated solo game's bookkeeping with the person's TEI store, the same for the terminal and the Qt client:
// registered as it starts (a game walked away from counts as a loss when the next starts), rated when it ends
// (RULES §VIII, TEI §4; issue 11: seed shopping and walking away).
#pragma once

#include <string>

#include "core/det/result.h"
#include "lockstep/session.h"

namespace concord::table {

/// The TEI store a game rates into: `given`, else the user's default store.
Result<std::string> teiStorePath(const std::string& given);
/// Why the store at `storePath` cannot rate a game now, or "": ratings kept under earlier anchors (issue 11 point 5).
/// A store that does not exist yet can. Reads the store (never creates it).
std::string storeUnratedBecause(const std::string& storePath);
/// Registers the rated game of `session` whose person sits at `person`: refuses a store rated under earlier
/// anchors (say what to do), applies earlier walked-away games as losses. The lines to show the person;
/// `howToSave` says how this front end saves a game to finish later.
Result<std::string> registerRatedStart(const std::string& storePath, const lockstep::SessionConfig& session, Seat person,
                                       const std::string& howToSave = "\"q\" saves it for --resume");
/// Rates a finished game's verified replay into the store: the before -> after lines, or why it was not rated.
std::string rateFinishedText(const std::string& replayPath, const std::string& storePath);

}  // namespace concord::table
