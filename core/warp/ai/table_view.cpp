// RULES §VII What an AI officer can see: its own hand, everything charted, hand counts, the pile count.
// redactedFor() is that view as a full WarpGame (hidden coordinates pooled in a canonical order), so an
// officer can run the real rules engine on it; determinize() re-deals the pool for one Lookahead world.
#include <algorithm>
#include <array>

#include "core/warp/state.h"

namespace concord::warp {

namespace {
// Ascending, as std::sort leaves it, in one pass over the dense indices (190 for real coordinates): verify re-derives
// every officer decision of a record, and sorting the pool was an eighth of it. Masked coordinates (unknownTile, issue 26) fall back to the sort.
void sortAscending(std::vector<Tile>& v) {
  constexpr int kDense = 256;
  std::array<uint8_t, kDense> count{};
  std::array<Tile, kDense> byIndex{};
  for (Tile t : v) {
    const int i = t.index();
    if (i >= kDense) {
      std::sort(v.begin(), v.end());
      return;
    }
    ++count[static_cast<size_t>(i)];
    byIndex[static_cast<size_t>(i)] = t;
  }
  size_t at = 0;
  for (size_t i = 0; i < kDense; ++i)
    for (uint8_t c = count[i]; c > 0; --c) v[at++] = byIndex[i];
}
}  // namespace

void WarpGame::redealHidden(Seat viewer, det::Rng* rng) {
  const bool wagerSeen = phase_ == Phase::Wager && viewer == toAct_;
  const bool peekSeen = peekSeat_ == viewer && !pile_.empty();
  // The pool: every coordinate the viewer cannot see, whatever the order it lies in.
  std::vector<Tile> pool;
  for (uint8_t s = 0; s < seats_; ++s) {
    if (s == viewer) continue;
    pool.insert(pool.end(), seat_[s].hand.begin(), seat_[s].hand.end());
    pool.insert(pool.end(), seat_[s].pack.begin(), seat_[s].pack.end());
  }
  if (!wagerSeen) pool.insert(pool.end(), wager_.begin(), wager_.end());
  std::optional<Tile> top;
  if (peekSeen) top = pile_.back();  // §VI Alpha Peek: the invoker knows the next coordinate
  pool.insert(pool.end(), pile_.begin(), pile_.end() - (peekSeen ? 1 : 0));
  sortAscending(pool);
  // Issue 26: on a hidden table the viewer's copy holds placeholders there; the pool is what no place names
  // (the same coordinates an open table would pool, so an officer sees the same either way).
  if (!pool.empty() && isUnknown(pool.back())) {
    std::vector<Tile> known;
    for (Tile t : pool)
      if (!isUnknown(t)) known.push_back(t);
    pool = unseenTiles();
    pool.insert(pool.end(), known.begin(), known.end());
    std::sort(pool.begin(), pool.end());
  }
  if (rng) rng->shuffle(pool);
  size_t at = 0;
  auto take = [&](std::vector<Tile>& into) {
    for (auto& t : into) t = pool[at++];
    std::sort(into.begin(), into.end());
  };
  for (uint8_t s = 0; s < seats_; ++s) {
    if (s == viewer) continue;
    take(seat_[s].hand);
    take(seat_[s].pack);
  }
  if (!wagerSeen)
    for (auto& t : wager_) t = pool[at++];
  pile_.assign(pool.begin() + static_cast<std::ptrdiff_t>(at), pool.end());
  if (top) pile_.push_back(*top);
  // The deal stream decides future deals and wager returns: unknowable, so zeroed or guessed.
  deal_ = det::Rng::fromU64(rng ? rng->next() : 0);
  // The coordinate just drawn is known only to the drawer; it matters while it must be charted.
  if (!(mustChartDrawn_ && toAct_ == viewer)) {
    const auto& h = seat_[toAct_].hand;
    drawn_ = mustChartDrawn_ && !h.empty() ? h.back() : Tile{};
  }
}

WarpGame WarpGame::withoutLogs() const {
  WarpGame g = *this;
  // Event logs may name drawn or exchanged coordinates; an officer reads the table, not the log.
  g.log_ = RoundLog{};
  g.prevLog_ = RoundLog{};
  g.logBase_ = 0;
  return g;
}

WarpGame WarpGame::redactedFor(Seat viewer) const {
  WarpGame g = withoutLogs();
  g.redealHidden(viewer, nullptr);
  return g;
}

void WarpGame::determinize(Seat viewer, det::Rng& rng) { redealHidden(viewer, &rng); }

}  // namespace concord::warp
