// The Game interface plumbing: setup from the seed (§1), explicit positions, awaiting, describe, legalOrders.
#include <algorithm>

#include "core/web/module.h"
#include "core/web/state.h"

namespace concord::web {

GameInfo WebGame::info() const { return GameInfo{"web", rulesVersion_, 2, kMaxEmpires}; }

Result<void> WebGame::setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) {
  auto c = decodeConfig(config);
  if (!c) return c.error();
  if (seats < 2 || seats > kMaxEmpires) return Err("W.E.B. needs 2..", kMaxEmpires, " empires, got ", seats);
  const uint32_t version = rulesVersion_;
  *this = WebGame{};
  rulesVersion_ = version;
  cfg_ = *c;
  combat_ = det::Rng::stream(seed, "combat");
  hazard_ = det::Rng::stream(seed, "hazard");
  diplo_ = det::Rng::stream(seed, "diplomacy");
  auto galaxy = det::Rng::stream(seed, "galaxy");
  generate(galaxy, galaxySize(cfg_, seats), seats);
  placeLocalPirates(galaxy);  // §5a
  for (auto& e : emp_) e.relation.assign(sys_.size(), 0), e.diplo.assign(sys_.size(), 0);
  pacts_.assign(size_t{seats} * (seats - 1u) / 2, Pact{});
  meetings();
  refreshKnowledge(turn_);
  snapshotLanes();
  return Ok();
}

Result<void> WebGame::loadPosition(const Position& p, const det::Seed& seed) {
  if (auto v = validateConfig(p.config); !v) return v;
  if (p.empires < 1 || p.empires > kMaxEmpires) return Err("empires must be 1..", kMaxEmpires);
  if (p.systems.empty() || p.systems.size() > kMaxSystems) return Err("a position needs 1..", kMaxSystems, " systems");
  WebGame g;
  g.rulesVersion_ = rulesVersion_;
  g.cfg_ = p.config;
  g.combat_ = det::Rng::stream(seed, "combat");
  g.hazard_ = det::Rng::stream(seed, "hazard");
  g.diplo_ = det::Rng::stream(seed, "diplomacy");
  g.turn_ = p.turn;
  g.sys_ = p.systems;
  const auto n = static_cast<uint16_t>(g.sys_.size());
  auto ownerOk = [&](uint8_t o) { return o < p.empires || o == kIndependent || o == kPirate || o == kNobody; };
  for (uint16_t i = 0; i < n; ++i) {
    auto& s = g.sys_[i];
    if (s.id != i) return Err("system ids must be 0..", n - 1, " in order");
    std::sort(s.lanes.begin(), s.lanes.end());
    for (uint16_t l : s.lanes) {
      if (l >= n || l == i) return Err("system ", i, " has a lane to ", l, " which is not another system");
      const auto& back = p.systems[l].lanes;
      if (std::find(back.begin(), back.end(), i) == back.end()) return Err("lane ", i, "-", l, " must be listed at both ends");
    }
    if (!ownerOk(s.owner)) return Err("system ", i, " has an unknown owner");
    if (s.homeOf != kNobody && s.homeOf >= p.empires) return Err("system ", i, " is the home of no empire");
    if (s.quality > 4) return Err("system ", i, ": quality must be A..E");
  }
  g.emp_.assign(p.empires, Empire{});
  for (auto& e : g.emp_) e.knowledge.assign(n, 0), e.relation.assign(n, 0), e.diplo.assign(n, 0);
  for (const auto& s : g.sys_)
    if (s.homeOf != kNobody) g.emp_[s.homeOf].home = s.id;
  for (uint8_t e = 0; e < p.empires; ++e) {
    if (g.emp_[e].home == kNoSys) return Err("empire ", e, " has no home system");
    if (e < p.unsupplied.size()) g.emp_[e].unsupplied = p.unsupplied[e] != 0;
    if (e < p.reputation.size()) {
      if (p.reputation[e] < kRepMin || p.reputation[e] > kRepMax) return Err("reputation must be ", kRepMin, "..", kRepMax);
      g.emp_[e].reputation = p.reputation[e];
    }
    if (e < p.paidToPirates.size()) {
      if (p.paidToPirates[e] < 0) return Err("minerals paid to the pirates cannot be negative");
      g.emp_[e].paidToPirates = p.paidToPirates[e];
    }
  }
  g.pacts_.assign(size_t{p.empires} * (p.empires - 1u) / 2, Pact{});
  for (const auto& x : p.pacts) {
    if (x.a >= p.empires || x.b >= p.empires || x.a == x.b) return Err("a pact names two different empires of this game");
    if (x.pact.state > static_cast<uint8_t>(PactState::Nap)) return Err("a pact is neutral, war or nap");
    g.pactRef(x.a, x.b) = x.pact;
  }
  g.nextRaidTurn_ = p.nextRaidTurn, g.pirateReserve_ = p.pirateReserve, g.raidsLaunched_ = p.raidsLaunched;
  for (const auto& raid : p.raids) {
    if (raid.id == 0 || raid.route.empty() || raid.origin >= n || raid.target >= n) return Err("a raid needs an id, a route and known systems");
    for (uint16_t x : raid.route)
      if (x >= n) return Err("a raid's route names an unknown system");
    if (!g.raids_.empty() && raid.id <= g.raids_.back().id) return Err("raid ids must ascend");
    g.raids_.push_back(raid);
    g.nextRaidId_ = static_cast<uint16_t>(raid.id + 1);
  }
  for (const auto& [a, b] : p.met) {
    if (a >= p.empires || b >= p.empires || a == b) return Err("met names two different empires of this game");
    g.emp_[a].met |= 1u << b, g.emp_[b].met |= 1u << a;
  }
  for (const auto& r : p.relations) {
    if (r.empire >= p.empires || r.sys >= n) return Err("a relation names an unknown empire or system");
    if (r.rel > static_cast<uint8_t>(Rel::Hostile)) return Err("a relation is unmet, neutral or hostile");
    if (r.level < kDiploMin || r.level > kDiploMax) return Err("a diplomacy level is ", kDiploMin, "..", kDiploMax);
    g.emp_[r.empire].relation[r.sys] = r.rel;
    g.emp_[r.empire].diplo[r.sys] = r.rel == static_cast<uint8_t>(Rel::Neutral) ? r.level : 0;
  }
  for (auto r : p.ships) {
    if (r.sys >= n) return Err("a ship is at system ", r.sys, " which does not exist");
    if (!ownerOk(r.owner) || r.owner == kNobody) return Err("a ship has an unknown owner");
    if (static_cast<int>(r.type) >= kMobileTypes) return Err("D-Sats and Starbases are counts on systems, not ships");
    r.id = g.nextShipId_++;
    g.ships_.push_back(r);
  }
  for (const auto& st : p.stances) {
    if (st.sys >= n || !ownerOk(st.owner)) return Err("a stance names an unknown system or owner");
    g.stanceRef(st.sys, st.owner) = st;
  }
  g.refreshKnowledge(g.turn_);
  g.snapshotLanes();
  g.meetings();
  *this = std::move(g);
  return Ok();
}

