#include "lockstep/bundle_inbox.h"

#include <algorithm>

namespace concord::lockstep {
namespace {

constexpr size_t kMaxCandidatesPerSlot = 4;
// Late member-signed bundles (a return that raced a substitution) are logged this many times per sender.
constexpr uint32_t kMaxLateLogged = 4;

}  // namespace

void BundleInbox::onBundle(PeerId from, Bundle b) {
  if (core_.syncing_ || core_.halted_) return;  // nothing to check it against, or stopped by a desync
  const uint32_t t = core_.ledger_->turn();
  if (b.gameId != core_.ledger_->engine().gameId())
    return core_.reject(from, b, "wrong game id " + b.gameId.shortHex());
  if (b.seat >= core_.ledger_->session().seats.size()) return core_.reject(from, b, "no such seat at this table");
  if (core_.ignoring(from)) {
    ++core_.stats_.ignored;
    return;
  }
  if (b.turn < t) return onPastBundle(from, b);
  if (b.turn > t + core_.opt_.window) {
    // Evidence that the table is ahead of us, once per new high turn, and only if a member signed it.
    if (b.turn > core_.aheadSeen_ && memberSigner(core_.ledger_->session(), b)) core_.aheadSeen_ = b.turn;
    return core_.reject(from, b,
                        "turn is beyond the window (now at turn " + std::to_string(t) + ", window " +
                            std::to_string(core_.opt_.window) + ")");
  }
  auto& slots = core_.pending_[b.turn];
  slots.resize(core_.ledger_->session().seats.size());
  auto& slot = slots[b.seat];
  auto h = b.bodyHash();
  for (const auto& c : slot)
    if (c.bodyHash == h) {
      ++core_.stats_.duplicates;
      return;
    }
  // Checked on arrival, not only at assembly: a guest's forgeries must not occupy the slot's candidates
  // and crowd out the owner's real bundle (tests/net/security.sh --slot-flood).
  const bool vouched = slot.empty() && audit_.vouchable(from, b);  // a second body is always checked
  auto signer =
      vouched ? std::optional(core_.ledger_->session().seats[b.seat].key) : memberSigner(core_.ledger_->session(), b);
  if (!signer) {
    core_.strike(from);
    return core_.reject(from, b, "signature does not verify against any seat's key at this table");
  }
  if (slot.size() >= kMaxCandidatesPerSlot) {
    // Full of other members' bundles: the seat's own owner still gets in (the newest stranger-signed one goes).
    const PublicKey& owner = core_.ledger_->session().seats[b.seat].key;
    auto other = std::find_if(slot.rbegin(), slot.rend(), [&](const Candidate& c) { return c.signer != owner; });
    if (*signer != owner || other == slot.rend())
      return core_.reject(from, b, "too many conflicting candidates for this slot");
    slot.erase(std::next(other).base());
  }
  Candidate c{{std::move(b), h, *signer, vouched ? SignerKnown::Vouched : SignerKnown::Checked}, std::nullopt, from};
  core_.stats_.vouched += vouched ? 1 : 0;
  slot.push_back(std::move(c));
}

std::vector<Seat> BundleInbox::seatsIn(uint32_t turn) const {
  std::vector<Seat> in;
  if (const TurnRecord* r = core_.record(turn)) {
    for (Seat s = 0; s < r->bundles.size(); ++s) in.push_back(s);
    return in;
  }
  if (auto it = core_.pending_.find(turn); it != core_.pending_.end())
    for (Seat s = 0; s < it->second.size(); ++s)
      if (!it->second[s].empty()) in.push_back(s);
  return in;
}

void BundleInbox::onPastBundle(PeerId from, const Bundle& b) {
  if (b.turn < core_.recordBase_ && core_.opt_.onHistory) return core_.opt_.onHistory(b);  // the backfill checks it
  const TurnRecord* r = core_.record(b.turn);
  if (!r)
    return core_.reject(from, b, "turn is in the past (now at turn " + std::to_string(core_.ledger_->turn()) + ")");
  const Bundle& applied = r->bundles[b.seat];
  if (applied == b) {
    ++core_.stats_.duplicates;
    return;
  }
  if (audit_.repair(b)) return;
  if (applied.body() != b.body() && applied.prevSeal == b.prevSeal && b.verifySignature(r->signers[b.seat]))
    return equivocation(from, b, applied, r->signers[b.seat]);
  // Signed by a member other than the one the table applied: a late owner whose seat was substituted meanwhile,
  // or a steward that signed a turn the handover gave to another. Not applied, not a forgery.
  if (auto k = memberSigner(core_.ledger_->session(), b)) {
    races_.raceSign(b.turn, b.seat, b, *k);
    if (++late_[from] <= kMaxLateLogged)
      core_.logLine("turn " + std::to_string(b.turn) + " seat " + std::to_string(b.seat) +
                    ": ignored a late bundle signed by " + k->fingerprint() + "; the table applied " +
                    r->signers[b.seat].fingerprint() + "'s (a return raced a substitution)" +
                    (late_[from] == kMaxLateLogged
                         ? "; further ones from peer " + std::to_string(from) + " are not logged"
                         : ""));
    return;
  }
  if (applied.body() == b.body()) return core_.reject(from, b, "past turn, same body with a different signature");
  core_.strike(from);
  core_.reject(from, b,
               "turn is in the past (now at turn " + std::to_string(core_.ledger_->turn()) +
                   ") and its signature does not verify");
}

void BundleInbox::equivocation(PeerId from, const Bundle& b, const Bundle& applied, const PublicKey& appliedSigner) {
  for (const auto& e : equivocations_)
    if (e.turn == b.turn && e.seat == b.seat) return;                    // already proven
  if (core_.opt_.vouchLinks && !applied.verifySignature(appliedSigner))  // a proof needs two valid signatures
    return core_.reject(from, b,
                        "conflicts with the applied bundle, whose signature (vouched by its link) does not verify");
  equivocations_.push_back(Equivocation{b.turn, b.seat, applied.encode(), b.encode()});
  if (std::find(flagged_.begin(), flagged_.end(), b.seat) == flagged_.end()) flagged_.push_back(b.seat);
  std::string line = "EQUIVOCATION by seat " + std::to_string(b.seat) + " at turn " + std::to_string(b.turn) +
                     ": two validly signed bundles (kept the applied one, both kept as proof)";
  core_.rejections_.push_back(line);
  core_.logLine(std::move(line));
}

void BundleInbox::onRequest(PeerId from, const BundleRequest& q) {
  if (!audit_.relayChecked(q)) return;  // a vouched bundle whose signature fails is never relayed
  if (const TurnRecord* r = core_.record(q.turn)) {
    if (q.seat < r->bundles.size()) core_.send(from, BundleMsg{r->bundles[q.seat]});
    return;
  }
  if (q.turn < core_.recordBase_) {
    // Before our snapshot: what our own backfill kept (a rejoiner may ask a peer that rejoined too).
    if (core_.opt_.history)
      if (auto b = core_.opt_.history(q.turn, q.seat)) core_.send(from, BundleMsg{std::move(*b)});
    return;
  }
  auto it = core_.pending_.find(q.turn);
  if (it == core_.pending_.end() || q.seat >= it->second.size()) return;
  // Relay the first candidate; the requester verifies it, so relaying a bad one harms nobody.
  if (!it->second[q.seat].empty()) core_.send(from, BundleMsg{it->second[q.seat].front().bundle});
}

namespace {
bool opensWithSubstitute(const Bundle& b) { return lockstep::opensWithSubstitute(b.seat, b.orders); }
}  // namespace

std::optional<std::vector<const Candidate*>> BundleInbox::chooseTurn(Slots& slots) {
  const uint32_t t = core_.ledger_->turn();
  const auto& session = core_.ledger_->session();
  const Seat seats = static_cast<Seat>(session.seats.size());
  slots.resize(seats);
  for (Seat s = 0; s < seats; ++s)
    if (slots[s].empty()) return std::nullopt;
  // A seat is substituted this turn when a substitute is in and its owner's own bundle is not (the owner's wins): a
  // substitute beside the owner's must not change who signs the other seats (drill seed 13001 run 4's shape: the
  // other side of a race substituted our steward, and our own AI bundles were refused as from the wrong signer).
  std::vector<Seat> claimed;
  for (Seat s = 0; s < seats; ++s) {
    const PublicKey& owner = session.seats[s].key;
    const bool substitute =
        std::any_of(slots[s].begin(), slots[s].end(), [](const Candidate& c) { return opensWithSubstitute(c.bundle); });
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
    const det::Hash128 ourSeal = core_.ledger_->lastSeal();
    std::stable_partition(slot.begin(), slot.end(), [&](const Candidate& c) { return c.bundle.prevSeal == ourSeal; });
    std::stable_partition(slot.begin(), slot.end(), [](const Candidate& c) { return !opensWithSubstitute(c.bundle); });
    for (size_t i = 0; i < slot.size();) {
      Candidate& c = slot[i];
      bool sub = opensWithSubstitute(c.bundle);
      std::vector<Seat> subs;
      for (Seat x : claimed)
        if (x != s || sub) subs.push_back(x);
      if (slot.size() > 1) confirmVouched(c);  // conflicts: every candidate's own signature, not its link's word
      if (auto no = core_.ledger_->admit(c, subs)) {
        // A member's valid signature, but another member signs this seat this turn: an owner's return raced its
        // substitution (or a steward handover). Expected traffic, not a forgery.
        if (no->kind == Refusal::Kind::OtherSigner) {
          races_.raceSign(t, s, c.bundle, c.signer);
          core_.logLine("turn " + std::to_string(t) + " seat " + std::to_string(s) + ": dropped the bundle " + no->why +
                        " (a return raced a substitution)");
        } else {
          core_.reject(core_.net_.self(), c.bundle, no->why);
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
        provenTwice(t, s, chosen[s]->bundle, c.bundle);
      }
      ++i;
    }
    if (!chosen[s]) return std::nullopt;
  }
  return chosen;
}

void BundleInbox::provenTwice(uint32_t t, Seat s, const Bundle& first, const Bundle& second) {
  for (const auto& e : equivocations_)
    if (e.turn == t && e.seat == s) return;  // already proven
  equivocations_.push_back(Equivocation{t, s, first.encode(), second.encode()});
  if (std::find(flagged_.begin(), flagged_.end(), s) == flagged_.end()) flagged_.push_back(s);
  std::string line = "EQUIVOCATION by seat " + std::to_string(s) + " at turn " + std::to_string(t) +
                     ": two validly signed bundles (applying the first received, both kept as proof)";
  core_.rejections_.push_back(line);
  core_.logLine(std::move(line));
}

}  // namespace concord::lockstep
