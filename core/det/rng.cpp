#include "core/det/rng.h"

#include <vector>

#include "core/det/checked.h"

namespace concord::det {

uint64_t splitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {
constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng Rng::fromU64(uint64_t seed) {
  Rng r;
  uint64_t sm = seed;
  for (auto& w : r.s_) w = splitMix64(sm);
  return r;
}

Rng Rng::stream(const Seed& seed, std::string_view name) {
  // The stream seed is XXH3-64 (seed 0) of the 32 seed bytes followed by the stream name's bytes.
  std::vector<uint8_t> msg(seed.bytes.begin(), seed.bytes.end());
  msg.insert(msg.end(), name.begin(), name.end());
  return fromU64(hash64(msg.data(), msg.size(), 0));
}

uint64_t Rng::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

uint64_t Rng::below(uint64_t bound) {
  u128 m = static_cast<u128>(next()) * bound;
  uint64_t low = static_cast<uint64_t>(m);
  if (low < bound) {
    const uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<u128>(next()) * bound;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

int64_t Rng::between(int64_t lo, int64_t hi) {
  uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  if (span == UINT64_MAX) return static_cast<int64_t>(next());
  return static_cast<int64_t>(static_cast<uint64_t>(lo) + below(span + 1));
}

Rng Rng::read(Reader& r, std::string_view name) {
  Rng g;
  for (auto& w : g.s_) w = r.u64(name);
  if ((g.s_[0] | g.s_[1] | g.s_[2] | g.s_[3]) == 0) r.fail(name, "all-zero xoshiro state is invalid");
  return g;
}

}  // namespace concord::det
