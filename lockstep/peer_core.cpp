#include "lockstep/peer_core.h"

namespace concord::lockstep {
namespace {

// Honest peers never send a bundle whose signature fails (every candidate is checked on arrival, so even
// relays are clean): a sender past this many failures is ignored without spending a signature check.
constexpr uint32_t kMaxBadSignatures = 16;
// Non-members (transport ids that are not a seat) share one allowance: a stranger who makes a fresh
// identity per 16 forgeries buys nothing, and no honest non-member ever sends a bundle.
constexpr uint32_t kMaxGuestBadSignatures = 64;

}  // namespace

void PeerCore::logLine(std::string line) {
  if (opt_.log) opt_.log("peer " + std::to_string(net_.self()) + ": " + line);
}

void PeerCore::reject(PeerId from, const Bundle& b, std::string why) {
  std::string line = "rejected bundle turn " + std::to_string(b.turn) + " seat " + std::to_string(b.seat) +
                     " from peer " + std::to_string(from) + ": " + why;
  rejections_.push_back(line);
  logLine(std::move(line));
}

void PeerCore::send(PeerId to, const WireMessage& m) {
  auto bytes = encodeWire(m);
  ++stats_.messagesSent;
  stats_.bytesSent += bytes.size();
  net_.send(to, bytes);
}

void PeerCore::broadcast(const WireMessage& m) {
  auto bytes = encodeWire(m);
  ++stats_.messagesSent;
  if (std::holds_alternative<BundleRequest>(m)) ++stats_.requestsSent;
  stats_.bytesSent += bytes.size();
  net_.broadcast(bytes);
}

const TurnRecord* PeerCore::record(uint32_t turn) const {
  if (turn < recordBase_ || turn - recordBase_ >= records_.size()) return nullptr;
  return &records_[turn - recordBase_];
}

const std::vector<uint8_t>* PeerCore::ringState(uint32_t turn) const {
  for (const auto& [t, bytes] : ring_)
    if (t == turn) return bytes.get();
  return nullptr;
}

bool PeerCore::holdsSeatKey(Seat s) const { return ledger_->session().seats[s].key == opt_.key.publicKey; }

uint64_t PeerCore::lastHeardMs(Seat s) const {
  auto it = lastHeard_.find(s);
  return it == lastHeard_.end() ? 0 : it->second;
}

bool PeerCore::bundlesAfter(uint32_t t) const {
  for (auto it = pending_.upper_bound(t); it != pending_.end(); ++it)
    for (const auto& slot : it->second)
      if (!slot.empty()) return true;
  return false;
}

void PeerCore::strike(PeerId from) {
  if (++badSignatures_[from] == kMaxBadSignatures)
    logLine("peer " + std::to_string(from) + " sent " + std::to_string(kMaxBadSignatures) +
            " bundles with bad signatures: ignoring its bundles from now on");
  if (from >= ledger_->session().seats.size() && ++guestBadSignatures_ == kMaxGuestBadSignatures)
    logLine("non-members sent " + std::to_string(kMaxGuestBadSignatures) +
            " bundles with bad signatures between them: ignoring every non-member's bundles from now on");
}

bool PeerCore::ignoring(PeerId from) const {
  if (auto st = badSignatures_.find(from); st != badSignatures_.end() && st->second >= kMaxBadSignatures) return true;
  return from >= ledger_->session().seats.size() && guestBadSignatures_ >= kMaxGuestBadSignatures;
}

}  // namespace concord::lockstep
