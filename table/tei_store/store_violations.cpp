// TeiStore: hidden-hand violations (issue 26; docs/tei.md "Hidden-hand violations (issue 26)"). A finished hidden game
// whose audit named a seat is applied as a void game for everyone else and a loss for the charged person; the store
// keeps what was found (turn, seat, what, the charged person) and the people it was voided for, so `concord tei show`
// tells each of them why.
#include "table/tei_store/store_impl.h"

#include <cstdint>

namespace concord::tei {

Result<void> recordViolations(TeiStore::Impl& im, const MatchRecord& m, const MatchPlan& plan) {
  for (size_t i = 0; i < m.violations.size(); ++i) {
    const auto& v = m.violations[i];
    auto s = im.prepare(
        "INSERT INTO hidden_violations(game_id, idx, turn, seat, by_seat, player, what) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    if (!s) return s.error();
    (*s)->bind(1, m.gameId);
    (*s)->bind(2, static_cast<int64_t>(i));
    (*s)->bind(3, static_cast<int64_t>(v.turn));
    (*s)->bind(4, static_cast<int64_t>(v.seat));
    (*s)->bind(5, static_cast<int64_t>(v.by));
    (*s)->bind(6, m.seats[static_cast<size_t>(v.by)].playerId);  // validateRecord: `by` is a person's seat
    (*s)->bind(7, v.what);
    if (auto r = (*s)->step(); !r) return r.error();
  }
  if (plan.voided.empty()) return Ok();
  const std::string reason = "voided: another captain broke a hidden-hand rule (issue 26): " + violationsText(m);
  for (const auto& player : plan.voided) {
    auto s = im.prepare("INSERT INTO voided_games(game_id, player, reason) VALUES(?1, ?2, ?3)");
    if (!s) return s.error();
    (*s)->bind(1, m.gameId);
    (*s)->bind(2, player);
    (*s)->bind(3, reason);
    if (auto r = (*s)->step(); !r) return r.error();
  }
  return Ok();
}

namespace {

Result<std::vector<StoredViolation>> readViolations(TeiStore::Impl& im, const char* where, const std::string& key) {
  auto s = im.prepare(std::string("SELECT game_id, turn, seat, by_seat, player, what FROM hidden_violations WHERE ") + where +
                      "=?1 ORDER BY game_id, idx");
  if (!s) return s.error();
  (*s)->bind(1, key);
  std::vector<StoredViolation> out;
  while (true) {
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) return out;
    const int64_t turn = (*s)->integer(1), seat = (*s)->integer(2), by = (*s)->integer(3);
    if (turn < 0 || turn > UINT32_MAX || seat < 0 || seat > 0xFFFF || by < 0 || by > 0xFFFF)
      return Err("corrupt TEI database: a hidden-hand violation of game ", (*s)->text(0).value_or("?"),
                 " has an impossible turn or seat");
    out.push_back(StoredViolation{(*s)->text(0).value_or(""), static_cast<uint32_t>(turn), static_cast<int>(seat),
                                  static_cast<int>(by), (*s)->text(4).value_or(""), (*s)->text(5).value_or("")});
  }
}

}  // namespace

Result<std::vector<StoredViolation>> TeiStore::violationsOf(const std::string& player) {
  return readViolations(*impl_, "player", player);
}

Result<std::vector<StoredViolation>> TeiStore::gameViolations(const std::string& gameId) {
  return readViolations(*impl_, "game_id", gameId);
}

Result<std::vector<VoidedGame>> TeiStore::voidedFor(const std::string& player) {
  auto s = impl_->prepare("SELECT game_id, reason FROM voided_games WHERE player=?1 ORDER BY game_id");
  if (!s) return s.error();
  (*s)->bind(1, player);
  std::vector<VoidedGame> out;
  while (true) {
    auto row = (*s)->step();
    if (!row) return row.error();
    if (!*row) return out;
    out.push_back(VoidedGame{(*s)->text(0).value_or(""), (*s)->text(1).value_or("")});
  }
}

Result<std::string> hiddenRecordText(TeiStore& store, const std::string& player) {
  auto charged = store.violationsOf(player);
  if (!charged) return charged.error();
  auto voided = store.voidedFor(player);
  if (!voided) return voided.error();
  std::string s;
  for (const auto& v : *charged)
    s += "hidden-hand violation: game " + v.gameId + " turn " + std::to_string(v.turn) + " seat " + std::to_string(v.seat) +
         (v.by != v.seat ? " (its hand kept by your seat " + std::to_string(v.by) + ")" : "") + ": " + v.what +
         " (counted as a loss: placed last)\n";
  for (const auto& g : *voided) s += "game " + g.gameId + " " + g.reason + " (no rating change)\n";
  return s;
}

}  // namespace concord::tei
