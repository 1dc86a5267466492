// §5 pirates: local fleets in Dead Systems and asteroid fields (§5a), the drift of homeless pirate fleets (rogue
// garrisons, vanquished empires) toward the nearest lair, mercenaries hired with seized minerals (§5e), and the
// rewards for fighting them (§5h, §2d). Capture itself happens where ships die (combat.cpp).
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {
namespace {

bool isLair(const System& s) { return s.kind == Kind::Dead || s.kind == Kind::Asteroid; }

}  // namespace

// §5a at generation, after everything else (so the map itself does not depend on the pirates): a share of the
// Dead Systems and asteroid fields hold 1 Cruiser and 1..3 Destroyers; none next to a home (fair starts).
void WebGame::placeLocalPirates(det::Rng& rng) {
  std::vector<uint8_t> nearHome(sys_.size(), 0);
  for (const auto& s : sys_)
    if (s.homeOf != kNobody) {
      nearHome[s.id] = 1;
      for (uint16_t n : s.lanes) nearHome[n] = 1;
    }
  for (const auto& s : sys_) {
    if (!isLair(s)) continue;
    const int share = s.kind == Kind::Dead ? kPirateDeadPermille : kPirateAsteroidPermille;
    const bool lair = static_cast<int>(rng.below(1000)) < share;
    const int dds = static_cast<int>(rng.between(kPirateDdMin, kPirateDdMax));
    if (!lair || nearHome[s.id]) continue;
    for (int k = 0; k < 1 + dds; ++k) {
      ShipRec r;
      r.id = nextShipId_++;
      r.owner = kPirate, r.type = k == 0 ? Ship::Cruiser : Ship::Destroyer, r.sys = s.id;
      ships_.push_back(r);
    }
  }
}

// Phase 1 (decision, docs/rules-decisions.md): pirate ships outside a lair move one hop along a shortest path
// (never into a black hole) toward the nearest Dead System or asteroid field, ties to the lower id, and merge
// with whatever pirates are there (§5a). They move in phase 3 like any fleet.
void WebGame::pirateDrift() {
  std::vector<int32_t> dist(sys_.size(), -1);
  std::vector<uint16_t> queue;
  for (const auto& s : sys_)
    if (isLair(s)) dist[s.id] = 0, queue.push_back(s.id);
  for (size_t q = 0; q < queue.size(); ++q)
    for (uint16_t n : sys_[queue[q]].lanes)
      if (dist[n] < 0 && sys_[n].kind != Kind::BlackHole) dist[n] = dist[queue[q]] + 1, queue.push_back(n);
  for (auto& r : ships_) {
    if (r.owner != kPirate || !r.alive() || dist[r.sys] <= 0 || r.raid) continue;  // raiders keep their course
    for (uint16_t n : sys_[r.sys].lanes)  // ascending: the lowest id wins a tie
      if (dist[n] >= 0 && dist[n] == dist[r.sys] - 1) {
        r.dest = n;
        break;
      }
  }
}

// §5e, §5f: each seized mineral hires one more pirate Destroyer at the battle, after the round.
void WebGame::recruit(uint16_t sys, int32_t count, uint16_t raid) {
  for (int32_t k = 0; k < count; ++k) {
    ShipRec r;
    r.id = nextShipId_++;
    r.owner = kPirate, r.type = Ship::Destroyer, r.sys = sys, r.raid = raid;
    ships_.push_back(r);
  }
  if (count > 0) say({Ev::Recruited, 0, sys, kPirate, kNobody, static_cast<uint8_t>(Ship::Destroyer), 0, 0, count, 0});
}

// After combat round 2: an empire that destroyed pirate ships at a system where no pirate survives wiped a
// pirate fleet out (+1 reputation, once per turn, §2d, §5h); 2+ pirate ships destroyed at one system warms the
// Neutral non-Gaia independents within two lanes by one level (§5h, §2c Gaia immune).
void WebGame::pirateRewards() {
  std::vector<std::pair<uint16_t, uint8_t>> kills;  // (system, empire) per pirate ship destroyed
  for (const auto& ev : events_)
    if (ev.kind == Ev::Destroyed && ev.owner == kPirate && ev.other < emp_.size() && ev.ship < kMobileTypes)
      kills.push_back({ev.sys, ev.other});
  std::sort(kills.begin(), kills.end());
  auto here = bySystem();
  for (size_t k = 0; k < kills.size();) {
    const auto [sys, e] = kills[k];
    size_t j = k;
    while (j < kills.size() && kills[j] == kills[k]) ++j;
    const auto n = static_cast<int>(j - k);
    k = j;
    const bool wiped = std::none_of(here[sys].begin(), here[sys].end(), [&](uint32_t i) { return ships_[i].owner == kPirate; });
    if (wiped) changeReputation(e, +1, RepCause::PirateFleetDestroyed);
    if (n < kPirateBonusKills) continue;
    const auto dist = hops(sys);
    for (uint16_t o = 0; o < sys_.size(); ++o) {
      const System& t = sys_[o];
      if (t.owner != kIndependent || t.kind != Kind::Star || t.quality == kGaia || t.joining != kNobody) continue;
      if (dist[o] < 0 || dist[o] > kPirateBonusHops || emp_[e].relation[o] != static_cast<uint8_t>(Rel::Neutral)) continue;
      shiftLevel(e, o, +1, Ev::Warmed, 0);
    }
  }
}

}  // namespace concord::web
