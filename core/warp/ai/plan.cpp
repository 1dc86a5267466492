// Hand-structure planning for the full stack (RULES §VII "own-trail pressure and planning"): the longest
// chain of my coordinates from my own trail's open end (only I extend it while my shields are up), then the
// longest chain of the rest from the Neutral Zone's end; what neither chain takes is stranded. A bounded
// depth-first search over hand bitmasks: integer-only, a fixed node budget, so every peer plans the same.
#include "core/warp/ai/plan.h"

#include <bit>

namespace concord::warp::ai {

namespace {

// Nodes one chain search may visit; past it the best chain found so far stands (deterministic order).
constexpr int kNodeBudget = 1500;

struct Search {
  const HandBits& hb;
  int nodes = 0;
  int bestLen = 0;
  int bestPips = 0;
  uint64_t bestUsed = 0;

  void dfs(uint8_t end, uint64_t avail, uint64_t used, int len, int pips) {
    if (len > bestLen || (len == bestLen && pips > bestPips)) {
      bestLen = len;
      bestPips = pips;
      bestUsed = used;
    }
    uint64_t cand = avail & hb.withPip[end];
    // Ascending hand order: the same walk, and so the same truncation, on every machine.
    for (uint64_t m = cand; m; m &= m - 1) {
      if (++nodes > kNodeBudget) return;
      int i = std::countr_zero(m);
      uint64_t bit = uint64_t{1} << i;
      const Tile t = hb.tiles[static_cast<size_t>(i)];
      dfs(t.other(end), avail & ~bit, used | bit, len + 1, pips + t.pips());
    }
  }
};

}  // namespace

HandBits::HandBits(const std::vector<Tile>& hand) {
  usable = hand.size() <= 64;
  if (!usable) return;
  tiles = hand;
  for (size_t i = 0; i < hand.size(); ++i) {
    uint64_t bit = uint64_t{1} << i;
    withPip[hand[i].hi] |= bit;
    withPip[hand[i].lo] |= bit;
    all |= bit;
  }
}

Chain longestChain(const HandBits& hb, uint64_t avail, uint8_t end) {
  Search s{hb};
  s.dfs(end, avail, 0, 0, 0);
  return Chain{s.bestLen, s.bestPips, s.bestUsed};
}

Plan planHand(const HandBits& hb, uint64_t avail, uint8_t ownEnd, uint8_t nzEnd) {
  Plan p;
  Chain own = longestChain(hb, avail, ownEnd);
  Chain nz = longestChain(hb, avail & ~own.used, nzEnd);
  p.own = own.len;
  p.nz = nz.len;
  uint64_t stranded = avail & ~own.used & ~nz.used;
  p.stranded = std::popcount(stranded);
  for (uint64_t m = stranded; m; m &= m - 1) {
    const Tile t = hb.tiles[static_cast<size_t>(std::countr_zero(m))];
    p.strandedPips += t.pips();
    if (t.isDouble()) ++p.strandedDoubles;
  }
  return p;
}

}  // namespace concord::warp::ai
