// TEI storage: buckets, idempotency by game id (TEI §3.3), Academy (TEI §6.6), leaderboards (TEI §9),
// schema migration, and transactional writes under fault injection (a failed write never corrupts the DB).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "table/tei_store/store.h"
#include "tests/support/temp_dir.h"

using namespace concord::tei;
namespace fs = std::filesystem;

namespace {

std::string tempDb(const std::string& name) {
  static const concord::testing::TempDir dir("tei-store");
  const fs::path p = dir / (name + ".sqlite");
  fs::remove(p);
  return p.string();
}

SeatRecord human(std::string id, int placing) {
  SeatRecord s;
  s.playerId = std::move(id);
  s.placing = placing;
  return s;
}

SeatRecord ai(OfficerKind k, int placing) {
  SeatRecord s;
  s.kind = SeatKind::Ai;
  s.officer = k;
  s.placing = placing;
  return s;
}

MatchRecord online(std::string id, std::vector<SeatRecord> seats) {
  MatchRecord m;
  m.gameId = std::move(id);
  m.objective = Objective::Points;
  m.completed = true;
  m.online = true;
  m.seats = std::move(seats);
  return m;
}

// Full dump of every table, as text, to compare database states byte for byte.
std::string dump(const std::string& path) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  std::string out;
  for (const char* q : {"SELECT player||'|'||bucket||'|'||quote(mu)||'|'||quote(sigma)||'|'||matches||'|'||quote(display_rating)"
                        "||'|'||ifnull(display_grade,'-')||'|'||wins FROM ratings ORDER BY player, bucket",
                        "SELECT game_id||'|'||summary||'|'||eligible FROM applied_games ORDER BY game_id",
                        "SELECT player||'|'||track||'|'||matches||'|'||wins FROM advisor ORDER BY player, track",
                        "SELECT player||'|'||track||'|'||skill FROM academy ORDER BY player, track"}) {
    sqlite3_stmt* s = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, q, -1, &s, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    while (sqlite3_step(s) == SQLITE_ROW) {
      out += reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
      out += "\n";
    }
    sqlite3_finalize(s);
    out += "--\n";
  }
  sqlite3_close(db);
  return out;
}

}  // namespace

TEST(TeiStore, DefaultPathFollowsXdg) {
  const char* old = std::getenv("XDG_DATA_HOME");
  const std::string saved = old ? old : "";
  setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(*defaultStorePath(), "/tmp/xdg-test/concord/tei.sqlite");
  unsetenv("XDG_DATA_HOME");
  const std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
  if (!home.empty()) {
    EXPECT_EQ(*defaultStorePath(), home + "/.local/share/concord/tei.sqlite");
  }
  if (old) setenv("XDG_DATA_HOME", saved.c_str(), 1);
}

TEST(TeiStore, AppliesAndIsIdempotentByGameId_TEI_3_3) {
  const auto path = tempDb("idem");
  auto st = TeiStore::open(path);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(*st->schemaVersion(), TeiStore::kSchemaVersion);
  const auto m = online("g1", {human("a", 1), human("b", 2), ai(OfficerKind::Commander, 3)});
  auto r1 = st->applyMatch(m);
  ASSERT_TRUE(r1.ok()) << r1.message();
  EXPECT_FALSE(r1->alreadyApplied);
  ASSERT_EQ(r1->plan.writes.size(), 2u);
  const std::string after1 = dump(path);
  auto r2 = st->applyMatch(m);
  ASSERT_TRUE(r2.ok());
  EXPECT_TRUE(r2->alreadyApplied);
  EXPECT_EQ(dump(path), after1);
  auto a = st->rating("a", *parseBucket("human", Track::Points));
  ASSERT_TRUE(a.ok() && a->has_value());
  EXPECT_EQ((*a)->matches, 1);
  EXPECT_EQ(**a, r1->plan.writes[0].after);  // doubles round-trip exactly through SQLite REAL
  // A second game continues from the stored prior.
  auto r3 = st->applyMatch(online("g2", {human("a", 2), human("b", 1)}));
  ASSERT_TRUE(r3.ok());
  EXPECT_EQ(r3->plan.writes[0].before, **a);
  EXPECT_EQ(r3->plan.writes[0].after.matches, 2);
  // The anchors are untouched by all of this (TEI §8.3): no AI rows are ever stored.
  auto buckets = st->playerBuckets("");
  ASSERT_TRUE(buckets.ok());
  EXPECT_TRUE(buckets->empty());
}

