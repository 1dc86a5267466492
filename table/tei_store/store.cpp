#include "table/tei_store/store.h"
#include "table/tei_store/store_impl.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace concord::tei {

Result<std::string> defaultStorePath() {
  std::filesystem::path base;
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) base = x;
  else if (const char* h = std::getenv("HOME"); h && *h) base = std::filesystem::path(h) / ".local" / "share";
  else return Err("cannot find a data directory: set XDG_DATA_HOME or HOME, or pass --db PATH");
  return (base / "concord" / "tei.sqlite").string();
}

namespace {

struct Migration {
  int version;
  const char* sql;
};

// Schema history. Never edit a released step: add a new one (TeiStore::kSchemaVersion).
constexpr Migration kMigrations[] = {
    {1,
     "CREATE TABLE ratings(player TEXT NOT NULL, bucket TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,"
     " matches INTEGER NOT NULL, display_rating REAL NOT NULL, display_grade TEXT, wins INTEGER NOT NULL DEFAULT 0,"
     " PRIMARY KEY(player, bucket));"
     "CREATE INDEX ratings_by_bucket ON ratings(bucket);"
     "CREATE TABLE applied_games(game_id TEXT PRIMARY KEY, summary TEXT NOT NULL);"},
    {2,
     "CREATE TABLE academy(player TEXT NOT NULL, track TEXT NOT NULL, skill TEXT NOT NULL, PRIMARY KEY(player, track));"
     "CREATE TABLE advisor(player TEXT NOT NULL, track TEXT NOT NULL, matches INTEGER NOT NULL, wins INTEGER NOT NULL,"
     " PRIMARY KEY(player, track));"
     "ALTER TABLE applied_games ADD COLUMN eligible INTEGER NOT NULL DEFAULT 1;"},
    // Issue 11 point 5: the profile (rules, anchors, grades) of every game and rating; rows written before
    // this step were computed under the one profile that existed then.
    {3,
     "ALTER TABLE ratings ADD COLUMN profile TEXT NOT NULL DEFAULT 'warp12-official-v1+anchors-2026-07-12+grades-v1';"
     "ALTER TABLE applied_games ADD COLUMN profile TEXT NOT NULL DEFAULT 'warp12-official-v1+anchors-2026-07-12+grades-v1';"},
    // Issue 11 cheater paths: each deal (module, settings, seed, fleet) is rated once, whoever's key signed it.
    // A rated solo game is registered as it starts (pending_games: its session, hex) and counted as a loss if walked away from.
    {4, "CREATE TABLE applied_deals(deal TEXT PRIMARY KEY, game_id TEXT NOT NULL);"
        "CREATE TABLE pending_games(game_id TEXT PRIMARY KEY, player TEXT NOT NULL, session TEXT NOT NULL);"},
    // Issue 26: hidden-hand violations (what, turn, seat, the charged person) and the people a violation voided a game for.
    {5, "CREATE TABLE hidden_violations(game_id TEXT NOT NULL, idx INTEGER NOT NULL, turn INTEGER NOT NULL,"
        " seat INTEGER NOT NULL, by_seat INTEGER NOT NULL, player TEXT NOT NULL, what TEXT NOT NULL, PRIMARY KEY(game_id, idx));"
        "CREATE INDEX hidden_violations_by_player ON hidden_violations(player);"
        "CREATE TABLE voided_games(game_id TEXT NOT NULL, player TEXT NOT NULL, reason TEXT NOT NULL,"
        " PRIMARY KEY(game_id, player));"},
};

}  // namespace

Result<void> TeiStore::Impl::migrate() {
  auto v = userVersion();
  if (!v) return v.error();
  if (*v > kSchemaVersion)
    return Err("the TEI database has schema version ", *v, " but this concord understands up to ", kSchemaVersion,
               ": upgrade concord (the database was left untouched)");
  for (const auto& m : kMigrations) {
    if (m.version <= *v) continue;
    auto r = transaction([&]() -> Result<void> {
      if (auto e = exec(m.sql); !e) return Err("migrating the TEI database to schema ", m.version, ": ", e.message());
      return exec("PRAGMA user_version = " + std::to_string(m.version));
    });
    if (!r) return r;
  }
  return Ok();
}



