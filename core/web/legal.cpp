// Order legality against the turn-start state, each refusal naming the rule in a player's words.
// The turn re-checks cargo and ship counts as orders apply (turn.cpp), so a bundle cannot overspend.
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

uint32_t targetBit(uint8_t owner) {
  if (owner == kIndependent) return kTargetIndependents;
  if (owner == kPirate) return kTargetPirates;
  return owner < kMaxEmpires ? (1u << owner) : 0;
}

const StanceRec* WebGame::stanceAt(uint16_t sys, uint8_t owner) const {
  auto it = std::lower_bound(stances_.begin(), stances_.end(), std::pair{sys, owner},
                             [](const StanceRec& s, const std::pair<uint16_t, uint8_t>& k) {
                               return std::pair{s.sys, s.owner} < k;
                             });
  return it != stances_.end() && it->sys == sys && it->owner == owner ? &*it : nullptr;
}

bool WebGame::laneActive(uint8_t e, uint16_t a, uint16_t b) const {
  if (a > b) std::swap(a, b);
  uint64_t key = (uint64_t{e} << 32) | (uint64_t{a} << 16) | b;
  return std::binary_search(activeLanes_.begin(), activeLanes_.end(), key);
}

namespace {

struct AtSystem {
  int mobile = 0;
  int byType[kMobileTypes] = {};
  int freighters[4] = {};  // by cargo
  int cruisersEmpty = 0;
  int freeMineralRoom = 0;
  int carrying[4] = {};  // units of each cargo aboard
};

AtSystem census(const std::vector<ShipRec>& ships, uint8_t e, uint16_t sys) {
  AtSystem a;
  for (const auto& s : ships) {
    if (s.owner != e || s.sys != sys || !s.alive()) continue;
    ++a.mobile;
    ++a.byType[static_cast<int>(s.type)];
    a.carrying[static_cast<int>(s.cargo)] += s.load;
    if (s.type == Ship::Freighter) {
      ++a.freighters[static_cast<int>(s.cargo)];
      if (s.cargo == Cargo::None) a.freeMineralRoom += kFreighterMinerals;
      if (s.cargo == Cargo::Minerals) a.freeMineralRoom += kFreighterMinerals - s.load;
    } else if (s.type == Ship::Cruiser) {
      if (s.cargo == Cargo::None) ++a.cruisersEmpty, a.freeMineralRoom += kCruiserMinerals;
    }
  }
  return a;
}

}  // namespace

