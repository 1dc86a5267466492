// The table most pipeline tests play: the shed test game over a 10 ms (+ up to 10 ms jitter) lossy
// simulated network with a 1 s substitution tolerance. Tests vary the seats, seed, hand size, loss and
// virtual-time limit; everything else stays the same so their results are comparable.
#pragma once

#include <cstdint>
#include <string>

#include "lockstep/selfplay.h"

namespace concord::testing {

inline lockstep::SelfPlayParams shedTable(Seat seats, uint64_t seed, int hands, uint32_t lossPermille = 100,
                                          uint64_t maxMinutes = 20) {
  lockstep::SelfPlayParams p;
  p.seats = seats;
  p.seed = seed;
  p.options = {{"hands", std::to_string(hands)}};
  p.net.delayMs = 10;
  p.net.jitterMs = 10;
  p.net.lossPermille = lossPermille;
  p.silenceMs = 1000;
  p.maxVirtualMs = maxMinutes * 60 * 1000;
  return p;
}

}  // namespace concord::testing
