// Peer: receiving and dispatching wire messages, applying complete turns through the ledger, snapshots for
// rejoiners, periodic resends, and desync reports. The inbox and the seat drivers are in peer_inbox.cpp and
// peer_seats.cpp.
#include "lockstep/peer.h"

#include <algorithm>

namespace concord::lockstep {
namespace {

bool opensWithSubstitute(const Bundle& b) { return lockstep::opensWithSubstitute(b.seat, b.orders); }

std::string seatTurn(const Bundle& b) {
  return "bundle turn " + std::to_string(b.turn) + " seat " + std::to_string(b.seat);
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
  if (std::holds_alternative<BundleRequest>(m)) ++stats_.requestsSent;
  stats_.bytesSent += bytes.size();
  net_.broadcast(bytes);
}

void Peer::tick(uint64_t nowMs) {
  now_ = std::max(now_, nowMs);
  while (auto d = net_.poll()) {
    if (d->from < ledger_->session().seats.size()) lastHeard_[static_cast<Seat>(d->from)] = now_;
    auto m = decodeWire(d->bytes);
    if (!m) {
      std::string line = "rejected message from peer " + std::to_string(d->from) + ": " + m.message();
      rejections_.push_back(line);
      logLine(std::move(line));
      continue;
    }
    receive(d->from, std::move(*m));
  }
  if (!syncing_ && !halted_ && !lostRace_) resyncIfOutvoted();
  if (!syncing_ && !halted_ && !lostRace_) {
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
  if (auto* r = std::get_if<BundleRequest>(&m)) {
    lastAsked_ = now_;
    return onRequest(from, *r);
  }
  if (auto* f = std::get_if<Finished>(&m)) {
    // Believed only from the seat's own link, like Deciding: a stranger cannot make us stop serving a seat.
    if (from < ledger_->session().seats.size() && !holdsSeatKey(static_cast<Seat>(from))) {
      finished_[static_cast<Seat>(from)] = f->turn;
      aheadSeen_ = std::max(aheadSeen_, f->turn);  // a rejoiner far behind a finished table catches up at once
    }
    return;
  }
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
    lastAsked_ = now_;
    // Base the snapshot a few turns back so the tail carries signed bundles up to now.
    uint32_t t = ledger_->turn();
    if (syncing_ || t < 2) return;
    uint32_t back = static_cast<uint32_t>(std::min<size_t>(opt_.stateRing - 1, 4));
    uint32_t base = std::max(t > back ? t - back : 1u, recordBase_ + 1);
    const auto* st = ringState(base - 1);
    const auto* prev = record(base - 1);
    if (!st || !prev) return;
    // Only valid signatures leave us (a vouched one is checked first): the rejoiner keeps and relays them.
    if (opt_.vouchLinks)
      for (Seat x = 0; x < prev->bundles.size(); ++x)
        if (!recordProven(base - 1, x)) return;  // another peer answers; ours is repaired meanwhile
    send(from, Snapshot{base, *st, prev->bundles, provenTail(base, t)});
    return;
  }
  if (auto* s = std::get_if<Snapshot>(&m)) return onSnapshot(*s);
  if (auto* r = std::get_if<ReclaimRequest>(&m)) return onReclaimRequest(from, *r);
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
  elsewhere_.clear();  // what other histories we saw belonged to the one we left
  syncing_ = false;
  following_ = true;
  logLine("fast-forwarding from a snapshot at turn " + std::to_string(s.turn) + " with " +
          std::to_string(s.tail.size()) + " tail bundles");
  for (const auto& b : s.tail) {
    if (b.turn < s.turn || b.seat >= seats) continue;
    auto& slots = pending_[b.turn];
    slots.resize(seats);
    slots[b.seat].push_back(Candidate{Arrival::unchecked(b), std::nullopt, 0});
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

bool Peer::holdsSeatKey(Seat s) const { return ledger_->session().seats[s].key == opt_.key.publicKey; }

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
  // A seat is substituted this turn when a substitute is in and its owner's own bundle is not (the owner's wins): a
  // substitute beside the owner's must not change who signs the other seats (drill seed 13001 run 4's shape: the
  // other side of a race substituted our steward, and our own AI bundles were refused as from the wrong signer).
  std::vector<Seat> claimed;
  for (Seat s = 0; s < seats; ++s) {
    const PublicKey& owner = session.seats[s].key;
    const bool substitute = std::any_of(slots[s].begin(), slots[s].end(), [](const Candidate& c) { return opensWithSubstitute(c.bundle); });
    const bool ownersOwn = std::any_of(slots[s].begin(), slots[s].end(), [&](const Candidate& c) {
      return !opensWithSubstitute(c.bundle) && c.signer == owner;
    });
    if (substitute && !ownersOwn) claimed.push_back(s);
  }
  std::vector<const Candidate*> chosen(seats, nullptr);
  for (Seat s = 0; s < seats; ++s) {
    auto& slot = slots[s];
    // Owner bundles before substitute bundles: a seat that did speak is not substituted. Within each, those that
    // continue our Seal first: a race loser's bundle from its pre-resync history must not be chosen over its new one.
    const det::Hash128 ourSeal = ledger_->lastSeal();
    std::stable_partition(slot.begin(), slot.end(), [&](const Candidate& c) { return c.bundle.prevSeal == ourSeal; });
    std::stable_partition(slot.begin(), slot.end(), [](const Candidate& c) { return !opensWithSubstitute(c.bundle); });
    for (size_t i = 0; i < slot.size();) {
      Candidate& c = slot[i];
      bool sub = opensWithSubstitute(c.bundle);
      std::vector<Seat> subs;
      for (Seat x : claimed)
        if (x != s || sub) subs.push_back(x);
      if (slot.size() > 1) confirmVouched(c);  // conflicts: every candidate's own signature, not its link's word
      if (auto no = ledger_->admit(c, subs)) {
        // A member's valid signature, but another member signs this seat this turn: an owner's return raced its
        // substitution (or a steward handover). Expected traffic, not a forgery.
        if (no->kind == Refusal::Kind::OtherSigner) {
          raceSign(t, s, c.bundle, c.signer);
          logLine("turn " + std::to_string(t) + " seat " + std::to_string(s) + ": dropped the bundle " + no->why +
                  " (a return raced a substitution)");
        } else {
          reject(net_.self(), c.bundle, no->why);
        }
        slot.erase(slot.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
      c.verifiedWith = c.signer;
      if (!chosen[s]) {
        chosen[s] = &c;
      } else if (opensWithSubstitute(chosen[s]->bundle) == sub && chosen[s]->bodyHash != c.bodyHash &&
                 chosen[s]->bundle.prevSeal == c.bundle.prevSeal) {
        // Two bodies on one history prove a lie; on two histories they are a race loser's bundles from before and
        // after its resync (drill seed 13001 run 1 logged that as EQUIVOCATION), not evidence of anything.
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
  // Seal check: a validly signed prevSeal unlike ours is a desync at t-1, unless it follows another bundle set
  // (an owner-vs-substitute race: the side that lost it resyncs, peer_race.cpp).
  if (t > 0) {
    const SealVerdict v = judgeSeals(t, slots, chosen);
    if (v == SealVerdict::Desync) startDesync(t - 1);
    if (v != SealVerdict::Agree) return false;
  }
  noteUnchosen(t, slots, chosen);
  std::vector<Arrival> turn;
  turn.reserve(seats);
  for (Seat s = 0; s < seats; ++s) turn.push_back(*chosen[s]);  // admitted above: applying checks no signature again
  std::vector<det::Hash128> headsBefore = opt_.vouchLinks ? ledger_->heads() : std::vector<det::Hash128>{};
  const det::Hash128 digestBefore = ledger_->lastDigest();
  auto applied = ledger_->apply(std::move(turn));
  if (!applied) {
    // Every check above passed, so only a signer disagreement between candidates can land here: drop this
    // turn's candidates and ask again rather than apply a turn a replay could not verify.
    logLine("could not apply turn " + std::to_string(t) + ": " + applied.message());
    pending_.erase(it);
    return false;
  }
  if (!finalTurnProven(slots, chosen, std::move(headsBefore), digestBefore)) return false;
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
  if (lostRace_) return;  // waiting to be restarted as a rejoiner
  if (syncing_) {
    Seat seat = 0;
    for (Seat s = 0; s < ledger_->session().seats.size(); ++s)
      if (holdsSeatKey(s)) seat = s;
    broadcast(SnapshotRequest{seat});
    return;
  }
  if (halted_) {
    if (!report_) broadcast(DesyncNotice{desyncTurn_});
    return;
  }
  const uint32_t t = ledger_->turn();
  for (const auto& [turn, seat] : unproven_) broadcast(BundleRequest{turn, seat});  // until repaired
  // Resend the bundles of this turn and the last: a peer one turn behind may still need them.
  for (auto& [turn, list] : own_)
    for (const auto& b : list) {
      ++stats_.bundlesSent;
      broadcast(BundleMsg{b});
    }
  if (ledger_->over()) {
    // Peers lingering for us may go once everyone has said this (net: a finished peer keeps serving rejoiners).
    if (!holdFinished_) broadcast(Finished{t});
    return;
  }
  // A turn begun less than a period ago: its bundles may be in flight, and their owners resend them each period.
  // Asked for now, every peer would answer every peer, N^2 copies of bundles due anyway (issue 9: receive path).
  const bool inFlight = seenFor_ == t && now_ < turnStartMs_ + opt_.resendMs && aheadSeen_ <= t && !tableMovedOn(t);
  auto it = pending_.find(t);
  for (Seat s = 0; s < ledger_->session().seats.size() && !inFlight; ++s)
    if (it == pending_.end() || s >= it->second.size() || it->second[s].empty()) broadcast(BundleRequest{t, s});
  // An owner whose seat is AI-run proves its Seal and asks for its seat back.
  // A live owner substituted after a silence (loss, a frozen machine) asks too: a returning owner reclaims at once.
  if (t > recordBase_) {
    auto m = membershipNow();
    for (Seat s = 0; s < m.seatCount(); ++s)
      if (holdsSeatKey(s) && !ledger_->session().seats[s].ai && m.seat(s).controller == Controller::Ai &&
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
  auditTurn(turn);
  if (const auto* st = ringState(turn)) {
    std::vector<Seat> seats;
    for (Seat s = 0; s < ledger_->session().seats.size(); ++s)
      if (holdsSeatKey(s)) seats.push_back(s);
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

std::vector<Seat> Peer::unfinished() const {
  std::vector<Seat> out;
  const auto& seats = ledger_->session().seats;
  for (Seat s = 0; s < seats.size(); ++s)
    if (!seats[s].ai && !holdsSeatKey(s) && !finished_.contains(s)) out.push_back(s);
  return out;
}

const TurnRecord* Peer::record(uint32_t turn) const {
  if (turn < recordBase_ || turn - recordBase_ >= records_.size()) return nullptr;
  return &records_[turn - recordBase_];
}

}  // namespace concord::lockstep
