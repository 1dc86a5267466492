#include "replay/backfill.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include "lockstep/membership.h"
#include "lockstep/turn_engine.h"
#include "replay/chain.h"
#include "replay/session_recorder.h"

namespace concord::replay {

namespace {
std::string where(uint32_t turn, Seat seat) {
  return "history backfill: turn " + std::to_string(turn) + " seat " + std::to_string(seat) + ": ";
}
// What a bundle of `turn` links to: the turn before, or nothing (zero) at turn 0.
std::string before(uint32_t turn) {
  return turn == 0 ? std::string("nothing (zero at turn 0)") : "turn " + std::to_string(turn - 1);
}
}  // namespace

HistoryBackfill::HistoryBackfill(lockstep::SessionConfig session, uint32_t firstTurn, size_t maxBytes)
    : session_(std::move(session)), firstTurn_(firstTurn) {
  // A session beyond the seat limit cannot be written (ReplayWriter refuses it); keep no slots for it.
  seats_ = session_.seats.size() <= kMaxSeats ? static_cast<Seat>(session_.seats.size()) : Seat{0};
  gameId_ = session_.gameId();
  for (Seat s = 0; s < seats_; ++s)
    if (std::find(keys_.begin(), keys_.end(), session_.seats[s].key) == keys_.end())
      keys_.push_back(session_.seats[s].key);
  if (maxBytes != 0) {
    budget_ = maxBytes;
  } else {
    const size_t slots = need();
    budget_ = slots > kMinBudget / kBytesPerSlot ? slots * kBytesPerSlot : kMinBudget;
  }
}

size_t HistoryBackfill::cost(const lockstep::Bundle& b) {
  size_t n = sizeof(Kept) + 64;  // the bundle and its map node
  for (const auto& o : b.orders) n += sizeof(Order) + o.payload.size();
  return n;
}

std::vector<std::pair<uint32_t, Seat>> HistoryBackfill::missing(size_t max) const {
  std::vector<std::pair<uint32_t, Seat>> out;
  const size_t end = need();
  size_t i = firstHole_;
  auto it = slots_.lower_bound(i);
  while (i < end && out.size() < max) {
    if (it != slots_.end() && it->first == i) {
      ++it;
    } else {
      out.emplace_back(static_cast<uint32_t>(i / seats_), static_cast<Seat>(i % seats_));
    }
    ++i;
  }
  return out;
}

bool HistoryBackfill::offer(const lockstep::Bundle& b) {
  if (b.turn >= firstTurn_ || b.seat >= seats_) return false;
  if (b.gameId != gameId_) return false;
  const size_t i = index(b.turn, b.seat);
  if (slots_.count(i) != 0) return false;
  if (b.orders.size() > lockstep::kMaxOrdersPerBundle) return false;
  for (const auto& o : b.orders)
    if (o.payload.size() > Order::kMaxPayload) return false;
  const size_t c = cost(b);
  if (c > budget_ - bytes_) return false;
  // The seat's own key first (an owner-run seat), then every other member (a steward) in seat order.
  const auto& own = session_.seats[b.seat].key;
  auto ownAt = static_cast<size_t>(std::find(keys_.begin(), keys_.end(), own) - keys_.begin());
  std::optional<size_t> signer;
  if (b.verifySignature(keys_[ownAt])) signer = ownAt;
  for (size_t k = 0; !signer && k < keys_.size(); ++k)
    if (k != ownAt && b.verifySignature(keys_[k])) signer = k;
  if (!signer) return false;
  slots_.emplace(i, Kept{b, *signer});
  bytes_ += c;
  for (auto it = slots_.find(firstHole_); it != slots_.end() && it->first == firstHole_; ++it) ++firstHole_;
  return true;
}

Result<void> HistoryBackfill::write(const std::string& path, std::span<const lockstep::TurnRecord> live,
                                    WriterOptions options, std::span<const CommsEntry> comms) const {
  if (!complete()) {
    auto hole = missing(1);
    return Err("history backfill: ", need() - have(), " of ", need(), " bundles of turns before ", firstTurn_,
               " are missing (first: turn ", hole.at(0).first, " seat ", hole.at(0).second, ")");
  }
  if (live.empty() && firstTurn_ > 0)
    return Err("history backfill: no live records from turn ", firstTurn_,
               ": nothing to check the backfilled history against");
  for (size_t i = 0; i < live.size(); ++i) {
    const auto& r = live[i];
    if (r.turn != firstTurn_ + i)
      return Err("history backfill: live record ", i, " is for turn ", r.turn, ", expected turn ", firstTurn_ + i);
    if (r.bundles.size() != seats_ || r.signers.size() != seats_)
      return Err("history backfill: live record of turn ", r.turn, " has ", r.bundles.size(), " bundles and ",
                 r.signers.size(), " signers for ", seats_, " seats");
  }

  // Pass 1: re-step the backfilled turns, checking every bundle as verify would; nothing is written yet.
  auto created = lockstep::TurnEngine::create(session_);
  if (!created) return Err("history backfill: ", created.message());
  auto& engine = **created;
  BundleChain chain(engine.gameId(), seats_);
  std::vector<det::Hash128> seals;
  seals.reserve(firstTurn_);
  std::vector<std::vector<Order>> orders(seats_);
  for (uint32_t t = 0; t < firstTurn_; ++t) {
    std::vector<const lockstep::Bundle*> got(seats_);
    std::vector<size_t> keyOf(seats_);
    for (Seat s = 0; s < seats_; ++s) {
      const auto& k = slots_.at(index(t, s));
      got[s] = &k.bundle;
      keyOf[s] = k.key;
      orders[s] = k.bundle.orders;
    }
    if (t > 0 && engine.over())
      return Err(where(t, 0), "the game was already over after turn ", t - 1,
                 " (bundles for turns that never happened)");
    auto signers = expectedSigners(session_, engine.membership(), t, orders);
    auto rebuilt = chain.build(t, orders, engine.lastSeal());
    // Chains first: a seat whose previous bundle is not the one this one chains to is named exactly (two bundles
    // signed for one slot: the kept one at turn t-1 is not the one the seat's signer continued from).
    for (Seat s = 0; s < seats_; ++s)
      if (got[s]->chain != rebuilt[s].chain)
        return Err(where(t, s), "its chain ", got[s]->chain.shortHex(), " is not ", rebuilt[s].chain.shortHex(),
                   ", the body hash of the seat's kept bundle of ", before(t),
                   " (the signer signed two different bundles for one of these slots: equivocation)");
    for (Seat s = 0; s < seats_; ++s)
      if (got[s]->prevDigest != rebuilt[s].prevDigest)
        return Err(where(t, s), "its prevDigest ", got[s]->prevDigest.shortHex(), " differs from the digest ",
                   rebuilt[s].prevDigest.shortHex(), " of the kept bundles of ", before(t));
    for (Seat s = 0; s < seats_; ++s)
      if (got[s]->prevSeal != rebuilt[s].prevSeal)
        return Err(where(t, s), "its prevSeal ", got[s]->prevSeal.shortHex(), " differs from the re-simulated Seal ",
                   rebuilt[s].prevSeal.shortHex(), " of ", before(t));
    for (Seat s = 0; s < seats_; ++s) {
      // offer() verified the signature with keys_[keyOf[s]] over this very body; it must be the expected signer.
      if (!(keys_[keyOf[s]] == signers[s]))
        return Err(where(t, s), "signed by ", keys_[keyOf[s]].fingerprint(),
                   " but the membership of this turn expects ", signers[s].fingerprint());
      if (got[s]->body() != rebuilt[s].body())
        return Err(where(t, s), "the bundle differs from the one the replay re-derives");
    }
    chain.advance(rebuilt);
    seals.push_back(engine.step(orders).seal);
  }
  if (firstTurn_ > 0) {
    // The live history must continue from exactly the re-derived state and bundles.
    const auto& first = live.front();
    for (Seat s = 0; s < seats_; ++s) orders[s] = first.bundles[s].orders;
    auto rebuilt = chain.build(firstTurn_, orders, engine.lastSeal());
    // Same order as above: chains name the seat whose history forked, then the digest, then the Seal.
    for (Seat s = 0; s < seats_; ++s)
      if (first.bundles[s].chain != rebuilt[s].chain)
        return Err(where(firstTurn_, s), "the live bundle's chain ", first.bundles[s].chain.shortHex(), " is not ",
                   rebuilt[s].chain.shortHex(), ", the body hash of the seat's backfilled bundle of turn ",
                   firstTurn_ - 1, " (another history, or its signer signed two bundles for that slot)");
    for (Seat s = 0; s < seats_; ++s)
      if (first.bundles[s].prevDigest != rebuilt[s].prevDigest)
        return Err(where(firstTurn_, s), "the live bundle's prevDigest ", first.bundles[s].prevDigest.shortHex(),
                   " differs from the digest ", rebuilt[s].prevDigest.shortHex(), " of the backfilled turn ",
                   firstTurn_ - 1);
    for (Seat s = 0; s < seats_; ++s)
      if (first.bundles[s].prevSeal != rebuilt[s].prevSeal)
        return Err(where(firstTurn_, s), "the live bundle's prevSeal ", first.bundles[s].prevSeal.shortHex(),
                   " differs from the Seal ", rebuilt[s].prevSeal.shortHex(),
                   " the backfilled history reaches at turn ", firstTurn_ - 1,
                   " (the state the peer continued from is not the state of this history)");
  }

  // Pass 2: write every turn through the recorder (which re-checks each body, signer and Seal as it goes).
  auto recorder = SessionRecorder::create(path, session_, options);
  if (!recorder) return Err("history backfill: ", recorder.message());
  auto failed = [&](const std::string& why) -> Result<void> {
    recorder->reset();  // closes the file (flushing a partial block) before it is removed
    std::error_code ec;
    std::filesystem::remove(path, ec);
    return Err("history backfill: ", why);
  };
  size_t nextComms = 0;
  auto commsUpTo = [&](uint64_t turn) -> Result<void> {  // the messages accepted before `turn` was played
    for (; nextComms < comms.size() && comms[nextComms].turn <= turn; ++nextComms)
      if (auto st = (*recorder)->recordComms(comms[nextComms]); !st) return st;
    return Ok();
  };
  for (uint32_t t = 0; t < firstTurn_; ++t) {
    if (auto st = commsUpTo(t); !st) return failed(st.message());
    lockstep::TurnRecord rec;
    rec.turn = t;
    for (Seat s = 0; s < seats_; ++s) {
      const auto& k = slots_.at(index(t, s));
      rec.bundles.push_back(k.bundle);
      rec.signers.push_back(keys_[k.key]);  // pass 1 checked it is the expected signer
      orders[s] = k.bundle.orders;
    }
    rec.substituted = lockstep::substitutedThisTurn(orders);
    rec.seal = seals[t];
    if (auto st = (*recorder)->record(rec); !st) return failed(st.message());
  }
  for (const auto& r : live) {
    if (auto st = commsUpTo(r.turn); !st) return failed(st.message());
    if (auto st = (*recorder)->record(r); !st) return failed(st.message());
  }
  if (auto st = commsUpTo(UINT64_MAX); !st) return failed(st.message());
  if (auto st = (*recorder)->close(); !st) return failed(st.message());
  return Ok();
}

}  // namespace concord::replay