Result<void> WebGame::check(uint8_t e, const Decoded& d) const {
  if (e >= emp_.size()) return Err("seat ", e, " has no empire in this game");
  if (emp_[e].vanquished) return Err("your empire is vanquished: no more orders (Vanquished)");
  if (over_) return Err("the game is over");
  if (d.kind == kCancel) return Ok();
  if (d.kind == kTreaty || d.kind == kGift) return checkTreaty(e, d);
  if (d.sys >= sys_.size()) return Err("there is no system ", d.sys, " (the galaxy has ", sys_.size(), ")");
  const System& s = sys_[d.sys];
  // §9: a refusal names only systems the empire knows; any other is "system N" (built only on the error path).
  auto name = [&](uint16_t id) { return knownName(e, id); };
  auto at = [&]() -> std::string { return " at " + name(d.sys); };
  AtSystem here = census(ships_, e, d.sys);
  switch (d.kind) {
    case kLoad: {
      if (d.amount == 0) return Err("load at least 1");
      if (raidLockout(d.sys))
        return Err("a Pirate Raider fleet is over ", name(d.sys), ": loading and unloading wait until the raid resolves (§3d)");
      if (s.owner != e) return Err("you can only load from a system you own", at(), " (§1c: a Dead System needs your Starbase)");
      if (d.cargo == Cargo::Minerals) {
        if (s.minerals < d.amount) return Err(name(d.sys), " has only ", s.minerals, " minerals");
        if (here.freeMineralRoom < d.amount)
          return Err("your ships", at(), " have room for ", here.freeMineralRoom, " minerals (Freighter 3, Cruiser 1, §3d)");
      } else if (d.cargo == Cargo::Pop) {
        if (s.pop - s.newPop - int32_t{d.amount} * kPop < kPop)
          return Err(name(d.sys), " must keep at least 1 population working; it cannot spare ", d.amount);
        if (here.freighters[0] < d.amount) return Err("each population unit needs an empty Freighter", at(), " (§7 Freighter)");
      } else {
        if (s.starbaseKits < d.amount) return Err(name(d.sys), " has ", s.starbaseKits, " built Starbases waiting to load");
        if (here.freighters[0] < d.amount) return Err("each Starbase needs an empty Freighter", at(), " (§7 Starbase)");
      }
      return Ok();
    }
    case kUnload: {
      if (d.amount == 0) return Err("unload at least 1");
      if (raidLockout(d.sys))
        return Err("a Pirate Raider fleet is over ", name(d.sys), ": loading and unloading wait until the raid resolves (§3d)");
      if (s.owner != e) return Err("you can only unload at a system you own", at());
      if (here.carrying[static_cast<int>(d.cargo)] < d.amount)
        return Err("your ships", at(), " carry only ", here.carrying[static_cast<int>(d.cargo)], " ", cargoName(d.cargo));
      if (d.cargo == Cargo::Pop) {
        if (s.kind != Kind::Star) return Err("population can only live on a star system (§1c)");
        if (s.pop + int32_t{d.amount} * kPop > s.popLimit * kPop)
          return Err(name(d.sys), "'s population limit is ", s.popLimit, " (§6d)");
      }
      return Ok();
    }
    case kPlace:
      if (s.kind == Kind::Nebula || s.kind == Kind::IonNebula || s.kind == Kind::Asteroid || s.kind == Kind::BlackHole)
        return Err("no Starbase can be placed in a ", kKindNames[static_cast<int>(s.kind)], " (§1d, §1e, §1f, §3h)");
      if (s.starbase) return Err(name(d.sys), " already has a Starbase (one per system, §4j)");
      if (!(s.owner == e || (s.owner == kNobody && s.kind == Kind::Dead)))
        return Err("a Starbase goes to a system you own or an unclaimed Dead System (§1c)");
      if (here.freighters[static_cast<int>(Cargo::Starbase)] < 1) return Err("no Freighter of yours", at(), " carries a Starbase");
      return Ok();
    case kMove: {
      if (d.to >= sys_.size()) return Err("there is no system ", d.to);
      if (!std::binary_search(s.lanes.begin(), s.lanes.end(), d.to))
        return Err(name(d.to), " is not one lane from ", name(d.sys), " (§3: one hop per turn)");
      const auto& m = d.move;
      if (m.total() == 0) return Err("a move needs at least one ship");
      if (m.cruisers > here.byType[0] || m.destroyers > here.byType[1] || m.missiles > here.byType[2] ||
          m.novas > here.byType[3])
        return Err("you do not have those ships", at());
      for (int c = 0; c < 4; ++c)
        if (m.freighters[ix(c)] > here.freighters[c])
          return Err("you have only ", here.freighters[c], " Freighters carrying ", cargoName(static_cast<Cargo>(c)), at());
      if (m.cruisers == 0 && !laneActive(e, d.sys, d.to)) {
        bool onlyDd = m.destroyers == m.total(), onlyNova = m.novas == m.total();
        if (!onlyDd && !onlyNova)
          return Err("Freighters and Missile Ships need a Cruiser to open the gate (§3a), or an active lane (§3h)");
      }
      return Ok();
    }
    case kStance: {
      if (here.mobile == 0) return Err("you have no ships", at(), " to take a stance");
      if (d.stance == Stance::Attack) {
        if (d.targets == 0) return Err("Attack needs at least one target empire (§4a)");
        if (d.targets & targetBit(e)) return Err("you cannot attack yourself");
        for (int b = 0; b < 16; ++b) {
          if ((d.targets & (1u << b)) && b >= static_cast<int>(emp_.size())) return Err("there is no empire ", b);
          if ((d.targets & (1u << b)) && static_cast<PactState>(pact(e, static_cast<uint8_t>(b)).state) == PactState::Nap)
            return Err("you have a Non-Aggression Pact with Empire ", b, ": attacking it is blocked; end the pact first (§2i)");
        }
        if (!d.lanes.empty()) return Err("Attack takes targets, not lanes");
      } else if (d.stance == Stance::Ambush) {
        if (s.kind == Kind::Nebula || s.kind == Kind::IonNebula) return Err("no ambush in a nebula (§1e)");
        if (d.lanes.empty()) return Err("Ambush needs at least one watched lane (§4a)");
        for (uint16_t l : d.lanes)
          if (!std::binary_search(s.lanes.begin(), s.lanes.end(), l)) return Err("lane ", l, " does not touch ", name(d.sys));
        if (here.byType[0] + here.byType[1] + here.byType[2] + here.byType[3] == 0)
          return Err("only Cruisers, Destroyers, Missile Ships and Novas ambush");
        if (d.targets) return Err("Ambush takes lanes, not targets");
      } else if (d.targets || !d.lanes.empty()) {
        return Err("Conditional takes no targets or lanes");
      }
      return Ok();
    }
    case kBuild: {
      if (d.amount == 0) return Err("build at least 1");
      if (s.owner != e) return Err("you can only build at a system you own", at());
      if (s.kind != Kind::Star) return Err(name(d.sys), " has no population or industry to build with (§1c)");
      const auto& row = kQuality[s.quality];
      if (d.item == Item::DSat && s.dsats + d.amount > row.dsatCap)
        return Err(name(d.sys), " (class ", row.letter, ") supports at most ", row.dsatCap, " D-Sats (§7 Defense Satellite)");
      if (d.item == Item::Crystal && s.homeOf == kNobody && s.quality != kGaia)
        return Err("Ion-9 crystals are made only at an original home or a Gaia system (§6g)");
      if (d.item == Item::Industry && s.industry + d.amount > s.popLimit)
        return Err(name(d.sys), "'s industry cannot exceed its population limit ", s.popLimit);
      return Ok();
    }
    case kRoute: {
      if (s.owner != e) return Err("trader routes start at a system you own", at(), " (§3i)");
      if (d.sys == emp_[e].home) return Err("your home is where the traders go; it sends none (§3i)");
      for (uint16_t l : d.lanes)
        if (!std::binary_search(s.lanes.begin(), s.lanes.end(), l)) return Err("lane ", l, " does not touch ", name(d.sys));
      return Ok();
    }
    default: return Err("unknown order kind ", d.kind);
  }
}

// §9: the name of a system the empire owns, owned, explored, probed, remembers, has ships at or sees from one lane
// away; otherwise only its number.
std::string WebGame::knownName(uint8_t e, uint16_t id) const {
  if (id >= sys_.size()) return "system " + std::to_string(id);
  bool known = e >= emp_.size() || emp_[e].knowledge[id] || emp_[e].sighting(id) || sys_[id].owner == e;
  for (uint16_t n : sys_[id].lanes) known = known || sys_[n].owner == e;
  for (const auto& r : ships_) known = known || (r.alive() && r.sys == id && r.owner == e);
  return known ? sys_[id].name : "system " + std::to_string(id);
}

Result<void> WebGame::validate(Seat seat, const Order& order) const {
  auto d = decode(order);
  if (!d) return d.error();
  return check(static_cast<uint8_t>(seat), *d);
}

}  // namespace concord::web
