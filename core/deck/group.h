// Internal to core/deck: the ristretto255 and BLAKE2b primitives the masked deck is built from (libsodium), with
// the checks libsodium leaves to the caller made once here. A valid point is a canonical ristretto255 encoding
// that is not the identity (libsodium's is_valid_point accepts the identity's all-zero encoding); a Point{} (all
// zero) is what a failed operation leaves, and no check accepts it.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include <sodium.h>

#include "core/deck/masked_deck.h"

namespace concord::deck::group {

bool isValidPoint(const Point& p);
/// s < the group order (libsodium's reduce leaves it unchanged).
bool isCanonicalScalar(const Scalar& s);
bool isZero(const Scalar& s);
/// The generator G (1·G).
const Point& generator();

// Each returns false when an input is not a valid encoding (out is then Point{}). add/sub may give the identity
// (a partial sum); mul/mulBase return false on an identity result too (libsodium's -1), or for a zero scalar.
bool add(Point& out, const Point& a, const Point& b);
bool sub(Point& out, const Point& a, const Point& b);
bool mul(Point& out, const Scalar& s, const Point& p);
bool mulBase(Point& out, const Scalar& s);

Scalar scalarMul(const Scalar& a, const Scalar& b);
Scalar scalarAdd(const Scalar& a, const Scalar& b);

/// Streaming BLAKE2b-512 (keyed when a key is given); numbers are written little-endian, labels length-prefixed.
class Blake {
 public:
  Blake();
  explicit Blake(std::span<const uint8_t> key);
  Blake(const Blake&) = delete;
  Blake& operator=(const Blake&) = delete;
  ~Blake();
  Blake& bytes(std::span<const uint8_t> b);
  Blake& label(std::string_view s);  // u32 length, then the bytes (no two labels' encodings run together)
  Blake& u8(uint8_t v);
  Blake& u16(uint16_t v);
  Blake& u32(uint32_t v);
  Blake& point(const Point& p) { return bytes(p); }
  std::array<uint8_t, 64> finish();
  /// finish(), reduced mod the group order.
  Scalar scalar();

 private:
  crypto_generichash_blake2b_state st_;
};

/// A nonzero scalar from a keyed BLAKE2b-512 of (label, a, b, counter), counting up from `counter` until the
/// reduced value is nonzero; `counter` is left at the value used, so a caller can move on to the next one.
Scalar deriveFrom(std::span<const uint8_t> key, std::string_view label, uint32_t a, uint32_t b, uint32_t& counter);

}  // namespace concord::deck::group
