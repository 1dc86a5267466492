#include "core/det/hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdio>

namespace concord::det {

std::string Hash128::hex() const {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                static_cast<unsigned long long>(lo));
  return std::string(buf, 32);
}

Hash128 hash128(const void* data, size_t size) {
  XXH128_hash_t h = XXH3_128bits(data, size);
  return Hash128{h.low64, h.high64};
}

Hash128 hash128(std::span<const uint8_t> bytes) { return hash128(bytes.data(), bytes.size()); }

Hasher::Hasher() : state_(XXH3_createState()) { XXH3_128bits_reset(static_cast<XXH3_state_t*>(state_)); }
Hasher::~Hasher() { XXH3_freeState(static_cast<XXH3_state_t*>(state_)); }

void Hasher::update(const void* data, size_t size) {
  XXH3_128bits_update(static_cast<XXH3_state_t*>(state_), data, size);
}
void Hasher::update(std::span<const uint8_t> bytes) { update(bytes.data(), bytes.size()); }
void Hasher::update(const Hash128& h) {
  uint8_t b[16];
  for (int i = 0; i < 8; ++i) {
    b[i] = static_cast<uint8_t>(h.lo >> (8 * i));
    b[8 + i] = static_cast<uint8_t>(h.hi >> (8 * i));
  }
  update(b, sizeof b);
}
Hash128 Hasher::digest() const {
  XXH128_hash_t h = XXH3_128bits_digest(static_cast<XXH3_state_t*>(state_));
  return Hash128{h.low64, h.high64};
}

uint64_t hash64(const void* data, size_t size, uint64_t seed) { return XXH3_64bits_withSeed(data, size, seed); }

}  // namespace concord::det
