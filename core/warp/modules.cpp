// §VI Modules Delta (Hot Potato: Hazard Marker + Warp Drive spool), Theta, Iota and Eta hooks that need
// their own logic. Scoring effects live in scoring.cpp; turn hooks are called from apply.cpp.
#include <algorithm>

#include "core/warp/state.h"

namespace concord::warp {

bool WarpGame::spoolLegal(uint8_t s, uint8_t line) const {
  // §VI Delta: on your turn, not during Red Alert / Subspace Fracture, with Uncharted not empty. Decision:
  // spooling is the whole turn's action, taken before charting or drawing (docs/rules-decisions.md).
  if (!cfg_.delta || phase_ != Phase::Play || s != toAct_ || dbl_.active || chartsThisTurn_ > 0 || drew_ ||
      pile_.empty())
    return false;
  if (cfg_.starterPlaysTwo && openingTurn_ && s == roundStarter_) return false;
  return routeOpenTo(s, line, false);
}

void WarpGame::spool(uint8_t s, uint8_t line) {
  auto& me = seat_[s];
  Line& L = lines_[line];
  say(Ev::Engage, {s, line});
  int charted = 0;
  auto take = [&]() {
    Tile t = pile_.back();
    pile_.pop_back();
    if (cfg_.eta) ++me.debt;  // §VI Eta: every blind draw from Uncharted is a debt token
    return t;
  };
  auto toHand = [&](Tile t) { me.hand.insert(std::upper_bound(me.hand.begin(), me.hand.end(), t), t); };
  peekSeat_ = kNone;
  while (!pile_.empty()) {
    Tile t = take();
    uint8_t end = L.openEnd(spacedock_);
    if (!t.has(end)) {
      toHand(t);
      say(Ev::SpoolStop, {s, end});
      break;
    }
    if (!t.isDouble()) {
      L.main.push_back(Placed{t, t.other(end)});
      say(Ev::Spools, {s, packTile(t)});
      ++charted;
      continue;
    }
    // Doubles during spool: the next draw(s) must satisfy it, else it returns to hand with the failures.
    bool fracture = fractureApplies(s, line);
    int need = fracture ? 3 : 1;
    std::vector<Tile> got;
    bool ok = true;
    for (int k = 0; k < need; ++k) {
      if (pile_.empty()) {
        ok = false;
        break;
      }
      got.push_back(take());
      if (!got.back().has(t.hi)) {
        ok = false;
        break;
      }
    }
    if (!ok) {
      toHand(t);
      for (Tile g : got) toHand(g);
      say(Ev::SpoolFail, {s, packTile(t)});
      break;
    }
    L.main.push_back(Placed{t, t.hi});
    if (fracture) {
      L.branches.push_back(Placed{got[0], got[0].other(t.hi)});
      L.branches.push_back(Placed{got[1], got[1].other(t.hi)});
      L.main.push_back(Placed{got[2], got[2].other(t.hi)});
    } else {
      L.main.push_back(Placed{got[0], got[0].other(t.hi)});
    }
    say(Ev::SpoolSatisfy, {s, packTile(t), got.size() > 0 ? packTile(got[0]) : kNoArg, got.size() > 1 ? packTile(got[1]) : kNoArg,
                              got.size() > 2 ? packTile(got[2]) : kNoArg});
    charted += 1 + need;
    inversion_ = false;
    if (cfg_.iota) doubleDown_ = static_cast<uint8_t>(doubleDown_ + 2);
  }
  if (pile_.empty()) say(Ev::SpoolEmpty);
  chartsThisTurn_ = static_cast<uint8_t>(std::min(charted, 250));
  if (charted > 0) {
    lastLine_ = line;
    takeHazardMarker(s, line, rulesVersion_ >= 5);  // rules v3-v4 took it without a HazardTake record
    shieldsUpAfterChart(s, line);
    claimTrailMomentum(s, line);
  }
}

void WarpGame::claimTrailMomentum(uint8_t s, uint8_t line, bool wormholed) {
  // §VI Theta (Go-out) Trail Momentum, once per round: an own-trail chart onto a trail of 5+ earns a turn;
  // §VI Lambda + Theta: from rules v4 a wormhole that hands the captain a trail of 5+ earns it too.
  const bool ownTrailGrew = line == home(s) || (wormholed && rulesVersion_ >= 4);
  if (cfg_.theta && cfg_.objective == Objective::GoOut && ownTrailGrew && !momentumClaimed_ &&
      lines_[home(s)].main.size() >= 5) {
    momentumClaimed_ = true;
    extraTurn_ = s;
    say(Ev::Momentum, {s});
  }
}

void WarpGame::startExchange(uint8_t s) {
  // §VI Kappa (Go-out) Hand Exchange between the unique largest and unique smallest hands; skipped on ties.
  (void)s;
  size_t most = 0, fewest = SIZE_MAX;
  for (const auto& st : seat_) {
    most = std::max(most, st.hand.size());
    fewest = std::min(fewest, st.hand.size());
  }
  int nMost = 0, nFewest = 0;
  uint8_t big = kNone, small = kNone;
  for (uint8_t t = 0; t < seats_; ++t) {
    if (seat_[t].hand.size() == most) ++nMost, big = t;
    if (seat_[t].hand.size() == fewest) ++nFewest, small = t;
  }
  // Decision: an empty smallest hand has nothing to take, so the exchange is skipped as well.
  if (nMost != 1 || nFewest != 1 || big == small || fewest == 0) {
    say(Ev::ExchangeSkipped);
    return;
  }
  auto& from = seat_[small].hand;
  auto i = static_cast<size_t>(deal_.below(from.size()));
  Tile t = from[i];
  from.erase(from.begin() + static_cast<std::ptrdiff_t>(i));
  auto& to = seat_[big].hand;
  to.insert(std::upper_bound(to.begin(), to.end(), t), t);
  say(Ev::Exchange, {big, small});
  exchangeGiver_ = big;
  exchangeTaker_ = small;
  phase_ = Phase::Exchange;
}

void WarpGame::dig(uint8_t s) {
  // §VI Eta (Go-out) Desperation Dig: up to 3 blind draws, stopping at a playable coordinate (which must
  // then be charted); the beacon stays open through this turn and the next two.
  auto& me = seat_[s];
  say(Ev::Dig, {s});
  drew_ = true;
  beaconOf(s) = true;
  me.beaconLock = 3;
  me.atImpulse = false;
  for (int k = 0; k < 3 && !pile_.empty(); ++k) {
    drawInto(s, 1);
    mustChartDrawn_ = true;
    std::vector<Order> charts;
    chartsFor(s, false, true, charts);
    if (!charts.empty()) {
      say(Ev::DigFound, {s});
      return;
    }
  }
  mustChartDrawn_ = false;
  say(Ev::DigNothing, {s});
  endTurn(s);
}

// §VI Delta: charting onto the Neutral Zone, by a chart or a Warp Drive spool, takes custody of the Hazard Marker.
void WarpGame::takeHazardMarker(uint8_t s, uint8_t line, bool announce) {
  if (!cfg_.delta || line != seats_ || hazard_ == s) return;
  hazard_ = s;
  if (announce) say(Ev::HazardTake, {s});
}

void WarpGame::hazardPass(uint8_t s) {
  if (!cfg_.delta || hazard_ != s) return;
  if (cfg_.objective == Objective::Points) {
    ++seat_[s].hazardPasses;  // §VI Delta (Points): +5 per pass while holding the marker
    say(Ev::HazardPlus5, {s});
    return;
  }
  // §VI Delta (Go-out): draw 2; with both pools empty, skip the next turn instead.
  if (pile_.empty() && grid_.empty()) {
    seat_[s].skipNext = true;
    say(Ev::HazardEmpty, {s});
    return;
  }
  say(Ev::HazardDraw2, {s});
  Tile keep = drawn_;
  forcedDraw(s, 2);
  drawn_ = keep;
  seat_[s].atImpulse = false;
}

void WarpGame::pick(uint8_t s, Tile t) {
  // §VI Epsilon: lock one coordinate from your pack into your hand; when every captain has picked, the
  // packs pass clockwise (to the next seat); when they are empty the round starts.
  auto& me = seat_[s];
  me.pack.erase(std::find(me.pack.begin(), me.pack.end(), t));
  me.hand.insert(std::upper_bound(me.hand.begin(), me.hand.end(), t), t);
  me.picked = true;
  for (const auto& st : seat_)
    if (!st.picked) return;
  say(Ev::PacksPass);
  std::vector<std::vector<Tile>> packs(seats_);
  for (uint8_t t2 = 0; t2 < seats_; ++t2) packs[static_cast<size_t>((t2 + 1) % seats_)] = std::move(seat_[t2].pack);
  for (uint8_t t2 = 0; t2 < seats_; ++t2) {
    seat_[t2].pack = std::move(packs[t2]);
    seat_[t2].picked = false;
  }
  if (seat_[0].pack.empty()) {
    phase_ = Phase::Play;
    say(Ev::RequisitionDone, {roundStarter_});
  }
}

int WarpGame::forcedDraw(uint8_t s, int n) {
  // Forced draws (Iota, Surge, Force Draw, Hazard): Uncharted first, then (Gamma) the Sensor Grid;
  // decision: the oldest grid coordinate is taken, and the grid cannot refill while Uncharted is empty.
  int got = 0;
  auto& h = seat_[s].hand;
  for (int i = 0; i < n; ++i) {
    if (!pile_.empty()) {
      drawInto(s, 1);
    } else if (!grid_.empty()) {
      Tile t = grid_.front();
      grid_.erase(grid_.begin());
      h.insert(std::upper_bound(h.begin(), h.end(), t), t);
    } else {
      break;
    }
    ++got;
  }
  return got;
}

void WarpGame::sweep(uint8_t s, Tile t) {
  // §VI Gamma Sensor Sweep: take a face-up coordinate as the turn's draw, then replenish from Uncharted.
  auto& me = seat_[s];
  grid_.erase(std::find(grid_.begin(), grid_.end(), t));
  me.hand.insert(std::upper_bound(me.hand.begin(), me.hand.end(), t), t);
  if (!pile_.empty()) {
    grid_.push_back(pile_.back());
    pile_.pop_back();
    peekSeat_ = kNone;
  }
  drew_ = true;
  mustChartDrawn_ = true;
  drawn_ = t;
  me.atImpulse = false;
  say(Ev::Sweep, {s, packTile(t)});
}

}  // namespace concord::warp