TEST(TeiStore, IneligibleGamesRecordedButChangeNoRating) {
  const auto path = tempDb("inelig");
  auto st = TeiStore::open(path);
  ASSERT_TRUE(st.ok());
  auto m = online("g-ex", {human("a", 1), human("b", 2)});
  m.maxPip = 18;
  m.seats[0].advisorUsed = true;
  auto r = st->applyMatch(m);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->plan.eligibility.eligible());
  EXPECT_TRUE(r->plan.writes.empty());
  EXPECT_FALSE(st->rating("a", *parseBucket("human", Track::Points))->has_value());
  EXPECT_TRUE(*st->gameApplied("g-ex"));
  // The assisted captain's advisor counters move once, even if the game is re-applied.
  EXPECT_EQ(st->advisor("a", Track::Points)->matches, 1);
  EXPECT_EQ(st->advisor("a", Track::Points)->wins, 1);
  ASSERT_TRUE(st->applyMatch(m).ok());
  EXPECT_EQ(st->advisor("a", Track::Points)->matches, 1);
  EXPECT_EQ(st->advisor("b", Track::Points)->matches, 0);
}

TEST(TeiStore, AcademyPlacementOncePerTrackAndLocks_TEI_6_6) {
  auto st = TeiStore::open(tempDb("academy"));
  ASSERT_TRUE(st.ok());
  ASSERT_TRUE(st->setAcademyPlacement("a", Track::Points, SkillKey::Commander).ok());
  auto again = st->setAcademyPlacement("a", Track::Points, SkillKey::Ensign);
  EXPECT_FALSE(again.ok());
  EXPECT_NE(again.message().find("already saved"), std::string::npos);
  MatchRecord m;
  m.gameId = "solo-a";
  m.objective = Objective::Points;
  m.completed = true;
  m.seats = {human("a", 1), ai(OfficerKind::Lieutenant, 2)};
  auto r = st->applyMatch(m);
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_EQ(r->plan.writes.size(), 1u);
  EXPECT_EQ(r->plan.writes[0].bucket.str(), "localAi/lieutenant/points");
  EXPECT_EQ(r->plan.writes[0].before.mu, 30.4);  // Commander anchor seed (calibrated, issue 13; §7.1 had 35.0)
  // Go-out placement is independent; after a rated go-out match it locks.
  MatchRecord g = m;
  g.gameId = "solo-b";
  g.objective = Objective::GoOut;
  ASSERT_TRUE(st->applyMatch(g).ok());
  auto locked = st->setAcademyPlacement("a", Track::GoOut, SkillKey::Ensign);
  EXPECT_FALSE(locked.ok());
  EXPECT_NE(locked.message().find("locks"), std::string::npos);
  EXPECT_TRUE(st->setAcademyPlacement("newcomer", Track::GoOut, SkillKey::Ensign).ok());
}

TEST(TeiStore, LeaderboardSortsAndRanks_TEI_9) {
  auto st = TeiStore::open(tempDb("board"));
  ASSERT_TRUE(st.ok());
  ASSERT_TRUE(st->applyMatch(online("g1", {human("a", 1), human("b", 2), human("c", 2), human("d", 4)})).ok());
  auto board = st->leaderboard(*parseBucket("human", Track::Points), BoardSort::TeiPath);
  ASSERT_TRUE(board.ok());
  ASSERT_EQ(board->size(), 4u);
  EXPECT_EQ((*board)[0].playerId, "a");
  EXPECT_EQ((*board)[3].playerId, "d");
  // b and c tied at the table and hold identical ratings: they share a board rank, ordered by id.
  const auto ranks = boardRanks(*board, BoardSort::DisplayRating);
  EXPECT_EQ((*board)[1].playerId, "b");
  EXPECT_EQ((*board)[2].playerId, "c");
  EXPECT_EQ(ranks[1], ranks[2]);
  EXPECT_EQ((*board)[0].wins, 1);
  auto other = st->leaderboard(*parseBucket("human", Track::GoOut), BoardSort::TeiPath);
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(other->empty());  // tracks never cross (TEI §2)
}

