// The lobby's names at a networked Every Last City table (issue 24): text only. The calls that take them are const
// and keep nothing, so a name never reaches the state, its canonical bytes or the Seal; the colour stays beside the
// name because the Chronicle, Warrants and Dispatch (stored or rules text, identical on every peer) say colours.
#include "core/elc/chronicle.h"
#include "core/elc/state.h"

namespace concord::elc {

std::string ElcGame::namedLabel(Seat s, const SeatNames& names) const {
  const std::string label = seatLabel(s), colour = playerName(static_cast<int>(s));
  if (s >= names.size() || names[s].empty()) return label;
  return names[s] + " (" + colour + ")" + label.substr(colour.size());  // "alice (Red) [Team A]"
}

std::string ElcGame::namedWho(Seat s, const SeatNames& names) const {
  if (teamed(s) || s >= names.size() || names[s].empty()) return who(s);
  return names[s] + " (" + who(s) + ")";
}

Observation ElcGame::observe(Seat viewer) const { return observeNamed(viewer, {}); }

// The summary opens with the winner as who() calls it ("Red wins by ..."): that opening is the one thing named.
std::optional<Outcome> ElcGame::outcomeNamed(const SeatNames& names) const {
  auto o = outcome();
  if (!o || winner_ < 0) return o;
  const std::string plain = who(static_cast<Seat>(winner_));
  if (o->summary.compare(0, plain.size(), plain) == 0) o->summary = namedWho(static_cast<Seat>(winner_), names) + o->summary.substr(plain.size());
  return o;
}

}  // namespace concord::elc
