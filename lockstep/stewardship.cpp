#include "lockstep/stewardship.h"

#include <algorithm>

#include "lockstep/assistance.h"
#include "lockstep/deck_duty.h"
#include "lockstep/seat_bot.h"

namespace concord::lockstep {
namespace {

// A member's peer not heard from for this many tolerances has gone (quit, or dead for good): the cut-off guard
// stops waiting for it, so a table whose others all left still plays on.
constexpr uint64_t kAliveTolerances = 10;

// The effective turn inside a reclaim order's payload (0 if malformed; the engine rejects those).
uint32_t reclaimTurn(const Order& o) {
  det::Reader r(o.payload, "reclaim order");
  r.varu("seat", kMaxSeats - 1);
  return static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
}

}  // namespace

std::vector<Order> Stewardship::officerFor(Seat s, std::vector<Order> orders) const {
  // Issue 11 point 3: a departed person's seat played by the steward's officer is marked as such.
  if (core_.ledger_->session().seats[s].ai) return orders;
  return markedByOfficer(std::move(orders), s, OfficerReason::Substitution);
}

std::vector<Order> Stewardship::botOrders(Seat s) {
  auto& bot = bots_[s];
  if (!bot) bot = makeSeatBot(core_.ledger_->session(), s);
  if (!bot) return {};
  return botOrdersFor(core_.ledger_->engine(), s, *bot, &core_.opt_.key);
}

void Stewardship::sendOwn(Seat s, std::vector<Order> orders) {
  const uint32_t t = core_.ledger_->turn();
  // Issue 26: the deck work and proofs this seat's bundle carries at a hidden-hands table (a no-op elsewhere).
  orders = withDeckDuty(core_.ledger_->engine(), s, core_.opt_.key, std::move(orders));
  if (const auto& cheat = ownBundleRewrite()) cheat(core_.ledger_->engine(), s, core_.opt_.key, orders);
  Bundle b = core_.ledger_->draft(s, std::move(orders));
  const auto h = b.signWith(core_.opt_.key);
  auto& slots = core_.pending_[t];
  slots.resize(core_.ledger_->session().seats.size());
  // Our own bundle goes first: we never apply anything else for a seat we sign.
  std::erase_if(slots[s], [&](const Candidate& c) { return c.bodyHash == h; });
  slots[s].insert(slots[s].begin(), Candidate{Arrival::checked(b, h, core_.opt_.key.publicKey),
                                              core_.opt_.key.publicKey, core_.net_.self()});
  ++core_.stats_.bundlesSent;
  core_.broadcast(BundleMsg{b});
  core_.own_[t].push_back(std::move(b));
}

void Stewardship::sendAiSeat(Seat s, uint32_t t) {
  auto orders = officerFor(s, botOrders(s));
  if (auto it = pendingReclaim_.find(s); it != pendingReclaim_.end()) {
    if (reclaimTurn(it->second) > t) orders.push_back(it->second);
    pendingReclaim_.erase(it);
  }
  sendOwn(s, std::move(orders));
}

bool Stewardship::holdsOwnBundle(uint32_t t, Seat s) const {
  auto it = core_.pending_.find(t);
  if (it == core_.pending_.end() || s >= it->second.size()) return false;
  // Only one that continues the table's state we hold (not a bundle our pre-resync self signed after losing a race).
  return std::any_of(it->second[s].begin(), it->second[s].end(), [&](const Candidate& c) {
    if (c.bundle.prevSeal != core_.ledger_->lastSeal() || c.bundle.chain != core_.ledger_->heads()[s]) return false;
    return c.signer == core_.opt_.key.publicKey ||
           (c.known == SignerKnown::Unknown && c.bundle.verifySignature(core_.opt_.key.publicKey));
  });
}

bool Stewardship::followerStewards(const Membership& m, uint32_t t) {
  if (core_.syncing_ || core_.recordBase_ == 0 || core_.ledger_->over()) return false;
  bool ownIn = false;  // our pre-crash self signed our seat this turn: the table applies it (the owner's bundle wins)
  for (Seat s = 0; s < m.seatCount(); ++s)
    if (core_.holdsSeatKey(s) && !core_.ledger_->session().seats[s].ai && m.seat(s).controller == Controller::Owner)
      ownIn = ownIn || holdsOwnBundle(t, s);
  if (!ownIn) return false;
  if (core_.bundlesAfter(t)) return false;  // the table is past this turn: we are still catching up
  // Ask first (periodic() requests every missing slot) for what our pre-crash self signed as steward this turn.
  if (!stewardProbe_ || stewardProbe_->first != t) stewardProbe_ = std::make_pair(t, core_.now_);
  return core_.now_ >= stewardProbe_->second + core_.opt_.reclaimProbeMs;
}

bool Stewardship::stopFollowing(const Membership& m, uint32_t t) {
  if (core_.syncing_ || core_.recordBase_ == 0) return false;
  if (!m.steward()) {  // every seat AI-run: each key signs its own seats, ours included (and puts our reclaim in)
    following_ = false;
    return true;
  }
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (!core_.holdsSeatKey(s) || core_.ledger_->session().seats[s].ai || m.seat(s).controller != Controller::Owner)
      continue;
    // Reclaimed (owner-run again since our snapshot): the reclaim order fixed the turn we sign from.
    if (m.seat(s).since >= core_.recordBase_) {
      following_ = false;
      return true;
    }
    // Never substituted: the table waits on this seat. Our pre-crash self may have signed this turn, so ask
    // for its bundle first (periodic() requests every missing slot) and apply it if anyone has it; a turn after
    // this one that already has bundles means the table is past it, so the slot will be filled.
    auto it = core_.pending_.find(t);
    if (it != core_.pending_.end() && s < it->second.size() && !it->second[s].empty()) return false;
    if (core_.bundlesAfter(t)) return false;
    if (!probeTurn_ || *probeTurn_ != t) {
      probeTurn_ = t;
      probeSince_ = core_.now_;
    }
    if (core_.now_ < probeSince_ + core_.opt_.reclaimProbeMs) return false;
    following_ = false;
    core_.logLine("seat " + std::to_string(s) + " is ours again at turn " + std::to_string(t) +
                  " (back before it was substituted; nobody holds a bundle of ours for this turn)");
    return true;
  }
  return false;
}

