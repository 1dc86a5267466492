// VC-1570/VC-1580 teams: a team is one side. Its holdings are aggregated at its lead seat (the S1 snapshot is by
// side), its victory state is computed once there (S2..S12) and mirrored to every live member, so Standing, Tenure,
// Tracks, the tie chain and the result read the same for every member. Decisions: docs/rules-decisions.md "Teams".
#include <algorithm>

#include "core/elc/state.h"

namespace concord::elc {

Seat ElcGame::sideOf(Seat s) const {
  if (!teamed(s)) return s;
  const uint8_t team = cfg_.team[s];
  int32_t firstMember = -1;
  for (Seat k = 0; k < players_.size(); ++k) {
    if (!teamed(k) || cfg_.team[k] != team) continue;
    if (live(k)) return k;  // the lowest live member leads
    if (firstMember < 0) firstMember = static_cast<int32_t>(k);
  }
  return static_cast<Seat>(firstMember);  // VC-1580: every member gone, the team is one not-live player
}

std::string ElcGame::who(Seat s) const {
  if (!teamed(s)) return playerName(static_cast<int>(s));
  return std::string("Team ") + static_cast<char>('A' + cfg_.team[s]);
}

std::string ElcGame::seatLabel(Seat s) const {
  if (!cfg_.teams()) return playerName(static_cast<int>(s));
  const std::string team = std::string("Team ") + static_cast<char>('A' + cfg_.team[s]);
  return playerName(static_cast<int>(s)) + (players_[s].leftTeam ? " (left " + team + ")" : " [" + team + "]");
}

std::string ElcGame::teamsText() const {
  if (!cfg_.teams()) return "";
  std::string s;
  for (uint8_t team = 0; team < kMaxSeats; ++team) {
    std::string members;
    for (Seat k = 0; k < players_.size(); ++k)
      if (cfg_.team[k] == team) members += (members.empty() ? "" : ", ") + playerName(static_cast<int>(k));
    if (members.empty()) continue;
    s += (s.empty() ? "" : " against ") + std::string("Team ") + static_cast<char>('A' + team) + " (" + members + ")";
  }
  return s;
}

bool ElcGame::sideSeatless(Seat side) const {
  for (Seat k = 0; k < players_.size(); ++k)
    if (live(k) && sideOf(k) == side && !players_[k].seatless) return false;
  return true;
}

int64_t ElcGame::unitsLostOf(Seat s) const {
  if (!teamed(s)) return players_[s].unitsLost;
  int64_t n = 0;
  const Seat side = sideOf(s);
  for (Seat k = 0; k < players_.size(); ++k)
    if (sideOf(k) == side) n += players_[k].unitsLost;
  return n;
}

uint32_t ElcGame::sideMask(Seat s) const {
  if (!teamed(s)) return 1u << s;
  uint32_t mask = 0;
  const Seat side = sideOf(s);
  for (Seat k = 0; k < players_.size(); ++k)
    if (sideOf(k) == side) mask |= 1u << k;
  return mask;
}

// A team casts one vote (VC-1570: one player): "end" when a strict majority of its live members vote end; a tie or
// an abstention plays on, as an abstaining player does (VC-2770). Without teams this is the seat's own vote.
int32_t ElcGame::verdictVote(Seat side) const {
  int members = 0, end = 0;
  for (Seat k = 0; k < players_.size(); ++k)
    if (live(k) && sideOf(k) == side) ++members, end += players_[k].vote == 1 ? 1 : 0;
  return 2 * end > members ? 1 : 0;
}

// The team-level fields of Player: everything the victory document scores, and the team's one set of Sealed Orders
// (v4; its Charter is mirrored at setup). Per-seat fields (the Seat, orders, votes, units lost, captures, leaving) are not.
void ElcGame::syncTeams() {
  if (!cfg_.teams()) return;
  for (Seat k = 0; k < players_.size(); ++k) {
    const Seat lead = sideOf(k);
    if (lead == k || !live(k) || !live(lead)) continue;
    const Player& L = players_[lead];
    Player& m = players_[k];
    m.standing = L.standing, m.tenure = L.tenure, m.cities = L.cities, m.output = L.output;
    m.workSite = L.workSite, m.pendingWorkSite = L.pendingWorkSite, m.greatWork = L.greatWork;
    m.workSiteBanThrough = L.workSiteBanThrough, m.ascendancy = L.ascendancy;
    m.warrantTenure = L.warrantTenure, m.rallyTenure = L.rallyTenure;
    m.peakCities = L.peakCities, m.peakOutput = L.peakOutput, m.brokenRun = L.brokenRun;
    m.broken = L.broken, m.reduced = L.reduced;
    m.defianceTotal = L.defianceTotal, m.defianceLog = L.defianceLog;
    m.outOfContention = L.outOfContention;
    m.bellwethers = L.bellwethers, m.bellwetherGraceThrough = L.bellwetherGraceThrough;
    m.tracks = L.tracks;
    m.ambition = L.ambition, m.ambitionPending = L.ambitionPending;
    m.charter = L.charter, m.sealedOrders = L.sealedOrders, m.orderShortfall = L.orderShortfall;
  }
}

Result<void> ElcGame::readTeams(det::Reader& r) {
  for (auto& p : players_) p.leftTeam = r.boolean("leftTeam");
  return r.status();
}

}  // namespace concord::elc
