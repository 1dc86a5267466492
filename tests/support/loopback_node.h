// A two-seat shed peer on 127.0.0.1 for node tests: no LAN announcements, a short linger, a wall-clock limit.
#pragma once

#include <cstdint>
#include <string>

#include "lockstep/crypto.h"
#include "net/node.h"

namespace concord::test_support {

/// Peer `label` (its key from "PREFIX:label") bound to 127.0.0.1:port.
inline net::NodeOptions loopbackNode(const std::string& prefix, const std::string& label, uint16_t port, uint64_t timeoutMs) {
  net::NodeOptions o;
  o.name = label;
  o.key = lockstep::KeyPair::fromLabel(prefix + ":" + label);
  o.bind = net::Address{"127.0.0.1", port};
  o.moduleId = "shed";
  o.seats = 2;
  o.discoveryAddr = "off";
  o.lingerMs = 300;
  o.timeoutMs = timeoutMs;
  return o;
}

}  // namespace concord::test_support
