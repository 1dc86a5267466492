// The hidden deal (issue 26): the Warp state a masked-deck table shares. Coordinates nobody has revealed are
// placeholders named by their masked-deck position (unknownTile); the table reveals them one by one as shares
// and proved plays arrive (core/warp/hidden/). Rules that would read a hidden value ask the table instead:
// §V Blocked sector asks the captains' claims, §IV Dead double counts the coordinates no place names.
#include <algorithm>

#include "core/warp/state.h"

namespace concord::warp {

namespace {
bool swapIn(std::vector<Tile>& v, Tile from, Tile to, bool sorted) {
  auto it = std::find(v.begin(), v.end(), from);
  if (it == v.end()) return false;
  *it = to;
  if (sorted) std::sort(v.begin(), v.end());
  return true;
}
}  // namespace

bool WarpGame::anyUnknown() const {
  auto has = [](const std::vector<Tile>& v) { return std::any_of(v.begin(), v.end(), isUnknown); };
  for (const auto& st : seat_)
    if (has(st.hand) || has(st.pack)) return true;
  return has(pile_) || has(grid_) || has(wager_);
}

bool WarpGame::reveal(uint8_t position, Tile t) {
  if (isUnknown(t) || t.hi > cfg_.maxPip || t.lo > t.hi) return false;
  // A coordinate already named somewhere cannot also hide at this position.
  if (auto u = unseenTiles(); !std::binary_search(u.begin(), u.end(), t)) return false;
  const Tile from = unknownTile(position);
  bool found = false;
  for (auto& st : seat_) {
    found = swapIn(st.hand, from, t, true) || found;
    found = swapIn(st.pack, from, t, true) || found;
  }
  found = swapIn(pile_, from, t, false) || found;
  found = swapIn(grid_, from, t, false) || found;
  found = swapIn(wager_, from, t, false) || found;
  if (drawn_ == from) drawn_ = t;
  return found;
}

std::vector<WarpGame::UnknownAt> WarpGame::unknowns() const {
  std::vector<UnknownAt> out;
  auto collect = [&](const std::vector<Tile>& v, uint8_t seat) {
    for (Tile t : v)
      if (isUnknown(t)) out.push_back({unknownPosition(t), seat});
  };
  for (uint8_t s = 0; s < seats_; ++s) {
    collect(seat_[s].hand, s);
    collect(seat_[s].pack, s);
  }
  collect(pile_, kNone);
  // §VI Alpha Peek: the invoker looks at the top of Uncharted, so the others open it to them alone.
  if (peekSeat_ != kNone && !pile_.empty() && isUnknown(pile_.back()))
    for (auto& u : out)
      if (u.position == unknownPosition(pile_.back())) u.seat = peekSeat_;
  collect(grid_, kSeatPublic);  // §VI Gamma: the Sensor Grid lies face up
  // §VI Alpha Wager: the two coordinates are the invoker's to look at.
  collect(wager_, phase_ == Phase::Wager ? toAct_ : kSeatPublic);
  std::sort(out.begin(), out.end(), [](const UnknownAt& a, const UnknownAt& b) { return a.position < b.position; });
  return out;
}

std::vector<Tile> WarpGame::unseenTiles() const {
  const auto set = fullSet(cfg_.maxPip);
  std::vector<uint8_t> seen(set.size(), 0);
  auto mark = [&](Tile t) {
    if (!isUnknown(t)) seen[static_cast<size_t>(t.index())] = 1;
  };
  mark(Tile{spacedock_, spacedock_});
  for (const auto& st : seat_) {
    std::for_each(st.hand.begin(), st.hand.end(), mark);
    std::for_each(st.pack.begin(), st.pack.end(), mark);
  }
  for (const auto& l : lines_) {
    for (const auto& p : l.main) mark(p.tile);
    for (const auto& p : l.branches) mark(p.tile);
  }
  for (const auto* v : {&pile_, &boxed_, &grid_, &wager_}) std::for_each(v->begin(), v->end(), mark);
  std::vector<Tile> out;
  for (size_t i = 0; i < set.size(); ++i)
    if (!seen[i]) out.push_back(set[i]);
  return out;
}

void WarpGame::blockByClaims() {
  if (phase_ != Phase::Play || !pile_.empty() || !grid_.empty()) return;
  blockClaimed_ = true;
  blockRound();
}

bool WarpGame::couldChart(uint8_t s) const {
  std::vector<Order> tmp;
  chartsFor(s, true, false, tmp);
  return !tmp.empty();
}

}  // namespace concord::warp
