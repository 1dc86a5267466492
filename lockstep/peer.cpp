#include "lockstep/peer.h"

#include <algorithm>

#include "core/game/registry.h"

namespace concord::lockstep {
namespace {

constexpr size_t kMaxCandidatesPerSlot = 4;
// Honest peers never send a bundle whose signature fails (every candidate is checked on arrival, so even
// relays are clean): a sender past this many failures is ignored without spending a signature check.
constexpr uint32_t kMaxBadSignatures = 16;
// Non-members (transport ids that are not a seat) share one allowance: a stranger who makes a fresh
// identity per 16 forgeries buys nothing, and no honest non-member ever sends a bundle.
constexpr uint32_t kMaxGuestBadSignatures = 64;

bool opensWithSubstitute(const Bundle& b) {
  std::vector<std::vector<Order>> one(static_cast<size_t>(b.seat) + 1);
  one[b.seat] = b.orders;
  return !substitutedThisTurn(one).empty();
}

std::string seatTurn(const Bundle& b) {
  return "bundle turn " + std::to_string(b.turn) + " seat " + std::to_string(b.seat);
}

// The effective turn inside a reclaim order's payload (0 if malformed; the engine rejects those).
uint32_t reclaimTurn(const Order& o) {
  det::Reader r(o.payload, "reclaim order");
  r.varu("seat", kMaxSeats - 1);
  return static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
}

}  // namespace

Result<std::unique_ptr<Peer>> Peer::create(const SessionConfig& session, Transport& transport, PeerOptions opt) {
  auto l = TurnLedger::create(session);
  if (!l) return l.error();
  std::unique_ptr<Peer> p(new Peer(transport, std::move(opt)));
  p->ledger_ = std::move(*l);
  p->syncing_ = p->opt_.rejoin;
  det::Writer w;
  p->ledger_->engine().write(w);
  p->ring_.emplace_back(UINT32_MAX, std::make_shared<const std::vector<uint8_t>>(w.take()));  // before turn 0
  return p;
}

void Peer::corruptAfterTurn(uint32_t turn, std::function<void(std::vector<uint8_t>&)> mutate) {
  corruptions_[turn] = std::move(mutate);
}

void Peer::logLine(std::string line) {
  if (opt_.log) opt_.log("peer " + std::to_string(net_.self()) + ": " + line);
}

void Peer::reject(PeerId from, const Bundle& b, std::string why) {
  std::string line = "rejected " + seatTurn(b) + " from peer " + std::to_string(from) + ": " + why;
  rejections_.push_back(line);
  logLine(std::move(line));
}

void Peer::send(PeerId to, const WireMessage& m) {
  auto bytes = encodeWire(m);
  ++stats_.messagesSent;
  stats_.bytesSent += bytes.size();
  net_.send(to, bytes);
}

void Peer::broadcast(const WireMessage& m) {
  auto bytes = encodeWire(m);
  ++stats_.messagesSent;
  stats_.bytesSent += bytes.size();
  net_.broadcast(bytes);
}

void Peer::tick(uint64_t nowMs) {
  now_ = std::max(now_, nowMs);
  while (auto d = net_.poll()) {
    auto m = decodeWire(d->bytes);
    if (!m) {
      std::string line = "rejected message from peer " + std::to_string(d->from) + ": " + m.message();
      rejections_.push_back(line);
      logLine(std::move(line));
      continue;
    }
    receive(d->from, std::move(*m));
  }
  if (!syncing_ && !halted_) {
    buildOwnBundles();
    while (tryAdvance()) buildOwnBundles();
    stewardDuties();
    while (tryAdvance()) buildOwnBundles();
  }
  if (halted_) tryReport(now_ >= desyncSince_ + opt_.silenceMs);
  if (now_ >= nextPeriodic_) {
    nextPeriodic_ = now_ + opt_.resendMs;
    periodic();
  }
}

void Peer::receive(PeerId from, WireMessage m) {
  if (auto* b = std::get_if<BundleMsg>(&m)) return onBundle(from, std::move(b->bundle));
  if (auto* r = std::get_if<BundleRequest>(&m)) return onRequest(from, *r);
  if (auto* d = std::get_if<Deciding>(&m)) {
    // Believed only from the seat's own link: a relayed or forged heartbeat must not keep a dead seat alive.
    if (from == d->seat && d->seat < ledger_->session().seats.size() && d->turn == ledger_->turn()) heard_[d->seat] = {d->turn, now_};
    return;
  }
  if (auto* n = std::get_if<DesyncNotice>(&m)) {
    // A notice only asks for our state; we halt only on our own evidence (signed prevSeals).
    if (auto* st = ringState(n->turn)) {
      std::vector<Seat> seats;
      for (Seat s = 0; s < ledger_->session().seats.size(); ++s)
        if (ledger_->session().seats[s].key == opt_.key.publicKey) seats.push_back(s);
      send(from, StateDump{n->turn, det::hash128(*st), seats, *st});
    }
    return;
  }
  if (auto* d = std::get_if<StateDump>(&m)) {
    if (halted_ && d->turn == desyncTurn_) samples_[from] = StateSample{from, d->seats, std::move(d->state)};
    return;
  }
  if (std::holds_alternative<SnapshotRequest>(m)) {
    // Base the snapshot a few turns back so the tail carries signed bundles up to now.
    uint32_t t = ledger_->turn();
    if (syncing_ || t < 2) return;
    uint32_t back = static_cast<uint32_t>(std::min<size_t>(opt_.stateRing - 1, 4));
    uint32_t base = std::max(t > back ? t - back : 1u, recordBase_ + 1);
    const auto* st = ringState(base - 1);
    const auto* prev = record(base - 1);
    if (!st || !prev) return;
    Snapshot s{base, *st, prev->bundles, {}};
    for (uint32_t x = base; x < t; ++x)
      if (const auto* r = record(x)) s.tail.insert(s.tail.end(), r->bundles.begin(), r->bundles.end());
    send(from, s);
    return;
  }
  if (auto* s = std::get_if<Snapshot>(&m)) return onSnapshot(*s);
  if (auto* r = std::get_if<ReclaimRequest>(&m)) return onReclaimRequest(from, *r);
}

void Peer::onBundle(PeerId from, Bundle b) {
  if (syncing_ || halted_) return;  // nothing to check it against, or stopped by a desync
  const uint32_t t = ledger_->turn();
  if (b.gameId != ledger_->engine().gameId()) return reject(from, b, "wrong game id " + b.gameId.shortHex());
  if (b.seat >= ledger_->session().seats.size()) return reject(from, b, "no such seat at this table");
  if (ignoring(from)) {
    ++stats_.ignored;
    return;
  }
  if (b.turn < t) return onPastBundle(from, b);
  if (b.turn > t + opt_.window) {
    // Evidence that the table is ahead of us, once per new high turn, and only if a member signed it.
    if (b.turn > aheadSeen_ && signerAmongSeats(b)) aheadSeen_ = b.turn;
    return reject(from, b, "turn is beyond the window (now at turn " + std::to_string(t) + ", window " +
                               std::to_string(opt_.window) + ")");
  }
  auto& slots = pending_[b.turn];
  slots.resize(ledger_->session().seats.size());
  auto& slot = slots[b.seat];
  auto h = b.bodyHash();
  for (const auto& c : slot)
    if (c.bodyHash == h) {
      ++stats_.duplicates;
      return;
    }
  // Checked on arrival, not only at assembly: a guest's forgeries must not occupy the slot's candidates
  // and crowd out the owner's real bundle (tests/net/security.sh --slot-flood).
  auto signer = signerAmongSeats(b);
  if (!signer) {
    strike(from);
    return reject(from, b, "signature does not verify against any seat's key at this table");
  }
  if (slot.size() >= kMaxCandidatesPerSlot) {
    // Full of other members' bundles: the seat's own owner still gets in (the newest stranger-signed one goes).
    const PublicKey& owner = ledger_->session().seats[b.seat].key;
    auto other = std::find_if(slot.rbegin(), slot.rend(), [&](const Candidate& c) { return c.signedBy != owner; });
    if (*signer != owner || other == slot.rend()) return reject(from, b, "too many conflicting candidates for this slot");
    slot.erase(std::next(other).base());
  }
  Candidate c{std::move(b), h, std::nullopt, *signer};
  slot.push_back(std::move(c));
}

void Peer::strike(PeerId from) {
  if (++badSignatures_[from] == kMaxBadSignatures)
    logLine("peer " + std::to_string(from) + " sent " + std::to_string(kMaxBadSignatures) +
            " bundles with bad signatures: ignoring its bundles from now on");
  if (from >= ledger_->session().seats.size() && ++guestBadSignatures_ == kMaxGuestBadSignatures)
    logLine("non-members sent " + std::to_string(kMaxGuestBadSignatures) +
            " bundles with bad signatures between them: ignoring every non-member's bundles from now on");
}

bool Peer::ignoring(PeerId from) const {
  if (auto st = badSignatures_.find(from); st != badSignatures_.end() && st->second >= kMaxBadSignatures) return true;
  return from >= ledger_->session().seats.size() && guestBadSignatures_ >= kMaxGuestBadSignatures;
}

std::optional<PublicKey> Peer::signerAmongSeats(const Bundle& b) const {
  const auto& seats = ledger_->session().seats;
  const PublicKey& owner = seats[b.seat].key;
  if (b.verifySignature(owner)) return owner;
  for (size_t i = 0; i < seats.size(); ++i) {
    const PublicKey& k = seats[i].key;
    bool seen = k == owner;
    for (size_t j = 0; j < i && !seen; ++j) seen = seats[j].key == k;
    if (!seen && b.verifySignature(k)) return k;
  }
  return std::nullopt;
}

void Peer::onPastBundle(PeerId from, const Bundle& b) {
  if (b.turn < recordBase_ && opt_.onHistory) return opt_.onHistory(b);  // the backfill checks it
  const TurnRecord* r = record(b.turn);
  if (!r) return reject(from, b, "turn is in the past (now at turn " + std::to_string(ledger_->turn()) + ")");
  const Bundle& applied = r->bundles[b.seat];
  if (applied == b) {
    ++stats_.duplicates;
    return;
  }
  if (applied.body() == b.body()) return reject(from, b, "past turn, same body with a different signature");
  if (!b.verifySignature(r->signers[b.seat])) {
    strike(from);
    return reject(from, b, "turn is in the past (now at turn " + std::to_string(ledger_->turn()) +
                               ") and its signature does not verify");
  }
  for (const auto& e : equivocations_)
    if (e.turn == b.turn && e.seat == b.seat) return;  // already proven
  equivocations_.push_back(Equivocation{b.turn, b.seat, applied.encode(), b.encode()});
  if (std::find(flagged_.begin(), flagged_.end(), b.seat) == flagged_.end()) flagged_.push_back(b.seat);
  std::string line = "EQUIVOCATION by seat " + std::to_string(b.seat) + " at turn " + std::to_string(b.turn) +
                     ": two validly signed bundles (kept the applied one, both kept as proof)";
  rejections_.push_back(line);
  logLine(std::move(line));
}

void Peer::onRequest(PeerId from, const BundleRequest& q) {
  if (const TurnRecord* r = record(q.turn)) {
    if (q.seat < r->bundles.size()) send(from, BundleMsg{r->bundles[q.seat]});
    return;
  }
  auto it = pending_.find(q.turn);
  if (it == pending_.end() || q.seat >= it->second.size()) return;
  // Relay the first candidate; the requester verifies it, so relaying a bad one harms nobody.
  if (!it->second[q.seat].empty()) send(from, BundleMsg{it->second[q.seat].front().bundle});
}

void Peer::onSnapshot(const Snapshot& s) {
  if (!syncing_) return;
  const Seat seats = static_cast<Seat>(ledger_->session().seats.size());
  auto fresh = TurnLedger::fromSnapshot(ledger_->session(), s.turn, s.state, s.prev);
  if (!fresh) return logLine("ignored a snapshot: " + fresh.message());
  ledger_ = std::move(*fresh);
  ring_.clear();
  ring_.emplace_back(s.turn - 1, std::make_shared<const std::vector<uint8_t>>(s.state));
  recordBase_ = s.turn;
  syncing_ = false;
  following_ = true;
  logLine("fast-forwarding from a snapshot at turn " + std::to_string(s.turn) + " with " +
          std::to_string(s.tail.size()) + " tail bundles");
  for (const auto& b : s.tail) {
    if (b.turn < s.turn || b.seat >= seats) continue;
    auto& slots = pending_[b.turn];
    slots.resize(seats);
    slots[b.seat].push_back(Candidate{b, b.bodyHash(), std::nullopt});
  }
}

void Peer::onReclaimRequest(PeerId from, const ReclaimRequest& q) {
  const auto& session = ledger_->session();
  if (q.seat >= session.seats.size() || q.reclaim.kind != kReclaim) return;
  const TurnRecord* r = record(q.turn);
  if (!r) return;  // we are behind or too far ahead to check; the owner resends
  if (r->seal != q.seal) {
    logLine("refused reclaim of seat " + std::to_string(q.seat) + " from peer " + std::to_string(from) +
            ": its Seal at turn " + std::to_string(q.turn) + " differs from ours");
    return;
  }
  pendingReclaim_[q.seat] = q.reclaim;
}

Membership Peer::membershipNow() const { return ledger_->membershipNow(); }

bool Peer::mine(Seat s) const { return ledger_->session().seats[s].key == opt_.key.publicKey; }

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
  auto rng = det::Rng::stream(e.session().seed, "ai." + std::to_string(s) + "." + std::to_string(e.turn()));
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
  b.signWith(opt_.key);
  auto& slots = pending_[t];
  slots.resize(ledger_->session().seats.size());
  auto h = b.bodyHash();
  // Our own bundle goes first: we never apply anything else for a seat we sign.
  std::erase_if(slots[s], [&](const Candidate& c) { return c.bodyHash == h; });
  slots[s].insert(slots[s].begin(), Candidate{b, h, opt_.key.publicKey});
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
  bool stewardMine = st && mine(*st);
  // Think time: a seat we decide for waits thinkMs before answering, paced like a person at the table.
  if (opt_.thinkMs > 0 && now_ < turnStartMs_ + opt_.thinkMs) {
    for (Seat s : ledger_->engine().awaiting()) {
      bool ownerRun = m.seat(s).controller == Controller::Owner;
      if (personSeat(m, s)) continue;
      if ((ownerRun && mine(s)) || (!ownerRun && (stewardMine || (!st && mine(s))))) return;
    }
  }
  builtFor_ = t;
  for (Seat s = 0; s < m.seatCount(); ++s) {
    bool ownerRun = m.seat(s).controller == Controller::Owner;
    // A restarted owner only follows until its reclaim takes effect: its old bundles may be out there.
    if (following_ && ownerRun && m.seat(s).since >= recordBase_ && recordBase_ > 0) following_ = false;
    if (personSeat(m, s)) continue;
    if (ownerRun && mine(s) && !ledger_->session().seats[s].ai && !following_) {
      sendOwn(s, botOrders(s));
    } else if (!ownerRun && (stewardMine || (!st && mine(s)))) {
      auto orders = botOrders(s);
      if (auto it = pendingReclaim_.find(s); it != pendingReclaim_.end()) {
        if (reclaimTurn(it->second) > t) orders.push_back(it->second);
        pendingReclaim_.erase(it);
      }
      sendOwn(s, std::move(orders));
    }
  }
  own_.erase(own_.begin(), own_.lower_bound(t > 0 ? t - 1 : 0));
}

