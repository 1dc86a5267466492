// TeiStore: what a change of TEI profile (new anchors, TEI §2.1) needs to read and carry over
// (table/tei_store/reprofile.h; issue 11 point 5, issue 13).
#include "table/tei_store/store_impl.h"

namespace concord::tei {

Result<std::vector<std::string>> TeiStore::foreignProfiles() {
  auto s = impl_->prepare(
      "SELECT profile FROM ratings WHERE profile<>?1 UNION SELECT profile FROM applied_games WHERE profile<>?1 ORDER BY 1");
  if (!s) return s.error();
  (*s)->bind(1, std::string(kTeiProfileId));
  return (*s)->textColumn();
}

Result<std::vector<std::string>> TeiStore::appliedGameIds() {
  auto s = impl_->prepare("SELECT game_id FROM applied_games ORDER BY game_id");
  if (!s) return s.error();
  return (*s)->textColumn();
}

Result<void> TeiStore::carryOverFrom(const std::string& oldPath) {
  Impl& im = *impl_;
  auto att = im.prepare("ATTACH DATABASE ?1 AS old");
  if (!att) return att.error();
  (*att)->bind(1, oldPath);
  if (auto r = (*att)->step(); !r) return r.error();
  // Academy placements name a skill key, not a rating; registered games are still owed a result.
  auto r = im.transaction([&]() -> Result<void> {
    if (auto e = im.exec("INSERT OR IGNORE INTO academy SELECT player, track, skill FROM old.academy"); !e) return e;
    return im.exec("INSERT OR IGNORE INTO pending_games SELECT game_id, player, session FROM old.pending_games");
  });
  (void)im.exec("DETACH DATABASE old", false);
  return r;
}

}  // namespace concord::tei
