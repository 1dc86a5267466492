// SeatScheduler: when a Peer answers its seats in the current turn. Our bot's seats at once (or after thinkMs), our
// person's seats when they decide (with the turn clock, out-of-turn asks and Deciding heartbeats while they think),
// and, through Stewardship, the AI seats we steward.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "lockstep/peer_core.h"
#include "lockstep/stewardship.h"

namespace concord::lockstep {

class SeatScheduler {
 public:
  SeatScheduler(PeerCore& core, Stewardship& stewardship) : core_(core), stewardship_(stewardship) {}

  /// Sends every bundle due from us in the current turn (each seat once per turn).
  void buildOwnBundles();
  /// Seats whose owner is deciding the current turn (heard from lately, or our own undecided person).
  std::vector<Seat> deciding() const;

 private:
  void buildPersonBundles(uint32_t t);
  bool personSeat(const Membership& m, Seat s) const;
  uint64_t decidingInterval() const;

  PeerCore& core_;
  Stewardship& stewardship_;
  std::optional<uint32_t> builtFor_;
  std::map<Seat, uint32_t> personBuilt_;  // the turn each person seat of ours last sent
  uint64_t nextDeciding_ = 0;
};

}  // namespace concord::lockstep
