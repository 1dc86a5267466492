// §6 economy phases: production (BP = min(population, industry, minerals)), Ion-9 maintenance, mining,
// growth, unrest, asteroid debris and Freighter mining (§1d); Starbase placement (§1c).
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

Result<void> WebGame::doPlace(uint8_t e, const Decoded& d, std::vector<std::pair<uint16_t, uint32_t>>& placing) {
  if (auto c = check(e, d); !c) return c;
  for (const auto& [sys, idx] : placing)
    if (sys == d.sys && ships_[idx].owner == e) return Err("you are already placing a Starbase there this turn");
  for (uint32_t i = 0; i < ships_.size(); ++i) {
    ShipRec& r = ships_[i];
    if (r.owner != e || r.sys != d.sys || !r.alive() || r.cargo != Cargo::Starbase || (r.flags & (kLoaded | kPlacing)))
      continue;
    r.flags |= kPlacing;  // §3d: committed: cannot move or load this turn
    placing.push_back({d.sys, i});
    // Resolve this system's placements once every empire's orders are in (phase 1 of the same turn).
    return Ok();
  }
  return Err("a Freighter that loaded its Starbase this turn cannot also place it (§3d)");
}

void WebGame::resolvePlacements(const std::vector<std::pair<uint16_t, uint32_t>>& placing) {
  for (size_t k = 0; k < placing.size(); ++k) {
    const uint16_t sys = placing[k].first;
    bool first = true;
    for (size_t j = 0; j < k; ++j) first &= placing[j].first != sys;
    if (!first) continue;
    std::vector<uint32_t> here;
    for (const auto& [s2, idx] : placing)
      if (s2 == sys) here.push_back(idx);
    System& s = sys_[sys];
    if (here.empty()) continue;
    if (here.size() > 1) {
      // §1c: two or more empires placing at the same Dead System: all cancelled, Starbases stay aboard.
      for (uint32_t idx : here) {
        ships_[idx].flags &= static_cast<uint8_t>(~kPlacing);
        say({Ev::PlaceCancelled, 0, sys, ships_[idx].owner, kNobody, 0, 0, 0, 0, 0});
      }
      continue;
    }
    ShipRec& r = ships_[here.front()];
    r.cargo = Cargo::None, r.load = 0;
    s.starbase = true, s.starbaseDamage = 0;
    if (s.owner == kNobody) s.owner = r.owner;  // §1c claiming a Dead System
    say({Ev::Placed, 0, sys, r.owner, kNobody, static_cast<uint8_t>(Ship::Starbase), 0, 0, 0, 0});
  }
}

void WebGame::production(const std::vector<std::pair<uint8_t, Decoded>>& builds, std::vector<int32_t>& spent) {
  auto here = bySystem();
  for (auto& s : sys_) {
    if (s.owner >= emp_.size() || s.kind != Kind::Star) continue;
    // §6f: an attacking enemy fleet over an undefended system stops its factories.
    bool attacked = false, defended = s.dsats > 0 || s.starbase;
    for (uint32_t i : here[s.id]) {
      const ShipRec& r = ships_[i];
      if (!r.alive()) continue;
      if (r.owner == s.owner) defended = true;
      const StanceRec* st = stanceAt(s.id, r.owner);
      if (r.owner != s.owner && ((st && st->stance == Stance::Attack && (st->targets & targetBit(s.owner))) ||
                                 r.owner == kPirate))
        attacked = true;
    }
    const bool disrupted = (attacked && !defended) || s.raided;  // §5d a raid stops production too
    const int32_t workers = (s.pop - s.newPop) / kPop;  // §3d new colonists do not work this turn
    const int32_t industry = s.unrest ? s.industry / 2 : s.industry;  // §6e
    int32_t bp = disrupted ? 0 : std::max(0, std::min({workers, industry, s.minerals}));
    if (disrupted) say({Ev::Disrupted, 0, s.id, s.owner, kNobody, 0, 0, 0, 0, 0});
    int32_t used = 0;
    for (const auto& [e, d] : builds) {
      if (d.sys != s.id || e != s.owner) continue;
      const int cost = d.item <= Item::Starbase ? stats(static_cast<Ship>(d.item)).cost
                       : d.item == Item::Pd                   ? kPdCost
                       : d.item == Item::Industry             ? kIndustryCost
                                                              : kCrystalCost;
      int made = 0;
      for (; made < d.amount; ++made) {
        if (used + cost > bp) break;
        if (d.item == Item::DSat && s.dsats >= kQuality[s.quality].dsatCap) break;
        if (d.item == Item::Industry && s.industry >= s.popLimit) break;
        if (d.item == Item::Starbase && s.pop - s.newPop < (kStarbasePopCost + 1) * kPop) break;  // keeps 1 working
        used += cost;
        switch (d.item) {
          case Item::DSat: ++s.dsats; break;
          case Item::Starbase: ++s.starbaseKits, s.pop -= kStarbasePopCost * kPop; break;  // §4j crew
          case Item::Pd: ++s.pd; break;
          case Item::Industry: ++s.industry; break;
          case Item::Crystal: ++s.crystals; break;
          default: {
            ShipRec r;
            r.id = nextShipId_++;
            r.owner = e, r.type = static_cast<Ship>(d.item), r.sys = s.id;
            ships_.push_back(r);
          }
        }
      }
      say({made == d.amount ? Ev::Built : Ev::BuildRefused, 0, s.id, e, kNobody, static_cast<uint8_t>(d.item), 0, 0,
           made, d.amount});
    }
    s.minerals -= used;  // one mineral per BP spent (§6a)
    spent[s.id] = used;
  }
}

