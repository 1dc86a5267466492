// §8 the whole turn, phase by phase, from every empire's bundle (ascending seat, orders in bundle order).
#include <algorithm>

#include "core/web/combat.h"
#include "core/web/state.h"

namespace concord::web {

int WebGame::d10() {
  if (scriptD10_.empty()) return static_cast<int>(combat_.below(10)) + 1;
  int v = scriptD10_.front();
  scriptD10_.erase(scriptD10_.begin());
  return v;
}

uint64_t WebGame::pick(uint64_t n) {
  if (scriptD10_.empty()) return combat_.below(n);
  uint64_t v = scriptD10_.front();
  scriptD10_.erase(scriptD10_.begin());
  return (v + n - 1) % n;
}

int WebGame::percent() {
  if (scriptPct_.empty()) return static_cast<int>(hazard_.below(100));
  int v = scriptPct_.front();
  scriptPct_.erase(scriptPct_.begin());
  return v;
}

std::vector<std::vector<uint32_t>> WebGame::bySystem() const {
  std::vector<std::vector<uint32_t>> b(sys_.size());
  for (uint32_t i = 0; i < ships_.size(); ++i)
    if (ships_[i].alive()) b[ships_[i].sys].push_back(i);
  return b;
}

// §3h: lanes between two adjacent Starbases of the same empire, locked in at turn start.
void WebGame::snapshotLanes() {
  activeLanes_.clear();
  for (const auto& s : sys_) {
    if (!s.starbase || s.owner >= emp_.size()) continue;
    for (uint16_t n : s.lanes)
      if (n > s.id && sys_[n].starbase && sys_[n].owner == s.owner)
        activeLanes_.push_back((uint64_t{s.owner} << 32) | (uint64_t{s.id} << 16) | n);
  }
  std::sort(activeLanes_.begin(), activeLanes_.end());
}

StanceRec& WebGame::stanceRef(uint16_t sys, uint8_t owner) {
  auto it = std::lower_bound(stances_.begin(), stances_.end(), std::pair{sys, owner},
                             [](const StanceRec& s, const std::pair<uint16_t, uint8_t>& k) {
                               return std::pair{s.sys, s.owner} < k;
                             });
  if (it != stances_.end() && it->sys == sys && it->owner == owner) return *it;
  StanceRec r;
  r.sys = sys, r.owner = owner;
  return *stances_.insert(it, r);
}

Result<void> WebGame::doLoad(uint8_t e, const Decoded& d, bool unload) {
  if (auto c = check(e, d); !c) return c;
  System& s = sys_[d.sys];
  int left = d.amount;
  for (int pass = 0; pass < 3 && left > 0; ++pass) {
    for (auto& r : ships_) {
      if (left == 0) break;
      if (r.owner != e || r.sys != d.sys || !r.alive() || (r.flags & kPlacing)) continue;
      if (unload) {
        if (pass > 0 || r.cargo != d.cargo) continue;
        const int take = std::min<int>(left, r.load);
        r.load = static_cast<uint8_t>(r.load - take), left -= take;
        if (r.load == 0) r.cargo = Cargo::None;
        if (d.cargo == Cargo::Minerals) s.minerals += take;
        if (d.cargo == Cargo::Pop) s.pop += take * kPop, s.newPop += take * kPop;  // §3d assimilating this turn
        if (d.cargo == Cargo::Starbase) s.starbaseKits += take;
        continue;
      }
      // Loading: part-filled Freighters, then empty Freighters, then empty Cruisers (minerals only).
      const bool fr = r.type == Ship::Freighter;
      int room = 0;
      if (pass == 0 && fr && r.cargo == Cargo::Minerals && d.cargo == Cargo::Minerals) room = kFreighterMinerals - r.load;
      if (pass == 1 && fr && r.cargo == Cargo::None) room = d.cargo == Cargo::Minerals ? kFreighterMinerals : 1;
      if (pass == 2 && r.type == Ship::Cruiser && r.cargo == Cargo::None && d.cargo == Cargo::Minerals) room = kCruiserMinerals;
      const int take = std::min(left, room);
      if (take == 0) continue;
      r.cargo = d.cargo, r.load = static_cast<uint8_t>(r.load + take), left -= take;
      r.flags |= kLoaded;
      if (d.cargo == Cargo::Minerals) s.minerals -= take;
      if (d.cargo == Cargo::Pop) s.pop -= take * kPop;
      if (d.cargo == Cargo::Starbase) s.starbaseKits -= take;
    }
  }
  say({unload ? Ev::Unloaded : Ev::Loaded, 0, d.sys, e, kNobody, static_cast<uint8_t>(d.cargo), 0, 0, d.amount, 0});
  return Ok();
}

Result<void> WebGame::doMove(uint8_t e, const Decoded& d) {
  if (auto c = check(e, d); !c) return c;
  const auto& m = d.move;
  int want[kMobileTypes + 3] = {m.cruisers, m.destroyers, m.missiles, m.novas, m.freighters[0], m.freighters[1],
                                m.freighters[2], m.freighters[3]};
  std::vector<uint32_t> picked;
  for (uint32_t i = 0; i < ships_.size(); ++i) {
    const ShipRec& r = ships_[i];
    if (r.owner != e || r.sys != d.sys || !r.alive() || r.dest != kNoSys || (r.flags & kPlacing)) continue;
    int slot = r.type == Ship::Freighter ? 4 + static_cast<int>(r.cargo) : static_cast<int>(r.type);
    if (want[slot] > 0) --want[slot], picked.push_back(i);
  }
  for (int w : want)
    if (w > 0) return Err("those ships are already ordered elsewhere this turn (moving or placing a Starbase)");
  // §3b: a Destroyer gating itself without a Cruiser (and off an active lane) is a one-way probe.
  const bool probe = m.cruisers == 0 && m.destroyers == m.total() && !laneActive(e, d.sys, d.to);
  for (uint32_t i : picked) {
    ships_[i].dest = d.to;
    if (probe) ships_[i].flags |= kProbe;
  }
  return Ok();
}

void WebGame::movement() {
  struct Group {
    uint8_t owner;
    uint16_t from, to;
    int32_t count;
  };
  std::vector<Group> groups;
  for (auto& r : ships_) {
    if (!r.alive() || r.dest == kNoSys) continue;
    if (groups.empty() || groups.back().owner != r.owner || groups.back().from != r.sys || groups.back().to != r.dest) {
      auto it = std::find_if(groups.begin(), groups.end(),
                             [&](const Group& g) { return g.owner == r.owner && g.from == r.sys && g.to == r.dest; });
      if (it == groups.end()) groups.push_back({r.owner, r.sys, r.dest, 0}), it = groups.end() - 1;
      ++it->count;
    } else {
      ++groups.back().count;
    }
    r.from = r.sys, r.sys = r.dest, r.dest = kNoSys;
    r.flags |= kArrived | kMoved;
  }
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    return std::tie(a.owner, a.from, a.to) < std::tie(b.owner, b.from, b.to);
  });
  for (const auto& g : groups) say({Ev::Moved, 0, g.to, g.owner, kNobody, 0, 0, 0, g.from, g.count});
  // §3e arrival checks: black hole (§1g), probe burn-out (§3b), asteroid debris 5% (§1d).
  for (auto& r : ships_) {
    if (!r.alive() || !(r.flags & kArrived)) continue;
    System& s = sys_[r.sys];
    auto gone = [&](Ev why) {
      r.flags |= kDead;
      say({why, 0, r.sys, r.owner, kNobody, static_cast<uint8_t>(r.type), static_cast<uint8_t>(r.cargo), 0,
           static_cast<int32_t>(r.id), r.load});
    };
    if (s.kind == Kind::BlackHole) {
      gone(Ev::BlackHole);
      continue;
    }
    if (r.owner < emp_.size()) emp_[r.owner].knowledge[r.sys] |= (r.flags & kProbe) ? (kProbed | kProbedNow) : kExplored;
    if (r.flags & kProbe) {
      gone(Ev::Probe);
      continue;
    }
    if (s.kind == Kind::Asteroid && r.owner != kPirate && percent() < kDebrisPercent)
      gone(Ev::Debris);
  }
}