std::vector<Seat> WebGame::awaiting() const {
  std::vector<Seat> out;
  if (over_) return out;
  for (uint8_t e = 0; e < emp_.size(); ++e)
    if (!emp_[e].vanquished) out.push_back(e);
  return out;
}

void WebGame::seal(uint32_t) {}

std::string WebGame::describe(Seat seat, const Order& order) const {
  auto d = decode(order);
  if (!d) return ownerName(static_cast<uint8_t>(seat)) + ": unreadable order (" + d.message() + ")";
  return ownerName(static_cast<uint8_t>(seat)) + ": " + describeDecoded(*d);
}

// A representative, bounded set: for each of the seat's fleets every one-hop move of all gate-able ships,
// a probe, the Novas alone, each stance; for each owned star system one of each legal build; loads/unloads.
std::vector<Order> WebGame::legalOrders(Seat seat) const {
  std::vector<Order> out;
  const uint8_t e = static_cast<uint8_t>(seat);
  if (e >= emp_.size() || emp_[e].vanquished || over_) return out;
  auto keep = [&](const Decoded& d) {
    if (check(e, d)) out.push_back(encode(d));
  };
  std::vector<MoveCounts> at(sys_.size());
  std::vector<uint8_t> present(sys_.size(), 0);
  for (const auto& r : ships_) {
    if (r.owner != e || !r.alive()) continue;
    auto& m = at[r.sys];
    present[r.sys] = 1;
    if (r.type == Ship::Cruiser) ++m.cruisers;
    if (r.type == Ship::Destroyer) ++m.destroyers;
    if (r.type == Ship::Missile) ++m.missiles;
    if (r.type == Ship::Nova) ++m.novas;
    if (r.type == Ship::Freighter) ++m.freighters[static_cast<size_t>(r.cargo)];
  }
  for (const auto& s : sys_) {
    if (present[s.id]) {
      for (uint16_t to : s.lanes) {
        Decoded d;
        d.kind = kMove, d.sys = s.id, d.to = to, d.move = at[s.id];
        keep(d);
        d.move = MoveCounts{};
        d.move.destroyers = 1;
        keep(d);
        d.move = MoveCounts{};
        d.move.novas = at[s.id].novas;
        if (d.move.novas) keep(d);
      }
      Decoded st;
      st.kind = kStance, st.sys = s.id;
      keep(st);
      uint32_t others = 0;
      for (const auto& r : ships_)
        if (r.sys == s.id && r.owner != e) others |= targetBit(r.owner);
      if (s.owner != e && s.owner != kNobody) others |= targetBit(s.owner);
      if (others) st.stance = Stance::Attack, st.targets = others, keep(st);
      st.stance = Stance::Ambush, st.targets = 0, st.lanes = s.lanes;
      keep(st);
      Decoded ld;
      ld.kind = kLoad, ld.sys = s.id, ld.cargo = Cargo::Minerals, ld.amount = 1;
      keep(ld);
      ld.kind = kUnload;
      keep(ld);
      Decoded pl;
      pl.kind = kPlace, pl.sys = s.id;
      keep(pl);
    }
    if (s.owner == e && s.kind == Kind::Star)
      for (int it = 0; it < kItems; ++it) {
        Decoded b;
        b.kind = kBuild, b.sys = s.id, b.item = static_cast<Item>(it), b.amount = 1;
        keep(b);
      }
  }
  // §3i a manual route from each owned system to all its neighbours (legal at every system but the home).
  for (const auto& s : sys_)
    if (s.owner == e) {
      Decoded r;
      r.kind = kRoute, r.sys = s.id, r.lanes = s.lanes;
      keep(r);
    }
  // §2i each treaty with each other empire where it is legal now; §2j a gift of 1 mineral.
  for (uint8_t o = 0; o < emp_.size(); ++o) {
    for (int t = 0; t < kTreaties; ++t) {
      Decoded d;
      d.kind = kTreaty, d.treaty = static_cast<Treaty>(t), d.other = o;
      keep(d);
    }
    Decoded gift;
    gift.kind = kGift, gift.other = o, gift.amount = 1;
    keep(gift);
  }
  return out;
}

}  // namespace concord::web
