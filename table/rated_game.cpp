#include "table/rated_game.h"

#include <filesystem>

#include "table/solo_registry.h"
#include "table/tei_store/rate_finished.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"

namespace concord::table {

Result<std::string> teiStorePath(const std::string& given) {
  if (!given.empty()) return given;
  return tei::defaultStorePath();
}

namespace {

// Issue 11 point 5: ratings kept under earlier anchors are never updated as if they were today's.
Result<std::string> oldAnchors(tei::TeiStore& store, const std::string& storePath) {
  auto old = store.foreignProfiles();
  if (!old) return old.error();
  if (old->empty()) return std::string();
  return "your TEI store " + storePath + " holds ratings under earlier anchors (" + old->front() +
         "); run `concord tei reprofile` to keep them as history and re-rate your replays under " + std::string(tei::kTeiProfileId);
}

}  // namespace

std::string storeUnratedBecause(const std::string& storePath) {
  std::error_code ec;
  if (!std::filesystem::exists(storePath, ec)) return "";
  auto store = tei::TeiStore::open(storePath);
  if (!store) return "your TEI store cannot be read: " + store.message();
  auto old = oldAnchors(*store, storePath);
  return old ? *old : old.message();
}

Result<std::string> registerRatedStart(const std::string& storePath, const lockstep::SessionConfig& session, Seat person,
                                       const std::string& howToSave) {
  auto store = tei::TeiStore::open(storePath);
  if (!store) return store.error();
  auto old = oldAnchors(*store, storePath);
  if (!old) return old.error();
  if (!old->empty()) return Err(*old, ", or play this game casually (--no-tei)");
  auto lost = forfeitWalkedAway(*store, tei::playerIdOf(session.seats[person]), session.gameId().hex());
  if (!lost) return lost.error();
  if (auto reg = registerSoloGame(*store, session, person); !reg) return reg.error();
  return *lost + "This rated game is registered: finish it (" + howToSave +
         "); left unfinished, it counts as a loss when your next rated game starts.\n";
}

std::string rateFinishedText(const std::string& replayPath, const std::string& storePath) {
  auto rated = tei::rateFinishedGame(replayPath, storePath);
  if (!rated) return "TEI: not rated: " + rated.message() + "\n";
  return "TEI (" + rated->storePath + "):\n" + rated->text;
}

}  // namespace concord::table