bool Peer::personSeat(const Membership& m, Seat s) const {
  return opt_.decide && m.seat(s).controller == Controller::Owner && mine(s) && !ledger_->session().seats[s].ai && !following_;
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
      orders = botOrders(s);
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

void Peer::stewardDuties() {
  const uint32_t t = ledger_->turn();
  if (ledger_->over() || now_ < turnStartMs_ + toleranceNow() || (substitutedFor_ && *substitutedFor_ == t)) return;
  auto m = membershipNow();
  auto& slots = pending_[t];
  slots.resize(ledger_->session().seats.size());
  std::vector<Seat> silent;
  for (Seat s = 0; s < m.seatCount(); ++s) {
    if (m.seat(s).controller != Controller::Owner || !slots[s].empty() || mine(s)) continue;
    // An owner still deciding (its Deciding heartbeats arrive) is thinking, not silent.
    auto h = heard_.find(s);
    const uint64_t since = h != heard_.end() && h->second.first == t ? std::max(turnStartMs_, h->second.second) : turnStartMs_;
    if (now_ >= since + toleranceNow()) silent.push_back(s);
  }
  if (silent.empty()) return;
  if (opt_.cutOffGuard && silent.size() >= 2) {
    size_t others = 0;
    for (Seat s = 0; s < m.seatCount(); ++s)
      if (m.seat(s).controller == Controller::Owner && !mine(s)) ++others;
    if (silent.size() == others) {
      if (!cutOffLogged_ || *cutOffLogged_ != t) {
        cutOffLogged_ = t;
        logLine("turn " + std::to_string(t) + ": every other seat (" + std::to_string(others) +
                ") is silent: we are probably cut off; substituting nobody");
      }
      return;
    }
  }
  auto next = m.steward(silent);
  if (!next || !mine(*next)) return;
  substitutedFor_ = t;
  auto old = m.steward();
  for (Seat s : silent) {
    logLine("seat " + std::to_string(s) + " silent for " + std::to_string(now_ - turnStartMs_) +
            " ms at turn " + std::to_string(t) + ": substituting an AI officer");
    std::vector<Order> orders{makeSubstituteOrder(s)};
    auto ai = botOrders(s);
    orders.insert(orders.end(), ai.begin(), ai.end());
    sendOwn(s, std::move(orders));
  }
  // The old steward is among the silent: its AI seats are ours from this turn on.
  if (old && std::find(silent.begin(), silent.end(), *old) != silent.end())
    for (Seat s = 0; s < m.seatCount(); ++s)
      if (m.seat(s).controller == Controller::Ai) sendOwn(s, botOrders(s));
}

bool Peer::tryAdvance() {
  if (halted_ || syncing_ || ledger_->over()) return false;
  const uint32_t t = ledger_->turn();
  auto it = pending_.find(t);
  const auto& session = ledger_->session();
  const Seat seats = static_cast<Seat>(session.seats.size());
  if (it == pending_.end()) return false;
  auto& slots = it->second;
  slots.resize(seats);
  for (Seat s = 0; s < seats; ++s)
    if (slots[s].empty()) return false;
  auto m = membershipNow();
  std::vector<Seat> claimed;
  for (Seat s = 0; s < seats; ++s)
    for (const auto& c : slots[s])
      if (opensWithSubstitute(c.bundle) && std::find(claimed.begin(), claimed.end(), s) == claimed.end())
        claimed.push_back(s);
  std::vector<const Candidate*> chosen(seats, nullptr);
  for (Seat s = 0; s < seats; ++s) {
    auto& slot = slots[s];
    // Owner bundles before substitute bundles: a seat that did speak is not substituted.
    std::stable_partition(slot.begin(), slot.end(), [](const Candidate& c) { return !opensWithSubstitute(c.bundle); });
    for (size_t i = 0; i < slot.size();) {
      Candidate& c = slot[i];
      bool sub = opensWithSubstitute(c.bundle);
      std::vector<Seat> subs;
      for (Seat x : claimed)
        if (x != s || sub) subs.push_back(x);
      PublicKey signer = m.expectedSigner(session, s, subs);
      std::string why;
      if (!(c.verifiedWith && *c.verifiedWith == signer) && !(c.signedBy == signer) && !c.bundle.verifySignature(signer))
        why = "signature does not verify against the expected signer " + signer.fingerprint();
      else if (c.bundle.chain != ledger_->heads()[s])
        why = "chain does not continue this seat's previous bundle";
      else if (t == 0 && !(c.bundle.prevSeal.isZero() && c.bundle.prevDigest.isZero()))
        why = "turn 0 must carry zero prevSeal and prevDigest";
      if (!why.empty()) {
        reject(net_.self(), c.bundle, why);
        slot.erase(slot.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
      c.verifiedWith = signer;
      if (!chosen[s]) {
        chosen[s] = &c;
      } else if (opensWithSubstitute(chosen[s]->bundle) == sub && chosen[s]->bodyHash != c.bodyHash) {
        if (std::none_of(equivocations_.begin(), equivocations_.end(),
                         [&](const Equivocation& e) { return e.turn == t && e.seat == s; })) {
          equivocations_.push_back(Equivocation{t, s, chosen[s]->bundle.encode(), c.bundle.encode()});
          if (std::find(flagged_.begin(), flagged_.end(), s) == flagged_.end()) flagged_.push_back(s);
          std::string line = "EQUIVOCATION by seat " + std::to_string(s) + " at turn " + std::to_string(t) +
                             ": two validly signed bundles (applying the first received, both kept as proof)";
          rejections_.push_back(line);
          logLine(std::move(line));
        }
      }
      ++i;
    }
    if (!chosen[s]) return false;
  }
  // Seal check: a validly signed prevSeal unlike ours is a desync at t-1.
  for (Seat s = 0; s < seats; ++s) {
    if (t > 0 && chosen[s]->bundle.prevSeal != ledger_->lastSeal()) {
      logLine("seat " + std::to_string(s) + "'s bundle for turn " + std::to_string(t) + " carries Seal " +
              chosen[s]->bundle.prevSeal.shortHex() + " for turn " + std::to_string(t - 1) + ", ours is " +
              ledger_->lastSeal().shortHex());
      startDesync(t - 1);
      return false;
    }
  }
  std::vector<Bundle> bundles;
  std::vector<PublicKey> verifiedBy;
  for (Seat s = 0; s < seats; ++s) {
    bundles.push_back(chosen[s]->bundle);
    verifiedBy.push_back(*chosen[s]->verifiedWith);
  }
  auto applied = ledger_->apply(std::move(bundles), verifiedBy);
  if (!applied) {
    // Every check above passed, so only a signer disagreement between candidates can land here: drop this
    // turn's candidates and ask again rather than apply a turn a replay could not verify.
    logLine("could not apply turn " + std::to_string(t) + ": " + applied.message());
    pending_.erase(it);
    return false;
  }
  TurnRecord rec = std::move(*applied);
  for (Seat s : rec.digestMismatch) {
    ++stats_.digestMismatches;
    logLine("seat " + std::to_string(s) + " saw a different bundle set for turn " + std::to_string(t - 1) +
            " (prevDigest differs; Seals agree)");
  }
  if (auto c = corruptions_.find(t); c != corruptions_.end()) {
    auto state = *rec.state;
    c->second(state);
    if (auto st = ledger_->overwriteState(state); !st) logLine("corruption hook produced unreadable state: " + st.message());
    rec.state = std::make_shared<const std::vector<uint8_t>>(std::move(state));
    rec.seal = ledger_->lastSeal();
  }
  for (const auto& rj : rec.rejected)
    logLine("turn " + std::to_string(t) + ": seat " + std::to_string(rj.seat) + " order " +
            std::to_string(rj.index) + " rejected: " + rj.reason);
  ring_.emplace_back(t, rec.state);
  if (ring_.size() > opt_.stateRing) ring_.erase(ring_.begin());
  seals_.push_back(rec.seal);
  pending_.erase(it);
  if (opt_.onTurn) opt_.onTurn(rec);
  if (opt_.recordStateEvery == 0 || (t + 1) % opt_.recordStateEvery != 0) rec.state.reset();
  records_.push_back(std::move(rec));
  return true;
}

void Peer::periodic() {
  if (syncing_) {
    Seat seat = 0;
    for (Seat s = 0; s < ledger_->session().seats.size(); ++s)
      if (mine(s)) seat = s;
    broadcast(SnapshotRequest{seat});
    return;
  }
  if (halted_) {
    if (!report_) broadcast(DesyncNotice{desyncTurn_});
    return;
  }
  const uint32_t t = ledger_->turn();
  // Resend the bundles of this turn and the last: a peer one turn behind may still need them.
  for (auto& [turn, list] : own_)
    for (const auto& b : list) {
      ++stats_.bundlesSent;
      broadcast(BundleMsg{b});
    }
  if (ledger_->over()) return;
  auto it = pending_.find(t);
  for (Seat s = 0; s < ledger_->session().seats.size(); ++s)
    if (it == pending_.end() || s >= it->second.size() || it->second[s].empty()) broadcast(BundleRequest{t, s});
  // A restarted owner proves its Seal and asks for its seat back.
  if (t > recordBase_ && recordBase_ > 0) {
    auto m = membershipNow();
    for (Seat s = 0; s < m.seatCount(); ++s)
      if (mine(s) && !ledger_->session().seats[s].ai && m.seat(s).controller == Controller::Ai &&
          !m.seat(s).reclaimAt) {
        uint32_t at = t + opt_.reclaimLead;
        broadcast(ReclaimRequest{s, t - 1, ledger_->lastSeal(),
                                 makeReclaimOrder(ledger_->engine().gameId(), s, at, opt_.key)});
      }
  }
}

void Peer::startDesync(uint32_t turn) {
  halted_ = true;
  desyncTurn_ = turn;
  desyncSince_ = now_;
  logLine("DESYNC at turn " + std::to_string(turn) + ": stopped; exchanging canonical states");
  if (const auto* st = ringState(turn)) {
    std::vector<Seat> seats;
    for (Seat s = 0; s < ledger_->session().seats.size(); ++s)
      if (mine(s)) seats.push_back(s);
    samples_[net_.self()] = StateSample{net_.self(), seats, *st};
  }
  broadcast(DesyncNotice{turn});
}

void Peer::tryReport(bool force) {
  if (report_) return;
  std::vector<bool> covered(ledger_->session().seats.size(), false);
  std::vector<StateSample> all;
  for (const auto& [p, s] : samples_) {
    all.push_back(s);
    for (Seat x : s.seats)
      if (x < covered.size()) covered[x] = true;
  }
  bool complete = std::all_of(covered.begin(), covered.end(), [](bool b) { return b; });
  if (!complete && !force) return;
  auto rep = buildDesyncReport(ledger_->session(), desyncTurn_, net_.self(), all);
  if (!rep) {
    logLine("desync report failed: " + rep.message());
    return;
  }
  report_ = std::move(*rep);
  logLine(report_->summary());
}

const std::vector<uint8_t>* Peer::ringState(uint32_t turn) const {
  for (const auto& [t, bytes] : ring_)
    if (t == turn) return bytes.get();
  return nullptr;
}

const TurnRecord* Peer::record(uint32_t turn) const {
  if (turn < recordBase_ || turn - recordBase_ >= records_.size()) return nullptr;
  return &records_[turn - recordBase_];
}

}  // namespace concord::lockstep
