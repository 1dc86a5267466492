// The turn protocol: RULES §III (chart / draw / beacon / pass), §IV (doubles, Yellow and Red Alert),
// §V (Drop to Impulse, catches), §VI (Subspace Fracture, house rules, Module Alpha directives).
#include <algorithm>

#include "core/warp/state.h"

namespace concord::warp {

std::vector<Rejection> WarpGame::apply(const TurnInput& input) {
  std::vector<Rejection> rejected;
  // RULES §V catches are called out of turn, so in lockstep several captains may catch in the same turn, or
  // catch while the helm passes. Orders apply in seat order: the first catch counts; one that finds the
  // window already closed by an earlier order of this turn is moot, not illegal (docs/rules-decisions.md).
  const uint8_t openOn = catchTarget_;
  for (const auto& so : input.bySeat)
    for (uint32_t i = 0; i < so.orders.size(); ++i)
      if (auto r = act(so.seat, so.orders[i]); !r) {
        auto d = decodeOrder(so.orders[i], cfg_.maxPip);
        if (openOn != kNone && catchTarget_ != openOn && d && d->kind == kCatch && d->arg == openOn) continue;
        rejected.push_back(Rejection{so.seat, i, r.message()});
      }
  return rejected;
}

Result<void> WarpGame::act(Seat seat, const Order& order) {
  if (auto v = validate(seat, order); !v) return v;
  auto d = decodeOrder(order, cfg_.maxPip);
  if (d->kind == kChart && d->route.kind == RouteKind::Seat && d->route.seat < seats_ &&
      home(d->route.seat) == home(static_cast<uint8_t>(seat)))
    d->route = Route{};
  applyValid(static_cast<uint8_t>(seat), *d);
  return Ok();
}

void WarpGame::seal(uint32_t turn) { turns_ = turn + 1; }

uint8_t WarpGame::nextSeat(uint8_t s) const {
  // §III play proceeds clockwise (ascending seat); Continuum reverse / temporal inversion flip it.
  int dir = reversed() ? seats_ - 1 : 1;
  return static_cast<uint8_t>((s + dir) % seats_);
}

void WarpGame::drawInto(uint8_t s, int n) {
  auto& h = seat_[s].hand;
  for (int i = 0; i < n && !pile_.empty(); ++i) {
    Tile t = pile_.back();
    pile_.pop_back();
    h.insert(std::upper_bound(h.begin(), h.end(), t), t);
    drawn_ = t;
  }
  peekSeat_ = kNone;  // the peeked coordinate has left (or may have left) the top
}

void WarpGame::applyValid(uint8_t s, const Decoded& d) {
  auto& me = seat_[s];
  switch (d.kind) {
    case kCatch: {
      uint8_t t = catchTarget_;
      catchTarget_ = kNone;
      say(Ev::Catch, {s, t});
      Tile keep = drawn_;
      drawInto(t, cfg_.catchPenalty);
      drawn_ = keep;
      seat_[t].atImpulse = false;
      return;
    }
    case kOvertime: {
      me.vote = d.arg ? 2 : 3;
      say(Ev::OvertimeVote, {s, static_cast<uint16_t>(d.arg ? 1 : 0)});
      bool pending = false, declined = false;
      for (const auto& st : seat_) {
        pending = pending || st.vote == 1;
        declined = declined || st.vote == 3;
      }
      if (declined) {
        finishCampaign("overtime declined: the tied leaders share the sector");
      } else if (!pending) {
        overtime_ = true;
        phase_ = Phase::Play;
        ++round_;
        roundStarter_ = static_cast<uint8_t>((roundStarter_ + 1) % seats_);
        dealRound();
      }
      return;
    }
    case kFlash:
      flashPending_ = false;
      phase_ = Phase::Play;
      applyDirective(s, static_cast<Directive>(d.arg), d.arg2);
      if (phase_ == Phase::Play) afterChart(s);
      return;
    case kWagerKeep: {
      auto other = wager_[0] == d.tile ? wager_[1] : wager_[0];
      wager_.clear();
      me.hand.insert(std::upper_bound(me.hand.begin(), me.hand.end(), d.tile), d.tile);
      // Decision (docs/rules-decisions.md): the returned coordinate goes back face-down at a random depth.
      auto at = static_cast<size_t>(deal_.below(pile_.size() + 1));
      pile_.insert(pile_.begin() + static_cast<std::ptrdiff_t>(at), other);
      say(Ev::WagerKeep, {s});
      phase_ = Phase::Play;
      afterChart(s);
      return;
    }
    case kAnnounce:
      me.atImpulse = true;
      say(Ev::DropToImpulse, {s});
      phase_ = Phase::Play;
      advance(s);
      return;
    case kPass:
      if (phase_ == Phase::Impulse) {
        me.atImpulse = true;
        say(Ev::PassLastOne, {s});
        phase_ = Phase::Play;
        catchTarget_ = s;  // §V the catch window opens; it closes when the next captain passes helm
        advance(s);
        return;
      }
      if (dbl_.active && !beaconOf(s) && cfg_.passRedAlertNoDraw)
        say(drew_ ? Ev::PassRedHouseDrew : Ev::PassRedHouse, {s});
      else
        say(Ev::Pass, {s});
      hazardPass(s);
      endTurn(s);
      return;
    case kBeacon:
      beaconOf(s) = true;
      if (cfg_.manualShields) me.ownSinceDrop = false;  // §VI manual shields: raise only after an own-trail chart
      say(Ev::ShieldsDown, {s});
      endTurn(s);
      return;
    case kGive: {
      // §VI Kappa (Go-out) Hand Exchange, step 2: the larger hand gives one back; the charter's turn resumes.
      me.hand.erase(std::find(me.hand.begin(), me.hand.end(), d.tile));
      auto& h = seat_[exchangeTaker_].hand;
      h.insert(std::upper_bound(h.begin(), h.end(), d.tile), d.tile);
      say(Ev::ExchangeGive, {s, exchangeTaker_});
      phase_ = Phase::Play;
      exchangeGiver_ = exchangeTaker_ = kNone;
      afterChart(toAct_);
      return;
    }
    case kDig:
      dig(s);
      return;
    case kSweep:
      sweep(s, d.tile);
      return;
    case kPick:
      pick(s, d.tile);
      return;
    case kSpool:
      spool(s, static_cast<uint8_t>(lineOf(s, d.route)));
      endTurn(s);
      return;
    case kDraw:
      if (cfg_.eta) ++me.debt;  // §VI Eta Temporal Debt
      drawInto(s, 1);
      drew_ = true;
      mustChartDrawn_ = true;
      if (me.atImpulse) say(Ev::DrawReturn, {s});
      else say(Ev::Draw, {s});
      me.atImpulse = false;
      return;
    case kShields:
      shieldChanged_ = true;
      beaconOf(s) = d.arg == 0;
      if (d.arg == 0) me.ownSinceDrop = false;
      say(d.arg ? Ev::ShieldsUp : Ev::ShieldsDown, {s});
      return;
    case kChart: {
      int line = lineOf(s, d.route);
      doChart(s, d.tile, static_cast<uint8_t>(line));
      afterChart(s);
      return;
    }
  }
}

void WarpGame::doChart(uint8_t s, Tile t, uint8_t line) {
  auto& me = seat_[s];
  me.hand.erase(std::find(me.hand.begin(), me.hand.end(), t));
  Line& L = lines_[line];
  lastLine_ = line;
  ++chartsThisTurn_;
  mustChartDrawn_ = false;
  bool wormholed = false;
  if (dbl_.active) {
    Tile dt{dbl_.pip, dbl_.pip};
    if (dbl_.fracture) {
      // §VI Subspace Fracture: two branches, then the third stabilizer is the center foot.
      ++dbl_.stabilizers;
      if (dbl_.stabilizers < 3) {
        L.branches.push_back(Placed{t, t.other(dbl_.pip)});
        say(Ev::Stabilizer, {s, dbl_.stabilizers, packTile(t), packTile(dt)});
        if (doubleIsDead(dbl_.pip, 3 - dbl_.stabilizers)) {
          say(Ev::DeadStabilize, {packTile(dt)});
          dbl_ = OpenDouble{};
        }
      } else {
        L.main.push_back(Placed{t, t.other(dbl_.pip)});
        say(Ev::CenterFoot, {s, packTile(t)});
        dbl_ = OpenDouble{};
      }
    } else {
      L.main.push_back(Placed{t, t.other(dbl_.pip)});
      say(Ev::Cover, {s, packTile(dt), packTile(t)});
      dbl_ = OpenDouble{};
    }
  } else {
    uint8_t end = L.openEnd(spacedock_);
    L.main.push_back(Placed{t, t.other(end)});
    say(Ev::Chart, {s, packTile(t), line});
    if (t.isDouble() && cfg_.iota) doubleDown_ = static_cast<uint8_t>(doubleDown_ + 2);  // §VI Iota
    if (t.isDouble() && cfg_.kappa && cfg_.objective == Objective::GoOut && !exchangeDone_) {
      // §VI Kappa (Go-out): the first double charted this round
      exchangeDone_ = true;
      exchangePending_ = true;
    }
    if (t.isDouble()) {
      // §VI Alpha Temporal inversion lasts until the next double is charted
      inversion_ = false;
      bool fracture = fractureApplies(s, line);
      if (fracture && immunitySeat_ == s && line == home(s)) {
        fracture = false;  // §VI Alpha Fracture immunity: Red Alert still applies
        immunitySeat_ = kNone;
        say(Ev::FractureImmunity, {packTile(t)});
      }
      dbl_ = OpenDouble{true, line, t.hi, s, s, false, fracture, 0};
      if (doubleIsDead(t.hi, fracture ? 3 : 1)) {
        say(Ev::DeadDouble, {packTile(t)});
        dbl_ = OpenDouble{};
      } else if (fracture) {
        say(Ev::FractureOpen, {packTile(t)});
      } else {
        say(Ev::YellowAlert, {s, packTile(t)});
      }
      if (cfg_.continuum && t.hi == 0 && line == home(s)) flashPending_ = true;  // §VI Alpha
      if (cfg_.lambda && line == seats_) {
        wormholed = true;
        // §VI Lambda Wormhole: own trail and Neutral Zone swap; the beacon is destroyed in transit; the
        // alert now sits on the captain's newly acquired trail.
        std::swap(lines_[home(s)], lines_[seats_]);
        beaconOf(s) = false;
        if (dbl_.active) {
          dbl_.line = home(s);
          dbl_.wormhole = true;
        }
        say(Ev::Wormhole, {s});
      }
      if (cfg_.salamander && cfg_.objective == Objective::GoOut && t.hi == cfg_.maxPip) {
        // §VI Beta (Go-out) Salamander Surge: every opponent draws 1, in turn order from the next captain.
        say(Ev::Surge);
        Tile keep = drawn_;
        for (uint8_t n = nextSeat(s); n != s; n = nextSeat(n)) {
          if (forcedDraw(n, 1) == 0) {
            say(Ev::SurgeCancelled);
            break;
          }
          seat_[n].atImpulse = false;
        }
        drawn_ = keep;
      }
    }
  }
  takeHazardMarker(s, line, true);
  claimTrailMomentum(s, line, wormholed);
  shieldsUpAfterChart(s, line);
}

void WarpGame::shieldsUpAfterChart(uint8_t s, uint8_t line) {
  auto& me = seat_[s];
  // §III Shields Up: charting on your own trail removes your beacon; §VI house variants.
  if (line == home(s)) {
    me.chartedOwn = true;
    me.ownSinceDrop = true;
  }
  if (!cfg_.manualShields && beaconOf(s) && me.beaconLock == 0 && (line == home(s) || cfg_.beaconClearsOnAnyPlay)) {
    beaconOf(s) = false;
    say(Ev::ShieldsUp, {s});
  }
}

void WarpGame::afterChart(uint8_t s) {
  if (exchangePending_) {
    exchangePending_ = false;
    startExchange(s);
    if (phase_ == Phase::Exchange) return;
  }
  if (flashPending_) {
    phase_ = Phase::Flash;
    say(Ev::Flash, {s});
    return;
  }
  if (phase_ != Phase::Play) return;
  // §IV the charter must satisfy the double in the same turn sequence; an empty hand is not out.
  if (dbl_.active && dbl_.responsible == s) return;
  // §V Winning the round: last coordinate charted and nothing left to satisfy.
  if (seat_[s].hand.empty()) {
    winRound(s);
    return;
  }
  if (cfg_.starterPlaysTwo && openingTurn_ && s == roundStarter_ && chartsThisTurn_ < 2) return;
  endTurn(s);
}

void WarpGame::endTurn(uint8_t s) {
  // §V Drop to Impulse: charted down to one coordinate — announce or pass before helm passes.
  if (cfg_.dropToImpulse && chartsThisTurn_ > 0 && seat_[s].hand.size() == 1) {
    phase_ = Phase::Impulse;
    return;
  }
  advance(s);
}

void WarpGame::advance(uint8_t s) {
  if (catchTarget_ != kNone && catchTarget_ != s) catchTarget_ = kNone;  // §V window closes
  if (seat_[s].beaconLock > 0) --seat_[s].beaconLock;
  openingTurn_ = false;
  uint8_t n = nextSeat(s);
  if (extraTurn_ == s && !dbl_.active) {
    // §VI Theta (Go-out): the momentum extra turn; decision: forfeited if a double is left open
    n = s;
    say(Ev::MomentumTurn, {s});
  } else {
    for (int guard = 0; guard < seats_ && seat_[n].skipNext; ++guard) {
      seat_[n].skipNext = false;
      say(Ev::Skips, {n});
      n = nextSeat(n);
    }
  }
  extraTurn_ = kNone;
  if (dbl_.active) {
    // §IV Red Alert pass: responsibility moves to the next captain.
    dbl_.red = true;
    dbl_.responsible = n;
    Tile dt{dbl_.pip, dbl_.pip};
    say(Ev::RedAlert, {n, packTile(dt)});
  }
  toAct_ = n;
  drew_ = mustChartDrawn_ = false;
  chartsThisTurn_ = 0;
  shieldChanged_ = false;
  if (doubleDown_ > 0) {
    // §VI Iota Double Down: the next captain draws 2 per double before their turn begins.
    say(Ev::DoubleDown, {n, doubleDown_});
    Tile keep = drawn_;
    forcedDraw(n, doubleDown_);
    drawn_ = keep;
    seat_[n].atImpulse = false;
    doubleDown_ = 0;
  }
  if (isBlocked()) blockRound();
}

void WarpGame::applyDirective(uint8_t s, Directive d, uint8_t target) {
  say(Ev::Invoke, {s, static_cast<uint16_t>(d)});
  switch (d) {
    case Directive::Reverse: reversed_ = true; break;
    case Directive::SkipLowest: {
      if (cfg_.objective == Objective::GoOut) {
        // Go-out block "Skip Lightest Hand": every captain tied for the fewest coordinates skips.
        size_t low = seat_[0].hand.size();
        for (const auto& st : seat_) low = std::min(low, st.hand.size());
        for (auto& st : seat_)
          if (st.hand.size() == low) st.skipNext = true;
        break;
      }
      // Points block; decision: every captain tied on the lowest campaign score skips their next turn.
      int64_t low = seat_[0].campaign;
      for (const auto& st : seat_) low = std::min(low, st.campaign);
      for (auto& st : seat_)
        if (st.campaign == low) st.skipNext = true;
      break;
    }
    case Directive::ForceDraw: {
      // Go-out block: the chosen opposing captain draws 1 (cancelled when Uncharted is empty).
      Tile keep = drawn_;
      if (forcedDraw(target, 1) == 0) say(Ev::ForceDrawCancelled);
      else say(Ev::ForcedDraw, {target});
      drawn_ = keep;
      seat_[target].atImpulse = false;
      break;
    }
    case Directive::Peek: peekSeat_ = s; break;
    case Directive::TemporalInversion: inversion_ = true; break;
    case Directive::DistressAmplification: amplification_ = true; break;
    case Directive::FractureImmunity: immunitySeat_ = s; break;
    case Directive::SalamanderSwap: swap_ = true; break;
    case Directive::AllStopEcho: echo_ = true; break;
    case Directive::Wager: {
      for (int i = 0; i < 2 && !pile_.empty(); ++i) {
        wager_.push_back(pile_.back());
        pile_.pop_back();
        if (cfg_.eta) ++seat_[s].debt;
      }
      peekSeat_ = kNone;
      if (wager_.size() == 2) {
        phase_ = Phase::Wager;
      } else if (wager_.size() == 1) {
        auto& h = seat_[s].hand;
        h.insert(std::upper_bound(h.begin(), h.end(), wager_[0]), wager_[0]);
        wager_.clear();
        say(Ev::WagerOne, {s});
      } else {
        say(Ev::WagerEmpty);
      }
      break;
    }
  }
}

}  // namespace concord::warp

namespace concord::warp {

// The seat(s) whose input matters now: the helm, or the tied leaders voting on an overtime offer.
// A catch (§V Drop to Impulse) may come from any seat in any turn's bundle while the window is open.
std::vector<Seat> WarpGame::awaiting() const {
  std::vector<Seat> out;
  if (phase_ == Phase::Over) return out;
  if (phase_ == Phase::OvertimeVote) {
    for (uint8_t s = 0; s < seats_; ++s)
      if (seat_[s].vote == 1) out.push_back(s);
    return out;
  }
  if (phase_ == Phase::Exchange) {
    out.push_back(exchangeGiver_);
    return out;
  }
  if (phase_ == Phase::Draft) {
    for (uint8_t s = 0; s < seats_; ++s)
      if (!seat_[s].picked) out.push_back(s);
    return out;
  }
  out.push_back(toAct_);
  return out;
}

}  // namespace concord::warp