namespace {

class StoreSource : public RatingSource {
 public:
  explicit StoreSource(TeiStore::Impl& impl) : impl_(impl) {}
  Result<std::optional<StoredRating>> stored(const std::string& playerId, const BucketKey& bucket) override {
    return impl_.readRating(playerId, bucket.str());
  }
  Result<std::optional<SkillKey>> academy(const std::string& playerId, Track track) override {
    auto s = impl_.prepare("SELECT skill FROM academy WHERE player=?1 AND track=?2");
    if (!s) return s.error();
    (*s)->bind(1, playerId);
    (*s)->bind(2, std::string(trackKey(track)));
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) return std::optional<SkillKey>{};
    auto k = parseSkillKey((*s)->text(0).value_or(""));
    if (!k) return Err("corrupt TEI database: ", k.message());
    return std::optional<SkillKey>{*k};
  }

 private:
  TeiStore::Impl& impl_;
};

}  // namespace

TeiStore::TeiStore(sqlite3* db) : impl_(std::make_unique<Impl>()) { impl_->db = db; }
TeiStore::TeiStore(TeiStore&&) noexcept = default;
TeiStore& TeiStore::operator=(TeiStore&&) noexcept = default;
TeiStore::~TeiStore() = default;

Result<TeiStore> TeiStore::open(const std::string& path) {
  std::error_code ec;
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec) return Err("cannot create directory ", parent.string(), ": ", ec.message());
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    std::string m = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Err("cannot open TEI database ", path, ": ", m);
  }
  TeiStore store(db);
  sqlite3_busy_timeout(db, 5000);
  if (auto e = store.impl_->exec("PRAGMA foreign_keys = ON", false); !e) return Err(path, ": ", e.message());
  // A file that is not a database fails on its first read.
  if (auto m = store.impl_->migrate(); !m) return Err(path, ": ", m.message());
  return store;
}

Result<int> TeiStore::schemaVersion() { return impl_->userVersion(); }

void TeiStore::setFaultHook(std::function<bool(int64_t)> hook) {
  impl_->hook = std::move(hook);
  impl_->counter = 0;
}

Result<std::optional<std::string>> TeiStore::gameProfile(const std::string& gameId) {
  auto s = impl_->prepare("SELECT profile FROM applied_games WHERE game_id=?1");
  if (!s) return s.error();
  (*s)->bind(1, gameId);
  auto row = (*s)->step();
  if (!row) return row.error();
  if (!*row) return std::optional<std::string>{};
  return std::optional<std::string>{(*s)->text(0).value_or("")};
}

Result<bool> TeiStore::gameApplied(const std::string& gameId) {
  auto s = impl_->prepare("SELECT 1 FROM applied_games WHERE game_id=?1");
  if (!s) return s.error();
  (*s)->bind(1, gameId);
  return (*s)->step();
}

