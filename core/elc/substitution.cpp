// VC-3060 – VC-3080: the session hands a departed player's seat to an AI substitute (and gives it back when the
// owner reclaims it); the game learns of it through Game::seatControl and writes a public Chronicle entry.
// victoryLogicVersion 4: v2 and v3 games take no notice, so their replays verify byte for byte (VC-3240).
#include "core/elc/state.h"

namespace concord::elc {

void ElcGame::seatControl(uint32_t, std::span<const SeatControlEvent> events) {
  if (version_ < 4 || over_) return;
  const uint32_t t = turn_ + 1;  // the turn being played (VC-270); its Seal's entries follow this one
  for (const auto& e : events) {
    if (e.seat >= players_.size()) continue;
    // VC-2440: Substituted is visible to everyone; the seat keeps accruing Tenure (VC-3060, VC-650), so say so.
    if (e.kind == SeatControlEvent::Kind::Substituted)
      note(t, Chron::Substituted, playerName(e.seat) + " departs; an AI plays the seat.");
    else
      note(t, Chron::Substituted, playerName(e.seat) + " returns to the seat.");
  }
}

}  // namespace concord::elc
