// VC-2460's Chronicle, told by a live game (victoryLogicVersion 5): a Vigil's event is one story — the captures behind
// it, the Track's readout, the Vigil's state — and the Alarm and the win join the story they belong to.
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/state.h"

namespace concord::elc {

std::optional<int64_t> ElcGame::progressAtLastSeal(Seat s, Track tr) const {
  if (records_.empty()) return std::nullopt;
  for (const auto& p : records_.back().players)
    if (p.seat == s)
      for (const auto& r : p.tracks)
        if (r.track == static_cast<uint8_t>(tr)) return r.progress;
  return std::nullopt;
}

// At S5, for side s and Track tr: "Red takes Kestrel Bay (Landmark).  Red — Keys 3/3.  VIGIL BEGINS (6)."
void ElcGame::tellVigil(uint32_t t, Seat s, Track tr, Chron cls, Chron vigilCls, const std::string& vigilText, bool crossing) {
  const TrackState& ts = players_[s].tracks[static_cast<int>(tr)];
  const int64_t start = static_cast<int64_t>(chronicle_.size());
  const Track own = tr == Track::Charters ? players_[s].charter : tr;  // a Charter reads as its Track (VC-1610)
  int told = 0;
  for (size_t k = 0; k < captures_.size(); ++k) {  // the captures that moved this player's progress on this Track
    const Capture& c = captures_[k];
    const bool mine = sideOfOwner(c.from) == static_cast<int32_t>(s) || sideOfOwner(c.to) == static_cast<int32_t>(s);
    bool moves = mine;
    if (own == Track::Keys || own == Track::Ascendancy || own == Track::GreatWork) moves = mine && world_.cities[c.city].landmark >= 0;
    if (own == Track::Throne) {  // a Seat changing hands moves Throne for the side that takes or loses it
      moves = false;
      for (const auto& p : players_) moves |= p.seatCity == c.city && mine;
    }
    if (!moves || capturesTold_[k]) continue;
    capturesTold_[k] = 1;
    ++told;
    // A Landmark is introduced as one the first time the Chronicle tells of its capture (VC-2460: "Red takes Kestrel
    // Bay (Landmark)." at t131, "Blue takes Kestrel Bay." at t134).
    const std::string& name = world_.cities[c.city].name;
    const bool introduce = world_.cities[c.city].landmark >= 0 &&
                           std::none_of(chronicle_.begin(), chronicle_.end(), [&](const ChronEntry& e) {
                             return e.text.find(" takes " + name + " (Landmark).") != std::string::npos;
                           });
    note(t, cls, fragTakes(playerName(c.to), name, introduce));
  }
  const auto before = progressAtLastSeal(s, tr);
  const bool changed = !before || *before != ts.progress;
  const bool perMille = own == Track::Dominion || own == Track::Prosperity;
  const int64_t count = own == Track::Prosperity ? players_[s].output : players_[s].cities;
  auto readout = [&] {
    if (perMille) note(t, cls, fragPermilleReadout(who(s), count, ts.progress, ts.threshold, own == Track::Prosperity ? "Works" : "cities"), -1, true);
    else note(t, cls, fragCountReadout(who(s), trackLabel(s, tr), ts.progress, ts.threshold), -1, true);
  };
  // A capture is told with the margin it left ("Red — 26 cities, 541 ≥ 534."); a crossing nobody's capture caused
  // says what is held ("Red holds 27."); a Vigil moved otherwise (a cession) shows its readout.
  if (told > 0) readout();
  else if (crossing && own == Track::Dominion) note(t, cls, fragHolds(who(s), count));
  else if (crossing || changed) readout();
  note(t, vigilCls, vigilText);
  const size_t key = static_cast<size_t>(s) * kTracks + static_cast<size_t>(tr);
  storyStart_[key] = start;
  storyEnd_[key] = static_cast<int64_t>(chronicle_.size()) - 1;
}

bool ElcGame::storyToTheEnd(Seat s, Track tr) {
  const size_t key = static_cast<size_t>(s) * kTracks + static_cast<size_t>(tr);
  if (key >= storyEnd_.size() || storyEnd_[key] < 0) return false;
  std::rotate(chronicle_.begin() + storyStart_[key], chronicle_.begin() + storyEnd_[key] + 1, chronicle_.end());
  return true;
}

bool ElcGame::noteAfterStory(uint32_t t, Seat s, Track tr, Chron cls, std::string text) {
  const size_t key = static_cast<size_t>(s) * kTracks + static_cast<size_t>(tr);
  if (key >= storyEnd_.size() || storyEnd_[key] < 0) return false;
  const int64_t at = storyEnd_[key] + 1;
  chronicle_.insert(chronicle_.begin() + at, ChronEntry{t, cls, std::move(text), false, 0xFFFFFFFFu});
  for (auto* v : {&storyStart_, &storyEnd_})
    for (auto& i : *v)
      if (i >= at) ++i;
  storyEnd_[key] = at;
  return true;
}

}  // namespace concord::elc
