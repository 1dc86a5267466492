// The state hash: XXH3-128 over canonical bytes. One algorithm for seals, chains and digests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace concord::det {

/// A 128-bit digest; zero means "none" (e.g. the Seal before turn 0).
struct Hash128 {
  uint64_t lo = 0;
  uint64_t hi = 0;
  friend bool operator==(const Hash128&, const Hash128&) = default;
  bool isZero() const { return lo == 0 && hi == 0; }
  /// 32 lowercase hex digits, high half first (the way XXH3 prints its canonical form).
  std::string hex() const;
  /// First 12 hex digits: enough to tell hashes apart in a log line.
  std::string shortHex() const { return hex().substr(0, 12); }
};

/// XXH3-128 of bytes.
Hash128 hash128(std::span<const uint8_t> bytes);
Hash128 hash128(const void* data, size_t size);

/// Streaming XXH3-128, for hashing several pieces as one message.
class Hasher {
 public:
  Hasher();
  ~Hasher();
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;
  void update(std::span<const uint8_t> bytes);
  void update(const void* data, size_t size);
  void update(const Hash128& h);
  Hash128 digest() const;

 private:
  void* state_;
};

/// XXH3-64, for seeding RNG streams.
uint64_t hash64(const void* data, size_t size, uint64_t seed);

}  // namespace concord::det
