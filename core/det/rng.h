// The one PRNG: xoshiro256** seeded through SplitMix64, in named streams (docs/determinism.md).
// A stream's state is part of the hashed game state; each subsystem draws only from its own stream.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::det {

/// The 32-byte game seed agreed by commit-reveal (lockstep/commit_reveal.h).
struct Seed {
  std::array<uint8_t, 32> bytes{};
  friend bool operator==(const Seed&, const Seed&) = default;
};

/// SplitMix64 step: the seeding function of docs/determinism.md.
uint64_t splitMix64(uint64_t& state);

class Rng {
 public:
  /// The stream named `name` ("deal", "ai.3") of the game seeded by `seed`.
  static Rng stream(const Seed& seed, std::string_view name);
  /// A stream seeded from a single integer (tests and tools only).
  static Rng fromU64(uint64_t seed);

  /// The next raw 64-bit output of xoshiro256**.
  uint64_t next();
  /// Uniform in [0, bound); REQUIRES: bound > 0. Lemire's multiply-shift with rejection: unbiased.
  uint64_t below(uint64_t bound);
  /// Uniform in [lo, hi]; REQUIRES: lo <= hi.
  int64_t between(int64_t lo, int64_t hi);
  /// Fisher-Yates from the back: for i = n-1 down to 1, swap v[i] with v[below(i+1)].
  template <class T>
  void shuffle(T& v) {
    for (size_t i = v.size(); i > 1; --i) {
      size_t j = static_cast<size_t>(below(i));
      std::swap(v[i - 1], v[j]);
    }
  }

  /// The four state words as u64 fields; `out` is a Writer or a Writer::Block.
  template <class Out>
  void write(Out& out, std::string_view name) const {
    out.begin(name);
    out.u64("s0", s_[0]);
    out.u64("s1", s_[1]);
    out.u64("s2", s_[2]);
    out.u64("s3", s_[3]);
    out.end();
  }
  static Rng read(Reader& r, std::string_view name);
  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  std::array<uint64_t, 4> s_{};
};

}  // namespace concord::det
