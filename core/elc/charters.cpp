// The Charter pool (VC-1630, reconstructed) and its assignment at setup (VC-1630, VC-170).
#include "core/elc/charters.h"

#include <algorithm>

namespace concord::elc {

namespace {
// Weights are invention and labelled provisional (VC-1660): Endurance is a survival test, the Landmark
// Tracks need one named place, Dominion and Throne need a war, Hegemony and Prosperity a governed empire,
// Every Last City the whole map.
constexpr CharterDef kPool[] = {
    {Track::Dominion, 3},   {Track::EveryLastCity, 5}, {Track::Hegemony, 4},  {Track::Keys, 2},   {Track::Ascendancy, 2},
    {Track::GreatWork, 2},  {Track::Prosperity, 4},    {Track::Endurance, 1}, {Track::Throne, 3},
};
}  // namespace

std::span<const CharterDef> charterPool() { return kPool; }

int charterWeight(Track t) {
  for (const auto& d : kPool)
    if (d.track == t) return d.weight;
  return 0;
}

bool charterFits(Track t, const Config& c, int64_t landmarks) {
  if (t == Track::Ascendancy) return c.litCount <= landmarks - 1;
  if (t == Track::Keys || t == Track::GreatWork) return landmarks > 0;
  return charterWeight(t) > 0;
}

Result<std::vector<Track>> assignCharters(const Config& c, int64_t landmarks, int seats, det::Rng& victory,
                                          std::span<const uint8_t> carries) {
  const auto carrier = [&](int s) { return carries.empty() || carries[static_cast<size_t>(s)] != 0; };
  std::vector<Track> out(static_cast<size_t>(seats), Track::Charters);
  std::vector<Track> left;
  for (const auto& d : kPool)
    if (charterFits(d.track, c, landmarks)) left.push_back(d.track);
  auto take = [&](Track t) { left.erase(std::find(left.begin(), left.end(), t)); };
  for (int s = 0; s < seats; ++s) {  // explicit selection, in seat order
    if (c.charterPick[static_cast<size_t>(s)] == kNoPick || !carrier(s)) continue;
    auto t = static_cast<Track>(c.charterPick[static_cast<size_t>(s)]);
    if (!charterFits(t, c, landmarks)) return Err("seat ", s, "'s Charter ", trackName(t), " does not fit this map's ", landmarks, " Landmarks (VC-1630, VC-1081, VC-1140)");
    if (std::find(left.begin(), left.end(), t) == left.end())
      return Err("seat ", s, "'s Charter ", trackName(t), " is already held (VC-1630: one of each, in seat order)");
    out[static_cast<size_t>(s)] = t;
    take(t);
  }
  for (int s = 0; s < seats; ++s) {  // the rest drawn without replacement
    if (out[static_cast<size_t>(s)] != Track::Charters || !carrier(s)) continue;
    if (left.empty()) return Err("the Charter pool has no Charter left for seat ", s, " on this map (VC-1630)");
    Track t = left[static_cast<size_t>(victory.below(left.size()))];
    out[static_cast<size_t>(s)] = t;
    take(t);
  }
  return out;
}

int weightSpread(const std::vector<Track>& charters) {
  int lo = 5, hi = 1;
  for (Track t : charters) lo = std::min(lo, charterWeight(t)), hi = std::max(hi, charterWeight(t));
  return charters.empty() ? 0 : hi - lo;
}

}  // namespace concord::elc
