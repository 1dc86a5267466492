// Who plays a seat at a local table: a person (the terminal prompt, the Qt table) or an officer. One interface,
// so the table asks every seat the same way and never knows which front end sits there.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/game/game.h"
#include "lockstep/turn_engine.h"

namespace concord::table {

class SeatPlayer {
 public:
  virtual ~SeatPlayer() = default;
  /// This turn's orders for seat `s` (empty when it does not act), or nullopt while a person is still deciding.
  virtual std::optional<std::vector<Order>> decide(const lockstep::TurnEngine& e, Seat s) = 0;
};

/// A seat the session's officer plays: lockstep::botOrdersFor, so a local table, a recorder and a live
/// steward sign the same orders for the same seat, seed and turn (core/game/game.h botStream).
class OfficerSeat : public SeatPlayer {
 public:
  explicit OfficerSeat(std::unique_ptr<Bot> bot) : bot_(std::move(bot)) {}
  std::optional<std::vector<Order>> decide(const lockstep::TurnEngine& e, Seat s) override;

 private:
  std::unique_ptr<Bot> bot_;
};

/// A person whose orders are handed in from outside (a click in the Qt table, a test): ready once chosen.
class ChosenSeat : public SeatPlayer {
 public:
  void choose(std::vector<Order> orders) { chosen_ = std::move(orders); }
  std::optional<std::vector<Order>> decide(const lockstep::TurnEngine& e, Seat s) override;

 private:
  std::optional<std::vector<Order>> chosen_;
};

}  // namespace concord::table
