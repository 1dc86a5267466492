// Rating a finished game (RULES §VIII, TEI): its verified replay, the record, applied to a TEI store. One
// function for both faces: `concord play` prints `text` after its last turn (tools/concord/cmd_play.cpp), the
// Qt client's end-of-campaign summary shows each seat's before → after from `applied` (ui/shell/campaign_rating).
// Slow (verifies and re-simulates the whole replay): the Qt client runs it on a worker.
#pragma once

#include <string>

#include "core/det/result.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"

namespace concord::tei {

struct FinishedRating {
  std::string storePath;  // the store written: the one given, else the user's default
  ReplayApplied applied;  // the verified match and what the store did with it (writes, eligibility)
  std::string text;       // describeApplied with each write's board percentile (TEI §9.2)
};

/// A store and what it did with one record.
struct StoreApplied {
  TeiStore store;
  ApplyOutcome outcome;
};
/// Applies `m` to the store at `storePath`; a store that does not exist yet is created only if it accepts the record
/// (issue 30: a refused game, e.g. an unfinished one, leaves no database behind; tried first on a store in memory).
Result<StoreApplied> applyToStoreAt(const std::string& storePath, const MatchRecord& m);

/// Verifies `replayPath`, builds its MatchRecord and applies it to the store at `storePath` ("" = the
/// default store, table/tei_store defaultStorePath). Idempotent by game id (applied.outcome.alreadyApplied).
/// The error says why nothing was rated: an unreadable or failed replay, no store path, an unopenable store.
Result<FinishedRating> rateFinishedGame(const std::string& replayPath, const std::string& storePath,
                                        const ReplayMatchOptions& options = {});

}  // namespace concord::tei
