// The Alarm's addresses in the Watch (presentation, VC-3250): every player's Bellwethers, named and locatable, to
// every player (VC-2280, for the Alarm and its two turns of grace, VC-2290), and to a player in the Alarm band exactly
// what has been published about them and which of their sites were revealed (VC-2230).
#include "core/elc/state.h"

namespace concord::elc {

namespace {

// What rivals were told of one Track at the last Seal (bands.cpp's published value, VC-2160..VC-2250).
std::string publishedText(Track tr, const TrackState& ts) {
  if (ts.published < 0) return "nothing (rumour)";
  if (ts.band == Band::Report && ts.published != ts.ratio && tr != Track::Dominion && tr != Track::Prosperity && ts.threshold <= 8)
    return std::to_string(ts.published) + " of " + std::to_string(ts.threshold);  // VC-2240
  return std::to_string(ts.published) + " per mille";
}

}  // namespace

std::string ElcGame::alarmText(Seat viewer) const {
  auto place = [this](int32_t c) {
    const int32_t tile = world_.cities[c].tile;
    return world_.cities[c].name + " (" + std::to_string(world_.grid.x(tile)) + "," + std::to_string(world_.grid.y(tile)) + ")";
  };
  auto list = [&](const IVec<int32_t>& cities) {
    std::string out;
    for (int32_t c : cities) out += (out.empty() ? "" : ", ") + place(c);
    return out;
  };
  std::string s;
  for (Seat p = 0; p < players_.size(); ++p)
    if (live(p) && !players_[p].bellwethers.empty())
      s += "  Bellwethers of " + who(p) + ": " + list(players_[p].bellwethers) + "\n";
  if (viewer >= players_.size() || !live(viewer)) return s;
  const Player& me = players_[viewer];
  std::string told;
  bool alarmed = false;
  for (int i = 0; i < kTracks; ++i) {
    auto tr = static_cast<Track>(i);
    if (!cfg_.on(tr) || tr == Track::LastStanding || !isTerminal(tr)) continue;
    alarmed = alarmed || me.tracks[i].band == Band::Alarm;
    told += (told.empty() ? "" : "; ") + std::string(trackName(tr)) + " " + publishedText(tr, me.tracks[i]);
  }
  if (alarmed)
    s += "  Published about you: " + told + "; your sites revealed: " + (me.bellwethers.empty() ? "none" : list(me.bellwethers)) + "\n";
  return s;
}

}  // namespace concord::elc
