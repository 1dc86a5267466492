// The ristretto255 and BLAKE2b primitives of the masked deck (group.h). Pure functions of their inputs: no
// randomness source is touched (no sodium_init either: libsodium's reference BLAKE2b and ristretto255 code needs
// none, and gives the same bytes as its optimised paths).
#include "core/deck/group.h"

#include <cstring>

namespace concord::deck::group {

bool isValidPoint(const Point& p) {
  return crypto_core_ristretto255_is_valid_point(p.data()) == 1 && sodium_is_zero(p.data(), p.size()) == 0;
}

bool isCanonicalScalar(const Scalar& s) {
  std::array<uint8_t, crypto_core_ristretto255_NONREDUCEDSCALARBYTES> wide{};
  std::memcpy(wide.data(), s.data(), s.size());
  Scalar reduced{};
  crypto_core_ristretto255_scalar_reduce(reduced.data(), wide.data());
  return reduced == s;
}

bool isZero(const Scalar& s) { return sodium_is_zero(s.data(), s.size()) == 1; }

const Point& generator() {
  static const Point g = [] {
    Scalar one{};
    one[0] = 1;
    Point p{};
    crypto_scalarmult_ristretto255_base(p.data(), one.data());
    return p;
  }();
  return g;
}

bool add(Point& out, const Point& a, const Point& b) {
  if (crypto_core_ristretto255_add(out.data(), a.data(), b.data()) == 0) return true;
  out = Point{};
  return false;
}

bool sub(Point& out, const Point& a, const Point& b) {
  if (crypto_core_ristretto255_sub(out.data(), a.data(), b.data()) == 0) return true;
  out = Point{};
  return false;
}

bool mul(Point& out, const Scalar& s, const Point& p) {
  // libsodium clears the scalar's top bit: only reduced scalars mean what they say.
  if (isCanonicalScalar(s) && crypto_scalarmult_ristretto255(out.data(), s.data(), p.data()) == 0) return true;
  out = Point{};
  return false;
}

bool mulBase(Point& out, const Scalar& s) {
  if (isCanonicalScalar(s) && crypto_scalarmult_ristretto255_base(out.data(), s.data()) == 0) return true;
  out = Point{};
  return false;
}

Scalar scalarMul(const Scalar& a, const Scalar& b) {
  Scalar z{};
  crypto_core_ristretto255_scalar_mul(z.data(), a.data(), b.data());
  return z;
}

Scalar scalarAdd(const Scalar& a, const Scalar& b) {
  Scalar z{};
  crypto_core_ristretto255_scalar_add(z.data(), a.data(), b.data());
  return z;
}

Blake::Blake() { crypto_generichash_blake2b_init(&st_, nullptr, 0, crypto_generichash_blake2b_BYTES_MAX); }

Blake::Blake(std::span<const uint8_t> key) {
  crypto_generichash_blake2b_init(&st_, key.data(), key.size(), crypto_generichash_blake2b_BYTES_MAX);
}

Blake::~Blake() { sodium_memzero(&st_, sizeof st_); }

Blake& Blake::bytes(std::span<const uint8_t> b) {
  crypto_generichash_blake2b_update(&st_, b.data(), b.size());
  return *this;
}

Blake& Blake::label(std::string_view s) {
  u32(static_cast<uint32_t>(s.size()));
  crypto_generichash_blake2b_update(&st_, reinterpret_cast<const unsigned char*>(s.data()), s.size());
  return *this;
}

Blake& Blake::u8(uint8_t v) { return bytes(std::span<const uint8_t>(&v, 1)); }

Blake& Blake::u16(uint16_t v) {
  const uint8_t b[2] = {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)};
  return bytes(b);
}

Blake& Blake::u32(uint32_t v) {
  const uint8_t b[4] = {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v >> 16),
                        static_cast<uint8_t>(v >> 24)};
  return bytes(b);
}

std::array<uint8_t, 64> Blake::finish() {
  std::array<uint8_t, 64> out{};
  crypto_generichash_blake2b_final(&st_, out.data(), out.size());
  return out;
}

Scalar Blake::scalar() {
  auto wide = finish();
  Scalar s{};
  crypto_core_ristretto255_scalar_reduce(s.data(), wide.data());
  sodium_memzero(wide.data(), wide.size());
  return s;
}

Scalar deriveFrom(std::span<const uint8_t> key, std::string_view label, uint32_t a, uint32_t b, uint32_t& counter) {
  for (;; ++counter) {
    Blake h(key);
    Scalar s = h.label(label).u32(a).u32(b).u32(counter).scalar();
    if (!isZero(s)) return s;
  }
}

}  // namespace concord::deck::group
