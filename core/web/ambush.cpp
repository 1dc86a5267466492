// Round 2 specials: ambush fire on arrivals (§4a, §4i) and invasion of undefended systems (§4k, §7a).
#include <algorithm>
#include <functional>

#include "core/web/state.h"

namespace concord::web {
namespace {

bool byFireOrder(const std::vector<ShipRec>& ships, uint32_t a, uint32_t b) {
  auto rank = [](Ship t) { return std::find(kFireOrder.begin(), kFireOrder.end(), t) - kFireOrder.begin(); };
  auto ra = rank(ships[a].type), rb = rank(ships[b].type);
  return ra != rb ? ra < rb : ships[a].id < ships[b].id;
}

}  // namespace

// §4a: an ambushing fleet's shots are dealt round-robin over its watched lanes (firepower split evenly);
// shots dealt to a lane nobody arrived on are lost and not rolled. +1 to hit (§4c); arrivals only (§4i).
void WebGame::ambushFire(uint16_t sys, const std::vector<uint32_t>& here) {
  for (const auto& st : stances_) {
    if (st.sys != sys || st.stance != Stance::Ambush || st.lanes.empty()) continue;
    ambushVolley(sys, st.owner, st.lanes, here, [&](const ShipRec& r) { return r.owner != st.owner; });
  }
  if (rulesVersion_ >= 4) independentAmbush(sys, here);
}

// §2f (rules v4): "Hostile independent systems will command their nearby independent neighbors to set up ambushes
// along the warp lanes back from their territory." An independent system's garrison watches each lane to an
// independent neighbour that is Hostile to some empire, and fires on that empire's ships arriving from there.
// Gaia systems keep to themselves (§2c); the watching system's own relations do not change (decision:
// docs/rules-decisions.md "W.E.B. issue 28").
void WebGame::independentAmbush(uint16_t sys, const std::vector<uint32_t>& here) {
  const System& s = sys_[sys];
  if (s.owner != kIndependent || s.quality == kGaia || s.kind != Kind::Star) return;
  auto hostileTo = [&](uint8_t e, uint16_t from) {
    return e < emp_.size() && emp_[e].relation[from] == static_cast<uint8_t>(Rel::Hostile);
  };
  std::vector<uint16_t> lanes;
  for (uint16_t n : s.lanes) {
    if (sys_[n].owner != kIndependent) continue;
    for (uint8_t e = 0; e < emp_.size(); ++e)
      if (hostileTo(e, n)) {
        lanes.push_back(n);
        break;
      }
  }
  if (lanes.empty()) return;
  ambushVolley(sys, kIndependent, lanes, here, [&](const ShipRec& r) { return hostileTo(r.owner, r.from); });
}

void WebGame::ambushVolley(uint16_t sys, uint8_t owner, const std::vector<uint16_t>& lanes,
                           const std::vector<uint32_t>& here, const std::function<bool(const ShipRec&)>& foe) {
  const System& s = sys_[sys];
  std::vector<uint32_t> shooters;
  for (uint32_t i : here) {
    const ShipRec& r = ships_[i];
    if (r.owner == owner && r.alive() && !(r.flags & (kArrived | kProbe)) && canAmbush(r.type)) shooters.push_back(i);
  }
  std::stable_sort(shooters.begin(), shooters.end(), [&](uint32_t a, uint32_t b) { return byFireOrder(ships_, a, b); });
  size_t k = 0;
  for (uint32_t i : shooters) {
    const Ship t = ships_[i].type;
    const uint16_t lane = lanes[k++ % lanes.size()];
    std::vector<uint32_t> arrivals;
    for (uint32_t j : here) {
      const ShipRec& r = ships_[j];
      if (r.alive() && (r.flags & kArrived) && !(r.flags & kProbe) && r.from == lane && foe(r)) arrivals.push_back(j);
    }
    if (arrivals.empty()) continue;
    int need = stats(t).toHit + 1;
    if (owner < emp_.size() && emp_[owner].unsupplied) ++need;
    if (t == Ship::Missile && s.kind == Kind::Asteroid) need += kAsteroidMissile;
    need = std::min(need, kMaxToHit);
    const int roll = d10();
    const bool hit = roll >= need;
    uint32_t victim = arrivals.front();
    if (hit && t == Ship::Nova) {
      victim = arrivals[pick(arrivals.size())];  // §4f: any arriving ship, weighted by count
    } else if (hit) {
      // Screening among the arrivals of the first owner on this lane (ascending owner).
      uint8_t target = kNobody;
      for (uint32_t j : arrivals) target = std::min(target, ships_[j].owner);
      bool found = false;
      for (Ship sc : kScreenOrder) {
        for (uint32_t j : arrivals)
          if (ships_[j].owner == target && ships_[j].type == sc) {
            victim = j, found = true;
            break;
          }
        if (found) break;
      }
    }
    say({Ev::Shot, 3, sys, owner, hit ? ships_[victim].owner : kNobody, static_cast<uint8_t>(t),
         static_cast<uint8_t>(roll), static_cast<uint8_t>(need), hit ? 1 : 0, static_cast<int32_t>(ships_[i].id)});
    if (!hit) continue;
    ShipRec& v = ships_[victim];
    const bool dies = t == Ship::Nova || s.kind == Kind::IonNebula || ++v.damage >= stats(v.type).hp;
    if (dies) {
      v.flags |= kDead;
      say({Ev::Destroyed, 3, sys, v.owner, owner, static_cast<uint8_t>(v.type), static_cast<uint8_t>(v.cargo), 0,
           static_cast<int32_t>(v.id), v.load});
    }
  }
}

std::vector<uint8_t> WebGame::invaders(uint16_t sys, const std::vector<uint32_t>& here) {
  const System& s = sys_[sys];
  if (s.kind != Kind::Star || s.owner == kNobody) return {};
  std::vector<uint8_t> attackers;
  bool defended = s.starbase || s.dsats > 0;
  for (uint32_t i : here) {
    const ShipRec& r = ships_[i];
    if (!r.alive() || (r.flags & (kArrived | kProbe))) continue;
    if (r.owner == s.owner) defended = true;
    const StanceRec* st = stanceAt(sys, r.owner);
    if (r.owner != s.owner && r.owner != kPirate && st && st->stance == Stance::Attack &&
        (st->targets & targetBit(s.owner)) && !std::count(attackers.begin(), attackers.end(), r.owner))
      attackers.push_back(r.owner);
  }
  std::sort(attackers.begin(), attackers.end());
  if (!attackers.empty() && defended) {
    // §4k: defences able to fire at the start of round 2 defer the invasion to next turn.
    for (uint8_t a : attackers) say({Ev::InvasionDeferred, 2, sys, a, s.owner, 0, 0, 0, 0, 0});
    return {};
  }
  return attackers;
}

// §4k invasion: each ship rolls its §7a rating; hits knock out PD (2 HP per unit, Freighters deal 2);
// B and C ratings cause collateral on misses; PD 0 conquers the system (PD resets to 1, unrest).
void WebGame::invade(uint16_t sys, const std::vector<uint8_t>& attackers, const std::vector<uint32_t>& here) {
  System& s = sys_[sys];
  for (uint8_t a : attackers) {
    if (s.owner == a) break;
    const uint8_t defender = s.owner;
    std::vector<uint32_t> troops;
    for (uint32_t i : here) {
      const ShipRec& r = ships_[i];
      if (r.owner == a && r.alive() && !(r.flags & (kArrived | kProbe))) troops.push_back(i);
    }
    if (troops.empty()) continue;
    std::stable_sort(troops.begin(), troops.end(), [&](uint32_t x, uint32_t y) { return byFireOrder(ships_, x, y); });
    for (uint32_t i : troops) {
      if (s.pd <= 0) break;
      const ShipStats& st = stats(ships_[i].type);
      int need = st.invadeToHit + (a < emp_.size() && emp_[a].unsupplied ? 1 : 0);
      need = std::min(need, kMaxToHit);
      const int roll = d10();
      const bool hit = roll >= need;
      say({Ev::InvadeShot, 2, sys, a, defender, static_cast<uint8_t>(ships_[i].type), static_cast<uint8_t>(roll),
           static_cast<uint8_t>(need), hit ? 1 : 0, static_cast<int32_t>(ships_[i].id)});
      if (hit) {
        s.pdDamage += st.invadeDamage;
        while (s.pdDamage >= kPdHp && s.pd > 0) {
          --s.pd, s.pdDamage -= kPdHp;
          say({Ev::PdDestroyed, 2, sys, a, defender, 0, 0, 0, s.pd, 0});
        }
        continue;
      }
      // Collateral (decision): B on a natural 1 wrecks 1 industry (else 1 population); C kills 1 population
      // on any miss and also 1 industry on a natural 1.
      int industryLost = 0, popLost = 0;
      if (st.rating == 'B' && roll == 1) (s.industry > 0 ? industryLost : popLost) = 1;
      if (st.rating == 'C') popLost = 1, industryLost = roll == 1 && s.industry > 0 ? 1 : 0;
      if (!industryLost && !popLost) continue;
      s.industry -= industryLost;
      const int32_t pl = std::min(s.pop, popLost * kPop);
      s.pop -= pl;
      s.newPop = std::min(s.newPop, s.pop);
      say({Ev::Collateral, 2, sys, a, defender, static_cast<uint8_t>(ships_[i].type), static_cast<uint8_t>(roll), 0,
           industryLost, pl});
    }
    if (s.pd <= 0) {
      s.owner = a;
      s.routes.clear();  // §3i the old owner's trader routes do not carry over
      s.pd = 1, s.pdDamage = 0;
      s.unrest = true;
      s.conqueredThisTurn = true;
      say({Ev::Conquest, 2, sys, a, defender, 0, 0, 0, 0, 0});
    }
  }
}

}  // namespace concord::web
