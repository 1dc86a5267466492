// CONCORD_TEST_SCALE=N divides the iteration counts of the heaviest property loops (the sanitizer pass sets
// 4; the gcc -O2 pass runs the full counts). Like SQLite's quick/full split: every check still runs, on
// fewer seeds.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

namespace concord::testing {

inline uint64_t testScale() {
  const char* s = std::getenv("CONCORD_TEST_SCALE");
  if (!s || !*s) return 1;
  uint64_t n = std::strtoull(s, nullptr, 10);
  return n == 0 ? 1 : n;
}

/// `full` iterations divided by the scale, at least one.
inline uint64_t scaled(uint64_t full) {
  uint64_t n = full / testScale();
  return n == 0 ? 1 : n;
}

}  // namespace concord::testing