TEST(TeiStore, BoardSortKeys_TEI_9_1) {
  auto row = [](std::string id, double mu, double sigma, std::optional<Letter> g) {
    StoredRating r;
    r.mu = mu;
    r.sigma = sigma;
    r.matches = 10;
    r.displayRating = displayRating(mu, sigma);
    r.displayGrade = g;
    return BoardRow{std::move(id), r, 0};
  };
  // "x": higher μ−3σ but still I; "y": lower skill but settled C. TEI path puts C first.
  std::vector<BoardRow> rows{row("x", 40, 3.0, std::nullopt), row("y", 30, 2.0, std::nullopt), row("z", 45, 5.0, std::nullopt)};
  sortBoard(rows, BoardSort::TeiPath);
  EXPECT_EQ(rows[0].playerId, "y");
  EXPECT_EQ(rows[1].playerId, "x");
  sortBoard(rows, BoardSort::DisplayRating);
  EXPECT_EQ(rows[0].playerId, "x");
  sortBoard(rows, BoardSort::Mu);
  EXPECT_EQ(rows[0].playerId, "z");
  // Hysteresis memory counts: σ=1.6 stored as V sorts as V.
  std::vector<BoardRow> h{row("c", 30, 1.6, Letter::C), row("v", 30, 1.6, Letter::V)};
  sortBoard(h, BoardSort::TeiPath);
  EXPECT_EQ(h[0].playerId, "v");
}

TEST(TeiStore, MigratesVersion1Database) {
  const auto path = tempDb("migrate");
  {  // Hand-built schema v1 with one rating, as an older concord wrote it.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const char* v1 =
        "CREATE TABLE ratings(player TEXT NOT NULL, bucket TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,"
        " matches INTEGER NOT NULL, display_rating REAL NOT NULL, display_grade TEXT, wins INTEGER NOT NULL DEFAULT 0,"
        " PRIMARY KEY(player, bucket));"
        "CREATE INDEX ratings_by_bucket ON ratings(bucket);"
        "CREATE TABLE applied_games(game_id TEXT PRIMARY KEY, summary TEXT NOT NULL);"
        "INSERT INTO ratings VALUES('old','human/points',30.0,2.0,12,24.0,'C',5);"
        "INSERT INTO applied_games VALUES('old-game','eligible');"
        "PRAGMA user_version = 1;";
    ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  auto st = TeiStore::open(path);
  ASSERT_TRUE(st.ok()) << st.message();
  // v1 → v2 (academy, advisor) → v3 (profiles, issue 11 point 5) → v4 (deals) → v5 (hidden-hand violations, issue 26)
  EXPECT_EQ(*st->schemaVersion(), 5);
  EXPECT_TRUE(st->violationsOf("old").value().empty());
  EXPECT_TRUE(st->voidedFor("old").value().empty());
  // A v1 row was computed under §7.1's initial anchors: kept as it was (history), never read as today's rating.
  auto r = st->rating("old", *parseBucket("human", Track::Points));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("not reinterpreted"), std::string::npos) << r.message();
  auto kept = st->playerBuckets("old");
  ASSERT_TRUE(kept.ok() && kept->size() == 1u);
  EXPECT_EQ(kept->at(0).rating.matches, 12);
  EXPECT_EQ(kept->at(0).rating.displayGrade, Letter::C);
  EXPECT_TRUE(*st->gameApplied("old-game"));
  EXPECT_TRUE(st->setAcademyPlacement("new", Track::Points, SkillKey::Ensign).ok());  // v2 table exists
  // Rows from before profiles were computed under the only profile there was: TEI §7.1's initial anchors,
  // which the calibrated anchors (issue 13) replaced — so they are history now, not today's profile.
  EXPECT_EQ(st->gameProfile("old-game")->value_or(""), kTeiProfileIdInitialAnchors);
  EXPECT_EQ(st->playerBuckets("old")->at(0).profile, kTeiProfileIdInitialAnchors);
  EXPECT_EQ(*st->foreignProfiles(), std::vector<std::string>{std::string(kTeiProfileIdInitialAnchors)});
}

