// Hand-structure planning (plan.cpp): chains of my own coordinates from the open ends I can use.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/warp/tiles.h"

namespace concord::warp::ai {

/// A hand as bitmasks: bit i is hand[i]; withPip[p] holds the coordinates showing p (up to 64 held).
struct HandBits {
  std::vector<Tile> tiles;
  std::array<uint64_t, 19> withPip{};
  uint64_t all = 0;
  bool usable = false;
  explicit HandBits(const std::vector<Tile>& hand);
};

/// The longest chain from `end` through `avail` (ties: more pips), and the coordinates it uses.
struct Chain {
  int len = 0;
  int pips = 0;
  uint64_t used = 0;
};
Chain longestChain(const HandBits& hb, uint64_t avail, uint8_t end);

/// How `avail` would be played out: a chain on my own trail, a chain of the rest on the Neutral Zone, and
/// what neither reaches (stranded: it waits for a draw-free chance or stays in hand).
struct Plan {
  int own = 0;
  int nz = 0;
  int stranded = 0;
  int strandedPips = 0;
  int strandedDoubles = 0;
};
Plan planHand(const HandBits& hb, uint64_t avail, uint8_t ownEnd, uint8_t nzEnd);

}  // namespace concord::warp::ai
