// A test seed from a small number: the number's little-endian bytes, the rest zero (the form the goldens were made with).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/det/rng.h"

namespace concord::test_support {

inline det::Seed seedOf(uint64_t v) {
  det::Seed s;
  for (size_t i = 0; i < 8; ++i) s.bytes[i] = static_cast<uint8_t>(v >> (8 * i));
  return s;
}

}  // namespace concord::test_support
