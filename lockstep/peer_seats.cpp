// Peer's seat drivers: who answers each seat this turn (our bot, our person with the turn clock and out-of-turn
// asks, the steward's AI seats) and the steward's substitution of silent seats.
#include "lockstep/peer.h"

#include <algorithm>

#include "core/game/registry.h"
#include "lockstep/assistance.h"

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

std::vector<Order> Peer::officerFor(Seat s, std::vector<Order> orders) const {
  // Issue 11 point 3: a departed person's seat played by the steward's officer is marked as such.
  if (ledger_->session().seats[s].ai) return orders;
  return markedByOfficer(std::move(orders), s, OfficerReason::Substitution);
}

std::unique_ptr<Bot> makeSeatBot(const SessionConfig& session, Seat s) {
  auto mod = findModule(session.moduleId);
  if (!mod || !(*mod)->makeBot) return nullptr;
  const auto& info = session.seats[s];
  std::string kind = info.botKind.empty() && !(*mod)->botKinds.empty() ? (*mod)->botKinds.front() : info.botKind;
  return (*mod)->makeBot(kind, s);
}

std::vector<Order> botOrdersFor(const TurnEngine& e, Seat s, Bot& bot) {
  const Game& g = e.game();
  auto legal = g.legalOrders(s);
  // Awaited, or out of turn with something legal to do (Warp: a catch while the window is open).
  if (legal.empty()) return {};
  // A fresh stream per (seat, turn): any peer that becomes steward computes the same orders.
  auto rng = botStream(e.session().seed, s, e.turn());
  auto orders = bot.choose(g.observe(s), legal, rng);
  if (orders.size() > kMaxOrdersPerBundle - 2) orders.resize(kMaxOrdersPerBundle - 2);
  return orders;
}

std::vector<Order> Peer::botOrders(Seat s) {
  auto& bot = bots_[s];
  if (!bot) bot = makeSeatBot(ledger_->session(), s);
  if (!bot) return {};
  return botOrdersFor(ledger_->engine(), s, *bot);
}

void Peer::sendOwn(Seat s, std::vector<Order> orders) {
  const uint32_t t = ledger_->turn();
  Bundle b = ledger_->draft(s, std::move(orders));
  const auto h = b.signWith(opt_.key);
  auto& slots = pending_[t];
  slots.resize(ledger_->session().seats.size());
  // Our own bundle goes first: we never apply anything else for a seat we sign.
  std::erase_if(slots[s], [&](const Candidate& c) { return c.bodyHash == h; });
  slots[s].insert(slots[s].begin(), Candidate{Arrival::checked(b, h, opt_.key.publicKey), opt_.key.publicKey, net_.self()});
  ++stats_.bundlesSent;
  broadcast(BundleMsg{b});
  own_[t].push_back(std::move(b));
}

void Peer::buildOwnBundles() {
  const uint32_t t = ledger_->turn();
  if (ledger_->over()) return;
  if (!seenFor_ || *seenFor_ != t) {
    seenFor_ = t;
    turnStartMs_ = now_;
  }
  if (opt_.decide) buildPersonBundles(t);
  if (builtFor_ && *builtFor_ == t) return;
  auto m = membershipNow();
  auto st = m.steward();
  bool weAreSteward = st && holdsSeatKey(*st);
  // Think time: a seat we decide for waits thinkMs before answering, paced like a person at the table.
  if (opt_.thinkMs > 0 && now_ < turnStartMs_ + opt_.thinkMs) {
    for (Seat s : ledger_->engine().awaiting()) {
      bool ownerRun = m.seat(s).controller == Controller::Owner;
      if (personSeat(m, s)) continue;
      if ((ownerRun && holdsSeatKey(s)) || (!ownerRun && (weAreSteward || (!st && holdsSeatKey(s))))) return;
    }
  }
  // A restarted owner signs nothing (neither its seat nor, as steward, the AI seats) until its seat is its own
  // again: the table applied its pre-crash self's bundles or the substitute steward's, and re-signing those turns
  // would be refused as from the wrong signer or flagged as a second signature.
  if (following_ && !stopFollowing(m, t)) {
    // Our pre-crash self's bundle of this turn is in; the AI seats it may not have signed are still ours to sign.
    if (weAreSteward && followerStewards(m, t) && (!followerSigned_ || *followerSigned_ != t)) {
      followerSigned_ = t;
      for (Seat s = 0; s < m.seatCount(); ++s)
        if (m.seat(s).controller != Controller::Owner && !holdsOwnBundle(t, s)) sendAiSeat(s, t);
    }
    return;
  }
  builtFor_ = t;
  for (Seat s = 0; s < m.seatCount(); ++s) {
    bool ownerRun = m.seat(s).controller == Controller::Owner;
    if (personSeat(m, s)) continue;
    if (ownerRun && holdsSeatKey(s) && !ledger_->session().seats[s].ai) {
      sendOwn(s, markedByOfficer(botOrders(s), s, OfficerReason::OfficerFlag));  // a person's seat, officer-run
    } else if (!ownerRun && (weAreSteward || (!st && holdsSeatKey(s)))) {
      sendAiSeat(s, t);
    }
  }
  own_.erase(own_.begin(), own_.lower_bound(t > 0 ? t - 1 : 0));
}

