#include <gtest/gtest.h>

#include <string>

#include "core/det/hash.h"

using namespace concord::det;

TEST(Hash, StreamingEqualsOneShot) {
  std::string s = "the quick brown fox jumps over the lazy dog";
  Hasher h;
  h.update(s.data(), 10);
  h.update(s.data() + 10, s.size() - 10);
  EXPECT_EQ(h.digest(), hash128(s.data(), s.size()));
}

TEST(Hash, PinnedXxh3Of128Empty) {
  // XXH3-128 of the empty input, from xxHash's own test vectors.
  EXPECT_EQ(hash128(nullptr, 0).hex(), "99aa06d3014798d86001c324468d497f");
}

TEST(Hash, DifferentInputsDiffer) { EXPECT_NE(hash128("a", 1), hash128("b", 1)); }