Result<ApplyOutcome> TeiStore::applyMatch(const MatchRecord& m, const RulesProfile& profile) {
  // Issue 11 point 1: an unfinished game (saved with q, cut short) is no result. Refused before the
  // transaction, so its game id stays free for the finished copy (TEI §4 E2; no loss escaped by applying early).
  if (!m.completed)
    return Err("refused: game ", m.gameId, " is unfinished (it has no final standings: saved to resume, or cut short); an "
               "unfinished game is not a result, so nothing was recorded. Apply the finished copy once the game ends");
  Impl& im = *impl_;
  return im.transaction([&]() -> Result<ApplyOutcome> {
    ApplyOutcome out;
    auto seen = gameApplied(m.gameId);
    if (!seen) return seen.error();
    StoreSource src(im);
    auto plan = planMatch(m, src, profile);
    if (!plan) return plan.error();
    out.plan = std::move(*plan);
    if (*seen) {
      out.alreadyApplied = true;
      return out;
    }
    if (auto d = recordGameOnce(im, m); !d) return d.error();  // store_games.cpp: its deal, its registration
    if (auto v = recordViolations(im, m, out.plan); !v) return v.error();  // issue 26: store_violations.cpp
    for (const auto& w : out.plan.writes) {
      auto s = im.prepare(
          "INSERT INTO ratings(player, bucket, mu, sigma, matches, display_rating, display_grade, wins, profile)"
          " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT(player, bucket) DO UPDATE SET mu=excluded.mu,"
          " sigma=excluded.sigma, matches=excluded.matches, display_rating=excluded.display_rating,"
          " display_grade=excluded.display_grade, wins=ratings.wins + excluded.wins, profile=excluded.profile");
      if (!s) return s.error();
      (*s)->bind(1, w.playerId);
      (*s)->bind(2, w.bucket.str());
      (*s)->bind(3, w.after.mu);
      (*s)->bind(4, w.after.sigma);
      (*s)->bind(5, w.after.matches);
      (*s)->bind(6, w.after.displayRating);
      if (w.after.displayGrade) (*s)->bind(7, std::string(1, letterChar(*w.after.displayGrade)));
      else (*s)->bindNull(7);
      (*s)->bind(8, int64_t{w.won ? 1 : 0});
      (*s)->bind(9, std::string(kTeiProfileId));
      if (auto r = (*s)->step(); !r) return r.error();
    }
    for (const auto& a : out.plan.advisor) {
      auto s = im.prepare(
          "INSERT INTO advisor(player, track, matches, wins) VALUES(?1, ?2, 1, ?3) ON CONFLICT(player, track)"
          " DO UPDATE SET matches = advisor.matches + 1, wins = advisor.wins + excluded.wins");
      if (!s) return s.error();
      (*s)->bind(1, a.playerId);
      (*s)->bind(2, std::string(trackKey(a.track)));
      (*s)->bind(3, int64_t{a.won ? 1 : 0});
      if (auto r = (*s)->step(); !r) return r.error();
    }
    auto s = im.prepare("INSERT INTO applied_games(game_id, summary, eligible, profile) VALUES(?1, ?2, ?3, ?4)");
    if (!s) return s.error();
    (*s)->bind(4, std::string(kTeiProfileId));
    (*s)->bind(1, m.gameId);
    (*s)->bind(2, out.plan.eligibility.summary() +
                      (m.violations.empty() ? std::string() : "; hidden-hand violation (issue 26): " + violationsText(m)));
    (*s)->bind(3, int64_t{out.plan.eligibility.eligible() ? 1 : 0});
    if (auto r = (*s)->step(); !r) return r.error();
    return out;
  });
}

Result<void> TeiStore::setAcademyPlacement(const std::string& playerId, Track track, SkillKey skill) {
  Impl& im = *impl_;
  return im.transaction([&]() -> Result<void> {
    StoreSource src(im);
    auto existing = src.academy(playerId, track);
    if (!existing) return existing.error();
    if (*existing)
      return Err("Academy placement for ", playerId, " on ", trackObjective(track), " is already saved (",
                 skillKeyName(**existing), "); it is set once per track");
    auto s = im.prepare("SELECT 1 FROM ratings WHERE player=?1 AND bucket LIKE ?2 AND matches > 0");
    if (!s) return s.error();
    (*s)->bind(1, playerId);
    (*s)->bind(2, "%/" + std::string(trackKey(track)));
    auto row = (*s)->step();
    if (!row) return row.error();
    if (*row)
      return Err("Academy placement locks after the first rated match: ", playerId, " already has rated ",
                 trackObjective(track), " matches");
    auto ins = im.prepare("INSERT INTO academy(player, track, skill) VALUES(?1, ?2, ?3)");
    if (!ins) return ins.error();
    (*ins)->bind(1, playerId);
    (*ins)->bind(2, std::string(trackKey(track)));
    (*ins)->bind(3, std::string(skillKeyName(skill)));
    if (auto r = (*ins)->step(); !r) return r.error();
    return Ok();
  });
}

Result<std::optional<SkillKey>> TeiStore::academyPlacement(const std::string& playerId, Track track) {
  StoreSource src(*impl_);
  return src.academy(playerId, track);
}

Result<std::optional<StoredRating>> TeiStore::rating(const std::string& playerId, const BucketKey& bucket) {
  return impl_->readRating(playerId, bucket.str());
}

