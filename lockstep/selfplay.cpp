#include "lockstep/selfplay.h"
#include "lockstep/session_result.h"

#include <algorithm>

namespace concord::lockstep {

Result<SessionConfig> selfPlaySession(const SelfPlayParams& p) {
  auto mod = p.rulesVersion == 0 ? findModule(p.moduleId) : findModule(p.moduleId, p.rulesVersion);
  if (!mod) return mod.error();
  auto cfg = (*mod)->parseConfig(p.options);
  if (!cfg) return cfg.error();
  SessionConfig s;
  s.moduleId = (*mod)->id;
  s.rulesVersion = (*mod)->rulesVersion;
  s.config = std::move(*cfg);
  auto rng = det::Rng::fromU64(p.seed);
  for (size_t i = 0; i < s.seed.bytes.size(); i += 8) {
    uint64_t v = rng.next();
    for (size_t b = 0; b < 8; ++b) s.seed.bytes[i + b] = static_cast<uint8_t>(v >> (8 * b));
  }
  for (Seat i = 0; i < p.seats; ++i) {
    SeatInfo info;
    info.name = "bot" + std::to_string(i);
    info.key = KeyPair::fromLabel("selfplay:" + std::to_string(p.seed) + ":" + std::to_string(i)).publicKey;
    info.botKind = p.botKind;
    s.seats.push_back(info);
  }
  return s;
}

std::vector<KeyPair> selfPlayKeys(const SelfPlayParams& p) {
  std::vector<KeyPair> keys;
  for (Seat i = 0; i < p.seats; ++i) keys.push_back(KeyPair::fromLabel("selfplay:" + std::to_string(p.seed) + ":" + std::to_string(i)));
  return keys;
}

det::Hash128 digestSeals(const std::vector<det::Hash128>& seals) {
  det::Hasher h;
  for (const auto& s : seals) h.update(s);
  return h.digest();
}

Result<std::unique_ptr<Table>> Table::create(const SelfPlayParams& p) {
  if (p.seats < 1 || p.seats > kMaxSeats) return Err("selfplay: seats must be 1..", kMaxSeats);
  auto session = selfPlaySession(p);
  if (!session) return session.error();
  std::unique_ptr<Table> t(new Table());
  t->p_ = p;
  t->session_ = std::move(*session);
  t->keys_ = selfPlayKeys(p);
  // The network's faults draw from their own stream, so changing them never changes the deal.
  t->net_ = std::make_unique<SimNetwork>(static_cast<PeerId>(p.seats + p.extraEndpoints), p.net,
                                         p.seed ^ 0x9E3779B97F4A7C15ull);
  for (Seat i = 0; i < p.seats; ++i) {
    auto peer = Peer::create(t->session_, t->net_->endpoint(i), t->options(i, false));
    if (!peer) return peer.error();
    t->peers_.push_back(std::move(*peer));
  }
  return t;
}

PeerOptions Table::options(Seat s, bool rejoin) const {
  PeerOptions o;
  o.key = keys_[s];
  o.resendMs = p_.resendMs;
  o.silenceMs = p_.silenceMs;
  o.cutOffGuard = p_.cutOffGuard;
  o.vouchLinks = p_.vouchLinks;
  o.rejoin = rejoin;
  o.log = p_.log;
  if (s == 0) o.onTurn = p_.onTurn;
  if (p_.customize) p_.customize(s, o);
  return o;
}

void Table::step() {
  now_ += p_.stepMs;
  net_->setNow(now_);
  for (Seat s = 0; s < peers_.size(); ++s) {
    if (!net_->alive(s)) continue;
    peers_[s]->tick(now_);
    // As a node does: a peer that lost an owner-vs-substitute race starts over as a rejoiner.
    if (p_.resyncLostRaces && peers_[s]->lostRace()) (void)restart(s);
  }
}

bool Table::runUntil(const std::function<bool()>& done) {
  while (!done()) {
    if (now_ >= p_.maxVirtualMs) return false;
    step();
  }
  return true;
}

bool Table::allOver() const {
  for (Seat s = 0; s < peers_.size(); ++s)
    if (net_->alive(s) && !peers_[s]->over()) return false;
  return true;
}

void Table::kill(Seat s) { net_->kill(s); }

Result<void> Table::restart(Seat s) {
  net_->restart(s);
  auto peer = Peer::create(session_, net_->endpoint(s), options(s, true));
  if (!peer) return peer.error();
  peers_[s] = std::move(*peer);
  return Ok();
}

Result<SelfPlayResult> runSelfPlay(const SelfPlayParams& p) {
  auto table = Table::create(p);
  if (!table) return table.error();
  Table& t = **table;
  SelfPlayResult res;
  res.session = t.session();
  if (p.injectDesync && p.injectDesync->first < p.seats) {
    SessionConfig session = t.session();
    t.peer(p.injectDesync->first).corruptAfterTurn(p.injectDesync->second, [session](std::vector<uint8_t>& b) {
      corruptStateField(session, b, "score");
    });
  }
  // Stop at the end, or once every halted peer has its desync report.
  auto settled = [&] {
    bool any = false;
    for (Seat s = 0; s < p.seats; ++s) {
      if (!t.peer(s).halted()) continue;
      any = true;
      if (!t.peer(s).desync()) return false;
    }
    return any;
  };
  res.completed = t.runUntil([&] { return t.allOver() || settled(); }) && t.allOver();
  // Let the last bundles settle so stats cover the whole exchange, not a mid-flight snapshot.
  Peer& p0 = t.peer(0);
  res.seals = p0.seals();
  res.sealsDigest = digestSeals(res.seals);
  res.records = p0.records();
  res.outcome = sessionOutcome(p0.engine());  // scored with the takeover record
  res.agreed = true;
  for (Seat s = 0; s < p.seats; ++s) {
    Peer& q = t.peer(s);
    if (q.seals() != res.seals) res.agreed = false;
    if (q.desync()) {
      res.problems.push_back(q.desync()->summary());
      res.desyncs.emplace_back(s, *q.desync());
    }
    else if (q.halted()) res.problems.push_back("peer " + std::to_string(s) + " halted by a desync");
    for (const auto& r : q.rejections()) res.problems.push_back(r);
    res.stats.messages += q.stats().messagesSent;
    res.stats.bytes += q.stats().bytesSent;
    res.stats.requests += q.stats().requestsSent;
  }
  res.stats.turns = static_cast<uint32_t>(res.seals.size());
  res.stats.dropped = t.net().stats().dropped;
  res.stats.virtualMs = t.now();
  return res;
}

bool corruptStateField(const SessionConfig& session, std::vector<uint8_t>& bytes, std::string_view field) {
  auto e = TurnEngine::create(session);
  if (!e || bytes.empty()) return false;
  det::Reader r(bytes);
  if (!(*e)->read(r).ok()) return false;
  det::Writer w(true);
  (*e)->write(w);
  for (const auto& te : w.trace()) {
    if (te.path.find(field) != std::string::npos && te.begin < bytes.size() && bytes[te.begin] < 0x70) {
      bytes[te.begin] = static_cast<uint8_t>(bytes[te.begin] + 2);
      return true;
    }
  }
  bytes.back() ^= 1;
  return true;
}

}  // namespace concord::lockstep
