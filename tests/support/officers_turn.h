// The seats' officers play one turn of a bare TurnEngine (what the turn clock does when nobody answers).
#pragma once

#include <vector>

#include "lockstep/peer.h"
#include "lockstep/turn_engine.h"

namespace concord::test_support {

inline void officersPlayOneTurn(lockstep::TurnEngine& e) {
  const Seat n = static_cast<Seat>(e.session().seats.size());
  std::vector<std::vector<Order>> orders(n);
  for (Seat s = 0; s < n; ++s) {
    auto bot = lockstep::makeSeatBot(e.session(), s);
    orders[s] = lockstep::botOrdersFor(e, s, *bot);
  }
  e.step(orders);
}

}  // namespace concord::test_support
