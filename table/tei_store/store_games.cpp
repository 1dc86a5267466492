// TeiStore: each deal rated once, and rated solo games registered as they start (issue 11 cheater paths;
// docs/rules-decisions.md "TEI: cheater paths").
#include "table/tei_store/store_impl.h"

namespace concord::tei {

Result<void> recordGameOnce(TeiStore::Impl& im, const MatchRecord& m) {
  if (!m.dealId.empty()) {  // a replay signed again by another key keeps the seed: the same deal under a new game id
    auto d = im.prepare("SELECT game_id FROM applied_deals WHERE deal=?1");
    if (!d) return d.error();
    (*d)->bind(1, m.dealId);
    auto row = (*d)->step();
    if (!row) return row.error();
    if (*row)
      return Err("refused: game ", m.gameId, " deals the same sector as game ", (*d)->text(0).value_or("?"),
                 ", already applied (same module, settings, seed and fleet: a replay signed again by another key, or a "
                 "known deal played again); a deal is rated once, so nothing was recorded");
    auto ins = im.prepare("INSERT INTO applied_deals(deal, game_id) VALUES(?1, ?2)");
    if (!ins) return ins.error();
    (*ins)->bind(1, m.dealId);
    (*ins)->bind(2, m.gameId);
    if (auto r = (*ins)->step(); !r) return r.error();
  }
  auto del = im.prepare("DELETE FROM pending_games WHERE game_id=?1");
  if (!del) return del.error();
  (*del)->bind(1, m.gameId);
  if (auto r = (*del)->step(); !r) return r.error();
  return Ok();
}

Result<void> TeiStore::registerGame(const std::string& gameId, const std::string& player, const std::string& sessionHex) {
  Impl& im = *impl_;
  return im.transaction([&]() -> Result<void> {
    auto s = im.prepare("INSERT INTO pending_games(game_id, player, session) VALUES(?1, ?2, ?3) ON CONFLICT(game_id) DO NOTHING");
    if (!s) return s.error();
    (*s)->bind(1, gameId);
    (*s)->bind(2, player);
    (*s)->bind(3, sessionHex);
    if (auto r = (*s)->step(); !r) return r.error();
    return Ok();
  });
}

Result<std::vector<PendingGame>> TeiStore::pendingGames(const std::string& player) {
  auto s = impl_->prepare("SELECT game_id, session FROM pending_games WHERE player=?1 ORDER BY game_id");
  if (!s) return s.error();
  (*s)->bind(1, player);
  std::vector<PendingGame> out;
  while (true) {
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) break;
    auto id = (*s)->text(0), hex = (*s)->text(1);
    if (!id || !hex) return Err("corrupt TEI database: a pending game of ", player, " has no id or session");
    out.push_back(PendingGame{*id, *hex});
  }
  return out;
}

}  // namespace concord::tei
