// A change of TEI profile (new anchors, TEI §2.1 "recalibration requires a new rulesProfileId"; issue 11
// point 5, issue 13): the old store is kept byte-for-byte as history and a new one is re-rated from the
// replays under today's profile. Decision and reasons: docs/rules-decisions.md "TEI: a change of anchors".
#pragma once

#include <string>
#include <vector>

#include "core/det/result.h"

namespace concord::tei {

struct ReprofileReport {
  bool nothingToDo = false;            // every rating and game of the store is already under kTeiProfileId
  std::vector<std::string> oldProfiles;
  std::string historyPath;             // where the old store now lives, untouched
  std::string ledgerText;              // the re-rating, as `tei ledger` prints it
  size_t rerated = 0;                  // games rated again under the new profile
  size_t forfeits = 0;                 // walked-away games (applied as losses before) applied as losses again
  std::vector<std::string> notCarried; // games applied before with no replay in the folder: in the history only
};

/// Re-rates the store at `dbPath` under kTeiProfileId from the replays in `replayDir` (`tei ledger` order).
/// The old file is renamed to `<dbPath>.<first old profile>` and never written; Academy placements and
/// registered games carry over; an unfinished replay whose game was applied before (a walk-away forfeit)
/// is applied as the same loss again. Nothing is renamed unless the whole re-rating succeeded.
Result<ReprofileReport> reprofileStore(const std::string& dbPath, const std::string& replayDir);

}  // namespace concord::tei
