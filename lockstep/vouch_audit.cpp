#include "lockstep/vouch_audit.h"

#include <algorithm>

#include "lockstep/signature_audit.h"

namespace concord::lockstep {

bool VouchAudit::vouchable(PeerId from, const Bundle& b) const {
  return core_.opt_.vouchLinks &&
         mayVouch(core_.ledger_->session(), from, core_.opt_.key.publicKey, b, core_.opt_.chainHeadEvery);
}

void VouchAudit::auditTurn(uint32_t turn) {
  if (!core_.opt_.vouchLinks) return;
  const TurnRecord* r = core_.record(turn);
  if (!r) return;
  for (Seat s = 0; s < r->bundles.size(); ++s)
    if (!r->bundles[s].verifySignature(r->signers[s])) {
      std::string line = "BAD SIGNATURE: seat " + std::to_string(s) + "'s bundle for turn " + std::to_string(turn) +
                         " came over its own authenticated link and its signature does not verify against " +
                         r->signers[s].fingerprint();
      core_.rejections_.push_back(line);
      core_.logLine(std::move(line));
    }
}

// The last turn is a chain head of every replay (its signatures are the file's last ones) but not a chain-head
// turn unless it ends a block, and nobody knows it is the last before applying it: check its vouched bundles
// once the game is over. A bad one takes the turn back; we then wait for a valid bundle, as an auditor does.
VouchAudit::FinalTurn VouchAudit::finalTurnProven(Slots& slots, const std::vector<const Candidate*>& chosen,
                                                  std::vector<det::Hash128> headsBefore, det::Hash128 digestBefore) {
  if (!core_.opt_.vouchLinks || !core_.ledger_->over()) return FinalTurn::Proven;
  std::vector<Seat> bad;
  for (Seat s = 0; s < chosen.size(); ++s)
    if (chosen[s]->vouched() && !chosen[s]->bundle.verifySignature(chosen[s]->signer)) bad.push_back(s);
  if (bad.empty()) return FinalTurn::Proven;
  const uint32_t t = core_.ledger_->turn() - 1;
  if (auto st = core_.ledger_->rewind(*core_.ring_.back().second, std::move(headsBefore), digestBefore); !st) {
    core_.logLine("could not take back final turn " + std::to_string(t) + ": " + st.message());  // never: our own bytes
    return FinalTurn::Unrewindable;
  }
  for (Seat s : bad) {
    auto& slot = slots[s];
    const auto it = std::find_if(slot.begin(), slot.end(), [&](const Candidate& c) { return &c == chosen[s]; });
    core_.strike(it->from);
    core_.reject(it->from, it->bundle,
                 "signature does not verify (its own link vouched for it; the final turn is checked)");
    slot.erase(it);
  }
  return FinalTurn::TakenBack;
}

// Whether our applied bundle for (turn, seat) carries a valid signature. A vouched one that fails came over the
// seat's own link: we name the seat, keep the core_.record (its body is what the table applied; a different body
// shows up as a Seal mismatch) and ask for a validly signed copy of the same body (repair()), which the
// auditors hold. Until then we relay and snapshot nothing of it.
bool VouchAudit::recordProven(uint32_t turn, Seat seat) {
  const TurnRecord* r = core_.record(turn);
  if (!r || seat >= r->bundles.size()) return true;
  if (!unproven_.contains({turn, seat}) && r->bundles[seat].verifySignature(r->signers[seat])) return true;
  if (unproven_.insert({turn, seat}).second) {
    core_.broadcast(BundleRequest{turn, seat});
    std::string line = "BAD SIGNATURE: seat " + std::to_string(seat) + "'s applied bundle for turn " +
                       std::to_string(turn) + " came over its own authenticated link and its signature does not " +
                       "verify; asking for a validly signed copy";
    core_.rejections_.push_back(line);
    core_.logLine(std::move(line));
  }
  return false;
}

bool VouchAudit::latestProven() {
  if (!core_.opt_.vouchLinks || core_.records_.empty()) return true;
  const auto t = static_cast<uint32_t>(core_.recordBase_ + core_.records_.size() - 1);
  if (provenTurn_ == t) return true;
  bool all = true;
  for (Seat s = 0; s < core_.records_.back().bundles.size(); ++s) all = recordProven(t, s) && all;
  if (all) provenTurn_ = t;
  return all;
}

// A validly signed copy of an applied body whose vouched signature failed replaces that signature.
bool VouchAudit::repair(const Bundle& b) {
  if (!unproven_.contains({b.turn, b.seat})) return false;
  TurnRecord& r = core_.records_[b.turn - core_.recordBase_];
  Bundle& applied = r.bundles[b.seat];
  if (applied.body() != b.body() || !b.verifySignature(r.signers[b.seat])) return false;
  applied.signature = b.signature;
  unproven_.erase({b.turn, b.seat});
  core_.logLine("turn " + std::to_string(b.turn) + " seat " + std::to_string(b.seat) +
                ": repaired the applied bundle's signature from a validly signed copy");
  return true;
}

// The bundles of turns [base, end) for a snapshot's tail, each with a valid signature: the tail stops before
// the first turn holding a bad one (the rejoiner asks the table for the rest).
std::vector<Bundle> VouchAudit::provenTail(uint32_t base, uint32_t end) {
  std::vector<Bundle> tail;
  for (uint32_t x = base; x < end; ++x) {
    const TurnRecord* r = core_.record(x);
    if (!r) break;
    bool proven = true;
    for (Seat s = 0; s < r->bundles.size(); ++s) proven = (!core_.opt_.vouchLinks || recordProven(x, s)) && proven;
    if (!proven) break;
    tail.insert(tail.end(), r->bundles.begin(), r->bundles.end());
  }
  return tail;
}

// Someone asks for (turn, seat): an auditor that refused a bad bundle asks too, so a vouched copy is checked
// before it is relayed. Pending: a bad one is dropped (as an auditor dropped it). Applied: recordProven() asks
// for a valid copy instead of relaying it; the table is not stopped for a body everyone agrees on.
bool VouchAudit::relayChecked(const BundleRequest& q) {
  if (!core_.opt_.vouchLinks) return true;
  if (core_.record(q.turn)) return recordProven(q.turn, q.seat);
  auto it = core_.pending_.find(q.turn);
  if (it == core_.pending_.end() || q.seat >= it->second.size()) return true;
  auto& slot = it->second[q.seat];
  for (size_t i = 0; i < slot.size();) {
    Candidate& c = slot[i];
    confirmVouched(c);
    if (c.known == SignerKnown::Refuted) {
      // The seat's link relaying another member's signature (its steward's bundle for the seat while it was
      // AI-run, answering a request) is not a forgery: keep it as that member's, as onBundle would have.
      if (auto k = memberSigner(core_.ledger_->session(), c.bundle)) {
        c.signer = *k;
        c.known = SignerKnown::Checked;
        ++i;
        continue;
      }
      core_.strike(c.from);
      core_.reject(c.from, c.bundle, "signature does not verify (its own link vouched for it; checked on request)");
      slot.erase(slot.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    ++i;
  }
  return true;
}

}  // namespace concord::lockstep
