#include "lockstep/race_judge.h"

#include <algorithm>

namespace concord::lockstep {
namespace {

// An undecided race waits this many tolerances for evidence or for the other side to play on before the desync report.
constexpr uint64_t kUndecidedTolerances = 4;

void addKey(std::vector<PublicKey>& keys, const PublicKey& k) {
  if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
}

std::string seatList(const std::vector<Seat>& seats) {
  std::string out;
  for (Seat s : seats) out += (out.empty() ? "" : ", ") + std::to_string(s);
  return out;
}

}  // namespace

void RaceJudge::raceSign(uint32_t turn, Seat s, const Bundle& b, const PublicKey& signedBy) {
  noteHistory(turn, b, signedBy, false);
  const uint32_t now = core_.ledger_->turn();
  std::erase_if(raceSigns_, [&](const RaceSign& r) { return r.turn + 2 < now; });
  for (const auto& r : raceSigns_)
    if (r.turn == turn && r.seat == s && r.signedBy == signedBy) return;
  if (raceSigns_.size() >= 64) return;  // bounded: more raced bundles teach nothing new
  raceSigns_.push_back(RaceSign{turn, s, signedBy, signedBy == core_.ledger_->session().seats[s].key, b.prevSeal});
}

RaceJudge::Verdict RaceJudge::judgeSeals(uint32_t t, Slots& slots, const std::vector<const Candidate*>& chosen) {
  const auto& session = core_.ledger_->session();
  std::vector<Seat> other;
  bool otherInputs = false;  // a disagreeing bundle applied another set at t-1
  std::vector<PublicKey> agreeKeys{core_.opt_.key.publicKey}, otherKeys;  // distinct signers on each side
  for (Seat s = 0; s < chosen.size(); ++s) {
    const Candidate& c = *chosen[s];
    noteHistory(t, c.bundle, *c.verifiedWith, true);
    if (c.bundle.prevSeal == core_.ledger_->lastSeal()) {
      addKey(agreeKeys, *c.verifiedWith);
      continue;
    }
    other.push_back(s);
    addKey(otherKeys, *c.verifiedWith);
    otherInputs = otherInputs || c.bundle.prevDigest != core_.ledger_->lastDigest();
  }
  if (other.empty()) return Verdict::Agree;
  const Candidate& first = *chosen[other.front()];
  const std::string what = "seat " + std::to_string(other.front()) + "'s bundle for turn " + std::to_string(t) +
                           " carries Seal " + first.bundle.prevSeal.shortHex() + " for turn " + std::to_string(t - 1) +
                           ", ours is " + core_.ledger_->lastSeal().shortHex();
  if (!otherInputs) {  // the same bundles gave another state: a real divergence
    core_.logLine(what);
    return Verdict::Desync;
  }
  // The bundles of this turn we did not apply (signed by a member other than the one we expect) show their
  // signers' side too.
  for (const auto& r : raceSigns_)
    if (r.turn == t) addKey(r.prevSeal == core_.ledger_->lastSeal() ? agreeKeys : otherKeys, r.signedBy);
  std::vector<PublicKey> table;
  for (const auto& seat : session.seats) addKey(table, seat.key);
  std::string why;
  bool theyLost = false;
  if (otherKeys.size() * 2 > table.size()) {
    why = "most of the table's signers follow it";
  } else if (agreeKeys.size() * 2 > table.size()) {
    theyLost = true;
  } else {
    // No majority: the Race policy decides - the owner's bundle wins. We lost if we applied a substitute (or a
    // new steward's bundle) for a seat whose owner signed it on the other side; they lost in the mirror case.
    // Evidence about the raced turn only: a later substitution is a consequence of the race (a side that set the
    // other aside substitutes its seats), not its cause. Person seats only: an AI seat's signer follows the
    // steward's seat, which is judged on its own slot.
    const TurnRecord* prev = core_.record(t - 1);
    for (Seat s = 0; prev && s < session.seats.size() && why.empty(); ++s) {
      if (session.seats[s].ai) continue;
      const bool weSubstituted = prev->signers[s] != session.seats[s].key;
      for (const auto& r : raceSigns_) {
        if (r.seat != s || r.turn + 1 != t) continue;
        if (weSubstituted && r.byOwner)
          why = "seat " + std::to_string(s) + "'s owner signed it there (the owner's bundle wins)";
        if (!weSubstituted && !r.byOwner) theyLost = true;
      }
    }
  }
  if (!why.empty()) {
    loseRace(t - 1, "turn " + std::to_string(t - 1) + ": the table applied another bundle set than ours (seats " +
                        seatList(other) + " follow it; " + why + "): we lost an owner-vs-substitute race");
    return Verdict::Resync;
  }
  // They lost: their bundles are set aside (they resync, or their seats fall silent and are substituted). Neither:
  // we wait up to the tolerance for the bundles that show who signs what, then report a desync.
  if (!sealDoubt_ || sealDoubt_->first != t) {
    sealDoubt_ = std::make_pair(t, core_.now_);
    core_.logLine(what + " after another bundle set: " +
                  (theyLost
                       ? "seats " + seatList(other) + " lost a race; their bundles are set aside until they resync"
                       : std::string("a race with no majority and no owner to settle it yet; waiting for evidence")));
  }
  if (!theyLost) {
    // The other side played on past the race without us (it substituted our seats): its history is the table's, and
    // ours, stuck at t, is the one to give up (drill seed 13001 run 4: a side that heard no evidence for the
    // tolerance stopped on a desync report while the rest finished the game). Nobody moving on: the desync report.
    if (core_.now_ >= sealDoubt_->second + core_.opt_.silenceMs && core_.bundlesAfter(t)) {
      loseRace(t - 1, "turn " + std::to_string(t - 1) +
                          ": the table applied another bundle set than ours and played on past turn " +
                          std::to_string(t) + " without us: we lost an owner-vs-substitute race");
      return Verdict::Resync;
    }
    if (core_.now_ >= sealDoubt_->second + kUndecidedTolerances * core_.opt_.silenceMs) {
      core_.logLine(what);
      return Verdict::Desync;
    }
    // Undecided: their bundles stay (setting them aside would make their seats look silent and get them
    // substituted: two tables, each playing the other's seats, drill seed 4001 run 5). Ask them what they applied
    // at t-1: the owner's bundle among it (or our substitute's owner on our side) settles the race by the rule.
    askRaceEvidence(t);
    return Verdict::Wait;
  }
  std::vector<det::Hash128> aside;
  for (Seat s : other) aside.push_back(chosen[s]->bodyHash);
  for (size_t i = 0; i < other.size(); ++i) {
    auto& slot = slots[other[i]];
    slot.erase(std::remove_if(slot.begin(), slot.end(), [&](const Candidate& c) { return c.bodyHash == aside[i]; }),
               slot.end());
  }
  return Verdict::Wait;
}

void RaceJudge::noteHistory(uint32_t turn, const Bundle& b, const PublicKey& signedBy, bool chosen) {
  if (turn == 0 || signedBy == core_.opt_.key.publicKey) return;
  std::optional<det::Hash128> ours;
  if (turn == core_.ledger_->turn())
    ours = core_.ledger_->lastSeal();
  else if (const TurnRecord* r = core_.record(turn - 1))
    ours = r->seal;
  if (!ours) return;  // a turn we have no Seal for tells nothing
  if (b.prevSeal != *ours)
    elsewhere_[signedBy] = core_.now_;
  else if (chosen)
    elsewhere_.erase(signedBy);  // with us now (a late bundle on our Seal only says "until turn-1")
}

void RaceJudge::resyncIfOutvoted() {
  // Evidence fades: a key that lost a race and resynced, or died, stops counting after a few tolerances.
  const uint64_t window = kUndecidedTolerances * core_.opt_.silenceMs;
  std::erase_if(elsewhere_, [&](const auto& e) { return core_.now_ > e.second + window; });
  if (elsewhere_.empty()) {
    tieSince_.reset();
    return;
  }
  // Live keys only: a dead peer's key is on no side (drill-like test: one dead, two elsewhere, us alone).
  const auto& seats = core_.ledger_->session().seats;
  std::vector<PublicKey> withUs{core_.opt_.key.publicKey};
  for (Seat s = 0; s < seats.size(); ++s)
    if (!seats[s].ai && core_.lastHeardMs(s) != 0 && core_.now_ <= core_.lastHeardMs(s) + window &&
        !elsewhere_.contains(seats[s].key))
      addKey(withUs, seats[s].key);
  auto lowestSeat = [&](auto&& has) {
    for (Seat s = 0; s < seats.size(); ++s)
      if (has(seats[s].key)) return s;
    return static_cast<Seat>(seats.size());
  };
  const size_t there = elsewhere_.size();
  std::string why;
  if (there > withUs.size()) {
    why = std::to_string(there) + " live signers play another history than ours, " + std::to_string(withUs.size()) +
          " ours";
  } else if (there == withUs.size()) {
    // A tie with no Seal check under way (nobody's bundle reaches one: each side substituted the other's seats):
    // after two tolerances the side holding the lowest seat keeps its history, by a rule both sides compute alike.
    // A race both sides are stuck on is the Race policy's (judgeSeals), not this.
    if (sealDoubt_ && sealDoubt_->first == core_.ledger_->turn()) return tieSince_.reset();
    if (!tieSince_) tieSince_ = core_.now_;
    const bool theyHoldLowest =
        lowestSeat([&](const PublicKey& k) { return elsewhere_.contains(k); }) <
        lowestSeat([&](const PublicKey& k) { return std::find(withUs.begin(), withUs.end(), k) != withUs.end(); });
    if (core_.now_ < *tieSince_ + 2 * core_.opt_.silenceMs || !theyHoldLowest) return;
    why = "as many live signers play another history as ours, and theirs hold the lowest seat";
  } else {
    return tieSince_.reset();
  }
  loseRace(core_.ledger_->turn() > 0 ? core_.ledger_->turn() - 1 : 0,
           "turn " + std::to_string(core_.ledger_->turn()) + ": " + why +
               " (each side substituted the other's seats and played on): we lost a race");
}

void RaceJudge::loseRace(uint32_t turn, const std::string& why) {
  lostRace_ = turn;
  core_.logLine(why + "; resyncing from the table's snapshot");
}

void RaceJudge::askRaceEvidence(uint32_t t) {
  if (raceAsked_ && raceAsked_->first == t && core_.now_ < raceAsked_->second + core_.opt_.resendMs) return;
  raceAsked_ = std::make_pair(t, core_.now_);
  // Everyone, not only the peers whose bundles disagree: a third peer that applied the owner's bundle (or saw both)
  // answers when the other side's links to us are down.
  for (Seat s = 0; s < core_.ledger_->session().seats.size(); ++s) core_.broadcast(BundleRequest{t - 1, s});
}

void RaceJudge::noteUnchosen(uint32_t t, const Slots& slots, const std::vector<const Candidate*>& chosen) {
  // A validly signed bundle we did not apply (a substitute beside its owner's, or the reverse) is what the other
  // side of a race applied: kept so the next Seal check can tell which side the owner rule favours.
  for (Seat s = 0; s < chosen.size(); ++s)
    for (const auto& c : slots[s])
      if (&c != chosen[s] && c.verifiedWith && !(*c.verifiedWith == *chosen[s]->verifiedWith))
        raceSign(t, s, c.bundle, *c.verifiedWith);
}

}  // namespace concord::lockstep
