// concord_intruder's two modes (usage in main.cpp).
#pragma once

#include <cstdint>

#include "tests/net/intruder/raw_link.h"

namespace concord::intruder {

struct Probes {
  uint32_t slotFlood = 0;  // per real bundle: this many distinct forged candidates for each of the next 2 turns
  bool farFuture = false;  // right after the game description: a bundle far beyond the window
};

// Forges bundles at a running table as a spectating guest; 0 once the table goes quiet if every kind was sent.
int runBundles(const Address& target, uint64_t seconds, uint32_t every, const Probes& probes);

// Floods one UDP port with garbage and ENet-shaped packets for `seconds` (or until SIGTERM).
extern bool floodConnects;  // --connects 0: no CONNECT commands among the ENet-shaped packets
int runFlood(const Address& target, uint64_t seconds, uint64_t rate);

}  // namespace concord::intruder
