// The lobby's names at a networked W.E.B. table (issue 24): text only. The calls that take them are const and keep
// nothing, so a name never reaches the state, its canonical bytes or the Seal; the number stays beside the name
// because orders name empires by number ("war 2", "send 2 5").
#include "core/web/state.h"

namespace concord::web {

std::string WebGame::ownerName(uint8_t o, const SeatNames& names) const {
  const std::string label = ownerName(o);
  return o < names.size() && !names[o].empty() ? names[o] + " (" + label + ")" : label;
}

Observation WebGame::observe(Seat viewer) const { return observeNamed(viewer, {}); }

std::optional<Outcome> WebGame::outcomeNamed(const SeatNames& names) const { return outcomeWithTakeovers({}, names); }

}  // namespace concord::web