void WebGame::combatRound(int round) {
  auto here = bySystem();
  for (uint16_t id = 0; id < sys_.size(); ++id) {
    if (here[id].empty()) continue;
    std::vector<uint8_t> attackers;
    if (round == 2) {
      attackers = invaders(id, here[id]);
      ambushFire(id, here[id]);
    }
    Combat c(*this, id, round, here[id]);
    if (c.anyEngaged()) c.fireRound();
    recruit(id, c.recruits);
    if (round == 2 && !attackers.empty()) invade(id, attackers, here[id]);
  }
}

std::vector<Rejection> WebGame::apply(const TurnInput& input) {
  std::vector<Rejection> rejected;
  events_.clear();
  openings_.clear();
  if (over_) return rejected;
  for (auto& e : emp_)
    for (auto& k : e.knowledge) k &= static_cast<uint8_t>(~kProbedNow);
  // Decode every bundle; Cancel voids an earlier order of the same bundle.
  struct Queued {
    uint8_t seat;
    uint32_t index;
    Decoded d;
    bool live = true;
  };
  std::vector<Queued> items;
  for (const auto& so : input.bySeat) {
    const size_t first = items.size();
    for (uint32_t i = 0; i < so.orders.size(); ++i) {
      auto d = decode(so.orders[i]);
      if (!d) {
        rejected.push_back({so.seat, i, d.message()});
        continue;
      }
      if (so.seat >= emp_.size() || emp_[so.seat].vanquished) {
        rejected.push_back({so.seat, i, so.seat >= emp_.size() ? "no such empire" : "your empire is vanquished"});
        continue;
      }
      if (d->kind == kCancel) {
        auto it = std::find_if(items.begin() + static_cast<long>(first), items.end(),
                               [&](const Queued& x) { return x.index == d->amount && x.live; });
        if (d->amount >= i || it == items.end()) rejected.push_back({so.seat, i, "cancel names no earlier order of this turn"});
        else it->live = false;
        continue;
      }
      items.push_back({static_cast<uint8_t>(so.seat), i, *d});
    }
  }
  // Turn start: Starbase repair (§4j). Active lanes (§3h) were snapshotted when the last turn ended.
  for (auto& s : sys_)
    if (s.starbase && s.starbaseDamage > 0) {
      --s.starbaseDamage;
      say({Ev::Repaired, 0, s.id, s.owner, kNobody, static_cast<uint8_t>(Ship::Starbase), 0, 0, s.starbaseDamage, 0});
    }
  auto reject = [&](const Queued& it, const Result<void>& r) {
    if (!r) rejected.push_back({it.seat, it.index, r.message()});
  };
  // Treaties and gifts are checked against the turn-start state and take effect at rollover (§2i, §2j).
  std::vector<std::pair<uint8_t, Decoded>> diplomacy;
  for (auto& it : items) {
    if (!it.live || (it.d.kind != kTreaty && it.d.kind != kGift)) continue;
    auto c = check(it.seat, it.d);
    const bool twice = it.d.kind == kGift && std::any_of(diplomacy.begin(), diplomacy.end(), [&](const auto& x) {
      return x.first == it.seat && x.second.kind == kGift && x.second.other == it.d.other;
    });
    if (c && twice) c = Err("one transfer per recipient per turn (§2j): cancel the first to change the amount");
    reject(it, c);
    if (c) diplomacy.push_back({it.seat, it.d});
  }
  // Phase 1: load/unload, then Starbase placements, then stances; moves mark their ships.
  for (auto& it : items)
    if (it.live && (it.d.kind == kLoad || it.d.kind == kUnload)) reject(it, doLoad(it.seat, it.d, it.d.kind == kUnload));
  std::vector<std::pair<uint16_t, uint32_t>> placing;  // (system, ship index)
  for (auto& it : items)
    if (it.live && it.d.kind == kPlace) reject(it, doPlace(it.seat, it.d, placing));
  resolvePlacements(placing);
  for (auto& it : items)
    if (it.live && it.d.kind == kRoute) {
      auto c = check(it.seat, it.d);
      reject(it, c);
      if (c) setRoutes(it.seat, it.d);
    }
  for (auto& it : items)
    if (it.live && it.d.kind == kStance) {
      auto c = check(it.seat, it.d);
      reject(it, c);
      if (c) doStance(it.seat, it.d);
    }
  std::vector<std::pair<uint8_t, Decoded>> builds;
  for (auto& it : items) {
    if (!it.live) continue;
    if (it.d.kind == kMove) reject(it, doMove(it.seat, it.d));
    if (it.d.kind == kBuild) {
      auto c = check(it.seat, it.d);
      reject(it, c);
      if (c) builds.push_back({it.seat, it.d});
    }
  }
  pirateDrift();  // homeless pirate fleets head for a lair (§5a)
  raidMoves();    // raiders take their next hop (§5c)
  // Phases 2-4: combat round 1, movement (arrival checks: first contact, §2a, §3e), combat round 2 with ambush and
  // invasion; then what the battles mean for reputation and the independents (§2e, §5h).
  combatRound(1);
  movement();
  firstContacts();
  combatRound(2);
  attacksOnIndependents();
  surpriseAttacks();
  raidsOverTargets();  // §5d plunder, blockade, retarget
  pirateRewards();
  // Phases 5-9.
  std::vector<int32_t> spent(sys_.size(), 0);
  production(builds, spent);
  maintenance();
  std::vector<int32_t> mined(sys_.size(), 0);
  mining(spent, mined);
  traders(spent, mined);
  growth();
  unrestCheck();
  asteroids();
  reportStranded();
  // Phase 10: ownership changes (joins voted on an earlier turn, §2g), vanquished empires, victory; phase 11:
  // diplomacy rolls and the join check (§2b).
  joinTransfers();
  ownershipAndVictory();
  if (!over_) diplomacyRolls();
  if (!over_) launchRaid();  // §5b
  rollover(diplomacy);  // §2i, §2j: treaties and gifts take effect as the turn rolls over
  meetings();
  compactShips();
  refreshKnowledge(turn_ + 1);  // the next turn's View is the one that sees it
  snapshotLanes();  // §3h the lanes of the next turn's start (also what validate() sees)
  ++turn_;
  return rejected;
}