uint64_t Stewardship::toleranceNow() const {
  // At turn 0 a slow-connecting peer looks silent; substituting it there races its first bundle (a desync
  // the Seal check would report), so the first turn gets a longer grace.
  return core_.ledger_->turn() == 0 ? core_.opt_.silenceMs * std::max<uint32_t>(core_.opt_.firstTurnGrace, 1)
                                    : core_.opt_.silenceMs;
}

bool Stewardship::cutOff(const Membership& m, const std::vector<Seat>& silent) const {
  size_t others = 0;
  for (Seat s = 0; s < m.seatCount(); ++s)
    if (m.seat(s).controller == Controller::Owner && !core_.holdsSeatKey(s)) ++others;
  if (silent.size() >= 2 && silent.size() == others) return true;  // every other owner seat silent at once
  // Seats going silent one turn after another look like one silent seat at a time (drill seed 12001 run 6: a bot cut
  // off for seconds substituted one person at turn 771, the other at 772, then played alone): judge the links too.
  // Every other member's peer heard from lately (two or more) has sent us nothing for the tolerance.
  const auto& seats = core_.ledger_->session().seats;
  size_t alive = 0, quiet = 0;
  for (Seat s = 0; s < seats.size(); ++s) {
    if (seats[s].ai || core_.holdsSeatKey(s)) continue;
    const uint64_t heard = core_.lastHeardMs(s);
    if (heard == 0 || core_.now_ >= heard + kAliveTolerances * toleranceNow())
      continue;  // gone for good, or never here
    ++alive;
    quiet += core_.now_ >= heard + toleranceNow() ? size_t{1} : size_t{0};
  }
  return alive >= 2 && quiet == alive;
}

