// The masked deck's orders (issue 26): what a key holder's bundle carries besides its game orders. Kinds sit in
// their own range below the pipeline's system orders, so the hidden table takes them before the rules see a turn.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/deck/masked_deck.h"
#include "core/det/result.h"
#include "core/game/types.h"

namespace concord::warp::hidden {

enum DeckKind : uint16_t {
  kDeckKey = 0xD001,      // KeyProof: the holder's public key with its proof of knowledge
  kDeckShuffle = 0xD002,  // epoch, first position, ciphers: a slice of the holder's re-masked, permuted deck
  kDeckShares = 0xD003,   // epoch, shares: unmasking shares (a draw's, a proved play's, a round's reveal)
  kDeckClaim = 0xD004,    // seat, could chart: a polled captain's claim (§V Blocked sector), audited at the end
  kDeckSecret = 0xD005,   // the holder's 32-byte deck key, revealed when the sector ends
};
inline bool isDeckOrder(const Order& o) { return o.kind >= kDeckKey && o.kind <= kDeckSecret; }
/// Ciphers per shuffle order and shares per shares order, so a payload stays under Order::kMaxPayload.
inline constexpr size_t kCiphersPerOrder = 15;
inline constexpr size_t kSharesPerOrder = 10;

struct ShuffleSlice {
  uint32_t epoch = 0;
  uint16_t first = 0;
  std::vector<deck::Cipher> ciphers;
};
struct ShareBatch {
  uint32_t epoch = 0;
  std::vector<deck::Share> shares;
};
struct Claim {
  Seat seat = 0;
  bool couldChart = false;
};
using DeckKey = std::array<uint8_t, 32>;

Order keyOrder(const deck::KeyProof& p);
std::vector<Order> shuffleOrders(uint32_t epoch, const std::vector<deck::Cipher>& deck);
std::vector<Order> shareOrders(uint32_t epoch, const std::vector<deck::Share>& shares);
Order claimOrder(Claim c);
Order secretOrder(const DeckKey& key);

// Strict decoders: the error names the field (fuzz/fuzz_deck.cpp).
Result<deck::KeyProof> readKeyOrder(const Order& o);
Result<ShuffleSlice> readShuffleOrder(const Order& o);
Result<ShareBatch> readShareOrder(const Order& o);
Result<Claim> readClaimOrder(const Order& o);
Result<DeckKey> readSecretOrder(const Order& o);

}  // namespace concord::warp::hidden
