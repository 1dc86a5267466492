// Loading a replay for the viewer, off the UI thread: read the file, verify it through the TurnLedger
// (replay::verifyReplay, with progress), and in the same pass keep each turn's narration and where rounds
// begin, so the timeline and the log need no further pass. Seeking later uses the reader's snapshots.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "replay/verify.h"

namespace concord::ui {

/// A game event worth a timeline marker (Game::eventsSince kinds other than "play": alerts, catches, tallies,
/// round ends, the winner), at the position after the turn that produced it.
struct ReplayEvent {
  uint32_t position = 0;
  std::string kind, text;
};

struct LoadedReplay {
  std::string path;
  std::shared_ptr<const replay::ReplayReader> reader;
  replay::VerifyReport report;
  std::string moduleId;
  Seat seats = 0;
  uint32_t turns = 0;                             // positions are 0..turns (turns applied)
  std::vector<std::string> opening;               // narration before the first turn (the deal)
  std::vector<std::vector<std::string>> narration;  // narration[t]: the lines turn t produced
  std::vector<uint32_t> roundStarts;              // positions where a new round is under way
  std::vector<int> roundAt;                       // the round at each position (-1: none)
  std::vector<ReplayEvent> events;                // ascending position
  replay::ViewRights rights;                      // issue 26: a rated game not over shows the public table only
};

/// Called from the loading thread with progress in per-mille and what is being done.
using LoadProgress = std::function<void(int permille, const std::string& stage)>;

using RoundOf = std::function<int(const Game&)>;
/// The error is for a file that cannot be read at all; a failed check is report.ok == false.
/// `roundsFor(moduleId)` gives the module's RoundOf (ui/shell/module_ui.h); an empty one: no round markers.
Result<LoadedReplay> loadReplay(const std::string& path, const std::function<RoundOf(const std::string&)>& roundsFor,
                                const LoadProgress& progress);

/// Seat `viewer`'s (or the omniscient) observation after `position` turns, with the game it came from.
struct ReplayMoment {
  uint32_t position = 0;
  std::shared_ptr<const lockstep::TurnEngine> engine;
};
Result<ReplayMoment> seekReplay(const replay::ReplayReader& reader, uint32_t position);

}  // namespace concord::ui
