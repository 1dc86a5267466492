// The Rally at S7 (VC-2950): on becoming Reduced a player receives the Survey, the Levy Call and one Rally
// Warrant, all published at once (VC-070, VC-2960); Rally Warrants are claimed automatically, like Warrants
// (VC-1830), and expire when their holder stops being Reduced or at their deadline.
#include <algorithm>

#include "core/elc/state.h"

namespace concord::elc {

namespace {

// VC-190: the leader's city nearest any city `holder` holds (wrapped Chebyshev), ties by lower index.
// `owner` is by side (the S1 snapshot): a team's cities are all its own (VC-1570).
int32_t nearestTarget(const World& world, const IVec<int32_t>& owner, int32_t holder, int32_t leader) {
  int32_t best = -1, bestDist = 0;
  for (int32_t c = 0; c < static_cast<int32_t>(owner.size()); ++c) {
    if (owner[c] != leader) continue;
    for (int32_t h = 0; h < static_cast<int32_t>(owner.size()); ++h) {
      if (owner[h] != holder) continue;
      const int32_t d = world.grid.distance(world.cities[c].tile, world.cities[h].tile);
      if (best < 0 || d < bestDist) best = c, bestDist = d;
    }
  }
  return best;
}

}  // namespace

std::string ElcGame::rallyText(const RallyWarrant& w) const {
  const int64_t pay = kRallyTenureSeals * maxTenure_;
  return "Rally Warrant " + std::to_string(w.id) + ": " + who(static_cast<Seat>(w.holder)) + " may take " + world_.cities[w.target].name +
         " (" + who(static_cast<Seat>(w.leader)) + "'s) by turn " + std::to_string(w.deadline) + " for " + std::to_string(pay) + " Tenure.";
}

// Called at S7 after Reduced is settled: claims and expiries first, then the grants of this Seal's entrants.
void ElcGame::s7Rally(uint32_t t, const IVec<uint8_t>& entered, int32_t leader) {
  for (auto& w : rally_) {
    if (w.claimed || w.expired) continue;
    Player& p = players_[w.holder];
    const bool open = scores(static_cast<Seat>(w.holder)) && t > w.issued && t <= w.deadline;
    if (open && snap_.owner[w.target] == w.holder) {  // taking the target pays even if it ends Reduced
      w.claimed = true;  // VC-2940: the Rally's Tenure is capped per game; the balance is paid, the truncation recorded
      const int64_t want = kRallyTenureSeals * maxTenure_, room = kRallyTenureCapSeals * maxTenure_ - p.rallyTenure;
      const int64_t pay = std::clamp<int64_t>(room, 0, want);
      p.tenure += pay;
      p.rallyTenure += pay;
      note(t, Chron::RallyClaimed, who(static_cast<Seat>(w.holder)) + " claims Rally Warrant " + std::to_string(w.id) + ": +" + std::to_string(pay) +
                                       " Tenure" + (pay < want ? " (capped at " + std::to_string(kRallyTenureCapSeals) + " Seals' worth, VC-2940)" : "") + ".");
    } else if (!scores(static_cast<Seat>(w.holder)) || !p.reduced || t >= w.deadline) {
      w.expired = true;
      note(t, Chron::RallyIssued, "Rally Warrant " + std::to_string(w.id) + " expires unclaimed.");
    }
  }
  if (!cfg_.rally || leader < 0) return;
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!entered[s]) continue;  // entered is set only for sides (S7 runs once per side)
    Player& p = players_[s];
    std::string grants = who(s) + " rallies: Survey (every city's owner, VC-2970; already public on this map)";
    if (p.seatCity >= 0 && cities_[p.seatCity].owner == static_cast<int32_t>(s)) {  // the Levy Call (VC-3120)
      cities_[p.seatCity].yard += kLevyCallWorks;
      grants += "; Levy Call +" + std::to_string(kLevyCallWorks) + " Works at " + world_.cities[p.seatCity].name;
    }
    const int32_t target = nearestTarget(world_, snap_.owner, static_cast<int32_t>(s), leader);
    note(t, Chron::RallyIssued, grants + ".");
    if (target < 0) continue;
    RallyWarrant w;
    w.id = static_cast<uint32_t>(rally_.size() + 1);
    w.holder = static_cast<int32_t>(s);
    w.target = target;
    w.leader = leader;
    w.issued = t;
    w.deadline = t + cfg_.warPeriod;
    rally_.push_back(w);
    note(t, Chron::RallyIssued, "Issued: " + rallyText(w));  // VC-2960: target and holder public at once
  }
}

}  // namespace concord::elc
