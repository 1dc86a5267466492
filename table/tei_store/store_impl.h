// TeiStore's internals, shared by its source files (store.cpp, store_games.cpp) only.
#pragma once

#include <sqlite3.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "table/tei_store/store.h"
#include "table/tei_store/stored_values.h"

namespace concord::tei {
namespace store_detail {

// One bound statement; finalizes on scope exit.
class Stmt {
 public:
  Stmt(sqlite3* db, sqlite3_stmt* s) : db_(db), s_(s) {}
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  ~Stmt() { sqlite3_finalize(s_); }
  void bind(int i, const std::string& v) { sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT); }
  void bind(int i, double v) { sqlite3_bind_double(s_, i, v); }
  void bind(int i, int64_t v) { sqlite3_bind_int64(s_, i, v); }
  void bindNull(int i) { sqlite3_bind_null(s_, i); }
  /// SQLITE_ROW → true, SQLITE_DONE → false.
  Result<bool> step() {
    const int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return Err("database error: ", sqlite3_errmsg(db_));
  }
  sqlite3_stmt* raw() { return s_; }
  int64_t integer(int c) { return sqlite3_column_int64(s_, c); }
  std::optional<std::string> text(int c) {
    if (sqlite3_column_type(s_, c) == SQLITE_NULL) return std::nullopt;
    const auto* p = sqlite3_column_text(s_, c);
    return std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(s_, c)));
  }
  /// Every row's column 0 as text (NULL read as ""), in the statement's order.
  Result<std::vector<std::string>> textColumn() {
    std::vector<std::string> out;
    while (true) {
      auto row = step();
      if (!row) return row.error();
      if (!*row) return out;
      out.push_back(text(0).value_or(""));
    }
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_;
};

}  // namespace store_detail

struct TeiStore::Impl {
  sqlite3* db = nullptr;
  std::function<bool(int64_t)> hook;
  int64_t counter = 0;

  ~Impl() {
    if (db) sqlite3_close(db);
  }

  Result<void> fault() {
    ++counter;
    if (hook && hook(counter)) return Err("database error: injected fault at statement ", counter);
    return Ok();
  }

  Result<std::unique_ptr<store_detail::Stmt>> prepare(const std::string& sql) {
    if (auto f = fault(); !f) return f.error();
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) {
      sqlite3_finalize(s);
      return Err("database error: ", sqlite3_errmsg(db));
    }
    return std::make_unique<store_detail::Stmt>(db, s);
  }

  Result<void> exec(const std::string& sql, bool injectable = true) {
    if (injectable)
      if (auto f = fault(); !f) return f.error();
    char* msg = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
      std::string m = msg ? msg : sqlite3_errmsg(db);
      sqlite3_free(msg);
      return Err("database error: ", m);
    }
    return Ok();
  }

  /// Runs `body` inside BEGIN IMMEDIATE … COMMIT; any failure rolls everything back.
  template <class F>
  auto transaction(F&& body) -> decltype(body()) {
    if (auto b = exec("BEGIN IMMEDIATE"); !b) return b.error();
    auto r = body();
    if (r) {
      if (auto c = exec("COMMIT"); c) return r;
      else {
        (void)exec("ROLLBACK", false);
        return c.error();
      }
    }
    (void)exec("ROLLBACK", false);
    return r;
  }

  Result<int> userVersion() {
    auto s = prepare("PRAGMA user_version");
    if (!s) return s.error();
    auto row = (*s)->step();
    if (!row) return row.error();
    return static_cast<int>((*s)->integer(0));
  }

  Result<void> migrate();  // store.cpp: the schema history

  Result<std::optional<StoredRating>> readRating(const std::string& player, const std::string& bucket) {
    auto s = prepare("SELECT mu, sigma, matches, display_rating, display_grade, profile FROM ratings WHERE player=?1 AND bucket=?2");
    if (!s) return s.error();
    (*s)->bind(1, player);
    (*s)->bind(2, bucket);
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) return std::optional<StoredRating>{};
    // Issue 11 point 5: a rating kept under other anchors or grades is never updated as if it were ours.
    if (auto p = (*s)->text(5).value_or(""); p != kTeiProfileId)
      return Err("the rating of ", player, " in ", bucket, " was computed under TEI profile '", p, "', but this concord rates under '",
                 kTeiProfileId, "' (new anchors): it is not reinterpreted. Run `concord tei reprofile [REPLAY_DIR] --db <this db>` to "
                 "keep this store unchanged as history and re-rate your replays under the new profile");
    auto r = checkedRating((*s)->raw(), 0);
    if (!r) return r.error();
    return std::optional<StoredRating>{*r};
  }
};

/// Inside applyMatch's transaction: refuses a deal already applied under another game id (issue 11, a replay
/// signed again by another key), records the deal, and ends the game's registration (it has a result now).
Result<void> recordGameOnce(TeiStore::Impl& im, const MatchRecord& m);

/// Inside applyMatch's transaction (issue 26): the game's hidden-hand violations and the people it was voided for.
Result<void> recordViolations(TeiStore::Impl& im, const MatchRecord& m, const MatchPlan& plan);

}  // namespace concord::tei
