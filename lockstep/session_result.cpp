#include "lockstep/session_result.h"

#include <algorithm>

namespace concord::lockstep {

std::vector<uint32_t> takeovers(const TurnEngine& e) {
  const auto& seats = e.session().seats;
  std::vector<uint32_t> out(seats.size(), kNotTakenOver);
  for (Seat s = 0; s < out.size() && s < e.membership().seatCount(); ++s)
    if (!seats[s].ai && e.membership().seat(s).controller == Controller::Ai) out[s] = e.membership().seat(s).since;
  for (Seat s = 0; s < out.size(); ++s)  // "auto": the person gave the seat to the AI for good
    if (!seats[s].ai) out[s] = std::min(out[s], e.handedOverAt(s));
  return out;
}

std::optional<Outcome> sessionOutcome(const TurnEngine& e) {
  if (!e.game().outcome()) return std::nullopt;
  const auto t = takeovers(e);
  return outcomeWithTakeovers(e.game(), t);
}

}  // namespace concord::lockstep