void Stewardship::stewardDuties() {
  const uint32_t t = core_.ledger_->turn();
  // A restarted owner signs nothing until its seat is its own again, unless it is caught up and its pre-crash self's
  // bundle of this turn is in: then it is the steward the others count on (docs/lockstep.md "Following signs nothing").
  if (following_ && !followerStewards(core_.membershipNow(), t)) return;
  if (core_.ledger_->over() || core_.now_ < core_.turnStartMs_ + toleranceNow() ||
      (substitutedFor_ && *substitutedFor_ == t))
    return;
  auto m = core_.membershipNow();
  auto& slots = core_.pending_[t];
  slots.resize(core_.ledger_->session().seats.size());
  std::vector<Seat> silent;
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (m.seat(s).controller != Controller::Owner || !slots[s].empty() || core_.holdsSeatKey(s)) continue;
    // An owner still deciding (its Deciding heartbeats arrive) is thinking, not silent.
    auto h = core_.heard_.find(s);
    uint64_t since = h != core_.heard_.end() && h->second.first == t ? std::max(core_.turnStartMs_, h->second.second)
                                                                     : core_.turnStartMs_;
    since = std::max(since, cutOffAt_);  // back from a cut: everyone gets a tolerance to reach us again
    if (core_.now_ >= since + toleranceNow()) silent.push_back(s);
  }
  if (silent.empty()) return;
  if (core_.opt_.cutOffGuard && cutOff(m, silent)) {
    cutOffAt_ = core_.now_;
    if (!cutOffLogged_ || *cutOffLogged_ != t) {
      cutOffLogged_ = t;
      core_.logLine("turn " + std::to_string(t) +
                    ": every other peer is silent: we are probably cut off; substituting nobody");
    }
    return;
  }
  auto next = m.steward(silent);
  if (!next || !core_.holdsSeatKey(*next)) return;
  substitutedFor_ = t;
  auto old = m.steward();
  for (Seat s : silent) {
    core_.logLine("seat " + std::to_string(s) + " silent for " + std::to_string(core_.now_ - core_.turnStartMs_) +
                  " ms at turn " + std::to_string(t) + ": substituting an AI officer");
    std::vector<Order> orders{makeSubstituteOrder(s)};
    auto ai = botOrders(s);
    orders.insert(orders.end(), ai.begin(), ai.end());
    sendOwn(s, officerFor(s, std::move(orders)));
  }
  // The old steward is among the silent: its AI seats are ours from this turn on.
  if (old && std::find(silent.begin(), silent.end(), *old) != silent.end())
    for (Seat s = 0; s < m.seatCount(); ++s)
      if (m.seat(s).controller == Controller::Ai) sendOwn(s, officerFor(s, botOrders(s)));
}

bool Stewardship::holdsBack(const Membership& m, uint32_t t, bool weAreSteward) {
  if (!following_ || stopFollowing(m, t)) return false;
  // Our pre-crash self's bundle of this turn is in; the AI seats it may not have signed are still ours to sign.
  if (weAreSteward && followerStewards(m, t) && (!followerSigned_ || *followerSigned_ != t)) {
    followerSigned_ = t;
    for (Seat s = 0; s < m.seatCount(); ++s)
      if (m.seat(s).controller != Controller::Owner && !holdsOwnBundle(t, s)) sendAiSeat(s, t);
  }
  return true;
}

void Stewardship::onReclaimRequest(PeerId from, const ReclaimRequest& q) {
  const auto& session = core_.ledger_->session();
  if (q.seat >= session.seats.size() || q.reclaim.kind != kReclaim) return;
  const TurnRecord* r = core_.record(q.turn);
  if (!r) return;  // we are behind or too far ahead to check; the owner resends
  if (r->seal != q.seal) {
    core_.logLine("refused reclaim of seat " + std::to_string(q.seat) + " from peer " + std::to_string(from) +
                  ": its Seal at turn " + std::to_string(q.turn) + " differs from ours");
    return;
  }
  pendingReclaim_[q.seat] = q.reclaim;
}

void Stewardship::askReclaims() {
  // An owner whose seat is AI-run proves its Seal and asks for its seat back.
  // A live owner substituted after a silence (loss, a frozen machine) asks too: a returning owner reclaims at once.
  const uint32_t t = core_.ledger_->turn();
  if (t <= core_.recordBase_) return;
  auto m = core_.membershipNow();
  for (Seat s = 0; s < m.seatCount(); ++s)
    if (core_.holdsSeatKey(s) && !core_.ledger_->session().seats[s].ai && m.seat(s).controller == Controller::Ai &&
        !m.seat(s).reclaimAt) {
      uint32_t at = t + core_.opt_.reclaimLead;
      core_.broadcast(ReclaimRequest{s, t - 1, core_.ledger_->lastSeal(),
                                     makeReclaimOrder(core_.ledger_->engine().gameId(), s, at, core_.opt_.key)});
    }
}

}  // namespace concord::lockstep