void Peer::sendAiSeat(Seat s, uint32_t t) {
  auto orders = officerFor(s, botOrders(s));
  if (auto it = pendingReclaim_.find(s); it != pendingReclaim_.end()) {
    if (reclaimTurn(it->second) > t) orders.push_back(it->second);
    pendingReclaim_.erase(it);
  }
  sendOwn(s, std::move(orders));
}

bool Peer::holdsOwnBundle(uint32_t t, Seat s) const {
  auto it = pending_.find(t);
  if (it == pending_.end() || s >= it->second.size()) return false;
  // Only one that continues the table's state we hold (not a bundle our pre-resync self signed after losing a race).
  return std::any_of(it->second[s].begin(), it->second[s].end(), [&](const Candidate& c) {
    if (c.bundle.prevSeal != ledger_->lastSeal() || c.bundle.chain != ledger_->heads()[s]) return false;
    return c.signer == opt_.key.publicKey || (c.known == SignerKnown::Unknown && c.bundle.verifySignature(opt_.key.publicKey));
  });
}

bool Peer::followerStewards(const Membership& m, uint32_t t) {
  if (syncing_ || recordBase_ == 0 || ledger_->over()) return false;
  bool ownIn = false;  // our pre-crash self signed our seat this turn: the table applies it (the owner's bundle wins)
  for (Seat s = 0; s < m.seatCount(); ++s)
    if (holdsSeatKey(s) && !ledger_->session().seats[s].ai && m.seat(s).controller == Controller::Owner)
      ownIn = ownIn || holdsOwnBundle(t, s);
  if (!ownIn) return false;
  for (auto later = pending_.upper_bound(t); later != pending_.end(); ++later)
    for (const auto& slot : later->second)
      if (!slot.empty()) return false;  // the table is past this turn: we are still catching up
  // Ask first (periodic() requests every missing slot) for what our pre-crash self signed as steward this turn.
  if (!stewardProbe_ || stewardProbe_->first != t) stewardProbe_ = std::make_pair(t, now_);
  return now_ >= stewardProbe_->second + opt_.reclaimProbeMs;
}

bool Peer::stopFollowing(const Membership& m, uint32_t t) {
  if (syncing_ || recordBase_ == 0) return false;
  if (!m.steward()) {  // every seat AI-run: each key signs its own seats, ours included (and puts our reclaim in)
    following_ = false;
    return true;
  }
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (!holdsSeatKey(s) || ledger_->session().seats[s].ai || m.seat(s).controller != Controller::Owner) continue;
    // Reclaimed (owner-run again since our snapshot): the reclaim order fixed the turn we sign from.
    if (m.seat(s).since >= recordBase_) {
      following_ = false;
      return true;
    }
    // Never substituted: the table waits on this seat. Our pre-crash self may have signed this turn, so ask
    // for its bundle first (periodic() requests every missing slot) and apply it if anyone has it; a turn after
    // this one that already has bundles means the table is past it, so the slot will be filled.
    auto it = pending_.find(t);
    if (it != pending_.end() && s < it->second.size() && !it->second[s].empty()) return false;
    for (auto later = pending_.upper_bound(t); later != pending_.end(); ++later)
      for (const auto& slot : later->second)
        if (!slot.empty()) return false;
    if (!probeTurn_ || *probeTurn_ != t) {
      probeTurn_ = t;
      probeSince_ = now_;
    }
    if (now_ < probeSince_ + opt_.reclaimProbeMs) return false;
    following_ = false;
    logLine("seat " + std::to_string(s) + " is ours again at turn " + std::to_string(t) +
            " (back before it was substituted; nobody holds a bundle of ours for this turn)");
    return true;
  }
  return false;
}

bool Peer::personSeat(const Membership& m, Seat s) const {
  return opt_.decide && m.seat(s).controller == Controller::Owner && holdsSeatKey(s) && !ledger_->session().seats[s].ai && !following_;
}

uint64_t Peer::decidingInterval() const { return std::max<uint64_t>(opt_.resendMs, opt_.silenceMs / 4); }

