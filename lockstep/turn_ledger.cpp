#include "lockstep/turn_ledger.h"

#include <algorithm>
#include <cassert>

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::lockstep {

bool sameTurn(const TurnRecord& a, const TurnRecord& b) {
  auto sameRejections = [](const std::vector<Rejection>& x, const std::vector<Rejection>& y) {
    return std::ranges::equal(x, y, [](const Rejection& p, const Rejection& q) {
      return p.seat == q.seat && p.index == q.index && p.reason == q.reason;
    });
  };
  return a.turn == b.turn && a.heads == b.heads && a.digest == b.digest && a.signers == b.signers &&
         a.substituted == b.substituted && a.digestMismatch == b.digestMismatch && a.seal == b.seal &&
         sameRejections(a.rejected, b.rejected);
}

std::string LinkFault::describe() const {
  switch (field) {
    case LinkField::Header: return "its game id, turn or seat is not this slot's";
    case LinkField::Chain: return "its chain " + got.shortHex() + " is not " + want.shortHex();
    case LinkField::PrevDigest: return "its prevDigest " + got.shortHex() + " is not " + want.shortHex();
    case LinkField::PrevSeal: return "its prevSeal " + got.shortHex() + " is not " + want.shortHex();
  }
  return "unknown link field";
}

Result<std::unique_ptr<TurnLedger>> TurnLedger::create(const SessionConfig& session) {
  auto e = TurnEngine::create(session);
  if (!e) return e.error();
  std::unique_ptr<TurnLedger> l(new TurnLedger());
  l->engine_ = std::move(*e);
  l->heads_.assign(session.seats.size(), det::Hash128{});
  return l;
}

Result<std::unique_ptr<TurnLedger>> TurnLedger::fromSnapshot(const SessionConfig& session, uint32_t turn,
                                                             std::span<const uint8_t> state, std::span<const Bundle> prev) {
  auto l = create(session);
  if (!l) return l;
  const auto seats = static_cast<Seat>(session.seats.size());
  if (turn == 0 || prev.size() != seats)
    return Err("snapshot at turn ", turn, " carries ", prev.size(), " bundles of the turn before, the table has ", seats, " seats");
  det::Reader r(state, "snapshot");
  if (auto st = (*l)->engine_->read(r); !st) return st.error();
  if (auto st = r.finish(); !st) return st.error();
  if ((*l)->engine_->turn() != turn) return Err("snapshot state is at turn ", (*l)->engine_->turn(), ", not ", turn);
  for (Seat s = 0; s < seats; ++s) {
    if (prev[s].seat != s || prev[s].turn + 1 != turn) return Err("snapshot's bundles of turn ", turn - 1, " are misordered");
    (*l)->heads_[s] = prev[s].bodyHash();
  }
  (*l)->digest_ = turnDigest((*l)->heads_);
  return l;
}

std::unique_ptr<TurnLedger> TurnLedger::clone() const {
  std::unique_ptr<TurnLedger> l(new TurnLedger());
  l->engine_ = engine_->clone();
  l->heads_ = heads_;
  l->digest_ = digest_;
  return l;
}

Membership TurnLedger::membershipNow() const {
  Membership m = engine_->membership();
  (void)m.beginTurn(engine_->turn());
  return m;
}

PublicKey TurnLedger::expectedSigner(Seat s, std::span<const Seat> substitutedNow) const {
  return membershipNow().expectedSigner(session(), s, substitutedNow);
}

std::vector<PublicKey> TurnLedger::expectedSigners(std::span<const std::vector<Order>> ordersBySeat) const {
  const Membership m = membershipNow();
  const auto substituted = substitutedThisTurn(ordersBySeat);
  std::vector<PublicKey> keys;
  for (Seat s = 0; s < m.seatCount(); ++s) keys.push_back(m.expectedSigner(session(), s, substituted));
  return keys;
}

Bundle TurnLedger::draft(Seat s, std::vector<Order> orders) const {
  Bundle b;
  b.gameId = engine_->gameId();
  b.turn = engine_->turn();
  b.seat = s;
  b.orders = std::move(orders);
  b.prevSeal = engine_->lastSeal();
  b.prevDigest = digest_;
  b.chain = heads_.at(s);
  return b;
}

namespace {

std::optional<LinkFault> fieldFault(const Bundle& b, LinkField field, const TurnEngine& e,
                                    const std::vector<det::Hash128>& heads, const det::Hash128& digest) {
  switch (field) {
    case LinkField::Header:
      if (b.gameId != e.gameId() || b.turn != e.turn() || b.seat >= heads.size()) return LinkFault{b.seat, field, {}, {}};
      break;
    case LinkField::Chain:
      if (b.chain != heads[b.seat]) return LinkFault{b.seat, field, b.chain, heads[b.seat]};
      break;
    case LinkField::PrevDigest:
      if (b.prevDigest != digest) return LinkFault{b.seat, field, b.prevDigest, digest};
      break;
    case LinkField::PrevSeal:
      if (b.prevSeal != e.lastSeal()) return LinkFault{b.seat, field, b.prevSeal, e.lastSeal()};
      break;
  }
  return std::nullopt;
}

constexpr LinkField kFieldOrder[] = {LinkField::Header, LinkField::Chain, LinkField::PrevDigest, LinkField::PrevSeal};

}  // namespace

std::optional<LinkFault> TurnLedger::linkFault(const Bundle& b) const {
  for (auto field : kFieldOrder)
    if (auto f = fieldFault(b, field, *engine_, heads_, digest_)) return f;
  return std::nullopt;
}

std::optional<LinkFault> TurnLedger::firstFault(std::span<const Bundle> bundles, bool digestMatters) const {
  for (auto field : kFieldOrder) {
    if (field == LinkField::PrevDigest && !digestMatters) continue;
    for (const auto& b : bundles) {
      if (field != LinkField::Header && b.seat >= heads_.size()) continue;  // reported as Header already
      if (auto f = fieldFault(b, field, *engine_, heads_, digest_)) return f;
    }
  }
  return std::nullopt;
}

std::optional<LinkFault> TurnLedger::sealFault(std::span<const Bundle> bundles, bool digestMatters) const {
  for (auto field : {LinkField::PrevDigest, LinkField::PrevSeal}) {
    if (field == LinkField::PrevDigest && !digestMatters) continue;
    for (const auto& b : bundles)
      if (auto f = fieldFault(b, field, *engine_, heads_, digest_)) return f;
  }
  return std::nullopt;
}

Result<TurnRecord> TurnLedger::apply(std::vector<Arrival> turn) {
  const uint32_t t = engine_->turn();
  if (turn.size() != heads_.size()) return Err("turn ", t, ": ", turn.size(), " bundles for ", heads_.size(), " seats");
  std::vector<std::vector<Order>> orders;
  orders.reserve(turn.size());
  for (Seat s = 0; s < turn.size(); ++s) {
    if (turn[s].bundle.seat != s) return Err("turn ", t, ": bundle ", s, " is seat ", turn[s].bundle.seat, "'s");
    orders.push_back(turn[s].bundle.orders);
  }
  const auto substituted = substitutedThisTurn(orders);
  for (Seat s = 0; s < turn.size(); ++s)
    if (auto no = admit(turn[s], substituted)) return Err("turn ", t, " seat ", s, ": ", no->why);
  std::vector<Bundle> bundles;
  std::vector<PublicKey> signers;
  std::vector<det::Hash128> bodyHashes;
  bundles.reserve(turn.size());
  for (auto& a : turn) {
    bundles.push_back(std::move(a.bundle));
    signers.push_back(a.signer);
    bodyHashes.push_back(a.bodyHash);
  }
  if (auto f = sealFault(bundles, false)) return Err("turn ", t, " seat ", f->seat, ": ", f->describe());
  return commit(std::move(bundles), std::move(signers), std::move(orders), std::move(bodyHashes));
}

Result<TurnRecord> TurnLedger::apply(std::vector<Bundle> bundles) {
  std::vector<Arrival> turn;
  turn.reserve(bundles.size());
  for (auto& b : bundles) turn.push_back(Arrival::unchecked(std::move(b)));
  return apply(std::move(turn));
}

TurnRecord TurnLedger::applyOrders(std::vector<std::vector<Order>> ordersBySeat) {
  ordersBySeat.resize(heads_.size());
  auto signers = expectedSigners(ordersBySeat);
  std::vector<Bundle> bundles;
  bundles.reserve(heads_.size());
  for (Seat s = 0; s < heads_.size(); ++s) bundles.push_back(draft(s, ordersBySeat[s]));
  std::vector<det::Hash128> bodyHashes;
  for (const auto& b : bundles) bodyHashes.push_back(b.bodyHash());
  return commit(std::move(bundles), std::move(signers), std::move(ordersBySeat), std::move(bodyHashes));
}

TurnRecord TurnLedger::commit(std::vector<Bundle> bundles, std::vector<PublicKey> signers,
                              std::vector<std::vector<Order>> orders, std::vector<det::Hash128> bodyHashes) {
  TurnRecord rec;
  rec.turn = engine_->turn();
  for (Seat s = 0; s < bundles.size(); ++s) {
    const Bundle& b = bundles[s];
    if (rec.turn > 0 && b.prevDigest != digest_) rec.digestMismatch.push_back(b.seat);
    assert(bodyHashes[s] == b.bodyHash());  // debug builds (the ASan pass) check the hashes arrivals carry
  }
  rec.heads = std::move(bodyHashes);
  rec.substituted = substitutedThisTurn(orders);
  auto res = engine_->step(orders);
  rec.seal = res.seal;
  rec.rejected = std::move(res.rejected);
  if (!res.state.empty()) rec.state = std::make_shared<const std::vector<uint8_t>>(std::move(res.state));
  rec.digest = turnDigest(rec.heads);
  rec.bundles = std::move(bundles);
  rec.signers = std::move(signers);
  heads_ = rec.heads;
  digest_ = rec.digest;
  return rec;
}

Result<void> TurnLedger::rewind(std::span<const uint8_t> state, std::vector<det::Hash128> heads, det::Hash128 digest) {
  if (heads.size() != heads_.size()) return Err("rewind: ", heads.size(), " chain heads for ", heads_.size(), " seats");
  det::Reader r(state, "state before the turn");
  if (auto st = engine_->read(r); !st) return st;
  if (auto st = r.finish(); !st) return st;
  heads_ = std::move(heads);
  digest_ = digest;
  return Ok();
}

Result<void> TurnLedger::overwriteState(std::span<const uint8_t> state) {
  det::Reader r(state, "overwritten state");
  return engine_->read(r);
}

}  // namespace concord::lockstep
