// Peer's inbox: bundles as they arrive (checked on arrival, so forgeries never occupy a slot), bad-signature
// allowances, past bundles and equivocation proofs, and answers to other peers' bundle requests.
#include "lockstep/peer.h"

#include <algorithm>

namespace concord::lockstep {
namespace {

constexpr size_t kMaxCandidatesPerSlot = 4;
// Honest peers never send a bundle whose signature fails (every candidate is checked on arrival, so even
// relays are clean): a sender past this many failures is ignored without spending a signature check.
constexpr uint32_t kMaxBadSignatures = 16;
// Non-members (transport ids that are not a seat) share one allowance: a stranger who makes a fresh
// identity per 16 forgeries buys nothing, and no honest non-member ever sends a bundle.
constexpr uint32_t kMaxGuestBadSignatures = 64;
// Late member-signed bundles (a return that raced a substitution) are logged this many times per sender.
constexpr uint32_t kMaxLateLogged = 4;

}  // namespace

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
    if (b.turn > aheadSeen_ && memberSigner(ledger_->session(), b)) aheadSeen_ = b.turn;
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
  const bool vouched = slot.empty() && vouchable(from, b);  // a second body is always checked
  auto signer = vouched ? std::optional(ledger_->session().seats[b.seat].key) : memberSigner(ledger_->session(), b);
  if (!signer) {
    strike(from);
    return reject(from, b, "signature does not verify against any seat's key at this table");
  }
  if (slot.size() >= kMaxCandidatesPerSlot) {
    // Full of other members' bundles: the seat's own owner still gets in (the newest stranger-signed one goes).
    const PublicKey& owner = ledger_->session().seats[b.seat].key;
    auto other = std::find_if(slot.rbegin(), slot.rend(), [&](const Candidate& c) { return c.signer != owner; });
    if (*signer != owner || other == slot.rend()) return reject(from, b, "too many conflicting candidates for this slot");
    slot.erase(std::next(other).base());
  }
  Candidate c{{std::move(b), h, *signer, vouched ? SignerKnown::Vouched : SignerKnown::Checked}, std::nullopt, from};
  stats_.vouched += vouched ? 1 : 0;
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

std::vector<Seat> Peer::seatsIn(uint32_t turn) const {
  std::vector<Seat> in;
  if (const TurnRecord* r = record(turn)) {
    for (Seat s = 0; s < r->bundles.size(); ++s) in.push_back(s);
    return in;
  }
  if (auto it = pending_.find(turn); it != pending_.end())
    for (Seat s = 0; s < it->second.size(); ++s)
      if (!it->second[s].empty()) in.push_back(s);
  return in;
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
  if (repair(b)) return;
  if (applied.body() != b.body() && applied.prevSeal == b.prevSeal && b.verifySignature(r->signers[b.seat]))
    return equivocation(from, b, applied, r->signers[b.seat]);
  // Signed by a member other than the one the table applied: a late owner whose seat was substituted meanwhile,
  // or a steward that signed a turn the handover gave to another. Not applied, not a forgery.
  if (auto k = memberSigner(ledger_->session(), b)) {
    raceSign(b.turn, b.seat, b, *k);
    if (++late_[from] <= kMaxLateLogged)
      logLine("turn " + std::to_string(b.turn) + " seat " + std::to_string(b.seat) + ": ignored a late bundle signed by " +
              k->fingerprint() + "; the table applied " + r->signers[b.seat].fingerprint() + "'s (a return raced a substitution)" +
              (late_[from] == kMaxLateLogged ? "; further ones from peer " + std::to_string(from) + " are not logged" : ""));
    return;
  }
  if (applied.body() == b.body()) return reject(from, b, "past turn, same body with a different signature");
  strike(from);
  reject(from, b, "turn is in the past (now at turn " + std::to_string(ledger_->turn()) + ") and its signature does not verify");
}

void Peer::equivocation(PeerId from, const Bundle& b, const Bundle& applied, const PublicKey& appliedSigner) {
  for (const auto& e : equivocations_)
    if (e.turn == b.turn && e.seat == b.seat) return;  // already proven
  if (opt_.vouchLinks && !applied.verifySignature(appliedSigner))  // a proof needs two valid signatures
    return reject(from, b, "conflicts with the applied bundle, whose signature (vouched by its link) does not verify");
  equivocations_.push_back(Equivocation{b.turn, b.seat, applied.encode(), b.encode()});
  if (std::find(flagged_.begin(), flagged_.end(), b.seat) == flagged_.end()) flagged_.push_back(b.seat);
  std::string line = "EQUIVOCATION by seat " + std::to_string(b.seat) + " at turn " + std::to_string(b.turn) +
                     ": two validly signed bundles (kept the applied one, both kept as proof)";
  rejections_.push_back(line);
  logLine(std::move(line));
}

void Peer::onRequest(PeerId from, const BundleRequest& q) {
  if (!relayChecked(q)) return;  // a vouched bundle whose signature fails is never relayed
  if (const TurnRecord* r = record(q.turn)) {
    if (q.seat < r->bundles.size()) send(from, BundleMsg{r->bundles[q.seat]});
    return;
  }
  if (q.turn < recordBase_) {
    // Before our snapshot: what our own backfill kept (a rejoiner may ask a peer that rejoined too).
    if (opt_.history)
      if (auto b = opt_.history(q.turn, q.seat)) send(from, BundleMsg{std::move(*b)});
    return;
  }
  auto it = pending_.find(q.turn);
  if (it == pending_.end() || q.seat >= it->second.size()) return;
  // Relay the first candidate; the requester verifies it, so relaying a bad one harms nobody.
  if (!it->second[q.seat].empty()) send(from, BundleMsg{it->second[q.seat].front().bundle});
}

}  // namespace concord::lockstep
