#include "table/tei_store/reprofile.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "replay/reader.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"

namespace concord::tei {
namespace {

// Unfinished replays in `dir` whose game id is in `ids`: sessions of games walked away from and forfeited.
Result<std::vector<lockstep::SessionConfig>> forfeitedIn(const std::string& dir, const std::set<std::string>& ids) {
  namespace fs = std::filesystem;
  std::vector<lockstep::SessionConfig> out;
  std::set<std::string> seen;
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (!it->path().filename().string().starts_with(".") && it->is_regular_file(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    auto r = replay::ReplayReader::open(f.string());
    if (!r) continue;  // not a replay: buildLedger already verified every replay in the folder
    const auto& session = r->header().session;
    const std::string id = session.gameId().hex();
    if (ids.count(id) && seen.insert(id).second) out.push_back(session);
  }
  return out;
}

}  // namespace

Result<ReprofileReport> reprofileStore(const std::string& dbPath, const std::string& replayDir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  ReprofileReport rep;
  if (!fs::exists(dbPath, ec)) return Err("no TEI database at ", dbPath, ": nothing to re-rate");
  std::set<std::string> oldGames;
  {
    auto old = TeiStore::open(dbPath);
    if (!old) return old.error();
    auto profiles = old->foreignProfiles();
    if (!profiles) return profiles.error();
    if (profiles->empty()) {
      rep.nothingToDo = true;
      return rep;
    }
    rep.oldProfiles = *profiles;
    auto ids = old->appliedGameIds();
    if (!ids) return ids.error();
    oldGames.insert(ids->begin(), ids->end());
  }
  rep.historyPath = dbPath + "." + rep.oldProfiles.front();
  if (fs::exists(rep.historyPath, ec))
    return Err(rep.historyPath, " already exists: move it away first (it may be an earlier history)");
  const std::string fresh = dbPath + ".reprofile-tmp";
  fs::remove(fresh, ec);
  auto rerate = [&]() -> Result<void> {
    auto store = TeiStore::open(fresh);
    if (!store) return store.error();
    if (auto c = store->carryOverFrom(dbPath); !c) return Err("carrying over Academy placements and registered games: ", c.message());
    auto led = buildLedger(*store, replayDir);
    if (!led) return led.error();
    rep.ledgerText = led->text;
    rep.rerated = led->rated;
    // A walked-away game was applied as a loss with no finished replay: its unfinished replay gets the same loss.
    std::set<std::string> missing;
    for (const auto& id : oldGames) {
      auto a = store->gameApplied(id);
      if (!a) return a.error();
      if (!*a) missing.insert(id);
    }
    auto forfeited = forfeitedIn(replayDir, missing);
    if (!forfeited) return forfeited.error();
    for (const auto& session : *forfeited) {
      std::optional<Seat> person;
      size_t people = 0;
      for (Seat s = 0; s < session.seats.size(); ++s)
        if (!session.seats[s].ai) person = (++people, s);
      if (people != 1) continue;  // forfeits are solo games (one person); anything else stays in the history only
      auto rec = forfeitRecord(session, *person);
      if (!rec) return rec.error();
      auto applied = store->applyMatch(*rec);
      if (!applied) return applied.error();
      ++rep.forfeits;
      missing.erase(rec->gameId);
    }
    rep.notCarried.assign(missing.begin(), missing.end());
    return Ok();
  };
  if (auto r = rerate(); !r) {  // the old store was only read: nothing changed
    fs::remove(fresh, ec);
    return Err("re-rating refused, nothing changed: ", r.message());
  }
  fs::rename(dbPath, rep.historyPath, ec);
  if (ec) return Err("cannot keep the old store as ", rep.historyPath, ": ", ec.message());
  fs::rename(fresh, dbPath, ec);
  if (ec) return Err("cannot move the re-rated store to ", dbPath, ": ", ec.message(), " (it is at ", fresh, ")");
  return rep;
}

}  // namespace concord::tei
