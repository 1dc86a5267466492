#include "replay/backfill.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include "lockstep/membership.h"
#include "lockstep/turn_ledger.h"
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
// A backfilled bundle that does not continue the ledger; chains are checked first, so a fork is named exactly.
std::string keptFault(const lockstep::LinkFault& f, uint32_t t) {
  using lockstep::LinkField;
  switch (f.field) {
    case LinkField::Chain:
      return "its chain " + f.got.shortHex() + " is not " + f.want.shortHex() + ", the body hash of the seat's kept bundle of " +
             before(t) + " (the signer signed two different bundles for one of these slots: equivocation)";
    case LinkField::PrevDigest:
      return "its prevDigest " + f.got.shortHex() + " differs from the digest " + f.want.shortHex() +
             " of the kept bundles of " + before(t);
    case LinkField::PrevSeal:
      return "its prevSeal " + f.got.shortHex() + " differs from the re-simulated Seal " + f.want.shortHex() + " of " + before(t);
    case LinkField::Header: break;
  }
  return "the bundle is not for this game, turn and seat";
}
// The first live record must continue the backfilled history.
std::string liveFault(const lockstep::LinkFault& f, uint32_t t) {
  using lockstep::LinkField;
  switch (f.field) {
    case LinkField::Chain:
      return "the live bundle's chain " + f.got.shortHex() + " is not " + f.want.shortHex() +
             ", the body hash of the seat's backfilled bundle of turn " + std::to_string(t - 1) +
             " (another history, or its signer signed two bundles for that slot)";
    case LinkField::PrevDigest:
      return "the live bundle's prevDigest " + f.got.shortHex() + " differs from the digest " + f.want.shortHex() +
             " of the backfilled turn " + std::to_string(t - 1);
    case LinkField::PrevSeal:
      return "the live bundle's prevSeal " + f.got.shortHex() + " differs from the Seal " + f.want.shortHex() +
             " the backfilled history reaches at turn " + std::to_string(t - 1) +
             " (the state the peer continued from is not the state of this history)";
    case LinkField::Header: break;
  }
  return "the live bundle is not for this game, turn and seat";
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

std::optional<lockstep::Bundle> HistoryBackfill::find(uint32_t turn, Seat seat) const {
  if (turn >= firstTurn_ || seat >= seats_) return std::nullopt;
  auto it = slots_.find(index(turn, seat));
  if (it == slots_.end()) return std::nullopt;
  return it->second.bundle;
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
  auto history = this->history(live, options);
  if (!history) return history.error();

  // Pass 2: write every turn through the recorder: the backfilled records, then the live ones.
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
  for (const auto& rec : *history) {
    if (auto st = commsUpTo(rec.turn); !st) return failed(st.message());
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

Result<std::vector<lockstep::TurnRecord>> HistoryBackfill::history(std::span<const lockstep::TurnRecord> live,
                                                                    WriterOptions options) const {
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

  // Pass 1: the backfilled turns through the ledger, checked as verify would; nothing is written yet.
  auto created = lockstep::TurnLedger::create(session_);
  if (!created) return Err("history backfill: ", created.message());
  auto& ledger = **created;
  std::vector<lockstep::TurnRecord> history;
  history.reserve(firstTurn_);
  for (uint32_t t = 0; t < firstTurn_; ++t) {
    std::vector<lockstep::Bundle> bundles;
    std::vector<lockstep::PublicKey> verifiedBy;
    std::vector<std::vector<Order>> orders;
    for (Seat s = 0; s < seats_; ++s) {
      const auto& k = slots_.at(index(t, s));
      bundles.push_back(k.bundle);
      verifiedBy.push_back(keys_[k.key]);  // offer() verified the signature over this very body
      orders.push_back(k.bundle.orders);
    }
    if (t > 0 && ledger.over())
      return Err(where(t, 0), "the game was already over after turn ", t - 1,
                 " (bundles for turns that never happened)");
    if (auto f = ledger.firstFault(bundles, true)) return Err(where(t, f->seat), keptFault(*f, t));
    auto signers = ledger.expectedSigners(orders);
    for (Seat s = 0; s < seats_; ++s)
      if (!(verifiedBy[s] == signers[s]))
        return Err(where(t, s), "signed by ", verifiedBy[s].fingerprint(), " but the membership of this turn expects ",
                   signers[s].fingerprint());
    auto rec = ledger.apply(std::move(bundles), verifiedBy);
    if (!rec) return Err("history backfill: ", rec.message());
    if (options.snapshotEvery == 0 || (t + 1) % options.snapshotEvery != 0) rec->state.reset();
    history.push_back(std::move(*rec));
  }
  if (firstTurn_ > 0)
    if (auto f = ledger.firstFault(live.front().bundles, true)) return Err(where(firstTurn_, f->seat), liveFault(*f, firstTurn_));
  return history;
}


}  // namespace concord::replay
