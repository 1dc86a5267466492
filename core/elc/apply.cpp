// Orders of a turn (VC-320) and the host world's end-of-turn resolution: moves, builds, combat and capture
// (docs/elc-world.md), economy. All of it settles before the Seal (VC-210, VC-3140).
#include <algorithm>
#include <map>

#include "core/elc/orders.h"
#include "core/elc/state.h"

namespace concord::elc {

namespace {
std::string cityName(const World& w, uint32_t c) { return c < w.cities.size() ? w.cities[c].name : "?"; }
}  // namespace

Result<void> ElcGame::validate(Seat seat, const Order& order) const {
  if (over_) return Err("the game is over (VC-1510)");
  if (seat >= players_.size()) return Err("seat ", seat, " is not at this table");
  if (!live(seat)) return Err("seat ", seat, " has left the game and cannot act (VC-2570)");
  auto d = decodeOrder(order);
  if (!d) return d.error();
  const uint32_t t = turn_ + 1;  // the turn being played
  const Player& me = players_[seat];
  auto heldCity = [&](uint32_t c) { return c < cities_.size() && cities_[c].owner == seat; };
  switch (d->kind) {
    case kMove: {
      auto u = std::find_if(units_.begin(), units_.end(), [&](const Unit& x) { return x.id == d->a; });
      if (u == units_.end() || u->owner != seat) return Err("move: unit ", d->a, " is not yours");
      const Grid& g = world_.grid;  // tiles are named (x,y), as the map and `units` print them
      if (d->b >= static_cast<uint32_t>(g.tiles()))
        return Err("move: tile number ", d->b, " is off the ", g.width, "x", g.height, " map (x 0..", g.width - 1, ", y 0..", g.height - 1, ")");
      const auto to = static_cast<int32_t>(d->b);
      if (g.distance(u->tile, to) > kMaxDisplacement)
        return Err("move: (", g.x(to), ",", g.y(to), ") is ", g.distance(u->tile, to), " tiles from Legion ", d->a, " at (", g.x(u->tile), ",",
                   g.y(u->tile), "), farther than MAX_DISPLACEMENT = ", kMaxDisplacement, " (VC-2650)");
      return Ok();
    }
    case kBuild: {
      if (!heldCity(d->a)) return Err("build: city ", d->a, " is not yours");
      if (unsettled(static_cast<int32_t>(d->a), t)) return Err("build: ", cityName(world_, d->a), " is Unsettled and accepts no production (VC-2550)");
      if (cities_[d->a].yard < kUnitCost) return Err("build: ", cityName(world_, d->a), "'s Yard holds ", cities_[d->a].yard, " of the ", kUnitCost, " Works a Legion costs");
      auto n = std::count_if(units_.begin(), units_.end(), [&](const Unit& x) { return x.owner == seat; });
      if (n >= kUnitCap) return Err("build: you field ", n, " Legions, the cap (docs/elc-world.md)");
      return Ok();
    }
    case kDesignateSeat: {
      if (!heldCity(d->a)) return Err("DesignateSeat: the Seat must be a city you hold (VC-1440)");
      if (me.seatless) {
        if (t < me.seatlessSince + 6) return Err("DesignateSeat: no re-Seat for 6 turns after becoming Seatless (VC-1470)");
        if (cities_[d->a].integration < 50) return Err("DesignateSeat: re-Seating needs Integration >= 50 (VC-1470)");
        return Ok();
      }
      if (t > 5) return Err("DesignateSeat: the Seat may be re-designated only in turns 1 to 5 (VC-1450)");
      if (me.seatDesignated) return Err("DesignateSeat: the Seat may be re-designated once (VC-1450)");
      return Ok();
    }
    case kDesignateWorkSite: {
      if (!cfg_.on(Track::GreatWork) && me.charter != Track::GreatWork)
        return Err("DesignateWorkSite: the Great Work is not enabled and is not your Charter (VC-1210, VC-1600)");
      if (!heldCity(d->a) || world_.cities[d->a].landmark < 0)
        return Err("DesignateWorkSite: the Work Site must be a Landmark you hold (VC-1210)");
      const Player& side = players_[sideOf(seat)];  // a team has one Work Site (VC-1570)
      if (side.workSite >= 0)
        return Err("DesignateWorkSite: you already have a Work Site (VC-1210: one", cfg_.teams() ? " per team, VC-1570)" : ")");
      if (t <= side.workSiteBanThrough) return Err("DesignateWorkSite: forbidden for 5 turns after losing a Work Site (VC-1250)");
      return Ok();
    }
    case kSelectCharter:  // VC-1630 "at setup": the selection is the `charters=` setting the table agreed before turn 1
      if (!cfg_.on(Track::Charters)) return Err("SelectCharter: Charters are not enabled in this game (VC-1600)");
      return Err("SelectCharter: Charters are assigned at setup (VC-1630, VC-1650: the handicap lands at the start of turn 1); "
                 "you carry ", trackName(me.charter), " (choose with charters=... in the Terms)");
    case kClaimWarrant: return Err("ClaimWarrant: no Warrant requires a claim; claims are automatic (VC-1830)");
    case kCastVerdictVote: {
      if (verdictLeader_ < 0) return Err("CastVerdictVote: no Verdict is open (VC-2750)");
      if (static_cast<int32_t>(seat) == verdictLeader_) return Err("CastVerdictVote: the leader does not vote (VC-2760)");
      if (static_cast<int32_t>(sideOf(seat)) == verdictLeader_)
        return Err("CastVerdictVote: your team is the leader and does not vote (VC-2760, VC-1570)");
      if (d->a > 1) return Err("CastVerdictVote: 1 ends the game, 0 plays on (VC-2760)");
      return Ok();
    }
    case kConcede:
      if (d->a != 1) return Err("Concede: needs the confirmation (payload 1) and cannot be undone (VC-2840)");
      return Ok();
  }
  return Err("unknown order kind ", order.kind);
}

int32_t ElcGame::tenureLeader() const {
  int32_t best = -1;
  for (Seat s = 0; s < players_.size(); ++s)
    if (scores(s) && (best < 0 || tieChainBefore(s, static_cast<Seat>(best)))) best = s;
  return best;
}

Result<void> ElcGame::applyOne(Seat seat, const Order& order, IVec<uint8_t>& moved, IVec<uint8_t>& built) {
  auto d = decodeOrder(order);
  Player& me = players_[seat];
  switch (d->kind) {
    case kMove: {
      auto u = std::find_if(units_.begin(), units_.end(), [&](const Unit& x) { return x.id == d->a; });
      size_t i = static_cast<size_t>(u - units_.begin());
      if (moved[i]) return Err("move: unit ", d->a, " has already moved this turn (MAX_DISPLACEMENT, VC-2650)");
      moved[i] = 1;
      u->tile = static_cast<int32_t>(d->b);
      return Ok();
    }
    case kBuild:
      if (built[d->a]) return Err("build: ", world_.cities[d->a].name, " builds one Legion a turn");
      built[d->a] = 1;
      cities_[d->a].yard -= kUnitCost;
      units_.push_back(Unit{nextUnitId_++, seat, world_.cities[d->a].tile});
      moved.push_back(1);
      return Ok();
    case kDesignateSeat: me.pendingSeat = static_cast<int32_t>(d->a); return Ok();
    case kDesignateWorkSite: players_[sideOf(seat)].pendingWorkSite = static_cast<int32_t>(d->a); return Ok();
    case kCastVerdictVote: me.vote = static_cast<int8_t>(d->a); return Ok();
    case kConcede: me.concede = true; return Ok();
    default: return Err("unhandled order");
  }
}

std::vector<Rejection> ElcGame::apply(const TurnInput& input) {
  std::vector<Rejection> out;
  captures_.clear();
  IVec<uint8_t> moved(units_.size(), 0), built(cities_.size(), 0);
  for (const auto& so : input.bySeat) {
    for (uint32_t i = 0; i < so.orders.size(); ++i) {
      auto v = validate(so.seat, so.orders[i]);
      if (v) v = applyOne(so.seat, so.orders[i], moved, built);
      if (!v) out.push_back(Rejection{so.seat, i, v.message()});
    }
  }
  if (!over_) {
    resolveCombat(turn_ + 1);
    economy(turn_ + 1);
  }
  return out;
}

void ElcGame::resolveCombat(uint32_t t) {
  const int32_t leader = tenureLeader();  // Defiance reads the Tenure leader as the turn began (VC-2990)
  std::map<int32_t, IVec<size_t>> byTile;  // ascending tile index
  for (size_t i = 0; i < units_.size(); ++i) byTile[units_[i].tile].push_back(i);
  IVec<int32_t> cityAt(static_cast<size_t>(world_.grid.tiles()), -1);
  for (size_t c = 0; c < world_.cities.size(); ++c) cityAt[world_.cities[c].tile] = static_cast<int32_t>(c);
  IVec<uint8_t> dead(units_.size(), 0);
  for (auto& [tile, idx] : byTile) {
    int32_t city = cityAt[tile];
    IVec<int64_t> strength(players_.size() + 1, 0);  // by side (allies never fight, VC-1570); last: the neutral garrison
    for (size_t i : idx) ++strength[sideOf(static_cast<Seat>(units_[i].owner))];
    if (city >= 0 && cities_[city].owner == kNeutral) strength.back() = cities_[city].garrison;
    int sides = static_cast<int>(std::count_if(strength.begin(), strength.end(), [](int64_t s) { return s > 0; }));
    int32_t holder = city >= 0 ? (cities_[city].owner == kNeutral ? static_cast<int32_t>(players_.size()) : sideOfOwner(cities_[city].owner)) : -1;
    int32_t best = -1;
    if (sides > 1) {
      for (int32_t s = 0; s < static_cast<int32_t>(strength.size()); ++s) {
        if (strength[s] == 0) continue;
        bool better = best < 0 || strength[s] > strength[best] || (strength[s] == strength[best] && s == holder && best != holder);
        if (better) best = s;
      }
      int64_t second = 0;
      for (int32_t s = 0; s < static_cast<int32_t>(strength.size()); ++s)
        if (s != best) second = std::max(second, strength[s]);
      int64_t losses = second;  // the winner loses as many as the strongest other side had
      for (size_t i : idx) {
        int32_t o = units_[i].owner;
        if (sideOfOwner(o) != best) dead[i] = 1, ++players_[o].unitsLost;
        else if (losses > 0) dead[i] = 1, ++players_[o].unitsLost, --losses;
      }
      if (city >= 0 && cities_[city].owner == kNeutral)
        cities_[city].garrison = best == static_cast<int32_t>(players_.size()) ? static_cast<int32_t>(strength.back() - second) : 0;
    } else if (sides == 1) {
      for (int32_t s = 0; s < static_cast<int32_t>(strength.size()); ++s)
        if (strength[s] > 0) best = s;
    }
    // Capture: a city whose tile a side other than its owner's now holds with a surviving unit. In a team the member
    // with the most surviving units there takes it (ties: the lower seat).
    if (city >= 0 && best >= 0 && best < static_cast<int32_t>(players_.size()) && sideOfOwner(cities_[city].owner) != best) {
      IVec<int64_t> alive(players_.size(), 0);
      for (size_t i : idx)
        if (!dead[i] && sideOfOwner(units_[i].owner) == best) ++alive[units_[i].owner];
      int32_t captor = -1;
      for (int32_t k = 0; k < static_cast<int32_t>(alive.size()); ++k)
        if (alive[k] > 0 && (captor < 0 || alive[k] > alive[captor])) captor = k;
      if (captor < 0) continue;
      int32_t from = cities_[city].owner;
      captures_.push_back(Capture{city, from, captor});
      if (from >= 0) {
        ++players_[captor].capturedFrom[from];
        if (sideOfOwner(from) == leader && cfg_.defiance) ++players_[best].defianceCaptures;  // paid to the side (S3)
      }
      cities_[city].owner = captor;
      cities_[city].integration = 0;
      cities_[city].yard = 0;
      cities_[city].garrison = 0;
      cities_[city].unsettledThrough = 0;
    }
  }
  std::vector<Unit> kept;
  for (size_t i = 0; i < units_.size(); ++i)
    if (!dead[i]) kept.push_back(units_[i]);
  units_ = std::move(kept);
  (void)t;
}

void ElcGame::economy(uint32_t t) {
  for (size_t c = 0; c < cities_.size(); ++c) {
    City& city = cities_[c];
    if (city.owner == kNeutral) continue;
    city.yard += cityWorks(static_cast<int32_t>(c), t);  // Works accrual into the Yard
    if (!unsettled(static_cast<int32_t>(c), t)) city.integration = std::min(100, city.integration + 10);
  }
}

std::vector<Order> ElcGame::legalOrders(Seat seat) const {
  std::vector<Order> out;
  if (over_ || seat >= players_.size() || !live(seat)) return out;
  for (const auto& u : units_) {
    if (u.owner != seat) continue;
    for (int32_t tile : world_.grid.within(u.tile, kMaxDisplacement))
      if (tile != u.tile) out.push_back(makeMove(u.id, static_cast<uint32_t>(tile)));
  }
  auto tryAdd = [&](Order o) {
    if (validate(seat, o)) out.push_back(std::move(o));
  };
  for (uint32_t c = 0; c < cities_.size(); ++c) {
    if (cities_[c].owner != static_cast<int32_t>(seat)) continue;
    tryAdd(makeOrder(kBuild, c));
    tryAdd(makeOrder(kDesignateSeat, c));
    tryAdd(makeOrder(kDesignateWorkSite, c));
  }
  tryAdd(makeOrder(kCastVerdictVote, 0));
  tryAdd(makeOrder(kCastVerdictVote, 1));
  out.push_back(makeOrder(kConcede, 1));
  return out;
}

std::string ElcGame::describe(Seat seat, const Order& order) const {
  auto d = decodeOrder(order);
  std::string who = playerName(seat);
  if (!d) return who + ": " + d.message();
  switch (d->kind) {
    case kMove: return who + " moves Legion " + std::to_string(d->a) + " to (" + std::to_string(d->b % static_cast<uint32_t>(world_.grid.width)) + "," +
                       std::to_string(d->b / static_cast<uint32_t>(world_.grid.width)) + ")";
    case kBuild: return who + " builds a Legion at " + cityName(world_, d->a);
    case kDesignateSeat: return who + " designates " + cityName(world_, d->a) + " as Seat";
    case kDesignateWorkSite: return who + " designates " + cityName(world_, d->a) + " as Work Site";
    case kSelectCharter: return who + " selects Charter " + std::to_string(d->a);
    case kCastVerdictVote: return who + (d->a ? " votes to end the game" : " votes to play on");
    case kConcede: return who + " concedes";
    case kClaimWarrant: return who + " claims Warrant " + std::to_string(d->a);
  }
  return who + " ?";
}

}  // namespace concord::elc
