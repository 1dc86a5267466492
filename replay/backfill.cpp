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
// What a backfill knows beside an admission refusal: why the kept history can hold such a bundle.
std::string keptHint(const lockstep::Refusal& no) {
  if (no.kind != lockstep::Refusal::Kind::Chain) return "";
  return " (no candidate kept for that slot is the one it chains to: the bundle the table applied never arrived, or "
         "the signer signed two different bundles for one of these slots: equivocation)";
}
// A backfilled turn whose admitted bundles do not follow the turn before it.
std::string keptFault(const lockstep::LinkFault& f, uint32_t t) {
  using lockstep::LinkField;
  switch (f.field) {
    case LinkField::PrevDigest:
      return "its prevDigest " + f.got.shortHex() + " differs from the digest " + f.want.shortHex() +
             " of the kept bundles of " + before(t);
    case LinkField::PrevSeal:
      return "its prevSeal " + f.got.shortHex() + " differs from the re-simulated Seal " + f.want.shortHex() + " of " + before(t);
    case LinkField::Header:
    case LinkField::Chain: break;
  }
  return f.describe();
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
  size_t n = sizeof(Kept) + 64;  // the candidate and its share of the slot's map node and vector
  for (const auto& o : b.orders) n += sizeof(Order) + o.payload.size();
  return n;
}

std::vector<std::pair<uint32_t, Seat>> HistoryBackfill::missing(size_t max) const {
  std::vector<std::pair<uint32_t, Seat>> out;
  // Anchored: first the slots the walk waits on (always empty), ascending, so they are asked for even when more
  // than `max` holes lie below them; then every other hole, ascending.
  std::vector<size_t> waits;
  if (anchored())
    for (Seat s = 0; s < seats_; ++s)
      if (low_[s] > 0) waits.push_back(index(low_[s] - 1, s));
  std::sort(waits.begin(), waits.end());
  for (size_t w : waits)
    if (out.size() < max) out.emplace_back(static_cast<uint32_t>(w / seats_), static_cast<Seat>(w % seats_));
  const size_t end = need();
  size_t i = firstHole_;
  auto it = slots_.lower_bound(i);
  while (i < end && out.size() < max) {
    if (it != slots_.end() && it->first == i) {
      ++it;
    } else if (!std::binary_search(waits.begin(), waits.end(), i)) {
      out.emplace_back(static_cast<uint32_t>(i / seats_), static_cast<Seat>(i % seats_));
    }
    ++i;
  }
  return out;
}

std::optional<lockstep::Bundle> HistoryBackfill::find(uint32_t turn, Seat seat) const {
  // Only what the walk chose: before it reaches a slot, its candidates may include the losing side of a race.
  if (turn >= firstTurn_ || seat >= seats_ || !anchored() || turn < low_[seat]) return std::nullopt;
  auto it = slots_.find(index(turn, seat));
  if (it == slots_.end()) return std::nullopt;
  return it->second.front().bundle;
}

Result<void> HistoryBackfill::anchor(std::span<const det::Hash128> heads) {
  if (heads.size() != seats_)
    return Err("history backfill: ", heads.size(), " chain heads for ", static_cast<size_t>(seats_), " seats");
  if (anchored()) {
    if (std::equal(heads.begin(), heads.end(), heads_.begin())) return Ok();
    return Err("history backfill: already anchored to other chain heads (of the turn before turn ", firstTurn_, ")");
  }
  heads_.assign(heads.begin(), heads.end());
  low_.assign(seats_, firstTurn_);
  want_.assign(heads.begin(), heads.end());
  for (Seat s = 0; s < seats_; ++s) walk(s);
  return Ok();
}

template <class Pred>
void HistoryBackfill::dropWhere(size_t i, Pred drop) {
  auto it = slots_.find(i);
  if (it == slots_.end()) return;
  std::erase_if(it->second, [&](const Kept& k) {
    if (!drop(k)) return false;
    bytes_ -= cost(k.bundle);
    return true;
  });
  if (!it->second.empty()) return;
  slots_.erase(it);
  firstHole_ = std::min(firstHole_, i);
}

void HistoryBackfill::walk(Seat s) {
  while (low_[s] > 0) {
    const size_t i = index(low_[s] - 1, s);
    const det::Hash128 want = want_[s];
    // Candidates of another body are the other side of a race (or an equivocation): they go, so they cannot
    // fill the cap while the right one is asked for again.
    dropWhere(i, [&](const Kept& k) { return !(k.body == want); });
    auto it = slots_.find(i);
    if (it == slots_.end()) return;  // missing: requested until the bundle the chain needs arrives
    --low_[s];
    want_[s] = it->second.front().bundle.chain;
  }
}

