// The Transport interface: an ENet-like pull API the turn pipeline talks to. No sockets here:
// net/ implements it over ENet, SimNetwork over an in-process virtual network for tests.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace concord::lockstep {

using PeerId = uint16_t;

/// One received message: who sent it and its bytes (the transport never interprets them).
struct Datagram {
  PeerId from = 0;
  std::vector<uint8_t> bytes;
};

class Transport {
 public:
  virtual ~Transport() = default;
  /// This endpoint's id.
  virtual PeerId self() const = 0;
  /// Fire-and-forget datagram to one peer; may be lost, delayed, duplicated or reordered.
  virtual void send(PeerId to, std::span<const uint8_t> bytes) = 0;
  /// The same datagram to every other peer.
  virtual void broadcast(std::span<const uint8_t> bytes) = 0;
  /// The next message that has arrived, if any.
  virtual std::optional<Datagram> poll() = 0;
};

}  // namespace concord::lockstep
