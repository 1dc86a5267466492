// TEI rating store: SQLite, versioned schema with migrations, one transaction per applied game,
// idempotent by game id (TEI §3.3 humanRatedGameIds, §3.4 groupRatedIds). Lives outside core/ because
// core does no I/O (DESIGN: Layers); the math and the plan of each game come from core/tei.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/tei/match.h"

struct sqlite3;

namespace concord::tei {

/// $XDG_DATA_HOME/concord/tei.sqlite, else ~/.local/share/concord/tei.sqlite.
Result<std::string> defaultStorePath();

struct ApplyOutcome {
  bool alreadyApplied = false;  // the game id was applied before: nothing changed
  MatchPlan plan;               // what was (or, when alreadyApplied, would have been) evaluated
};

struct BoardRow {
  std::string playerId;
  StoredRating rating;
  int64_t wins = 0;
};

struct PlayerBucket {
  std::string bucket;  // BucketKey::str()
  std::string profile; // the kTeiProfileId it was computed under (issue 11 point 5)
  StoredRating rating;
  int64_t wins = 0;
};

struct AdvisorCounters {
  int64_t matches = 0;
  int64_t wins = 0;
};

/// Leaderboard order (TEI §9.1).
enum class BoardSort : uint8_t {
  TeiPath,        // public: letter P→E then score, ties by displayRating, then player id
  DisplayRating,  // numeric board: cached μ − 3σ
  Mu,             // advanced: raw μ
};

/// Issue 26: a hidden-hand violation as the store keeps it (docs/tei.md "Hidden-hand violations").
struct StoredViolation {
  std::string gameId;
  uint32_t turn = 0;
  int seat = 0;        // the seat the audit named
  int by = 0;          // the person seat charged with it
  std::string player;  // the charged person's player id
  std::string what;
};

/// Issue 26: a game voided for `player` because another seat broke a hidden-hand rule.
struct VoidedGame {
  std::string gameId;
  std::string reason;
};

struct PendingGame {
  std::string gameId;
  std::string sessionHex;
};

class TeiStore {
 public:
  static constexpr int kSchemaVersion = 5;

  /// Opens (creating the file and parent directory when missing) and migrates to kSchemaVersion.
  /// A database written by a newer Concord (higher schema version) is refused, never downgraded.
  static Result<TeiStore> open(const std::string& path);

  TeiStore(TeiStore&&) noexcept;
  TeiStore& operator=(TeiStore&&) noexcept;
  ~TeiStore();

  Result<int> schemaVersion();

  /// Plans and writes one finished game atomically. Applying the same game id twice changes nothing.
  Result<ApplyOutcome> applyMatch(const MatchRecord& m, const RulesProfile& profile = {});

  /// TEI §6.6 setAcademyPlacement: once per (player, track), and only before any rated match on that track.
  Result<void> setAcademyPlacement(const std::string& playerId, Track track, SkillKey skill);

  /// The Academy placement saved for (player, track), if any.
  Result<std::optional<SkillKey>> academyPlacement(const std::string& playerId, Track track);
  Result<std::optional<StoredRating>> rating(const std::string& playerId, const BucketKey& bucket);
  Result<std::vector<PlayerBucket>> playerBuckets(const std::string& playerId);
  Result<std::vector<BoardRow>> leaderboard(const BucketKey& bucket, BoardSort sort);
  Result<AdvisorCounters> advisor(const std::string& playerId, Track track);
  Result<bool> gameApplied(const std::string& gameId);
  /// A rated solo game registered as it starts (issue 11, walking away): it stays pending until a result is
  /// applied for its game id. `sessionHex`: its canonical session bytes, so a forfeit needs no file.
  Result<void> registerGame(const std::string& gameId, const std::string& player, const std::string& sessionHex);
  /// The player's registered games with no result yet, ascending game id.
  Result<std::vector<PendingGame>> pendingGames(const std::string& player);
  /// The kTeiProfileId an applied game was rated under (nullopt: not applied).
  Result<std::optional<std::string>> gameProfile(const std::string& gameId);
  /// Profiles other than kTeiProfileId that any rating or applied game was computed under (store_profiles.cpp).
  Result<std::vector<std::string>> foreignProfiles();
  /// Issue 26 (store_violations.cpp): the hidden-hand violations charged to `player`, and the games voided for them.
  Result<std::vector<StoredViolation>> violationsOf(const std::string& player);
  Result<std::vector<VoidedGame>> voidedFor(const std::string& player);
  /// Every violation recorded for one game, in the audit's order.
  Result<std::vector<StoredViolation>> gameViolations(const std::string& gameId);
  /// Every applied game id (rated or excluded), ascending.
  Result<std::vector<std::string>> appliedGameIds();
  /// Copies the Academy placements and the registered (pending) games of the store at `oldPath` into this one.
  Result<void> carryOverFrom(const std::string& oldPath);

  /// Test hook (fault injection): called with the 1-based index of every statement the store is about
  /// to run; returning true makes that statement fail as if SQLite had (ROLLBACK is never failed).
  void setFaultHook(std::function<bool(int64_t)> hook);

  struct Impl;  // store.cpp only

 private:
  explicit TeiStore(sqlite3* db);
  std::unique_ptr<Impl> impl_;
};

/// Issue 26: one line per hidden-hand violation charged to `player` and per game voided for them ("" when none).
Result<std::string> hiddenRecordText(TeiStore& store, const std::string& player);

/// Sorts board rows in place with the given order (deterministic; exposed for tests).
void sortBoard(std::vector<BoardRow>& rows, BoardSort sort);
/// Competition ranks (1,2,2,4) of sorted rows under the same key.
std::vector<int64_t> boardRanks(const std::vector<BoardRow>& rows, BoardSort sort);

}  // namespace concord::tei
