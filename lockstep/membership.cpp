#include "lockstep/membership.h"

#include <algorithm>

namespace concord::lockstep {

Membership::Membership(const SessionConfig& s) {
  for (const auto& seat : s.seats) {
    SeatControl c;
    c.controller = seat.ai ? Controller::Ai : Controller::Owner;
    seats_.push_back(c);
  }
}

std::optional<Seat> Membership::steward(std::span<const Seat> excluded) const {
  for (Seat s = 0; s < seatCount(); ++s) {
    if (seats_[s].controller != Controller::Owner) continue;
    if (std::find(excluded.begin(), excluded.end(), s) != excluded.end()) continue;
    return s;
  }
  return std::nullopt;
}

PublicKey Membership::expectedSigner(const SessionConfig& session, Seat s, std::span<const Seat> substitutedNow) const {
  bool takenOver = std::find(substitutedNow.begin(), substitutedNow.end(), s) != substitutedNow.end();
  if (!takenOver && seats_[s].controller == Controller::Owner) return session.seats[s].key;
  auto st = steward(substitutedNow);
  // With no owner-run seat left (pure self-play), an AI seat signs with its own session key.
  if (!st) return session.seats[s].key;
  return session.seats[*st].key;
}

std::vector<Seat> Membership::beginTurn(uint32_t turn) {
  std::vector<Seat> reclaimed;
  for (Seat s = 0; s < seatCount(); ++s) {
    auto& c = seats_[s];
    if (c.reclaimAt && *c.reclaimAt <= turn) {
      c.controller = Controller::Owner;
      c.since = *c.reclaimAt;
      c.reclaimAt.reset();
      reclaimed.push_back(s);
    }
  }
  return reclaimed;
}

void Membership::substitute(Seat s, uint32_t turn) {
  seats_[s].controller = Controller::Ai;
  seats_[s].since = turn;
  seats_[s].reclaimAt.reset();
}

std::vector<uint8_t> reclaimMessage(const det::Hash128& gameId, Seat seat, uint32_t turn) {
  det::Writer w;
  w.str("tag", "concord-reclaim");
  w.hash("gameId", gameId);
  w.varu("seat", seat);
  w.varu("turn", turn);
  return w.take();
}

Result<void> Membership::scheduleReclaim(const SessionConfig& session, const det::Hash128& gameId, uint32_t turn,
                                         const Order& order) {
  det::Reader r(order.payload, "reclaim order");
  Seat seat = static_cast<Seat>(r.varu("seat", kMaxSeats - 1));
  uint32_t at = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
  auto sigBytes = r.raw("signature", 64);
  if (auto f = r.finish(); !f) return f;
  if (seat >= seatCount()) return Err("reclaim: seat ", seat, " is not at this table");
  if (seats_[seat].controller != Controller::Ai) return Err("reclaim: seat ", seat, " is already run by its owner");
  if (session.seats[seat].ai) return Err("reclaim: seat ", seat, " is an AI seat by the session; nobody owns it");
  if (at <= turn) return Err("reclaim: effective turn ", at, " is not after the current turn ", turn);
  Signature sig;
  std::copy(sigBytes.begin(), sigBytes.end(), sig.bytes.begin());
  if (!verify(session.seats[seat].key, reclaimMessage(gameId, seat, at), sig))
    return Err("reclaim: seat ", seat, "'s owner did not sign this reclaim (bad signature)");
  seats_[seat].reclaimAt = at;
  return Ok();
}

void Membership::write(det::Writer& w) const {
  w.begin("membership");
  for (size_t i = 0; i < seats_.size(); ++i) {
    w.begin("seat", i);
    w.u8("controller", static_cast<uint8_t>(seats_[i].controller));
    w.varu("since", seats_[i].since);
    w.boolean("reclaimPending", seats_[i].reclaimAt.has_value());
    if (seats_[i].reclaimAt) w.varu("reclaimAt", *seats_[i].reclaimAt);
    w.end();
  }
  w.end();
}

Result<void> Membership::read(det::Reader& r, Seat seats) {
  std::vector<SeatControl> v;
  for (Seat i = 0; i < seats && r.ok(); ++i) {
    SeatControl c;
    c.controller = static_cast<Controller>(r.u8("controller"));
    if (r.ok() && static_cast<uint8_t>(c.controller) > 1) r.fail("controller", "must be 0 (owner) or 1 (AI)");
    c.since = static_cast<uint32_t>(r.varu("since", UINT32_MAX));
    if (r.boolean("reclaimPending")) c.reclaimAt = static_cast<uint32_t>(r.varu("reclaimAt", UINT32_MAX));
    v.push_back(c);
  }
  if (auto st = r.status(); !st) return st;
  seats_ = std::move(v);
  return Ok();
}

Order makeSubstituteOrder(Seat seat) {
  det::Writer w;
  w.varu("seat", seat);
  return Order{kSubstitute, w.take()};
}

Order makeReclaimOrder(const det::Hash128& gameId, Seat seat, uint32_t turn, const KeyPair& owner) {
  Signature sig = sign(owner, reclaimMessage(gameId, seat, turn));
  det::Writer w;
  w.varu("seat", seat);
  w.varu("turn", turn);
  w.raw("signature", sig.bytes);
  return Order{kReclaim, w.take()};
}

bool opensWithSubstitute(Seat s, std::span<const Order> orders) {
  if (orders.empty() || orders[0].kind != kSubstitute) return false;
  det::Reader r(orders[0].payload);
  uint64_t named = r.varu("seat", kMaxSeats - 1);
  return r.finish().ok() && named == s;
}

std::vector<Seat> substitutedThisTurn(std::span<const std::vector<Order>> ordersBySeat) {
  std::vector<Seat> out;
  for (size_t s = 0; s < ordersBySeat.size(); ++s)
    if (opensWithSubstitute(static_cast<Seat>(s), ordersBySeat[s])) out.push_back(static_cast<Seat>(s));
  return out;
}

}  // namespace concord::lockstep
