// Issue 30: a verified replay's officer match rates on its MatchRecord: each person seat's own non-forced decisions
// and how many equal the Commander's (replay/officer_match.h), which TEI §4 E3 reads in the solo pool
// (core/tei/officer_like.h), and one note per person seat for `tei apply` and the end of `play`.
#pragma once

#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/tei/match.h"
#include "replay/reader.h"

namespace concord::tei {

/// Fills ownDecisions / officerMatched of `record`'s person seats (seat order = the session's) and appends the notes.
Result<void> addOfficerMatch(const replay::ReplayReader& reader, MatchRecord& record, std::vector<std::string>& notes);

}  // namespace concord::tei
