// RULES §III eligible routes, must-play-when-able, one draw per turn; §IV doubles; §VI house rules.
// Every legal order comes from turnOrders(); validate() accepts exactly those and explains the rest.
#include <algorithm>

#include "core/warp/state.h"

namespace concord::warp {

int WarpGame::lineOf(uint8_t s, Route r) const {
  switch (r.kind) {
    case RouteKind::Own: return home(s);
    case RouteKind::Neutral: return seats_;
    case RouteKind::Seat: return r.seat < seats_ ? home(r.seat) : -1;
  }
  return -1;
}

std::string WarpGame::lineName(uint8_t viewer, uint8_t line) const {
  if (line == seats_) return "the Neutral Zone";
  if (viewer < seats_ && line == home(viewer)) return "own Warp Trail";
  if (cfg_.squadrons) return "Squadron " + std::to_string(line) + "'s Warp Trail";
  return name(line) + "'s Warp Trail";
}

// §III Eligible routes: own trail, the Neutral Zone, another captain's trail only with its beacon up.
bool WarpGame::routeOpenTo(uint8_t s, uint8_t line, bool assumeAllBeacons) const {
  if (line == home(s)) return true;
  if (line == seats_) {
    // §VI house: Neutral Zone after all trails started.
    if (cfg_.nzAfterAllTrails && lines_[seats_].main.empty())
      for (uint8_t t = 0; t < seats_; ++t)
        if (lines_[home(t)].main.empty()) return false;
    return true;
  }
  // §VI house: Require own trail first.
  if (cfg_.ownTrailFirst && !seat_[s].chartedOwn) return false;
  // §VI Alpha Distress amplification: every trail open without a beacon.
  return seat_[line].beacon || assumeAllBeacons || amplification_;
}

static Route routeFor(uint8_t s, uint8_t line, uint8_t seats) {
  if (line == s) return Route{RouteKind::Own, 0};
  if (line == seats) return Route{RouteKind::Neutral, 0};
  return Route{RouteKind::Seat, line};
}

void WarpGame::chartsFor(uint8_t s, bool assumeAllBeacons, bool restrictDrawn, std::vector<Order>& out) const {
  const auto& hand = seat_[s].hand;
  auto allowed = [&](Tile t) { return !(restrictDrawn && mustChartDrawn_) || t == drawn_; };
  if (dbl_.active) {
    // §IV: while a double is open no other route may be played; only a cover (or stabilizer) on it.
    for (Tile t : hand)
      if (t.has(dbl_.pip) && allowed(t)) out.push_back(chartOrder(t, routeFor(home(s), dbl_.line, seats_)));
    return;
  }
  // §VI house: Round starter plays two — both on the starter's own trail.
  bool ownOnly = cfg_.starterPlaysTwo && openingTurn_ && s == roundStarter_ && s == toAct_ && chartsThisTurn_ < 2 &&
                 !assumeAllBeacons;
  std::vector<uint8_t> order{home(s), seats_};
  for (uint8_t t = 0; t < seats_; ++t)
    if (t != home(s) && home(t) == t) order.push_back(t);
  for (uint8_t line : order) {
    if (ownOnly && line != home(s)) continue;
    if (!routeOpenTo(s, line, assumeAllBeacons)) continue;
    uint8_t end = lines_[line].openEnd(spacedock_);
    for (Tile t : hand)
      if (t.has(end) && allowed(t)) out.push_back(chartOrder(t, routeFor(home(s), line, seats_)));
  }
}

bool WarpGame::doubleIsDead(uint8_t pip, int needed) const {
  // §IV Dead double: it cannot be satisfied once no coordinate showing the pip is left off the table.
  int left = 0;
  if (hiddenDeal_ && anyUnknown()) {  // issue 26: the hidden ones are exactly those no place names
    for (Tile t : unseenTiles()) left += t.has(pip) ? 1 : 0;
    for (const auto& st : seat_)
      for (Tile t : st.hand) left += !isUnknown(t) && t.has(pip) ? 1 : 0;
    for (const auto* v : {&pile_, &grid_, &wager_})
      for (Tile t : *v) left += !isUnknown(t) && t.has(pip) ? 1 : 0;
    return left < needed;
  }
  for (const auto& st : seat_)
    for (Tile t : st.hand) left += t.has(pip) ? 1 : 0;
  for (Tile t : pile_) left += t.has(pip) ? 1 : 0;
  for (Tile t : grid_) left += t.has(pip) ? 1 : 0;
  for (Tile t : wager_) left += t.has(pip) ? 1 : 0;
  return left < needed;
}

bool WarpGame::fractureApplies(uint8_t s, uint8_t line) const {
  switch (cfg_.fracture) {
    case Fracture::Off: return false;
    case Fracture::OwnTrail: return line == home(s);
    case Fracture::AllCaptains: return line < seats_;
    case Fracture::AllDoubles: return true;
  }
  return false;
}

// §V Blocked sector: Uncharted empty and no captain can chart. Beacons go up as stuck captains pass, so a
// trail counts as open here; house-rule route limits and an open double still apply.
bool WarpGame::isBlocked() const {
  if (!pile_.empty() || !grid_.empty()) return false;
  // Issue 26: while hands hold unknowns only the captains know; the table polls them (blockByClaims).
  if (hiddenDeal_ && anyUnknown()) return blockClaimed_;
  std::vector<Order> tmp;
  for (uint8_t s = 0; s < seats_; ++s) {
    chartsFor(s, true, false, tmp);
    if (!tmp.empty()) return false;
  }
  return true;
}

std::vector<Order> WarpGame::turnOrders(uint8_t s) const {
  std::vector<Order> out;
  out.reserve(16);  // typical: a few charts plus draw, beacon or pass; avoids regrowth on the playout path
  chartsFor(s, false, true, out);
  const auto& me = seat_[s];
  bool starterSecond = cfg_.starterPlaysTwo && openingTurn_ && s == roundStarter_ && chartsThisTurn_ == 1 && !dbl_.active;
  if (out.empty()) {
    // §VI Lambda: the wormhole opener must satisfy the double from hand (no cover draw) while Yellow.
    bool wormholeCharter = dbl_.active && dbl_.wormhole && !dbl_.red;
    bool drawAllowed = !drew_ && !starterSecond && !wormholeCharter;
    bool canDraw = drawAllowed && !pile_.empty();
    // §VI Gamma: a required draw may be a Sensor Sweep from the face-up grid instead of a Blind Jump.
    bool canSweep = drawAllowed && !grid_.empty();
    if (canSweep)
      for (Tile t : grid_) out.push_back(sweepOrder(t));
    // §VI house: Pass Red Alert without draw or beacon: only the charter, only in Yellow alert. From rules v4
    // nothing else limits it (v3 also required no draw this turn), and never for a wormhole opener, who
    // "deploys a beacon on the new trail" (§VI Lambda; docs/rules-decisions.md).
    bool houseBreak = dbl_.active && cfg_.passRedAlertNoDraw && !dbl_.red && dbl_.charter == s;
    if (houseBreak && (rulesVersion_ >= 4 ? !dbl_.wormhole : !drew_)) out.push_back(simpleOrder(kPass));
    if (canDraw) {
      out.push_back(simpleOrder(kDraw));
      // §VI Eta (Go-out) Desperation Dig: offered whenever a draw is required.
      if (cfg_.eta && cfg_.objective == Objective::GoOut) out.push_back(simpleOrder(kDig));
    } else if (canSweep) {
      // the sweeps listed above are the draw
    } else if (!beaconOf(s)) {
      out.push_back(simpleOrder(kBeacon));
    } else if (out.empty()) {
      out.push_back(simpleOrder(kPass));
    }
  }
  // §VI Module Delta: Engage Warp Drive (spool) on any eligible route.
  if (cfg_.delta)
    for (uint8_t line = 0; line <= seats_; ++line)
      if (spoolLegal(s, line) && (line == seats_ || home(line) == line)) out.push_back(spoolOrder(routeFor(home(s), line, seats_)));
  // §VI house: Manual shield control — one change per turn, raise only after an own-trail chart.
  if (cfg_.manualShields && !shieldChanged_) {
    if (!beaconOf(s)) out.push_back(shieldsOrder(false));
    else if (me.ownSinceDrop) out.push_back(shieldsOrder(true));
  }
  return out;
}

std::vector<Order> WarpGame::legalOrders(Seat seat) const {
  std::vector<Order> out;
  if (phase_ == Phase::Over || seat >= seats_) return out;
  if (phase_ == Phase::OvertimeVote) {
    if (seat_[seat].vote == 1) out = {overtimeOrder(true), overtimeOrder(false)};
    return out;
  }
  if (phase_ == Phase::Draft) {
    if (!seat_[seat].picked)
      for (Tile t : seat_[seat].pack) out.push_back(pickOrder(t));
    return out;
  }
  if (phase_ == Phase::Exchange) {
    if (seat == exchangeGiver_)
      for (Tile t : seat_[seat].hand) out.push_back(giveOrder(t));
    return out;
  }
  if (seat == toAct_) {
    switch (phase_) {
      case Phase::Flash:
        // §VI Alpha: the Points block offers Salamander swap (needs Beta); the Go-out block Force Draw.
        for (int i = 0; i < kDirectives; ++i) {
          auto d = static_cast<Directive>(i);
          bool goOut = cfg_.objective == Objective::GoOut;
          if (d == Directive::SalamanderSwap && (goOut || !cfg_.salamander)) continue;
          if (d == Directive::ForceDraw) {
            if (goOut)
              for (uint8_t t = 0; t < seats_; ++t)
                if (t != seat) out.push_back(flashOrder(d, t));
            continue;
          }
          out.push_back(flashOrder(d));
        }
        break;
      case Phase::Wager:
        for (Tile t : wager_) out.push_back(wagerOrder(t));
        break;
      case Phase::Impulse:
        out = {simpleOrder(kAnnounce), simpleOrder(kPass)};
        break;
      default:
        out = turnOrders(static_cast<uint8_t>(seat));
    }
  }
  if (catchTarget_ != kNone && seat != catchTarget_ && phase_ != Phase::OvertimeVote)
    out.push_back(catchOrder(catchTarget_));
  return out;
}

Result<void> WarpGame::validate(Seat seat, const Order& order) const {
  if (phase_ == Phase::Over) return Err("the sector is over");
  if (seat >= seats_) return Err("seat ", seat, " is not at this table");
  auto d = decodeOrder(order, cfg_.maxPip);
  if (!d) return d.error();
  Order norm = order;
  if (d->kind == kChart && d->route.kind == RouteKind::Seat && d->route.seat < seats_ &&
      home(static_cast<uint8_t>(d->route.seat)) == home(static_cast<uint8_t>(seat)))
    norm = chartOrder(d->tile, Route{RouteKind::Own, 0});
  if (d->kind == kChart && d->route.kind == RouteKind::Seat && d->route.seat < seats_ && cfg_.squadrons)
    norm = chartOrder(d->tile, d->route.seat == seat || home(d->route.seat) == home(static_cast<uint8_t>(seat))
                                   ? Route{RouteKind::Own, 0}
                                   : Route{RouteKind::Seat, home(d->route.seat)});
  auto legal = legalOrders(seat);
  if (std::find(legal.begin(), legal.end(), norm) != legal.end()) return Ok();
  return Err(reasonFor(static_cast<uint8_t>(seat), *d));
}

std::string WarpGame::reasonFor(uint8_t s, const Decoded& d) const {
  const auto& me = seat_[s];
  if (d.kind == kCatch) {
    if (catchTarget_ == kNone) return "Drop to Impulse: no missed announce to catch now (RULES §V)";
    if (s == catchTarget_) return "Drop to Impulse: you cannot catch yourself (RULES §V)";
    return "Drop to Impulse: Captain " + std::to_string(catchTarget_) + " is the one to catch (RULES §V)";
  }
  if (phase_ == Phase::Draft) {
    if (d.kind != kPick) return "Tactical Requisition: finish the draft first (RULES §VI Module Epsilon)";
    if (seat_[s].picked) return "Tactical Requisition: you already picked from this pack; wait for the pass (RULES §VI Module Epsilon)";
    return "Tactical Requisition: " + d.tile.text() + " is not in your Requisition Pack (RULES §VI Module Epsilon)";
  }
  if (d.kind == kPick) return "Tactical Requisition: no draft is running (RULES §VI Module Epsilon)";
  if (phase_ == Phase::Exchange) {
    if (s != exchangeGiver_ || d.kind != kGive)
      return "Hand Exchange: " + name(exchangeGiver_) + " gives one coordinate back first (RULES §VI Module Kappa)";
    return "Hand Exchange: give a coordinate from your own hand (RULES §VI Module Kappa)";
  }
  if (d.kind == kGive) return "Hand Exchange: no exchange is being resolved (RULES §VI Module Kappa)";
  if (phase_ == Phase::OvertimeVote) {
    if (d.kind != kOvertime) return "Overtime offer: the tied leaders accept or decline overtime first (Victory conditions)";
    return "Overtime offer: only a tied leader who has not voted may accept or decline (Victory conditions)";
  }
  if (d.kind == kOvertime) return "Overtime: no overtime offer is open (Victory conditions)";
  if (s != toAct_) return "not your turn: " + name(toAct_) + " has the helm (RULES §III)";
  if (phase_ == Phase::Flash) {
    if (d.kind == kFlash && d.arg == static_cast<uint8_t>(Directive::ForceDraw))
      return cfg_.objective == Objective::GoOut ? "Continuum Flash: Force Draw targets an opposing captain (RULES §VI Module Alpha, Go-out)"
                                                : "Continuum Flash: Force Draw is a Go-out directive (RULES §VI Module Alpha)";
    if (d.kind == kFlash)
      return cfg_.objective == Objective::GoOut ? "Continuum Flash: Salamander swap is a Points campaign directive (RULES §VI Module Alpha)"
                                                : "Continuum Flash: Salamander swap requires Module Beta (RULES §VI Module Alpha)";
    return "Continuum Flash: choose a directive before anything else (RULES §VI Module Alpha)";
  }
  if (phase_ == Phase::Wager) {
    std::string opts = tilesText(wager_);
    return "Continuum Wager: keep one of " + opts + " (RULES §VI Module Alpha)";
  }
  if (phase_ == Phase::Impulse)
    return "Drop to Impulse: at one coordinate you cannot chart again this turn; announce or pass (RULES §V)";
  std::vector<Order> charts;
  chartsFor(s, false, true, charts);
  auto example = [&]() { return charts.empty() ? std::string() : " (e.g. " + warp::orderText(charts.front(), cfg_.maxPip) + ")"; };
  bool starterSecond = cfg_.starterPlaysTwo && openingTurn_ && s == roundStarter_ && chartsThisTurn_ == 1 && !dbl_.active;
  switch (d.kind) {
    case kChart: {
      if (!std::binary_search(me.hand.begin(), me.hand.end(), d.tile)) return d.tile.text() + " is not in your hand";
      if (mustChartDrawn_ && d.tile != drawn_)
        return "Drawing: only the coordinate just drawn (" + drawn_.text() + ") may be charted now (RULES §III)";
      int line = lineOf(s, d.route);
      if (line < 0) return "route " + routeText(d.route) + " is not a seat at this table";
      if (dbl_.active) {
        Tile dt{dbl_.pip, dbl_.pip};
        if (dbl_.fracture)
          return "Subspace Fracture: only stabilizers matching " + std::to_string(dbl_.pip) + " on " + dt.text() +
                 " may be charted (RULES §VI)";
        std::string alert = dbl_.red ? "Red Alert" : "Yellow alert";
        return alert + ": only a cover on " + dt.text() + " may be charted (RULES §IV)";
      }
      auto ul = static_cast<uint8_t>(line);
      if (cfg_.starterPlaysTwo && openingTurn_ && s == roundStarter_ && chartsThisTurn_ < 2 && ul != home(s))
        return "Round starter plays two: both opening coordinates go on your own Warp Trail (RULES §VI house rules)";
      if (!routeOpenTo(s, ul, false)) {
        if (ul == seats_) return "Neutral Zone after all trails started: every captain must start a trail first (RULES §VI house rules)";
        if (cfg_.ownTrailFirst && !me.chartedOwn)
          return "Require own trail first: chart on your own Warp Trail before an opponent's (RULES §VI house rules)";
        return "Eligible routes: " + lineName(s, ul) + " is shielded — no Distress Beacon (RULES §III)";
      }
      uint8_t end = lines_[ul].openEnd(spacedock_);
      if (lines_[ul].main.empty())
        return "Opening the round: " + d.tile.text() + " does not match Spacedock " + std::to_string(end) + " (RULES §III)";
      return d.tile.text() + " does not match the open end " + std::to_string(end) + " of " + lineName(s, ul) +
             " (RULES §III)";
    }
    case kDraw:
      if (!charts.empty()) return "Must play when able: you hold a legal chart" + example() + " (RULES §III)";
      if (drew_) return "One draw per turn: you already drew this turn (RULES §III, §IV)";
      if (pile_.empty() && !grid_.empty()) return "Uncharted Sectors are empty: take from the Sensor Grid (RULES §VI Module Gamma)";
      if (dbl_.active && dbl_.wormhole && !dbl_.red)
        return "Wormhole: satisfy the double from your hand or deploy your beacon, no draw (RULES §VI Module Lambda)";
      if (starterSecond) return "Round starter plays two: no extra draw for the second coordinate (RULES §VI house rules)";
      return "Uncharted Sectors are empty: nothing to draw (RULES §III)";
    case kBeacon:
      if (!charts.empty())
        return "Distress Beacon: no voluntary beacon while you hold a legal chart" + example() + " (RULES §III)";
      if (beaconOf(s)) return "Distress Beacon: your beacon is already active; pass instead (RULES §III)";
      return "Distress Beacon: draw first — Uncharted Sectors (or the Sensor Grid) still hold coordinates (RULES §III)";
    case kPass:
      if (!charts.empty()) return "Must play when able: you hold a legal chart" + example() + " (RULES §III)";
      if (!drew_ && (!pile_.empty() || !grid_.empty()) && !starterSecond)
        return "Pass: draw first — Uncharted Sectors (or the Sensor Grid) are not empty (RULES §III)";
      return "Pass: only with your Distress Beacon already active; deploy the beacon (RULES §III)";
    case kAnnounce:
      if (!cfg_.dropToImpulse) return "Drop to Impulse is off at this table (RULES §V)";
      return "Drop to Impulse: announce only right after charting down to one coordinate (RULES §V)";
    case kSweep:
      if (!cfg_.gamma) return "Sensor Sweep needs Module Gamma (RULES §VI)";
      if (!charts.empty()) return "Must play when able: you hold a legal chart" + example() + " (RULES §III)";
      if (drew_) return "One draw per turn: you already drew this turn (RULES §III, §IV)";
      if (std::find(grid_.begin(), grid_.end(), d.tile) == grid_.end())
        return "Sensor Sweep: " + d.tile.text() + " is not on the Sensor Grid (RULES §VI Module Gamma)";
      return "Sensor Sweep: no draw is allowed now (RULES §III)";
    case kDig:
      if (!(cfg_.eta && cfg_.objective == Objective::GoOut)) return "Desperation Dig needs Module Eta under Go out (RULES §VI)";
      if (!charts.empty()) return "Must play when able: you hold a legal chart" + example() + " (RULES §III)";
      return "Desperation Dig: only when you must draw from Uncharted Sectors (RULES §VI Module Eta)";
    case kSpool: {
      if (!cfg_.delta) return "Engage Warp Drive needs Module Delta (RULES §VI)";
      if (dbl_.active) return "Engage Warp Drive: not while Red Alert or a Subspace Fracture is open (RULES §VI Module Delta)";
      if (pile_.empty()) return "Engage Warp Drive: Uncharted Sectors are empty (RULES §VI Module Delta)";
      if (chartsThisTurn_ > 0 || drew_) return "Engage Warp Drive: spooling is the whole turn, before any chart or draw (RULES §VI Module Delta)";
      return "Engage Warp Drive: that route is not eligible for you (RULES §III)";
    }
    case kFlash:
      return "Continuum Flash: only after charting 0-0 on your own Warp Trail with Module Alpha on (RULES §VI)";
    case kWagerKeep:
      return "Continuum Wager: no wager to resolve (RULES §VI Module Alpha)";
    case kShields:
      if (!cfg_.manualShields) return "Manual shield control is off at this table (RULES §VI house rules)";
      if (shieldChanged_) return "Manual shield control: one shield change per turn (RULES §VI house rules)";
      if (d.arg == 1 && !beaconOf(s)) return "Manual shield control: your shields are already up";
      if (d.arg == 1) return "Manual shield control: chart on your own Warp Trail before raising shields (RULES §VI)";
      return "Manual shield control: your shields are already down";
    default:
      return "order not allowed now";
  }
}

}  // namespace concord::warp
