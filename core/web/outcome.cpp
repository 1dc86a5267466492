// Victory (Galaxy Domination, Homeworld Capture, Victory Points at the turn limit), Vanquished, and the
// Galactic Ranking (players beaten; the eliminated ranked by how long they survived).
#include <algorithm>

#include "core/game/takeover.h"
#include "core/web/state.h"

namespace concord::web {

int32_t WebGame::victoryPoints(uint8_t e) const {
  int32_t vp = 0;
  int64_t pop = 0;
  for (const auto& s : sys_) {
    if (s.owner != e) continue;
    vp += s.homeOf != kNobody ? 10 : (s.kind == Kind::Star && s.quality == kGaia ? 4 : 2);
    pop += s.pop;
  }
  return vp + static_cast<int32_t>((pop + 5 * kPop - 1) / (5 * kPop));  // +1 per 5 population, rounded up
}

/// Galaxy Domination share in percent: 50% at 4 players, 3% less per extra player (35% at 9); decision:
/// +5% per player below 4, never under 20%.
int dominationPercent(int players) {
  if (players < 4) return 50 + 5 * (4 - players);
  return std::max(20, 50 - 3 * (players - 4));
}

/// Homeworld Capture: 2 enemy homes with 4-6 players, 3 with 7+; decision: players - 1 below 4.
int homesToCapture(int players) { return players >= 7 ? 3 : players >= 4 ? 2 : std::max(1, players - 1); }

void WebGame::vanquish(uint8_t e, uint8_t by) {
  emp_[e].vanquished = true;
  emp_[e].vanquishedTurn = turn_;
  for (auto& r : ships_)
    if (r.owner == e && r.alive()) r.owner = kPirate;  // they raise the black flag where they are
  std::erase_if(stances_, [&](const StanceRec& s) { return s.owner == e; });
  say({Ev::Vanquished, 10, kNoSys, e, by, 0, 0, 0, 0, 0});
}

void WebGame::ownershipAndVictory() {
  std::vector<int32_t> owned(emp_.size(), 0);
  for (const auto& s : sys_)
    if (s.owner < emp_.size()) ++owned[s.owner];
  for (uint8_t e = 0; e < emp_.size(); ++e) {
    if (emp_[e].vanquished || owned[e] > 0) continue;
    uint8_t by = kNobody;
    for (const auto& ev : events_)
      if (ev.kind == Ev::Conquest && ev.other == e) by = ev.owner;
    vanquish(e, by);
  }
  checkVictory();
}

void WebGame::checkVictory() {
  const int n = static_cast<int>(emp_.size());
  std::vector<uint8_t> alive;
  for (uint8_t e = 0; e < n; ++e)
    if (!emp_[e].vanquished) alive.push_back(e);
  auto finish = [&](std::vector<uint8_t> w, std::string kind) {
    over_ = true;
    winners_ = std::move(w);
    victoryKind_ = std::move(kind);
    for (uint8_t e : winners_) say({Ev::Victory, 10, kNoSys, e, kNobody, 0, 0, 0, 0, 0});
  };
  if (n >= 2 && alive.size() <= 1) return finish(alive, "last empire standing");
  int colonizable = 0;
  std::vector<int> owned(ix(n), 0), homes(ix(n), 0);
  for (const auto& s : sys_) {
    if (s.kind == Kind::Star || s.kind == Kind::Dead) ++colonizable;
    if (s.owner < n) {
      ++owned[s.owner];
      if (s.homeOf != kNobody && s.homeOf != s.owner) ++homes[s.owner];
    }
  }
  std::vector<uint8_t> w;
  for (uint8_t e : alive)
    if (owned[e] * 100 >= dominationPercent(n) * colonizable) w.push_back(e);
  if (!w.empty()) return finish(w, "Galaxy Domination");
  for (uint8_t e : alive)
    if (n >= 2 && homes[e] >= homesToCapture(n)) w.push_back(e);
  if (!w.empty()) return finish(w, "Homeworld Capture");
  if (turn_ >= cfg_.turnLimit) {
    int32_t best = INT32_MIN;
    for (uint8_t e : alive) best = std::max(best, victoryPoints(e));
    for (uint8_t e : alive)
      if (victoryPoints(e) == best) w.push_back(e);
    finish(w, "Victory Points at the turn limit");
  }
}

std::optional<Outcome> WebGame::outcome() const { return outcomeWithTakeovers({}); }

// Galactic Ranking: empires that abandon a game (AI takeover) take last place and score 0. A seat the AI took
// only after the empire was vanquished abandoned nothing (docs/rules-decisions.md "W.E.B. memory and ranking").
std::optional<Outcome> WebGame::outcomeWithTakeovers(std::span<const uint32_t> takenOverAt, const SeatNames& names) const {
  if (!over_) return std::nullopt;
  const size_t n = emp_.size();
  std::vector<uint8_t> abandoned(n, 0);
  for (uint8_t e = 0; e < n && e < takenOverAt.size(); ++e) {
    if (takenOverAt[e] == kNotTakenOver) continue;
    const uint64_t aiFrom = uint64_t{takenOverAt[e]} + 1;  // pipeline turn t resolves W.E.B. turn t + 1
    abandoned[e] = !emp_[e].vanquished || aiFrom <= emp_[e].vanquishedTurn;
  }
  // Sort key: winners, then survivors by VP, then the vanquished by the turn they fell (later is better), then
  // the abandoned.
  auto key = [&](uint8_t e) -> std::pair<int64_t, int64_t> {
    if (abandoned[e]) return {0, 0};
    if (std::count(winners_.begin(), winners_.end(), e)) return {3, 0};
    if (!emp_[e].vanquished) return {2, victoryPoints(e)};
    return {1, emp_[e].vanquishedTurn};
  };
  Outcome o;
  o.rankBySeat.assign(n, 1);
  o.scoreBySeat.assign(n, 0);
  for (uint8_t a = 0; a < n; ++a)
    for (uint8_t b = 0; b < n; ++b) {
      if (key(b) > key(a)) ++o.rankBySeat[a];
      if (key(a) > key(b)) ++o.scoreBySeat[a];  // Galactic Ranking: players beaten
    }
  o.summary = victoryKind_ + ":";
  for (uint8_t e : winners_) o.summary += " " + ownerName(e, names);
  if (winners_.empty()) o.summary += " nobody";
  o.summary += " (turn " + std::to_string(turn_ - 1) + ")";
  std::string left;
  for (uint8_t e = 0; e < n; ++e)
    if (abandoned[e]) left += (left.empty() ? "" : ", ") + ownerName(e, names);
  if (!left.empty()) o.summary += "; abandoned to the AI, last with 0 ranking points: " + left;
  return o;
}

std::string WebGame::ownerName(uint8_t o) const {
  if (o == kIndependent) return "independents";
  if (o == kPirate) return "pirates";
  if (o == kNobody) return "nobody";
  return "Empire " + std::to_string(o);
}

}  // namespace concord::web