Result<void> HistoryBackfill::consider(const lockstep::Bundle& b) {
  if (b.turn >= firstTurn_)
    return Err("history backfill: turn ", b.turn, " is not before our snapshot (turn ", firstTurn_, ")");
  if (b.seat >= seats_) return Err("history backfill: seat ", static_cast<size_t>(b.seat), " is not a seat of this game");
  const std::string at = where(b.turn, b.seat);
  if (b.gameId != gameId_) return Err(at, "a bundle of another game");
  if (b.orders.size() > lockstep::kMaxOrdersPerBundle) return Err(at, b.orders.size(), " orders (beyond the bundle limit)");
  for (const auto& o : b.orders)
    if (o.payload.size() > Order::kMaxPayload) return Err(at, "an order payload beyond the limit");
  const size_t i = index(b.turn, b.seat);
  const det::Hash128 body = b.bodyHash();
  auto it = slots_.find(i);
  if (anchored()) {
    if (b.turn >= low_[b.seat] && !(body == it->second.front().body))
      return Err(at, "its body hash ", body.shortHex(), " is not ", it->second.front().body.shortHex(),
                 ", the bundle the live records chain to (the other side of a race, or an equivocation)");
    if (b.turn + 1 == low_[b.seat] && !(body == want_[b.seat]))
      return Err(at, "its body hash ", body.shortHex(), " is not ", want_[b.seat].shortHex(),
                 ", what the seat's chosen bundle of turn ", b.turn + 1, " chains to (the other side of a race?)");
  }
  if (it != slots_.end()) {
    for (const auto& k : it->second)
      if (k.bundle == b) return Err(at, "already kept");
    if (it->second.size() >= kMaxCandidates)
      return Err(at, "the slot already holds ", kMaxCandidates,
                 " different validly signed bundles, the most kept per slot (a member flooding it?)");
  }
  // The bundle the walk needs is the history itself (its body hash is chained from the anchor): never refused for
  // bytes that wrong candidates below the walk hold, so a member flooding those cannot stall the walk.
  const bool needed = anchored() && b.turn + 1 == low_[b.seat];
  const size_t c = cost(b);
  if (!needed && bytes_ + c > budget_) return Err(at, "beyond the byte budget of ", budget_, " bytes");
  // Any member may have signed it (the owner, or a steward); write() admits it against the expected one.
  const auto key = lockstep::memberSigner(session_, b);
  if (!key) return Err(at, "its signature does not verify against any key of this game");
  const auto signer = static_cast<size_t>(std::find(keys_.begin(), keys_.end(), *key) - keys_.begin());
  if (it != slots_.end())
    for (const auto& k : it->second)
      if (k.body == body && k.key == signer) return Err(at, "already kept (the same body, signed again by the same key)");
  slots_[i].push_back(Kept{b, body, signer});
  bytes_ += c;
  for (auto h = slots_.find(firstHole_); h != slots_.end() && h->first == firstHole_; ++h) ++firstHole_;
  if (anchored() && b.turn + 1 == low_[b.seat]) walk(b.seat);
  return Ok();
}

std::vector<uint8_t> HistoryBackfill::choose(std::span<const lockstep::Bundle> firstLive) const {
  std::vector<uint8_t> pick(need(), 0);
  for (Seat s = 0; s < seats_; ++s) {
    det::Hash128 want = firstLive[s].chain;
    for (uint32_t t = firstTurn_; t-- > 0;) {
      const size_t i = index(t, s);
      const Candidates& c = slots_.at(i);
      size_t j = 0;
      while (j < c.size() && !(c[j].body == want)) ++j;
      if (j == c.size()) j = 0;  // none is the needed body: the first one, so that pass 1 names the fault
      pick[i] = static_cast<uint8_t>(j);
      want = c[j].bundle.chain;
    }
  }
  return pick;
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
  // The slots' bundles: the history the live records chain to, walking backwards from the first one.
  const auto pick = firstTurn_ > 0 ? choose(live.front().bundles) : std::vector<uint8_t>{};
  std::vector<lockstep::TurnRecord> history;
  history.reserve(firstTurn_);
  for (uint32_t t = 0; t < firstTurn_; ++t) {
    if (t > 0 && ledger.over())
      return Err(where(t, 0), "the game was already over after turn ", t - 1,
                 " (bundles for turns that never happened)");
    std::vector<const Kept*> picked;
    std::vector<std::vector<Order>> orders;
    for (Seat s = 0; s < seats_; ++s) {
      picked.push_back(&slots_.at(index(t, s))[pick[index(t, s)]]);
      orders.push_back(picked.back()->bundle.orders);
    }
    const auto substituted = lockstep::substitutedThisTurn(orders);
    std::vector<lockstep::Arrival> turn;
    std::vector<lockstep::Bundle> bundles;
    for (Seat s = 0; s < seats_; ++s) {
      // One body signed by two members (an owner and a substitute that decided alike): the expected signer's copy.
      const auto expected = ledger.expectedSigner(s, substituted);
      for (const auto& k : slots_.at(index(t, s)))
        if (k.body == picked[s]->body && keys_[k.key] == expected) picked[s] = &k;
      // consider() checked the signature against this key: admission compares keys, it does not verify again.
      turn.push_back(lockstep::Arrival::checked(picked[s]->bundle, picked[s]->body, keys_[picked[s]->key]));
      if (auto no = ledger.admit(turn.back(), substituted)) return Err(where(t, s), no->why, keptHint(*no));
      bundles.push_back(picked[s]->bundle);
    }
    if (auto f = ledger.sealFault(bundles, true)) return Err(where(t, f->seat), keptFault(*f, t));
    auto rec = ledger.apply(std::move(turn));
    if (!rec) return Err("history backfill: ", rec.message());
    if (options.snapshotEvery == 0 || (t + 1) % options.snapshotEvery != 0) rec->state.reset();
    history.push_back(std::move(*rec));
  }
  if (firstTurn_ > 0)
    if (auto f = ledger.firstFault(live.front().bundles, true)) return Err(where(firstTurn_, f->seat), liveFault(*f, firstTurn_));
  return history;
}


}  // namespace concord::replay
