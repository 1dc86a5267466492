// Warp coordinates (domino tiles): a pair of pip ends, stored high end first. RULES §I lexicon, §II sets.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::warp {

/// One coordinate. Invariant: hi >= lo. Written "12-5" (high end first); parsed in either order.
struct Tile {
  uint8_t hi = 0;
  uint8_t lo = 0;

  static Tile of(uint8_t a, uint8_t b) { return a >= b ? Tile{a, b} : Tile{b, a}; }
  bool isDouble() const { return hi == lo; }
  bool has(uint8_t pip) const { return hi == pip || lo == pip; }
  /// The end left open when this tile is attached to `pip`. REQUIRES: has(pip).
  uint8_t other(uint8_t pip) const { return hi == pip ? lo : hi; }
  /// RULES §V "Count a hand": both ends added together.
  int pips() const { return hi + lo; }
  /// Dense index 0..(n+1)(n+2)/2-1, ascending by (hi, lo).
  int index() const { return hi * (hi + 1) / 2 + lo; }
  std::string text() const { return hi == 0xF0 ? std::string("?") : std::to_string(hi) + "-" + std::to_string(lo); }

  friend bool operator==(const Tile&, const Tile&) = default;
  friend auto operator<=>(const Tile& a, const Tile& b) { return a.index() <=> b.index(); }
};

/// A hidden-deal placeholder (issue 26): the coordinate at masked-deck position `lo`, value unknown to this state.
/// Both ends are above every pip (lo = position + 32, positions < 190), so it matches no open end, is never a
/// double and sorts after every real coordinate.
inline constexpr uint8_t kUnknownHi = 0xF0;
inline constexpr uint8_t kUnknownLoBase = 32;
inline Tile unknownTile(uint8_t position) { return Tile{kUnknownHi, static_cast<uint8_t>(position + kUnknownLoBase)}; }
inline bool isUnknown(Tile t) { return t.hi == kUnknownHi; }
inline uint8_t unknownPosition(Tile t) { return static_cast<uint8_t>(t.lo - kUnknownLoBase); }

/// Parses "12-5" or "5-12"; nullopt unless both ends are 0..maxPip.
inline std::optional<Tile> parseTile(std::string_view s, int maxPip) {
  auto dash = s.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 >= s.size()) return std::nullopt;
  auto num = [](std::string_view t) -> int {
    if (t.size() > 2) return -1;
    int v = 0;
    for (char c : t) {
      if (c < '0' || c > '9') return -1;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  int a = num(s.substr(0, dash));
  int b = num(s.substr(dash + 1));
  if (a < 0 || b < 0 || a > maxPip || b > maxPip) return std::nullopt;
  return Tile::of(static_cast<uint8_t>(a), static_cast<uint8_t>(b));
}

/// The full double-`maxPip` set in ascending index order (RULES §II table: 55 / 91 / 136 / 190).
inline std::vector<Tile> fullSet(int maxPip) {
  std::vector<Tile> v;
  for (int h = 0; h <= maxPip; ++h)
    for (int l = 0; l <= h; ++l) v.push_back(Tile{static_cast<uint8_t>(h), static_cast<uint8_t>(l)});
  return v;
}

inline std::string tilesText(const std::vector<Tile>& ts) {
  std::string s;
  for (const auto& t : ts) s += (s.empty() ? "" : " ") + t.text();
  return s;
}

}  // namespace concord::warp
