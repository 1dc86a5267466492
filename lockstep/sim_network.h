// SimNetwork: an in-process network with a virtual clock (integer ms) and seeded faults: loss, delay,
// jitter, reordering, duplication, broken links, killed and restarted peers. Same seed, same calls ->
// same deliveries, so whole multi-peer games are reproducible tests.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "core/det/rng.h"
#include "lockstep/transport.h"

namespace concord::lockstep {

/// Fault model; probabilities are per-mille integers (no float in lockstep).
struct SimParams {
  uint32_t lossPermille = 0;
  uint32_t dupPermille = 0;
  uint32_t reorderPermille = 0;  // a reordered message gets an extra delay of up to 4x jitter+delay
  uint64_t delayMs = 10;
  uint64_t jitterMs = 0;         // uniform extra delay in [0, jitter]
};

struct SimStats {
  uint64_t sent = 0;
  uint64_t delivered = 0;
  uint64_t dropped = 0;
  uint64_t duplicated = 0;
  uint64_t bytesSent = 0;
};

class SimNetwork {
 public:
  SimNetwork(PeerId peers, const SimParams& params, uint64_t seed);
  ~SimNetwork();
  SimNetwork(const SimNetwork&) = delete;
  SimNetwork& operator=(const SimNetwork&) = delete;

  /// The Transport of peer `id`; owned by the network, valid while it lives.
  Transport& endpoint(PeerId id);
  PeerId peerCount() const { return static_cast<PeerId>(inbox_.size()); }

  /// Advances the virtual clock (never backwards).
  void setNow(uint64_t nowMs);
  uint64_t now() const { return now_; }

  /// A broken link drops everything between a and b, both ways.
  void setLink(PeerId a, PeerId b, bool up);
  /// One direction only: `from` is heard by nobody on this link while still hearing `to` (a half-open partition).
  void setOneWay(PeerId from, PeerId to, bool up);
  /// A killed peer sends and receives nothing; its in-flight inbox is lost.
  void kill(PeerId id);
  /// Brings a killed peer back with an empty inbox.
  void restart(PeerId id);
  bool alive(PeerId id) const { return alive_[id]; }

  const SimStats& stats() const { return stats_; }

  // Used by the endpoints.
  void sendFrom(PeerId from, PeerId to, std::span<const uint8_t> bytes);
  std::optional<Datagram> pollFor(PeerId id);

 private:
  class Endpoint;
  void enqueue(PeerId from, PeerId to, const std::vector<uint8_t>& bytes, uint64_t extraMs);
  uint64_t delay();

  SimParams params_;
  det::Rng rng_;
  uint64_t now_ = 0;
  uint64_t seq_ = 0;
  std::vector<bool> alive_;
  std::vector<std::vector<bool>> linkUp_;
  // Per receiver: (deliverAt, seq) -> datagram; seq breaks ties deterministically.
  std::vector<std::map<std::pair<uint64_t, uint64_t>, Datagram>> inbox_;
  std::vector<std::unique_ptr<Endpoint>> endpoints_;
  SimStats stats_;
};

}  // namespace concord::lockstep
