#include "table/tei_store/stored_values.h"

#include <cmath>
#include <string>

namespace concord::tei {

Result<StoredRating> checkedRating(sqlite3_stmt* st, int first) {
  auto numeric = [&](int c) {
    const int t = sqlite3_column_type(st, c);
    return t == SQLITE_FLOAT || t == SQLITE_INTEGER;
  };
  static const char* names[] = {"mu", "sigma", "matches", "display_rating"};
  for (int c = 0; c < 4; ++c)
    if (!numeric(first + c)) return Err("corrupt TEI database: ", names[c], " is not a number");
  if (sqlite3_column_type(st, first + 2) != SQLITE_INTEGER) return Err("corrupt TEI database: matches is not a whole number");
  StoredRating r;
  r.mu = sqlite3_column_double(st, first);
  r.sigma = sqlite3_column_double(st, first + 1);
  r.matches = sqlite3_column_int64(st, first + 2);
  r.displayRating = sqlite3_column_double(st, first + 3);
  if (!std::isfinite(r.mu)) return Err("corrupt TEI database: mu is not finite");
  if (!std::isfinite(r.sigma) || r.sigma < 0) return Err("corrupt TEI database: sigma must be a finite number >= 0");
  if (r.matches < 0) return Err("corrupt TEI database: matches is negative (", r.matches, ")");
  if (!std::isfinite(r.displayRating) || r.displayRating < 0) return Err("corrupt TEI database: display_rating is out of range");
  const int g = sqlite3_column_type(st, first + 4);
  if (g != SQLITE_NULL) {
    if (g != SQLITE_TEXT) return Err("corrupt TEI database: display_grade is not a letter");
    std::string text(reinterpret_cast<const char*>(sqlite3_column_text(st, first + 4)),
                     static_cast<size_t>(sqlite3_column_bytes(st, first + 4)));
    auto l = parseLetter(text);
    if (!l) return Err("corrupt TEI database: ", l.message());
    r.displayGrade = *l;
  }
  return r;
}

Result<int64_t> checkedCount(sqlite3_stmt* st, int c, const char* name) {
  if (sqlite3_column_type(st, c) != SQLITE_INTEGER || sqlite3_column_int64(st, c) < 0)
    return Err("corrupt TEI database: ", name, " is not a whole number >= 0");
  return sqlite3_column_int64(st, c);
}

}  // namespace concord::tei
