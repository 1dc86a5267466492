// Reading a TEI store row's values strictly (issue 11 point 6): a value of the wrong SQLite type or out of range
// is reported as a corrupt database, never read as 0 or reset. Used by store.cpp only.
#pragma once

#include <sqlite3.h>

#include <cstdint>

#include "core/det/result.h"
#include "core/tei/rating.h"

namespace concord::tei {

/// mu, sigma, matches, display_rating, display_grade from column `first` on.
Result<StoredRating> checkedRating(sqlite3_stmt* st, int first);
/// A counter column (wins, advisor matches): a whole number >= 0.
Result<int64_t> checkedCount(sqlite3_stmt* st, int c, const char* name);

}  // namespace concord::tei
