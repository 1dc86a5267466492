// Peer: receiving and dispatching wire messages, applying complete turns through the ledger, snapshots for
// rejoiners, periodic resends, and desync reports. Admission, membership, races, seat timing and vouched
// signatures are its parts (peer.h).
#include "lockstep/peer.h"

#include <algorithm>

namespace concord::lockstep {

Result<std::unique_ptr<Peer>> Peer::create(const SessionConfig& session, Transport& transport, PeerOptions opt) {
  auto l = TurnLedger::create(session);
  if (!l) return l.error();
  std::unique_ptr<Peer> p(new Peer(transport, std::move(opt)));
  p->core_.ledger_ = std::move(*l);
  p->core_.syncing_ = p->core_.opt_.rejoin;
  det::Writer w;
  p->core_.ledger_->engine().write(w);
  p->core_.ring_.emplace_back(UINT32_MAX, std::make_shared<const std::vector<uint8_t>>(w.take()));  // before turn 0
  return p;
}

void Peer::corruptAfterTurn(uint32_t turn, std::function<void(std::vector<uint8_t>&)> mutate) {
  corruptions_[turn] = std::move(mutate);
}

void Peer::tick(uint64_t nowMs) {
  core_.now_ = std::max(core_.now_, nowMs);
  while (auto d = core_.net_.poll()) {
    if (d->from < core_.ledger_->session().seats.size()) core_.lastHeard_[static_cast<Seat>(d->from)] = core_.now_;
    auto m = decodeWire(d->bytes);
    if (!m) {
      std::string line = "rejected message from peer " + std::to_string(d->from) + ": " + m.message();
      core_.rejections_.push_back(line);
      core_.logLine(std::move(line));
      continue;
    }
    receive(d->from, std::move(*m));
  }
  if (!core_.syncing_ && !core_.halted_ && !races_.lostRace()) races_.resyncIfOutvoted();
  if (!core_.syncing_ && !core_.halted_ && !races_.lostRace()) {
    scheduler_.buildOwnBundles();
    while (tryAdvance()) scheduler_.buildOwnBundles();
    stewardship_.stewardDuties();
    while (tryAdvance()) scheduler_.buildOwnBundles();
  }
  if (core_.halted_) tryReport(core_.now_ >= desyncSince_ + core_.opt_.silenceMs);
  if (core_.now_ >= nextPeriodic_) {
    nextPeriodic_ = core_.now_ + core_.opt_.resendMs;
    periodic();
  }
}

void Peer::receive(PeerId from, WireMessage m) {
  if (auto* b = std::get_if<BundleMsg>(&m)) return inbox_.onBundle(from, std::move(b->bundle));
  if (auto* r = std::get_if<BundleRequest>(&m)) {
    lastAsked_ = core_.now_;
    return inbox_.onRequest(from, *r);
  }
  if (auto* f = std::get_if<Finished>(&m)) {
    // Believed only from the seat's own link, like Deciding: a stranger cannot make us stop serving a seat.
    if (from < core_.ledger_->session().seats.size() && !core_.holdsSeatKey(static_cast<Seat>(from))) {
      finished_[static_cast<Seat>(from)] = f->turn;
      core_.aheadSeen_ =
          std::max(core_.aheadSeen_, f->turn);  // a rejoiner far behind a finished table catches up at once
    }
    return;
  }
  if (auto* d = std::get_if<Deciding>(&m)) {
    // Believed only from the seat's own link: a relayed or forged heartbeat must not keep a dead seat alive.
    if (from == d->seat && d->seat < core_.ledger_->session().seats.size() && d->turn == core_.ledger_->turn())
      core_.heard_[d->seat] = {d->turn, core_.now_};
    return;
  }
  if (auto* n = std::get_if<DesyncNotice>(&m)) {
    // A notice only asks for our state; we halt only on our own evidence (signed prevSeals).
    if (auto* st = core_.ringState(n->turn)) {
      std::vector<Seat> seats;
      for (Seat s = 0; s < core_.ledger_->session().seats.size(); ++s)
        if (core_.ledger_->session().seats[s].key == core_.opt_.key.publicKey) seats.push_back(s);
      core_.send(from, StateDump{n->turn, det::hash128(*st), seats, *st});
    }
    return;
  }
  if (auto* d = std::get_if<StateDump>(&m)) {
    if (core_.halted_ && d->turn == desyncTurn_) samples_[from] = StateSample{from, d->seats, std::move(d->state)};
    return;
  }
  if (std::holds_alternative<SnapshotRequest>(m)) {
    lastAsked_ = core_.now_;
    return onSnapshotRequest(from);
  }
  if (auto* s = std::get_if<Snapshot>(&m)) return onSnapshot(*s);
  if (auto* r = std::get_if<ReclaimRequest>(&m)) return stewardship_.onReclaimRequest(from, *r);
}

void Peer::onSnapshotRequest(PeerId from) {
  // Base the snapshot a few turns back so the tail carries signed bundles up to now.
  uint32_t t = core_.ledger_->turn();
  if (core_.syncing_ || t < 2) return;
  uint32_t back = static_cast<uint32_t>(std::min<size_t>(core_.opt_.stateRing - 1, 4));
  uint32_t base = std::max(t > back ? t - back : 1u, core_.recordBase_ + 1);
  const auto* st = core_.ringState(base - 1);
  const auto* prev = core_.record(base - 1);
  if (!st || !prev) return;
  // Only valid signatures leave us (a vouched one is checked first): the rejoiner keeps and relays them.
  if (core_.opt_.vouchLinks)
    for (Seat x = 0; x < prev->bundles.size(); ++x)
      if (!audit_.recordProven(base - 1, x)) return;  // another peer answers; ours is repaired meanwhile
  core_.send(from, Snapshot{base, *st, prev->bundles, audit_.provenTail(base, t)});
}

void Peer::onSnapshot(const Snapshot& s) {
  if (!core_.syncing_) return;
  const Seat seats = static_cast<Seat>(core_.ledger_->session().seats.size());
  auto fresh = TurnLedger::fromSnapshot(core_.ledger_->session(), s.turn, s.state, s.prev);
  if (!fresh) return core_.logLine("ignored a snapshot: " + fresh.message());
  core_.ledger_ = std::move(*fresh);
  core_.ring_.clear();
  core_.ring_.emplace_back(s.turn - 1, std::make_shared<const std::vector<uint8_t>>(s.state));
  core_.recordBase_ = s.turn;
  races_.forgetHistories();
  core_.syncing_ = false;
  stewardship_.startFollowing();
  core_.logLine("fast-forwarding from a snapshot at turn " + std::to_string(s.turn) + " with " +
                std::to_string(s.tail.size()) + " tail bundles");
  for (const auto& b : s.tail) {
    if (b.turn < s.turn || b.seat >= seats) continue;
    auto& slots = core_.pending_[b.turn];
    slots.resize(seats);
    slots[b.seat].push_back(Candidate{Arrival::unchecked(b), std::nullopt, 0});
  }
}

bool Peer::tryAdvance() {
  if (core_.halted_ || core_.syncing_ || core_.ledger_->over()) return false;
  const uint32_t t = core_.ledger_->turn();
  auto it = core_.pending_.find(t);
  const auto& session = core_.ledger_->session();
  const Seat seats = static_cast<Seat>(session.seats.size());
  if (it == core_.pending_.end()) return false;
  auto& slots = it->second;
  const auto choice = inbox_.chooseTurn(slots);
  if (!choice) return false;
  const auto& chosen = *choice;
  // Seal check: a validly signed prevSeal unlike ours is a desync at t-1, unless it follows another bundle set
  // (an owner-vs-substitute race: the side that lost it resyncs, race_judge.h).
  if (t > 0) {
    const auto v = races_.judgeSeals(t, slots, chosen);
    if (v == RaceJudge::Verdict::Desync) startDesync(t - 1);
    if (v != RaceJudge::Verdict::Agree) return false;
  }
  races_.noteUnchosen(t, slots, chosen);
  std::vector<Arrival> turn;
  turn.reserve(seats);
  for (Seat s = 0; s < seats; ++s) turn.push_back(*chosen[s]);  // admitted above: applying checks no signature again
  std::vector<det::Hash128> headsBefore = core_.opt_.vouchLinks ? core_.ledger_->heads() : std::vector<det::Hash128>{};
  const det::Hash128 digestBefore = core_.ledger_->lastDigest();
  auto applied = core_.ledger_->apply(std::move(turn));
  if (!applied) {
    // Every check above passed, so only a signer disagreement between candidates can land here: drop this
    // turn's candidates and ask again rather than apply a turn a replay could not verify.
    core_.logLine("could not apply turn " + std::to_string(t) + ": " + applied.message());
    core_.pending_.erase(it);
    return false;
  }
  switch (audit_.finalTurnProven(slots, chosen, std::move(headsBefore), digestBefore)) {
    case VouchAudit::FinalTurn::Proven:
      break;
    case VouchAudit::FinalTurn::TakenBack:
      return false;
    case VouchAudit::FinalTurn::Unrewindable:
      startDesync(t);
      return false;
  }
  TurnRecord rec = std::move(*applied);
  for (Seat s : rec.digestMismatch) {
    ++core_.stats_.digestMismatches;
    core_.logLine("seat " + std::to_string(s) + " saw a different bundle set for turn " + std::to_string(t - 1) +
                  " (prevDigest differs; Seals agree)");
  }
  if (auto c = corruptions_.find(t); c != corruptions_.end()) {
    auto state = *rec.state;
    c->second(state);
    if (auto st = core_.ledger_->overwriteState(state); !st)
      core_.logLine("corruption hook produced unreadable state: " + st.message());
    rec.state = std::make_shared<const std::vector<uint8_t>>(std::move(state));
    rec.seal = core_.ledger_->lastSeal();
  }
  for (const auto& rj : rec.rejected)
    core_.logLine("turn " + std::to_string(t) + ": seat " + std::to_string(rj.seat) + " order " +
                  std::to_string(rj.index) + " rejected: " + rj.reason);
  core_.ring_.emplace_back(t, rec.state);
  if (core_.ring_.size() > core_.opt_.stateRing) core_.ring_.erase(core_.ring_.begin());
  core_.seals_.push_back(rec.seal);
  core_.pending_.erase(it);
  if (core_.opt_.onTurn) core_.opt_.onTurn(rec);
  if (core_.opt_.recordStateEvery == 0 || (t + 1) % core_.opt_.recordStateEvery != 0) rec.state.reset();
  core_.records_.push_back(std::move(rec));
  return true;
}

void Peer::periodic() {
  if (races_.lostRace()) return;  // waiting to be restarted as a rejoiner
  if (core_.syncing_) {
    Seat seat = 0;
    for (Seat s = 0; s < core_.ledger_->session().seats.size(); ++s)
      if (core_.holdsSeatKey(s)) seat = s;
    core_.broadcast(SnapshotRequest{seat});
    return;
  }
  if (core_.halted_) {
    if (!report_) core_.broadcast(DesyncNotice{desyncTurn_});
    return;
  }
  const uint32_t t = core_.ledger_->turn();
  for (const auto& [turn, seat] : audit_.unproven()) core_.broadcast(BundleRequest{turn, seat});  // until repaired
  // Resend the bundles of this turn and the last: a peer one turn behind may still need them.
  for (auto& [turn, list] : core_.own_)
    for (const auto& b : list) {
      ++core_.stats_.bundlesSent;
      core_.broadcast(BundleMsg{b});
    }
  if (core_.ledger_->over()) {
    // Peers lingering for us may go once everyone has said this (net: a finished peer keeps serving rejoiners).
    if (!holdFinished_) core_.broadcast(Finished{t});
    return;
  }
  // A turn begun less than a period ago: its bundles may be in flight, and their owners resend them each period.
  // Asked for now, every peer would answer every peer, N^2 copies of bundles due anyway (issue 9: receive path).
  const bool inFlight = core_.seenFor_ == t && core_.now_ < core_.turnStartMs_ + core_.opt_.resendMs &&
                        core_.aheadSeen_ <= t && !core_.bundlesAfter(t);
  auto it = core_.pending_.find(t);
  for (Seat s = 0; s < core_.ledger_->session().seats.size() && !inFlight; ++s)
    if (it == core_.pending_.end() || s >= it->second.size() || it->second[s].empty())
      core_.broadcast(BundleRequest{t, s});
  stewardship_.askReclaims();
}

void Peer::startDesync(uint32_t turn) {
  core_.halted_ = true;
  desyncTurn_ = turn;
  desyncSince_ = core_.now_;
  core_.logLine("DESYNC at turn " + std::to_string(turn) + ": stopped; exchanging canonical states");
  audit_.auditTurn(turn);
  if (const auto* st = core_.ringState(turn)) {
    std::vector<Seat> seats;
    for (Seat s = 0; s < core_.ledger_->session().seats.size(); ++s)
      if (core_.holdsSeatKey(s)) seats.push_back(s);
    samples_[core_.net_.self()] = StateSample{core_.net_.self(), seats, *st};
  }
  core_.broadcast(DesyncNotice{turn});
}

void Peer::tryReport(bool force) {
  if (report_) return;
  std::vector<bool> covered(core_.ledger_->session().seats.size(), false);
  std::vector<StateSample> all;
  for (const auto& [p, s] : samples_) {
    all.push_back(s);
    for (Seat x : s.seats)
      if (x < covered.size()) covered[x] = true;
  }
  bool complete = std::all_of(covered.begin(), covered.end(), [](bool b) { return b; });
  if (!complete && !force) return;
  auto rep = buildDesyncReport(core_.ledger_->session(), desyncTurn_, core_.net_.self(), all);
  if (!rep) {
    core_.logLine("desync report failed: " + rep.message());
    return;
  }
  report_ = std::move(*rep);
  core_.logLine(report_->summary());
}

std::vector<Seat> Peer::unfinished() const {
  std::vector<Seat> out;
  const auto& seats = core_.ledger_->session().seats;
  for (Seat s = 0; s < seats.size(); ++s)
    if (!seats[s].ai && !core_.holdsSeatKey(s) && !finished_.contains(s)) out.push_back(s);
  return out;
}

}  // namespace concord::lockstep