int32_t WebGame::supplyCost(uint8_t e) const {
  int64_t n = 0;
  for (const auto& r : ships_) n += r.owner == e && r.alive();
  for (const auto& s : sys_)
    if (s.owner == e) n += s.dsats + (s.starbase ? 1 : 0);
  return static_cast<int32_t>((n + kShipsPerCrystal - 1) / kShipsPerCrystal);
}

// §6g: all or nothing from the pooled stockpile, drawn from the systems farthest from the original home first.
void WebGame::maintenance() {
  for (uint8_t e = 0; e < emp_.size(); ++e) {
    if (emp_[e].vanquished) continue;
    const int32_t cost = supplyCost(e);
    auto d = hops(emp_[e].home);
    std::vector<uint16_t> stores;
    int64_t total = 0;
    for (const auto& s : sys_)
      if (s.owner == e && s.crystals > 0) stores.push_back(s.id), total += s.crystals;
    std::stable_sort(stores.begin(), stores.end(), [&](uint16_t a, uint16_t b) {
      int32_t da = d[a] < 0 ? INT32_MAX : d[a], db = d[b] < 0 ? INT32_MAX : d[b];
      return da > db;
    });
    const bool paid = total >= cost;
    if (paid) {
      int32_t left = cost;
      for (uint16_t id : stores) {
        const int32_t take = std::min(left, sys_[id].crystals);
        sys_[id].crystals -= take, left -= take;
      }
    }
    emp_[e].unsupplied = !paid;
    say({Ev::Supply, 0, kNoSys, e, kNobody, 0, 0, 0, cost, paid ? 1 : 0});
  }
}

void WebGame::mining(const std::vector<int32_t>& spent, std::vector<int32_t>& mined) {
  for (auto& s : sys_) {
    if (s.owner >= emp_.size() || s.kind != Kind::Star) continue;
    const int32_t miners = std::max(0, (s.pop - s.newPop) / kPop - spent[s.id]);  // §6c
    const int32_t rate = s.unrest ? std::max(1, s.mineralsPerTurn / 2) : s.mineralsPerTurn;  // §6e
    mined[s.id] = std::min(miners, rate);
    s.minerals += mined[s.id];
    if (mined[s.id]) say({Ev::Mined, 0, s.id, s.owner, kNobody, 0, 0, 0, mined[s.id], 0});
  }
}

void WebGame::growth() {
  for (auto& s : sys_) {
    if (s.kind != Kind::Star || s.pop <= 0 || s.owner == kNobody) continue;
    const int32_t g = s.unrest ? 100 : std::max(100, kQuality[s.quality].growth);  // §6d, §6e
    const int32_t before = s.pop;
    s.pop = std::min(s.pop + g, s.popLimit * kPop);
    if (s.pop != before) say({Ev::Grew, 0, s.id, s.owner, kNobody, 0, 0, 0, s.pop - before, s.pop});
  }
}

void WebGame::unrestCheck() {
  for (auto& s : sys_) {
    if (s.kind != Kind::Star || s.owner >= emp_.size()) continue;
    const bool was = s.unrest;
    s.unrest = s.conqueredThisTurn || (s.raided && s.unrest) || s.pop / kPop > kUnrestPdFactor * s.pd + kUnrestSlack;
    if (s.unrest != was) say({Ev::Unrest, 0, s.id, s.owner, kNobody, 0, 0, 0, s.unrest ? 1 : 0, 0});
  }
}

// Phase 9: 5% debris per stationary ship (pirates immune), then surviving stationary Freighters with room mine 1.
void WebGame::asteroids() {
  for (auto& r : ships_) {
    if (!r.alive() || (r.flags & kMoved) || sys_[r.sys].kind != Kind::Asteroid || r.owner == kPirate) continue;
    if (percent() < kDebrisPercent) {
      r.flags |= kDead;
      say({Ev::Debris, 9, r.sys, r.owner, kNobody, static_cast<uint8_t>(r.type), static_cast<uint8_t>(r.cargo), 0,
           static_cast<int32_t>(r.id), r.load});
    }
  }
  for (auto& r : ships_) {
    if (!r.alive() || (r.flags & kMoved) || sys_[r.sys].kind != Kind::Asteroid || r.type != Ship::Freighter) continue;
    if (r.cargo == Cargo::None || (r.cargo == Cargo::Minerals && r.load < kFreighterMinerals)) {
      r.cargo = Cargo::Minerals, ++r.load;
      say({Ev::Mined, 9, r.sys, r.owner, kNobody, static_cast<uint8_t>(Ship::Freighter), 0, 0, 1, static_cast<int32_t>(r.id)});
    }
  }
}

}  // namespace concord::web
