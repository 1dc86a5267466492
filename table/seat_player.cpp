#include "table/seat_player.h"

#include "lockstep/peer.h"

namespace concord::table {

std::optional<std::vector<Order>> OfficerSeat::decide(const lockstep::TurnEngine& e, Seat s) {
  if (!bot_) return std::vector<Order>{};
  return lockstep::botOrdersFor(e, s, *bot_);
}

std::optional<std::vector<Order>> ChosenSeat::decide(const lockstep::TurnEngine& e, Seat s) {
  (void)e;
  (void)s;
  auto out = std::move(chosen_);
  chosen_.reset();
  return out;
}

}  // namespace concord::table