void WebGame::doStance(uint8_t e, const Decoded& d) {
  StanceRec& r = stanceRef(d.sys, e);
  r.stance = d.stance;
  r.targets = d.stance == Stance::Attack ? d.targets : 0;
  r.lanes = d.stance == Stance::Ambush ? d.lanes : std::vector<uint16_t>{};
}

// §3g: ships without a warp generator whose last generator ship (CR, DD, N) was lost this turn are stranded.
void WebGame::reportStranded() {
  auto generator = [](uint8_t t) { return t == 0 || t == 1 || t == 3; };
  std::vector<std::pair<uint16_t, uint8_t>> lost;
  for (const auto& e : events_)
    if ((e.kind == Ev::Destroyed || e.kind == Ev::Debris || e.kind == Ev::Captured) && generator(e.ship))
      lost.push_back({e.sys, e.owner});
  std::sort(lost.begin(), lost.end());
  lost.erase(std::unique(lost.begin(), lost.end()), lost.end());
  auto here = bySystem();
  for (const auto& [sys, owner] : lost) {
    int32_t left = 0;
    bool gen = false;
    for (uint32_t i : here[sys])
      if (ships_[i].owner == owner) gen |= generator(static_cast<uint8_t>(ships_[i].type)), ++left;
    if (left > 0 && !gen) say({Ev::Stranded, 0, sys, owner, kNobody, 0, 0, 0, left, 0});
  }
}

void WebGame::compactShips() {
  std::erase_if(ships_, [](const ShipRec& r) { return !r.alive(); });
  for (auto& r : ships_) r.damage = 0, r.dest = kNoSys, r.from = kNoSys, r.flags = 0;
  for (auto& s : sys_) s.dsatDamage = 0, s.newPop = 0, s.conqueredThisTurn = false, s.raided = false;
  // A stance lives while its fleet does (§4a: conditional is the default).
  std::vector<uint64_t> present;
  for (const auto& r : ships_) present.push_back((uint64_t{r.sys} << 8) | r.owner);
  std::sort(present.begin(), present.end());
  std::erase_if(stances_, [&](const StanceRec& s) {
    return !std::binary_search(present.begin(), present.end(), (uint64_t{s.sys} << 8) | s.owner);
  });
}

}  // namespace concord::web