namespace {
Result<StoredRating> rowRating(store_detail::Stmt& s, int first) { return checkedRating(s.raw(), first); }
}  // namespace

Result<std::vector<PlayerBucket>> TeiStore::playerBuckets(const std::string& playerId) {
  auto s = impl_->prepare(
      "SELECT bucket, mu, sigma, matches, display_rating, display_grade, wins, profile FROM ratings WHERE player=?1 ORDER BY bucket");
  if (!s) return s.error();
  (*s)->bind(1, playerId);
  std::vector<PlayerBucket> out;
  for (;;) {
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) break;
    auto r = rowRating(**s, 1);
    if (!r) return r.error();
    auto wins = checkedCount((*s)->raw(), 6, "wins");
    if (!wins) return wins.error();
    out.push_back(PlayerBucket{(*s)->text(0).value_or(""), (*s)->text(7).value_or(""), *r, *wins});
  }
  return out;
}

Result<std::vector<BoardRow>> TeiStore::leaderboard(const BucketKey& bucket, BoardSort sort) {
  auto s = impl_->prepare(
      "SELECT player, mu, sigma, matches, display_rating, display_grade, wins FROM ratings WHERE bucket=?1 AND matches > 0");
  if (!s) return s.error();
  (*s)->bind(1, bucket.str());
  std::vector<BoardRow> out;
  for (;;) {
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) break;
    auto r = rowRating(**s, 1);
    if (!r) return r.error();
    auto wins = checkedCount((*s)->raw(), 6, "wins");
    if (!wins) return wins.error();
    out.push_back(BoardRow{(*s)->text(0).value_or(""), *r, *wins});
  }
  sortBoard(out, sort);
  return out;
}

Result<AdvisorCounters> TeiStore::advisor(const std::string& playerId, Track track) {
  auto s = impl_->prepare("SELECT matches, wins FROM advisor WHERE player=?1 AND track=?2");
  if (!s) return s.error();
  (*s)->bind(1, playerId);
  (*s)->bind(2, std::string(trackKey(track)));
  auto row = (*s)->step();
  if (!row) return row.error();
  if (!*row) return AdvisorCounters{};
  auto m = checkedCount((*s)->raw(), 0, "advisor matches");
  if (!m) return m.error();
  auto w = checkedCount((*s)->raw(), 1, "advisor wins");
  if (!w) return w.error();
  return AdvisorCounters{*m, *w};
}

namespace {
// Compares on the sort key only: negative when a ranks above b, 0 when they tie on the board.
int compareKey(const BoardRow& a, const BoardRow& b, BoardSort sort) {
  auto cmp = [](auto x, auto y) { return x > y ? -1 : (x < y ? 1 : 0); };
  switch (sort) {
    case BoardSort::TeiPath: {
      const Grade ga = a.rating.grade(), gb = b.rating.grade();
      if (int c = cmp(static_cast<int>(ga.letter), static_cast<int>(gb.letter))) return c;
      if (int c = cmp(ga.score, gb.score)) return c;
      return cmp(a.rating.displayRating, b.rating.displayRating);
    }
    case BoardSort::DisplayRating: return cmp(a.rating.displayRating, b.rating.displayRating);
    case BoardSort::Mu: return cmp(a.rating.mu, b.rating.mu);
  }
  return 0;
}
}  // namespace

void sortBoard(std::vector<BoardRow>& rows, BoardSort sort) {
  std::sort(rows.begin(), rows.end(), [&](const BoardRow& a, const BoardRow& b) {
    if (int c = compareKey(a, b, sort)) return c < 0;
    return a.playerId < b.playerId;
  });
}

std::vector<int64_t> boardRanks(const std::vector<BoardRow>& rows, BoardSort sort) {
  std::vector<int64_t> r(rows.size());
  for (size_t i = 0; i < rows.size(); ++i)
    r[i] = (i > 0 && compareKey(rows[i - 1], rows[i], sort) == 0) ? r[i - 1] : static_cast<int64_t>(i + 1);
  return r;
}

}  // namespace concord::tei
