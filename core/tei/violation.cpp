// Issue 26: a finished hidden-hands game in which the full-information audit found a seat breaking a hidden-hand rule
// (replay verify's findings). TEI voids it for every person who broke no rule and counts it against each charged
// person as a loss: placed last behind everyone else, who share first (the walk-away forfeit's shape, issue 11),
// against the others' current ratings and the officers' anchors (TEI §6.3 / §10 P3), with σ kept (officerCapped, as
// for officer turns) so the penalty can never lift μ − 3σ or the grade. Decision and reasons: docs/tei.md
// "Hidden-hand violations (issue 26)", docs/rules-decisions.md "TEI: hidden-hand violations (issue 26)".
#include <algorithm>
#include <set>

#include "core/tei/match.h"

namespace concord::tei {

std::vector<int> chargedSeats(const MatchRecord& m) {
  std::set<int> by;
  for (const auto& v : m.violations) by.insert(v.by);
  return {by.begin(), by.end()};
}

std::string violationsText(const MatchRecord& m) {
  std::string s;
  for (const auto& v : m.violations) {
    if (!s.empty()) s += "; ";
    s += "turn " + std::to_string(v.turn) + " seat " + std::to_string(v.seat);
    if (v.by != v.seat) s += " (its hand kept by seat " + std::to_string(v.by) + ")";
    s += ": " + v.what;
  }
  return s;
}

Result<MatchPlan> planViolation(const MatchRecord& m, RatingSource& source, const RulesProfile& profile) {
  const auto charged = chargedSeats(m);
  auto isCharged = [&](size_t i) { return std::binary_search(charged.begin(), charged.end(), static_cast<int>(i)); };
  // The standings the penalty is rated at: every charged person last, everyone else first. At a squadron table the
  // charged person's squadron is the unit placed last (squad members share a placing, TEI §6.5); only the charged
  // person's own row is written, so an honest squad mate is voided like everyone else.
  const bool squads = std::find(m.modules.begin(), m.modules.end(), "zeta") != m.modules.end();
  std::set<int> lastSquads;
  if (squads)
    for (int c : charged) lastSquads.insert(m.seats[static_cast<size_t>(c)].squad);
  auto placedLast = [&](size_t i) { return squads ? lastSquads.count(m.seats[i].squad) > 0 : isCharged(i); };
  int ahead = 0;
  for (size_t i = 0; i < m.seats.size(); ++i) ahead += placedLast(i) ? 0 : 1;
  MatchRecord pen = m;
  pen.violations.clear();
  for (size_t i = 0; i < pen.seats.size(); ++i) pen.seats[i].placing = placedLast(i) ? ahead + 1 : 1;
  auto plan = planMatch(pen, source, profile);
  if (!plan) return plan.error();
  MatchPlan out;
  out.gameId = m.gameId;
  out.eligibility = std::move(plan->eligibility);
  // Advisor counters (RULES §VIII) count the game as it was played, not the penalty's standings.
  for (auto a : plan->advisor) {
    for (const auto& s : m.seats)
      if (s.kind == SeatKind::Human && s.playerId == a.playerId) a.won = s.placing == 1;
    out.advisor.push_back(a);
  }
  if (!out.eligibility.eligible()) return out;  // the game rated nobody: nothing to void, no loss to count
  for (size_t i = 0; i < m.seats.size(); ++i)
    if (m.seats[i].kind == SeatKind::Human && !isCharged(i)) out.voided.push_back(m.seats[i].playerId);
  for (auto w : plan->writes) {
    const auto seat = std::find_if(m.seats.begin(), m.seats.end(), [&](const SeatRecord& s) {
      return s.kind == SeatKind::Human && s.playerId == w.playerId;
    });
    if (seat == m.seats.end() || !isCharged(static_cast<size_t>(seat - m.seats.begin()))) continue;
    w.after = officerCapped(w.before, w.after);  // the loss in μ, σ kept (a gain cannot come of last place; withheld if it did)
    w.won = false;
    w.penalty = true;
    out.writes.push_back(std::move(w));
  }
  return out;
}

}  // namespace concord::tei
