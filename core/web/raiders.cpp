// §5b-§5d Pirate Raiders: launched from asteroid fields on a schedule, one hop a turn toward the closest empire
// system with a meaningful stockpile (never through the black hole), plunder after a full turn overhead unless
// blocked, then retrace their route home where the survivors join the pirate reserve (§5f). §3d raid lockout.
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {
namespace {

// Hops from `from` over lanes, never entering a black hole (§5c).
std::vector<int32_t> safeHops(const std::vector<System>& sys, uint16_t from) {
  std::vector<int32_t> d(sys.size(), -1);
  std::vector<uint16_t> q{from};
  d[from] = 0;
  for (size_t i = 0; i < q.size(); ++i)
    for (uint16_t n : sys[q[i]].lanes)
      if (d[n] < 0 && sys[n].kind != Kind::BlackHole) d[n] = d[q[i]] + 1, q.push_back(n);
  return d;
}

}  // namespace

// The systems a raid may go for now (§5c: a star system with a meaningful stockpile), by rules v4's order (§5i,
// docs/rules-decisions.md "W.E.B. issue 28"): the first kEarlyRaids go for the independents; then "of the empires
// that have not paid the brethren at all, those who have given the least are first"; "when every empire has
// bought peace, the brethren turn back to the independents until fresh marks emerge" (and, with no independent
// worth raiding, to the least-paying empires after all). Rules v3: any empire's system.
std::vector<uint16_t> WebGame::raidMarks(uint16_t except, bool early) const {
  auto stocked = [&](const System& s) { return s.id != except && s.kind == Kind::Star && s.minerals >= kRaidStockpile; };
  std::vector<uint16_t> empires, independents;
  int32_t least = INT32_MAX;
  for (const auto& s : sys_) {
    if (!stocked(s)) continue;
    if (s.owner < emp_.size()) empires.push_back(s.id), least = std::min(least, emp_[s.owner].paidToPirates);
    else if (s.owner == kIndependent) independents.push_back(s.id);
  }
  if (rulesVersion_ < 4) return empires;
  std::erase_if(empires, [&](uint16_t id) { return emp_[sys_[id].owner].paidToPirates != least; });
  if (early && !independents.empty()) return independents;
  if (!empires.empty() && least == 0) return empires;
  return independents.empty() ? empires : independents;
}

// §5c: the closest of the raid's marks (ties to the lower id), or kNoSys.
uint16_t WebGame::raidTarget(uint16_t from, uint16_t except, bool early) const {
  const auto d = safeHops(sys_, from);
  uint16_t best = kNoSys;
  for (uint16_t id : raidMarks(except, early)) {
    if (d[id] < 0) continue;
    if (best == kNoSys || d[id] < d[best]) best = id;
  }
  return best;
}

bool WebGame::raidLockout(uint16_t sys) const {
  for (const auto& r : raids_)
    if (!r.homeward && r.target == sys && r.arrived && !r.route.empty() && r.route.back() == sys) return true;
  return false;
}

// Phase 1: each raid takes its next hop (outbound along a shortest safe path, homeward back along its route);
// a raid home at its asteroid field folds into the pirate reserve; a raid with no ship left is over.
void WebGame::raidMoves() {
  std::vector<Raid> keep;
  for (auto& raid : raids_) {
    std::vector<uint32_t> fleet;
    for (uint32_t i = 0; i < ships_.size(); ++i)
      if (ships_[i].raid == raid.id && ships_[i].alive()) fleet.push_back(i);
    if (fleet.empty()) continue;
    const uint16_t at = ships_[fleet.front()].sys;
    uint16_t next = kNoSys;
    if (raid.homeward) {
      if (at == raid.origin || raid.route.size() < 2) {
        for (uint32_t i : fleet) ships_[i].flags |= kDead;
        pirateReserve_ += static_cast<int32_t>(fleet.size());
        say({Ev::RaidHome, 0, at, kPirate, kNobody, 0, 0, 0, raid.id, static_cast<int32_t>(fleet.size())});
        continue;
      }
      raid.route.pop_back();
      next = raid.route.back();
    } else if (at != raid.target) {
      const auto d = safeHops(sys_, raid.target);
      for (uint16_t n : sys_[at].lanes)
        if (d[n] >= 0 && d[at] >= 0 && d[n] == d[at] - 1) {
          next = n;
          break;
        }
      if (next == kNoSys) raid.homeward = true;  // cut off: try again next turn, homeward
      else raid.route.push_back(next);
    }
    if (next != kNoSys)
      for (uint32_t i : fleet) ships_[i].dest = next;
    keep.push_back(raid);
  }
  raids_ = std::move(keep);
}

// After combat round 2: raids over their targets. A depleted or lost target sends them on to the next; the turn
// they arrive they only watch (§5d); then the owner's ships that were already there, D-Sats or a Starbase block
// the plunder (two blocked turns and they go home); otherwise PD at least their Destroyer count repels them, and
// less PD loses 2 minerals per Destroyer beyond it, each stolen mineral hiring a Destroyer. PD halves, production
// stops; a successful plunder also brings unrest. Then they head home.
void WebGame::raidsOverTargets() {
  for (auto& raid : raids_) {
    if (raid.homeward) continue;
    std::vector<uint32_t> fleet;
    for (uint32_t i = 0; i < ships_.size(); ++i)
      if (ships_[i].raid == raid.id && ships_[i].alive()) fleet.push_back(i);
    if (fleet.empty() || ships_[fleet.front()].sys != raid.target) continue;
    System& s = sys_[raid.target];
    const bool markable = s.owner < emp_.size() || (rulesVersion_ >= 4 && s.owner == kIndependent);
    if (!markable || s.minerals < kRaidDepleted) {
      const uint16_t next = raidTarget(s.id, s.id, raid.id <= kEarlyRaids);
      say({Ev::RaidRetarget, 0, s.id, kPirate, kNobody, 0, 0, 0, raid.id, next == kNoSys ? -1 : next});
      if (next == kNoSys) raid.homeward = true;
      else raid.target = next, raid.arrived = 0, raid.blockade = 0;
      continue;
    }
    if (raid.arrived == 0) {
      raid.arrived = turn_;  // §5d: never on the turn they arrive
      continue;
    }
    bool blocked = s.dsats > 0 || s.starbase;
    for (const auto& r : ships_)
      blocked |= r.alive() && r.sys == s.id && r.owner == s.owner && !(r.flags & kArrived);
    if (blocked) {
      ++raid.blockade;
      say({Ev::RaidBlocked, 0, s.id, kPirate, s.owner, 0, 0, 0, raid.blockade, 0});
      if (raid.blockade >= kRaidBlockadeTurns) raid.homeward = true;
      continue;
    }
    int32_t destroyers = 0;
    for (uint32_t i : fleet) destroyers += ships_[i].type == Ship::Destroyer;
    int32_t stolen = 0;
    if (s.pd < destroyers) {
      stolen = std::min(s.minerals, kRaidStealPerDestroyer * (destroyers - s.pd));
      s.minerals -= stolen;
      s.unrest = true;
    }
    say({Ev::Plunder, 0, s.id, kPirate, s.owner, 0, 0, 0, stolen, s.pd < destroyers ? 1 : 0});
    s.pd /= 2;
    s.raided = true;
    recruit(s.id, stolen, raid.id);
    raid.homeward = true;
  }
}

// End of turn: on schedule, the asteroid field closest to one of the raid's marks launches a raid of 1 Cruiser, 2
// Destroyers and the reserve. Every empire hears the traders' warning (§5b). No field or no target: next turn.
void WebGame::launchRaid() {
  if (nextRaidTurn_ == 0 || turn_ < nextRaidTurn_) return;
  uint16_t origin = kNoSys, target = kNoSys;
  int32_t bestDist = 0;
  const bool early = raidsLaunched_ < kEarlyRaids;
  for (const auto& a : sys_) {
    if (a.kind != Kind::Asteroid) continue;
    const uint16_t t = raidTarget(a.id, kNoSys, early);
    if (t == kNoSys) continue;
    const int32_t d = safeHops(sys_, a.id)[t];
    if (origin == kNoSys || d < bestDist) origin = a.id, target = t, bestDist = d;
  }
  if (origin == kNoSys) {
    nextRaidTurn_ = turn_ + 1;
    return;
  }
  Raid raid;
  raid.id = nextRaidId_++;
  raid.origin = origin, raid.target = target, raid.route = {origin};
  const int32_t ships = kRaidBaseCruisers + kRaidBaseDestroyers + pirateReserve_;
  for (int32_t k = 0; k < ships; ++k) {
    ShipRec r;
    r.id = nextShipId_++;
    r.owner = kPirate, r.type = k < kRaidBaseCruisers ? Ship::Cruiser : Ship::Destroyer, r.sys = origin, r.raid = raid.id;
    ships_.push_back(r);
  }
  pirateReserve_ = 0;
  ++raidsLaunched_;
  const uint32_t interval = std::max(kRaidIntervalMin, kRaidIntervalStart > raidsLaunched_ - 1 ? kRaidIntervalStart - (raidsLaunched_ - 1) : 0);
  nextRaidTurn_ = turn_ + interval;
  say({Ev::RaidLaunched, 10, origin, kPirate, sys_[target].owner, 0, 0, 0, ships, target});
  raids_.push_back(std::move(raid));
}

}  // namespace concord::web
