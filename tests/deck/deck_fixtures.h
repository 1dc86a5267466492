// Shared helpers of the masked deck tests (issue 26): holders with fixed keys, their shuffled deck, contexts.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <string>

#include <sodium.h>

#include "core/deck/masked_deck.h"

namespace deck_test {

using namespace concord;
using namespace concord::deck;

constexpr uint32_t kEpoch = 3;

using Key = std::array<uint8_t, 32>;

inline Key keyOf(int seat) {
  Key k{};
  for (size_t i = 0; i < k.size(); ++i) k[i] = static_cast<uint8_t>(seat * 31 + static_cast<int>(i) * 7 + 1);
  return k;
}

struct Holder {
  uint16_t seat = 0;
  Key key{};
  Scalar x{};
  Point X{};
};

inline Holder holder(uint16_t seat) {
  Holder h;
  h.seat = seat;
  h.key = keyOf(seat);
  h.x = deriveScalar(h.key, "key", kEpoch, seat);
  h.X = publicKey(h.x);
  return h;
}

inline std::vector<Holder> holders(int n) {
  std::vector<Holder> hs;
  for (int j = 0; j < n; ++j) hs.push_back(holder(static_cast<uint16_t>(j)));
  return hs;
}

inline Point jointOf(const std::vector<Holder>& hs) {
  std::vector<Point> keys;
  for (const auto& h : hs) keys.push_back(h.X);
  return jointKey(keys);
}

inline Context context(uint16_t seat, uint16_t position, Purpose purpose) {
  Context c;
  for (size_t i = 0; i < c.gameId.size(); ++i) c.gameId[i] = static_cast<uint8_t>(0xA0 + i);
  c.epoch = kEpoch;
  c.holder = seat;
  c.position = position;
  c.purpose = static_cast<uint8_t>(purpose);
  return c;
}

inline std::vector<uint16_t> tileRange(uint16_t n) {
  std::vector<uint16_t> t(n);
  std::iota(t.begin(), t.end(), uint16_t{0});
  return t;
}

// Every holder re-masks in turn (seat order).
inline std::vector<Cipher> shuffled(const std::vector<Holder>& hs, std::span<const uint16_t> tiles) {
  const Point H = jointOf(hs);
  auto deck = openDeck(tiles, H);
  for (const auto& h : hs) deck = remask(deck, H, h.key, kEpoch);
  return deck;
}

// Every holder's own share: the omniscient unmask (the audit's view).
inline std::optional<uint16_t> openFully(const TileTable& table, const std::vector<Holder>& hs, const Cipher& c) {
  std::vector<Point> ds;
  for (const auto& h : hs) ds.push_back(ownShare(h.x, c));
  return table.tileOf(unmask(c, ds));
}

inline bool valid(const Point& p) {
  return crypto_core_ristretto255_is_valid_point(p.data()) == 1 && !sodium_is_zero(p.data(), p.size());
}

inline Scalar plusOne(const Scalar& s) {
  Scalar one{}, out{};
  one[0] = 1;
  crypto_core_ristretto255_scalar_add(out.data(), s.data(), one.data());
  return out;
}

inline std::string hex(std::span<const uint8_t> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t v : b) {
    s += d[v >> 4];
    s += d[v & 15];
  }
  return s;
}

// The group order L, little-endian: the smallest scalar that is not reduced.
constexpr Scalar kOrder = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                           0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};


}  // namespace deck_test
