#include "core/game/analyst_event.h"

#include <algorithm>

namespace concord {

AnalystEvent& AnalystEvent::about(Seat s) {
  auto at = std::lower_bound(seats.begin(), seats.end(), s);
  if (at == seats.end() || *at != s) seats.insert(at, s);
  return *this;
}

std::vector<int64_t> seatList(const std::vector<Seat>& seats) { return {seats.begin(), seats.end()}; }

}  // namespace concord
