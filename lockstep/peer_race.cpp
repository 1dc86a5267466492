// The Seal comparison (docs/lockstep.md "Race policy"): a bundle whose prevSeal differs from ours is either a real
// divergence (same bundle set at t-1, different state: a desync, reported as before) or the trace of a race over
// which bundles turn t-1 applied (its prevDigest names another set). In a race the side that lost resyncs from the
// table's snapshot, so an honest peer never loses its game to a partition longer than the tolerance.
#include <algorithm>

#include "lockstep/peer.h"

namespace concord::lockstep {
namespace {

void addKey(std::vector<PublicKey>& keys, const PublicKey& k) {
  if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
}

std::string seatList(const std::vector<Seat>& seats) {
  std::string out;
  for (Seat s : seats) out += (out.empty() ? "" : ", ") + std::to_string(s);
  return out;
}

}  // namespace

Peer::SealVerdict Peer::judgeSeals(uint32_t t, std::vector<std::vector<Candidate>>& slots,
                                   const std::vector<const Candidate*>& chosen) {
  std::vector<Seat> other;
  bool otherInputs = false;                           // some disagreeing bundle applied another set at t-1
  std::vector<PublicKey> agreeKeys{opt_.key.publicKey}, otherKeys;  // distinct signers on each side
  for (Seat s = 0; s < chosen.size(); ++s) {
    const Candidate& c = *chosen[s];
    if (c.bundle.prevSeal == ledger_->lastSeal()) {
      addKey(agreeKeys, *c.verifiedWith);
      continue;
    }
    other.push_back(s);
    addKey(otherKeys, *c.verifiedWith);
    otherInputs = otherInputs || c.bundle.prevDigest != ledger_->lastDigest();
  }
  if (other.empty()) {
    sealDoubt_.reset();
    return SealVerdict::Agree;
  }
  const Candidate& first = *chosen[other.front()];
  const std::string what = "seat " + std::to_string(other.front()) + "'s bundle for turn " + std::to_string(t) + " carries Seal " +
                           first.bundle.prevSeal.shortHex() + " for turn " + std::to_string(t - 1) + ", ours is " +
                           ledger_->lastSeal().shortHex();
  if (!otherInputs) {  // the same bundles gave another state: a real divergence
    logLine(what);
    return SealVerdict::Desync;
  }
  // Evidence that the table gave one of our seats to another signer at t-1 or t: we lost an owner-vs-substitute race.
  const bool ourSeatTaken = othersSignOurs_ && *othersSignOurs_ + 1 >= t;
  if (ourSeatTaken || otherKeys.size() > agreeKeys.size()) {
    lostRace_ = t - 1;
    logLine("turn " + std::to_string(t - 1) + ": the table applied another bundle set than ours (seats " + seatList(other) +
            " follow it; " + (ourSeatTaken ? "another member signs a seat we signed" : "we are the minority") +
            "): we lost an owner-vs-substitute race; resyncing from the table's snapshot");
    return SealVerdict::Resync;
  }
  // Not decided by us: the minority's bundles are set aside (they resync, or their seats fall silent and are
  // substituted); on a tie we wait up to the tolerance for the bundles that show who signs what.
  const bool majority = agreeKeys.size() > otherKeys.size();
  if (!sealDoubt_ || sealDoubt_->first != t) {
    sealDoubt_ = std::make_pair(t, now_);
    logLine(what + " after another bundle set: " +
            (majority ? "seats " + seatList(other) + " lost a race; their bundles are set aside until they resync"
                      : std::string("a race with as many signers on each side; waiting for evidence")));
  }
  if (!majority && now_ >= sealDoubt_->second + opt_.silenceMs) {
    logLine(what);
    return SealVerdict::Desync;
  }
  std::vector<det::Hash128> aside;
  for (Seat s : other) aside.push_back(chosen[s]->bodyHash);
  for (size_t i = 0; i < other.size(); ++i) {
    auto& slot = slots[other[i]];
    slot.erase(std::remove_if(slot.begin(), slot.end(), [&](const Candidate& c) { return c.bodyHash == aside[i]; }), slot.end());
  }
  return SealVerdict::Wait;
}

}  // namespace concord::lockstep
