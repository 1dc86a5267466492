#include "lockstep/seat_scheduler.h"

#include <algorithm>

#include "lockstep/assistance.h"

namespace concord::lockstep {

void SeatScheduler::buildOwnBundles() {
  const uint32_t t = core_.ledger_->turn();
  if (core_.ledger_->over()) return;
  if (!core_.seenFor_ || *core_.seenFor_ != t) {
    core_.seenFor_ = t;
    core_.turnStartMs_ = core_.now_;
  }
  if (core_.opt_.decide) buildPersonBundles(t);
  if (builtFor_ && *builtFor_ == t) return;
  auto m = core_.membershipNow();
  auto st = m.steward();
  bool weAreSteward = st && core_.holdsSeatKey(*st);
  // Think time: a seat we decide for waits thinkMs before answering, paced like a person at the table.
  if (core_.opt_.thinkMs > 0 && core_.now_ < core_.turnStartMs_ + core_.opt_.thinkMs) {
    for (Seat s : core_.ledger_->engine().awaiting()) {
      bool ownerRun = m.seat(s).controller == Controller::Owner;
      if (personSeat(m, s)) continue;
      if ((ownerRun && core_.holdsSeatKey(s)) || (!ownerRun && (weAreSteward || (!st && core_.holdsSeatKey(s)))))
        return;
    }
  }
  // A restarted owner signs nothing (neither its seat nor, as steward, the AI seats) until its seat is its own
  // again: the table applied its pre-crash self's bundles or the substitute steward's, and re-signing those turns
  // would be refused as from the wrong signer or flagged as a second signature.
  if (stewardship_.holdsBack(m, t, weAreSteward)) return;
  builtFor_ = t;
  for (Seat s = 0; s < m.seatCount(); ++s) {
    bool ownerRun = m.seat(s).controller == Controller::Owner;
    if (personSeat(m, s)) continue;
    if (ownerRun && core_.holdsSeatKey(s) && !core_.ledger_->session().seats[s].ai) {
      // A person's seat, officer-run.
      stewardship_.sendOwn(s, markedByOfficer(stewardship_.botOrders(s), s, OfficerReason::OfficerFlag));
    } else if (!ownerRun && (weAreSteward || (!st && core_.holdsSeatKey(s)))) {
      stewardship_.sendAiSeat(s, t);
    }
  }
  core_.own_.erase(core_.own_.begin(), core_.own_.lower_bound(t > 0 ? t - 1 : 0));
}

bool SeatScheduler::personSeat(const Membership& m, Seat s) const {
  return core_.opt_.decide && m.seat(s).controller == Controller::Owner && core_.holdsSeatKey(s) &&
         !core_.ledger_->session().seats[s].ai && !stewardship_.following();
}

uint64_t SeatScheduler::decidingInterval() const {
  return std::max<uint64_t>(core_.opt_.resendMs, core_.opt_.silenceMs / 4);
}

void SeatScheduler::buildPersonBundles(uint32_t t) {
  auto m = core_.membershipNow();
  const auto awaited = core_.ledger_->engine().awaiting();
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (!personSeat(m, s)) continue;
    if (auto it = personBuilt_.find(s); it != personBuilt_.end() && it->second == t) continue;
    const bool inTurn = std::find(awaited.begin(), awaited.end(), s) != awaited.end();
    const uint64_t used = core_.now_ - core_.turnStartMs_;
    std::optional<std::vector<Order>> orders;
    // Issue 26: a turn of deck work only (keys, a shuffle, shares): the client answers it, the person is not asked.
    const Game& g = core_.ledger_->engine().game();
    if (inTurn && g.hiddenInfo() && g.legalOrders(s).empty()) orders.emplace();
    else if (!inTurn) {
      // Out of turn a seat may still have something to say (Warp: catching a missed Drop to Impulse): the
      // person gets outOfTurnMs to say it; silence or an empty answer is "nothing".
      if (core_.opt_.outOfTurnMs == 0 || core_.ledger_->engine().game().legalOrders(s).empty() ||
          used >= core_.opt_.outOfTurnMs)
        orders.emplace();
      else
        orders = core_.opt_.decide(core_.ledger_->engine(), s, core_.opt_.outOfTurnMs - used);
    } else if (core_.opt_.turnClockMs != 0 && used >= core_.opt_.turnClockMs) {
      core_.logLine("turn " + std::to_string(t) + ": seat " + std::to_string(s) + "'s turn clock (" +
                    std::to_string(core_.opt_.turnClockMs / 1000) + " s) ran out: its officer plays this turn");
      orders = markedByOfficer(stewardship_.botOrders(s), s, OfficerReason::TurnClock);
    } else {
      orders = core_.opt_.decide(core_.ledger_->engine(), s,
                                 core_.opt_.turnClockMs == 0 ? UINT64_MAX : core_.opt_.turnClockMs - used);
    }
    if (orders) {
      personBuilt_[s] = t;
      stewardship_.sendOwn(s, std::move(*orders));
    } else if (core_.now_ >= nextDeciding_) {
      nextDeciding_ = core_.now_ + decidingInterval();
      core_.broadcast(Deciding{t, s});
    }
  }
}

std::vector<Seat> SeatScheduler::deciding() const {
  std::vector<Seat> out;
  const uint32_t t = core_.ledger_->turn();
  auto m = core_.membershipNow();
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (personSeat(m, s)) {
      auto it = personBuilt_.find(s);
      if (it == personBuilt_.end() || it->second != t) out.push_back(s);
    } else if (auto h = core_.heard_.find(s); h != core_.heard_.end() && h->second.first == t &&
                                              core_.now_ < h->second.second + 2 * decidingInterval()) {
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace concord::lockstep
