// Checked integer helpers for everything a turn computes (DESIGN: determinism discipline).
// Fractions are per-mille; ratio comparisons cross-multiply; division floors on non-negative operands.
#pragma once

#include <cstdint>
#include <optional>

namespace concord::det {

// 128-bit intermediates for cross-multiplication (gcc and clang both provide them).
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/// Floor division that is correct for negative numerators too; REQUIRES: d > 0.
constexpr int64_t floorDiv(int64_t n, int64_t d) {
  int64_t q = n / d;
  return (n % d != 0 && n < 0) ? q - 1 : q;
}

/// Ceiling division; REQUIRES: d > 0.
constexpr int64_t ceilDiv(int64_t n, int64_t d) { return -floorDiv(-n, d); }

/// value * perMille / 1000, floored. Per-mille is the only fraction a turn may use.
constexpr int64_t applyPerMille(int64_t value, int64_t perMille) { return floorDiv(value * perMille, 1000); }

/// num/den as per-mille, floored; REQUIRES: den > 0.
constexpr int64_t toPerMille(int64_t num, int64_t den) { return floorDiv(num * 1000, den); }

/// Three-way compare of a/b with c/d by cross-multiplication in 128 bits; REQUIRES: b > 0, d > 0.
constexpr int compareRatio(int64_t a, int64_t b, int64_t c, int64_t d) {
  i128 l = static_cast<i128>(a) * d;
  i128 r = static_cast<i128>(c) * b;
  return l < r ? -1 : (l > r ? 1 : 0);
}

/// a + b, or nullopt on overflow.
constexpr std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a - b, or nullopt on overflow.
constexpr std::optional<int64_t> checkedSub(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a * b, or nullopt on overflow.
constexpr std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// Saturating add for scores and counters that must never wrap.
constexpr int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return b > 0 ? INT64_MAX : INT64_MIN;
  return r;
}

}  // namespace concord::det