void Peer::buildPersonBundles(uint32_t t) {
  auto m = membershipNow();
  const auto awaited = ledger_->engine().awaiting();
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (!personSeat(m, s)) continue;
    if (auto it = personBuilt_.find(s); it != personBuilt_.end() && it->second == t) continue;
    const bool inTurn = std::find(awaited.begin(), awaited.end(), s) != awaited.end();
    const uint64_t used = now_ - turnStartMs_;
    std::optional<std::vector<Order>> orders;
    if (!inTurn) {
      // Out of turn a seat may still have something to say (Warp: catching a missed Drop to Impulse): the
      // person gets outOfTurnMs to say it; silence or an empty answer is "nothing".
      if (opt_.outOfTurnMs == 0 || ledger_->engine().game().legalOrders(s).empty() || used >= opt_.outOfTurnMs)
        orders.emplace();
      else
        orders = opt_.decide(ledger_->engine(), s, opt_.outOfTurnMs - used);
    } else if (opt_.turnClockMs != 0 && used >= opt_.turnClockMs) {
      logLine("turn " + std::to_string(t) + ": seat " + std::to_string(s) + "'s turn clock (" +
              std::to_string(opt_.turnClockMs / 1000) + " s) ran out: its officer plays this turn");
      orders = markedByOfficer(botOrders(s), s, OfficerReason::TurnClock);
    } else {
      orders = opt_.decide(ledger_->engine(), s, opt_.turnClockMs == 0 ? UINT64_MAX : opt_.turnClockMs - used);
    }
    if (orders) {
      personBuilt_[s] = t;
      sendOwn(s, std::move(*orders));
    } else if (now_ >= nextDeciding_) {
      nextDeciding_ = now_ + decidingInterval();
      broadcast(Deciding{t, s});
    }
  }
}

std::vector<Seat> Peer::deciding() const {
  std::vector<Seat> out;
  const uint32_t t = ledger_->turn();
  auto m = membershipNow();
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (personSeat(m, s)) {
      auto it = personBuilt_.find(s);
      if (it == personBuilt_.end() || it->second != t) out.push_back(s);
    } else if (auto h = heard_.find(s); h != heard_.end() && h->second.first == t && now_ < h->second.second + 2 * decidingInterval()) {
      out.push_back(s);
    }
  }
  return out;
}

uint64_t Peer::toleranceNow() const {
  // At turn 0 a slow-connecting peer looks silent; substituting it there races its first bundle (a desync
  // the Seal check would report), so the first turn gets a longer grace.
  return ledger_->turn() == 0 ? opt_.silenceMs * std::max<uint32_t>(opt_.firstTurnGrace, 1) : opt_.silenceMs;
}

bool Peer::cutOff(const Membership& m, const std::vector<Seat>& silent) const {
  size_t others = 0;
  for (Seat s = 0; s < m.seatCount(); ++s)
    if (m.seat(s).controller == Controller::Owner && !holdsSeatKey(s)) ++others;
  if (silent.size() >= 2 && silent.size() == others) return true;  // every other owner seat silent at once
  // Seats going silent one turn after another look like one silent seat at a time (drill seed 12001 run 6: a bot cut
  // off for seconds substituted one person at turn 771, the other at 772, then played alone): judge the links too.
  // Every other member's peer heard from lately (two or more) has sent us nothing for the tolerance.
  const auto& seats = ledger_->session().seats;
  size_t alive = 0, quiet = 0;
  for (Seat s = 0; s < seats.size(); ++s) {
    if (seats[s].ai || holdsSeatKey(s)) continue;
    const uint64_t heard = lastHeardMs(s);
    if (heard == 0 || now_ >= heard + kAliveTolerances * toleranceNow()) continue;  // gone for good, or never here
    ++alive;
    quiet += now_ >= heard + toleranceNow() ? size_t{1} : size_t{0};
  }
  return alive >= 2 && quiet == alive;
}

void Peer::stewardDuties() {
  const uint32_t t = ledger_->turn();
  // A restarted owner signs nothing until its seat is its own again, unless it is caught up and its pre-crash self's
  // bundle of this turn is in: then it is the steward the others count on (docs/lockstep.md "Following signs nothing").
  if (following_ && !followerStewards(membershipNow(), t)) return;
  if (ledger_->over() || now_ < turnStartMs_ + toleranceNow() || (substitutedFor_ && *substitutedFor_ == t)) return;
  auto m = membershipNow();
  auto& slots = pending_[t];
  slots.resize(ledger_->session().seats.size());
  std::vector<Seat> silent;
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (m.seat(s).controller != Controller::Owner || !slots[s].empty() || holdsSeatKey(s)) continue;
    // An owner still deciding (its Deciding heartbeats arrive) is thinking, not silent.
    auto h = heard_.find(s);
    uint64_t since = h != heard_.end() && h->second.first == t ? std::max(turnStartMs_, h->second.second) : turnStartMs_;
    since = std::max(since, cutOffAt_);  // back from a cut: everyone gets a tolerance to reach us again
    if (now_ >= since + toleranceNow()) silent.push_back(s);
  }
  if (silent.empty()) return;
  if (opt_.cutOffGuard && cutOff(m, silent)) {
    cutOffAt_ = now_;
    if (!cutOffLogged_ || *cutOffLogged_ != t) {
      cutOffLogged_ = t;
      logLine("turn " + std::to_string(t) + ": every other peer is silent: we are probably cut off; substituting nobody");
    }
    return;
  }
  auto next = m.steward(silent);
  if (!next || !holdsSeatKey(*next)) return;
  substitutedFor_ = t;
  auto old = m.steward();
  for (Seat s : silent) {
    logLine("seat " + std::to_string(s) + " silent for " + std::to_string(now_ - turnStartMs_) +
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

}  // namespace concord::lockstep
