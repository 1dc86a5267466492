// Peer's link-vouched bundles (issue 9 part 7, docs/lockstep.md "32 seats"): which arriving bundles skip the
// signature check, and the full check of a disputed turn that names a seat whose vouched bundle was bad.
#include "lockstep/peer.h"
#include "lockstep/signature_audit.h"

namespace concord::lockstep {

bool Peer::vouchable(PeerId from, const Bundle& b) const {
  return opt_.vouchLinks && mayVouch(ledger_->session(), from, opt_.key.publicKey, b, opt_.chainHeadEvery);
}

void Peer::auditTurn(uint32_t turn) {
  if (!opt_.vouchLinks) return;
  const TurnRecord* r = record(turn);
  if (!r) return;
  for (Seat s = 0; s < r->bundles.size(); ++s)
    if (!r->bundles[s].verifySignature(r->signers[s])) {
      std::string line = "BAD SIGNATURE: seat " + std::to_string(s) + "'s bundle for turn " + std::to_string(turn) +
                         " came over its own authenticated link and its signature does not verify against " +
                         r->signers[s].fingerprint();
      rejections_.push_back(line);
      logLine(std::move(line));
    }
}

// Someone asks for (turn, seat): an auditor that refused a bad bundle asks too, so a vouched copy is checked
// before it is relayed. Pending: a bad one is dropped (as an auditor dropped it). Applied: our turn rests on
// a bad bundle, so we stop with a desync report naming the seat (its link vouched for it).
bool Peer::relayChecked(const BundleRequest& q) {
  if (!opt_.vouchLinks) return true;
  if (const TurnRecord* r = record(q.turn)) {
    if (q.seat >= r->bundles.size() || r->bundles[q.seat].verifySignature(r->signers[q.seat])) return true;
    if (!halted_) startDesync(q.turn);
    return false;
  }
  auto it = pending_.find(q.turn);
  if (it == pending_.end() || q.seat >= it->second.size()) return true;
  auto& slot = it->second[q.seat];
  for (size_t i = 0; i < slot.size();) {
    Candidate& c = slot[i];
    if (c.vouched && !c.bundle.verifySignature(c.signedBy)) {
      strike(q.seat);
      reject(q.seat, c.bundle, "signature does not verify (its own link vouched for it; checked on request)");
      slot.erase(slot.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    c.vouched = false;
    ++i;
  }
  return true;
}

}  // namespace concord::lockstep