// Issue 11 point 5: each game and rating keeps its profile; a rating kept under other anchors or grades is
// refused, never updated as if it were computed under today's tables.
TEST(TeiStore, ProfilesAreStoredAndAForeignProfileIsNotReinterpreted) {
  const auto path = tempDb("profile");
  auto st = TeiStore::open(path);
  ASSERT_TRUE(st.ok()) << st.message();
  MatchRecord m;
  m.gameId = "p1";
  m.objective = Objective::Points;
  m.completed = true;
  SeatRecord h;
  h.playerId = "ada";
  h.placing = 1;
  SeatRecord a;
  a.kind = SeatKind::Ai;
  a.officer = OfficerKind::Ensign;
  a.placing = 2;
  m.seats = {h, a};
  ASSERT_TRUE(st->applyMatch(m).ok());
  EXPECT_EQ(st->gameProfile("p1")->value_or(""), kTeiProfileId);
  EXPECT_FALSE(st->gameProfile("nope")->has_value());
  EXPECT_EQ(st->playerBuckets("ada")->at(0).profile, kTeiProfileId);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "UPDATE ratings SET profile='warp12-official-v1+anchors-2025-01-01+grades-v0'", nullptr, nullptr,
                           nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  m.gameId = "p2";
  auto r = st->applyMatch(m);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("anchors-2025-01-01"), std::string::npos) << r.message();
  EXPECT_NE(r.message().find("not reinterpreted"), std::string::npos) << r.message();
  EXPECT_FALSE(*st->gameApplied("p2"));
}

TEST(TeiStore, RefusesNewerSchemaAndNonDatabases) {
  const auto path = tempDb("newer");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  auto st = TeiStore::open(path);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("upgrade concord"), std::string::npos) << st.message();
  const auto junk = tempDb("junk");
  {
    FILE* f = std::fopen(junk.c_str(), "wb");
    std::fputs("this is not a database, just some text long enough to be a header ..........", f);
    std::fclose(f);
  }
  auto j = TeiStore::open(junk);
  EXPECT_FALSE(j.ok());
}

// SQLite-style anomaly loop: fail the N-th statement for N = 1, 2, … until the write succeeds untouched.
// Each failure must leave the database exactly as before; the final success must equal a fault-free run.
TEST(TeiStore, FailedWritesNeverCorrupt_FaultInjection) {
  auto setup = [](const std::string& path) {
    auto st = TeiStore::open(path);
    EXPECT_TRUE(st.ok());
    EXPECT_TRUE(st->applyMatch(online("seed", {human("a", 1), human("b", 2), human("c", 3)})).ok());
    EXPECT_TRUE(st->setAcademyPlacement("d", Track::Points, SkillKey::Lieutenant).ok());
    return std::move(*st);
  };
  auto game = online("g-fault", {human("a", 3), human("b", 1), human("c", 2), human("d", 4), ai(OfficerKind::Ensign, 5)});
  game.seats[0].advisorUsed = false;
  game.charterId = "global-official";  // 8 rating writes across two buckets

  const auto refPath = tempDb("fault_ref");
  {
    auto ref = setup(refPath);
    ASSERT_TRUE(ref.applyMatch(game).ok());
  }
  const std::string expected = dump(refPath);

  const auto path = tempDb("fault");
  auto st = setup(path);
  const std::string before = dump(path);
  int failures = 0;
  for (int64_t n = 1; n < 1000; ++n) {
    st.setFaultHook([n](int64_t i) { return i == n; });
    auto r = st.applyMatch(game);
    st.setFaultHook(nullptr);
    if (r.ok()) {
      EXPECT_FALSE(r->alreadyApplied);
      break;
    }
    ++failures;
    EXPECT_NE(r.message().find("injected fault"), std::string::npos) << r.message();
    ASSERT_EQ(dump(path), before) << "statement " << n << " left a partial write";
  }
  EXPECT_GE(failures, 15);  // every read, write and the COMMIT were each failed once
  EXPECT_EQ(dump(path), expected);
  std::printf("fault injection: %d failing statements, each rolled back cleanly\n", failures);
}
