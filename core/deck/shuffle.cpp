// The masked deck's shuffle (masked_deck.h): the open deck, one holder's re-mask and permutation, and its
// re-computation once the holder's key is revealed. The permutation is Fisher–Yates over a keyed BLAKE2b-512
// stream (label "perm"), unbiased by rejection sampling; the masks are deriveScalar(key, "shuffle", epoch, i).
#include <numeric>

#include "core/deck/group.h"
#include "core/deck/masked_deck.h"

namespace concord::deck {

namespace {

constexpr size_t kMaxPositions = size_t{1} << 16;  // positions are u16

// u32 values from keyed BLAKE2b-512 blocks: block k hashes (label "perm", epoch, k); 16 values a block.
class PermStream {
 public:
  PermStream(std::span<const uint8_t, 32> key, uint32_t epoch) : key_(key), epoch_(epoch) {}
  uint32_t next() {
    if (used_ == 16) refill();
    const uint8_t* b = block_.data() + 4 * used_++;
    return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
  }
  /// Uniform in [0, bound): values at or above the largest multiple of bound below 2^32 are drawn again.
  uint32_t below(uint32_t bound) {
    const uint64_t zone = (uint64_t{1} << 32) / bound * bound;
    for (;;) {
      const uint32_t v = next();
      if (v < zone) return v % bound;
    }
  }

 private:
  void refill() {
    group::Blake h(key_);
    block_ = h.label("perm").u32(epoch_).u32(blocks_++).finish();
    used_ = 0;
  }
  std::span<const uint8_t, 32> key_;
  uint32_t epoch_;
  uint32_t blocks_ = 0;
  size_t used_ = 16;
  std::array<uint8_t, 64> block_{};
};

// Position i's re-mask of `src`: (c1 + r·G, c2 + r·H), r = deriveScalar(key, "shuffle", epoch, i); should the sum
// be the identity (a c1 or c2 that is −r·G or −r·H), the next scalar of the same derivation is used.
bool remaskOne(Cipher& out, const Cipher& src, const Point& H, std::span<const uint8_t, 32> key, uint32_t epoch,
               uint32_t i) {
  uint32_t counter = 0;
  for (;; ++counter) {
    Scalar r = group::deriveFrom(key, "shuffle", epoch, i, counter);
    Point rG{}, rH{};
    const bool ok = group::mulBase(rG, r) && group::mul(rH, r, H) && group::add(out.c1, src.c1, rG) &&
                    group::add(out.c2, src.c2, rH);
    sodium_memzero(r.data(), r.size());
    if (!ok) return false;  // an invalid input point: no scalar can help
    if (group::isValidPoint(out.c1) && group::isValidPoint(out.c2)) return true;
  }
}

}  // namespace

std::vector<Cipher> openDeck(std::span<const uint16_t> tiles, const Point& H) {
  if (!group::isValidPoint(H)) return {};
  std::vector<Cipher> deck(tiles.size());
  for (size_t i = 0; i < tiles.size(); ++i) {
    deck[i].c1 = group::generator();
    // M_t + H is the identity only if H = −M_t, a joint key nobody can steer there (proofs of knowledge).
    if (!group::add(deck[i].c2, tilePoint(tiles[i]), H) || !group::isValidPoint(deck[i].c2)) return {};
  }
  return deck;
}

std::vector<uint16_t> remaskPermutation(size_t n, std::span<const uint8_t, 32> key, uint32_t epoch) {
  if (n > kMaxPositions) return {};
  std::vector<uint16_t> perm(n);
  std::iota(perm.begin(), perm.end(), uint16_t{0});
  PermStream stream(key, epoch);
  for (size_t i = n; i > 1; --i) std::swap(perm[i - 1], perm[stream.below(static_cast<uint32_t>(i))]);
  return perm;
}

std::vector<Cipher> remask(std::span<const Cipher> in, const Point& H, std::span<const uint8_t, 32> key, uint32_t epoch) {
  if (in.size() > kMaxPositions || !group::isValidPoint(H)) return {};
  const auto perm = remaskPermutation(in.size(), key, epoch);
  std::vector<Cipher> out(in.size());
  for (size_t i = 0; i < in.size(); ++i)
    if (!remaskOne(out[i], in[perm[i]], H, key, epoch, static_cast<uint32_t>(i))) return {};
  return out;
}

Result<void> verifyRemask(std::span<const Cipher> in, std::span<const Cipher> out, const Point& H,
                          std::span<const uint8_t, 32> key, uint32_t epoch) {
  if (in.size() != out.size())
    return Err("the shuffled deck has ", out.size(), " positions, the deck it shuffled ", in.size());
  if (!group::isValidPoint(H)) return Err("the joint key is not a valid ristretto255 point");
  const auto again = remask(in, H, key, epoch);
  if (again.size() != in.size()) return Err("the deck before the shuffle holds a point that is not a valid ristretto255 point");
  const auto perm = remaskPermutation(in.size(), key, epoch);
  for (size_t i = 0; i < out.size(); ++i)
    if (again[i] != out[i])
      return Err("position ", i, " of the shuffled deck is not position ", perm[i],
                 " re-masked with the revealed key");
  return Ok();
}

}  // namespace concord::deck
