// §4 combat rounds: who engages (§4a stances), fire order (§4d), screening (§4e), Nova kills (§4f), outnumber
// (§4g), withdrawal overflow (§4h), arrival immunity (§4i), platforms (§4j) and terrain (§1d-§1f, §4l).
// Dice order (docs/web-scenarios.md): systems ascending; fire steps in §4d order; owners ascending; units
// by ascending ship id (D-Sats, then the Starbase's two shots); a Nova hit draws its target right after.
#include <algorithm>

#include "core/web/combat.h"

namespace concord::web {

Combat::Combat(WebGame& game, uint16_t sys, int roundNo, const std::vector<uint32_t>& here)
    : g(game), s(game.sys_[sys]), round(roundNo) {
  nebula = s.kind == Kind::Nebula || s.kind == Kind::IonNebula;
  ion = s.kind == Kind::IonNebula;
  for (uint32_t i : here) {
    const ShipRec& r = g.ships_[i];
    if (!r.alive() || (r.flags & kProbe)) continue;
    Side& side = sideOf(r.owner);
    const size_t t = static_cast<size_t>(r.type);
    const bool moving = r.dest != kNoSys;
    const bool arrived = r.flags & kArrived;
    if (round == 1) (moving ? side.overflow : side.front)[t].push_back(i);
    else if (!arrived) side.front[t].push_back(i);
    const StanceRec* st = g.stanceAt(s.id, r.owner);
    const bool ambushing = st && st->stance == Stance::Ambush;
    if (!ambushing && ((round == 1 && !moving) || (round == 2 && !arrived))) side.fire[t].push_back(i);
    if (!arrived) side.hasFleet = true;
  }
  if (s.owner != kNobody && (s.dsats > 0 || s.starbase)) sideOf(s.owner).platforms = true;
  // §4a: Attack stances open fire on their targets; pirates attack every empire; the attacked fire back.
  for (auto& a : sides) {
    bool canInitiate = false;
    for (const auto& l : a.fire) canInitiate |= !l.empty();
    if (!canInitiate) continue;  // §4j platforms cannot initiate
    const StanceRec* st = g.stanceAt(s.id, a.owner);
    uint32_t targets = a.owner == kPirate ? pirateTargets(here) : (st && st->stance == Stance::Attack ? st->targets : 0);
    if (a.owner == kIndependent)  // §2f: a Hostile system's fleet attacks that empire on sight
      for (uint8_t e = 0; e < g.emp_.size(); ++e)
        if (g.emp_[e].relation[s.id] == static_cast<uint8_t>(Rel::Hostile)) targets |= targetBit(e);
    for (auto& b : sides) {
      if (b.owner == a.owner || !(targets & targetBit(b.owner))) continue;
      engage(a, b);
      // §2i: opening fire on another empire's reachable ships or platforms is the attack, hit or miss.
      if (a.owner < g.emp_.size() && b.owner < g.emp_.size() && reachable(b, nullptr))
        g.openings_.push_back({a.owner, b.owner, s.id});
    }
  }
}

// §5a local pirates attack every empire on sight; §5i "in a system where pirates are mid-raid, they fire only
// on the system owner" (rules v4): a pirate side made only of raiders targets the owner alone (and fires back at
// whoever attacks it, §4a).
uint32_t Combat::pirateTargets(const std::vector<uint32_t>& here) const {
  if (g.rulesVersion_ < 4) return 0xFFFFu;
  for (uint32_t i : here)
    if (g.ships_[i].owner == kPirate && g.ships_[i].alive() && g.ships_[i].raid == 0) return 0xFFFFu;
  return s.owner == kNobody || s.owner == kPirate ? 0u : targetBit(s.owner);
}

Combat::Side& Combat::sideOf(uint8_t owner) {
  for (auto& x : sides)
    if (x.owner == owner) return x;
  auto it = std::lower_bound(sides.begin(), sides.end(), owner, [](const Side& x, uint8_t o) { return x.owner < o; });
  Side n;
  n.owner = owner;
  return *sides.insert(it, n);
}

void Combat::engage(Side& a, Side& b) {
  auto add = [](std::vector<uint8_t>& v, uint8_t o) {
    if (std::find(v.begin(), v.end(), o) == v.end()) v.insert(std::lower_bound(v.begin(), v.end(), o), o);
  };
  add(a.enemies, b.owner);
  add(b.enemies, a.owner);
}

bool Combat::anyEngaged() const {
  return std::any_of(sides.begin(), sides.end(), [](const Side& x) { return !x.enemies.empty(); });
}

int Combat::hpOf(Ship t) const { return ion ? 1 : stats(t).hp; }

// Alive units of `side` that a normal hit can reach now: the front line, or the departing ships once the
// front line (staying ships and platforms) is gone (§4h withdrawal overflow).
const std::array<std::vector<uint32_t>, kMobileTypes>* Combat::reachable(Side& side, int* platformUnits) {
  int plat = 0;
  if (side.platforms && side.owner == s.owner) plat = s.dsats + (s.starbase ? 1 : 0);
  if (platformUnits) *platformUnits = plat;
  auto alive = [&](auto& lists) {
    for (auto& l : lists)
      for (uint32_t i : l)
        if (live(i, side.owner)) return true;
    return false;
  };
  if (plat > 0 || alive(side.front)) return &side.front;
  if (alive(side.overflow)) {
    if (platformUnits) *platformUnits = 0;
    return &side.overflow;
  }
  return nullptr;
}

int Combat::need(const Side& side, Ship t, bool ambush) const {
  int n = stats(t).toHit;
  if (nebula) ++n;                                               // §1e, §4c
  if (side.penalty && !ambush) ++n;                              // §4g
  if (ambush) ++n;                                               // §4c ambush fire
  if (side.owner < g.emp_.size() && g.emp_[side.owner].unsupplied) ++n;  // §6g unsupplied
  if (t == Ship::Missile && s.kind == Kind::Asteroid) n += kAsteroidMissile;  // §1d
  return std::min(n, kMaxToHit);
}

// Alive and still on `owner`'s side (a captured ship changes sides mid-round, §5e).
bool Combat::live(uint32_t i, uint8_t owner) const { return g.ships_[i].alive() && g.ships_[i].owner == owner; }

void Combat::kill(uint32_t i, uint8_t by) {
  ShipRec& r = g.ships_[i];
  // §5e: every second ship the pirates destroy at this system this turn is captured instead, with its hold; each
  // seized mineral hires a Destroyer after the round (colonists and Starbase kits aboard are lost).
  int pirateKills = 0;
  if (by == kPirate)
    for (const auto& e : g.events_)
      pirateKills += (e.kind == Ev::Destroyed || e.kind == Ev::Captured) && e.sys == s.id && e.other == kPirate &&
                     e.ship < kMobileTypes;
  if (by == kPirate && r.owner != kPirate && pirateKills % 2 == 1) {
    g.say({Ev::Captured, static_cast<uint8_t>(round), s.id, r.owner, kPirate, static_cast<uint8_t>(r.type),
           static_cast<uint8_t>(r.cargo), 0, static_cast<int32_t>(r.id), r.load});
    if (r.cargo == Cargo::Minerals) recruits += r.load;
    r.owner = kPirate, r.damage = 0, r.dest = kNoSys, r.cargo = Cargo::None, r.load = 0;
    return;
  }
  r.flags |= kDead;
  g.say({Ev::Destroyed, static_cast<uint8_t>(round), s.id, r.owner, by, static_cast<uint8_t>(r.type),
         static_cast<uint8_t>(r.cargo), 0,
         static_cast<int32_t>(r.id), r.load});
}

void Combat::killPlatform(Ship t, uint8_t by) {
  g.say({Ev::Destroyed, static_cast<uint8_t>(round), s.id, s.owner, by, static_cast<uint8_t>(t), 0, 0, 0, 0});
  if (t == Ship::DSat) {
    --s.dsats, s.dsatDamage = 0;
    return;
  }
  s.starbase = false, s.starbaseDamage = 0;
  if (s.kind == Kind::Dead) s.owner = kNobody;  // §1c: the Starbase was the only claim
}

void Combat::hit(Side& target, uint8_t by) {
  int plat = 0;
  auto* tier = reachable(target, &plat);
  if (!tier) return;
  for (Ship t : kScreenOrder) {
    if (t == Ship::DSat || t == Ship::Starbase) {
      if (plat == 0) continue;
      if (t == Ship::DSat && s.dsats > 0) {
        if (++s.dsatDamage >= hpOf(t)) killPlatform(t, by);
        return;
      }
      if (t == Ship::Starbase && s.starbase) {
        if (ion || ++s.starbaseDamage >= stats(t).hp) killPlatform(t, by);
        return;
      }
      continue;
    }
    for (uint32_t i : (*tier)[static_cast<size_t>(t)]) {
      ShipRec& r = g.ships_[i];
      if (!live(i, target.owner)) continue;
      if (++r.damage >= hpOf(t)) kill(i, by);
      return;
    }
  }
}

// §4f: a Nova hit destroys one random reachable enemy unit, weighted by count, ignoring screening.
Combat::Pending Combat::novaTarget(Side& shooter) {
  std::vector<std::pair<Side*, int>> pool;
  int total = 0;
  for (uint8_t o : shooter.enemies) {
    Side& t = sideOf(o);
    int plat = 0;
    auto* tier = reachable(t, &plat);
    if (!tier) continue;
    int n = plat;
    for (auto& l : *tier)
      for (uint32_t i : l) n += live(i, t.owner) ? 1 : 0;
    pool.push_back({&t, n});
    total += n;
  }
  Pending p;
  p.nova = true;
  if (total == 0) return p;
  int k = static_cast<int>(g.pick(static_cast<uint64_t>(total)));
  for (auto& [t, n] : pool) {
    if (k >= n) {
      k -= n;
      continue;
    }
    p.target = t->owner;
    int plat = 0;
    auto* tier = reachable(*t, &plat);
    if (k < plat) {
      p.platform = k < s.dsats ? Ship::DSat : Ship::Starbase;
      p.isPlatform = true;
      return p;
    }
    k -= plat;
    for (auto& l : *tier)
      for (uint32_t i : l) {
        if (!live(i, t->owner)) continue;
        if (k-- == 0) {
          p.ship = i;
          return p;
        }
      }
  }
  return p;
}

void Combat::apply(std::vector<Pending>& pending) {
  for (const auto& p : pending) {
    if (p.target == kNobody) continue;
    if (!p.nova) {
      hit(sideOf(p.target), p.by);
    } else if (p.isPlatform) {
      bool there = p.platform == Ship::DSat ? s.dsats > 0 : s.starbase;
      if (there && s.owner == p.target) killPlatform(p.platform, p.by);
    } else if (live(p.ship, p.target)) {
      kill(p.ship, p.by);
    }
  }
  pending.clear();
}

uint8_t Combat::pickEnemy(Side& shooter) {
  const size_t n = shooter.enemies.size();
  for (size_t k = 0; k < n; ++k) {
    uint8_t o = shooter.enemies[(shooter.next + k) % n];
    if (reachable(sideOf(o), nullptr)) {
      shooter.next = (shooter.next + k + 1) % n;
      return o;
    }
  }
  return kNobody;
}

void Combat::fireRound() {
  // §4g outnumber, counted once at the start of the round over the ships able to fire.
  for (auto& a : sides) {
    if (a.enemies.empty()) continue;
    auto combatShips = [](const Side& x) {
      int n = 0;
      for (size_t t = 0; t < ix(kMobileTypes); ++t)
        if (countsForOutnumber(static_cast<Ship>(t))) n += static_cast<int>(x.fire[t].size());
      return n;
    };
    int enemy = 0;
    for (uint8_t o : a.enemies) enemy += combatShips(sideOf(o));
    const int mine = combatShips(a);
    a.penalty = mine > 0 && enemy > 2 * mine;  // strictly more than 2:1; platforms alone are never penalised
  }
  std::vector<Pending> pending;
  for (Ship t : kFireOrder) {
    for (auto& a : sides) {
      if (a.enemies.empty()) continue;
      bool anyTarget = false;  // nothing reachable (e.g. only immune arrivals, §4i): no dice
      for (uint8_t o : a.enemies) anyTarget |= reachable(sideOf(o), nullptr) != nullptr;
      if (!anyTarget) continue;
      std::vector<uint32_t> units;  // ship indices; platforms use kPlatform entries
      int platformShots = 0;
      if (t == Ship::DSat) {
        if (a.owner == s.owner && a.hasFleet) platformShots = s.dsats;  // §4j: only with the owner's fleet present
      } else if (t == Ship::Starbase) {
        if (a.owner == s.owner && s.starbase) platformShots = stats(t).shots;
      } else {
        for (uint32_t i : a.fire[static_cast<size_t>(t)])
          if (live(i, a.owner)) units.push_back(i);
      }
      const int n = need(a, t, false);
      auto shoot = [&](uint32_t shipId) {
        int roll = g.d10();
        bool isHit = roll >= n;
        uint8_t target = isHit ? pickEnemy(a) : kNobody;
        g.say({Ev::Shot, static_cast<uint8_t>(round), s.id, a.owner, target, static_cast<uint8_t>(t),
               static_cast<uint8_t>(roll), static_cast<uint8_t>(n), isHit ? 1 : 0, static_cast<int32_t>(shipId)});
        if (!isHit || target == kNobody) return;
        Pending p = t == Ship::Nova ? novaTarget(a) : Pending{};
        if (!p.nova) p.target = target;
        p.by = a.owner;
        pending.push_back(p);
      };
      for (uint32_t i : units) shoot(g.ships_[i].id);
      for (int k = 0; k < platformShots; ++k) shoot(0);
    }
    if (!nebula) apply(pending);  // §4d hits land at once (each fire step is simultaneous)
  }
  apply(pending);  // §1e nebula: pooled hits land at the end of the round
}

}  // namespace concord::web
