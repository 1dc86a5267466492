#include "lockstep/turn_engine.h"

#include <algorithm>

#include "core/game/registry.h"
#include "core/game/takeover.h"
#include "lockstep/assistance.h"

namespace concord::lockstep {

Result<std::unique_ptr<TurnEngine>> TurnEngine::create(const SessionConfig& session) {
  auto mod = findModule(session.moduleId, session.rulesVersion);
  if (!mod) return mod.error();
  std::unique_ptr<TurnEngine> e(new TurnEngine());
  e->session_ = session;
  e->gameId_ = session.gameId();
  if (session.hiddenHands) {
    // Issue 26: a masked deck among the people; each officer's hand kept by the person whose key its seat carries.
    if (!(*mod)->createHidden) return Err(session.moduleId, " has no hidden-hands game in this build");
    std::vector<bool> ai;
    std::vector<std::array<uint8_t, 32>> keys;
    for (const auto& s : session.seats) {
      ai.push_back(s.ai);
      keys.push_back(s.key.bytes);
    }
    e->game_ = (*mod)->createHidden(keepersFor(ai, keys));
  } else {
    e->game_ = (*mod)->create();
  }
  auto info = e->game_->info();
  if (session.seats.size() < info.minSeats || session.seats.size() > info.maxSeats)
    return Err(session.moduleId, " needs ", info.minSeats, "..", info.maxSeats, " seats, the session has ",
               session.seats.size());
  if (auto r = e->game_->setup(session.config, session.seed, static_cast<Seat>(session.seats.size())); !r)
    return r.error();
  e->membership_ = Membership(session);
  e->handedOver_.assign(session.seats.size(), kNotTakenOver);
  return e;
}

StepResult TurnEngine::step(std::span<const std::vector<Order>> ordersBySeat) {
  StepResult res;
  res.turn = turn_;
  std::vector<SeatControlEvent> control;  // what the game is told of this turn's membership (VC-3080)
  for (Seat s : membership_.beginTurn(turn_)) control.push_back({s, SeatControlEvent::Kind::Reclaimed});
  const Seat seats = membership_.seatCount();
  // System orders first, ascending seat, then the game sees only game orders.
  std::vector<std::vector<Order>> gameOrders(seats);
  for (Seat s = 0; s < seats; ++s) {
    if (s >= ordersBySeat.size()) break;
    const auto& list = ordersBySeat[s];
    for (uint32_t i = 0; i < list.size(); ++i) {
      const Order& o = list[i];
      if (o.kind < kSystemOrderBase) {
        gameOrders[s].push_back(o);
        continue;
      }
      if (o.kind == kSubstitute) {
        det::Reader r(o.payload, "substitute order");
        uint64_t named = r.varu("seat", kMaxSeats - 1);
        if (!r.finish().ok() || named != s || i != 0) {
          res.rejected.push_back({s, i, "substitute: must open the substituted seat's own bundle and name it"});
        } else if (membership_.seat(s).controller == Controller::Ai) {
          res.rejected.push_back({s, i, "substitute: seat " + std::to_string(s) + " is already AI-run"});
        } else {
          membership_.substitute(s, turn_);
          control.push_back({s, SeatControlEvent::Kind::Substituted});
        }
      } else if (o.kind == kReclaim) {
        if (auto r = membership_.scheduleReclaim(session_, gameId_, turn_, o); !r)
          res.rejected.push_back({s, i, r.message()});
      } else if (o.kind == kOfficerPlayed || o.kind == kAdvisorConsulted) {
        // Issue 11 point 3: assistance marks are on the record only; they change no state.
        if (auto r = checkAssistanceOrder(o, s); !r) res.rejected.push_back({s, i, r.message()});
        else if (o.kind == kOfficerPlayed) noteHandover(s, o);
      } else {
        res.rejected.push_back({s, i, "unknown system order kind " + std::to_string(o.kind)});
      }
    }
  }
  if (!control.empty()) game_->seatControl(turn_, control);
  std::vector<SeatOrders> input;
  for (Seat s = 0; s < seats; ++s) input.push_back(SeatOrders{s, gameOrders[s]});
  // Map the game's rejections back to the seat's original order indices.
  auto rejected = game_->apply(TurnInput{turn_, input});
  for (auto& rj : rejected) {
    uint32_t seen = 0;
    for (uint32_t i = 0; i < ordersBySeat[rj.seat].size(); ++i) {
      if (ordersBySeat[rj.seat][i].kind >= kSystemOrderBase) continue;
      if (seen++ == rj.index) {
        rj.index = i;
        break;
      }
    }
    res.rejected.push_back(std::move(rj));
  }
  game_->seal(turn_);
  ++turn_;
  det::Writer w;
  w.reserve(stateBytes_ + stateBytes_ / 8 + 64);  // last turn's size and some slack: the state grows slowly
  write(w);
  lastSeal_ = w.digest();
  res.seal = lastSeal_;
  res.state = w.take();
  stateBytes_ = res.state.size();
  return res;
}

void TurnEngine::write(det::Writer& w) const {
  w.varu("turn", turn_);
  membership_.write(w);
  game_->write(w);
}

Result<void> TurnEngine::read(det::Reader& r) {
  uint32_t t = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
  Membership m;
  if (auto st = m.read(r, membership_.seatCount()); !st) return st;
  auto g = game_->clone();
  if (auto st = g->read(r); !st) return st;
  if (auto st = r.status(); !st) return st;
  turn_ = t;
  membership_ = std::move(m);
  game_ = std::move(g);
  det::Writer w;
  write(w);
  lastSeal_ = t == 0 ? det::Hash128{} : w.digest();
  return Ok();
}

// A person who typed "auto" handed the seat to the AI for the rest of the game (an AI takeover, W.E.B. Galactic
// Ranking): the first such mark is the turn it happened.
void TurnEngine::noteHandover(Seat s, const Order& mark) {
  det::Reader r(mark.payload);
  r.varu("seat", kMaxSeats - 1);
  const auto why = static_cast<OfficerReason>(r.varu("reason", kOfficerReasons - 1));
  if (why == OfficerReason::Handover && s < handedOver_.size() && handedOver_[s] == kNotTakenOver) handedOver_[s] = turn_;
}

uint32_t TurnEngine::handedOverAt(Seat s) const { return s < handedOver_.size() ? handedOver_[s] : kNotTakenOver; }

std::unique_ptr<TurnEngine> TurnEngine::clone() const {
  std::unique_ptr<TurnEngine> e(new TurnEngine());
  e->session_ = session_;
  e->gameId_ = gameId_;
  e->game_ = game_->clone();
  e->membership_ = membership_;
  e->handedOver_ = handedOver_;
  e->turn_ = turn_;
  e->lastSeal_ = lastSeal_;
  return e;
}

}  // namespace concord::lockstep
