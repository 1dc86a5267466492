// The deterministic heart of a session: game + membership, stepped one turn at a time.
// The live pipeline, replay verify, resume and rejoin all step through this one class, so they
// cannot disagree about what a turn does.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/game.h"
#include "lockstep/membership.h"
#include "lockstep/session.h"

namespace concord::lockstep {

struct StepResult {
  uint32_t turn = 0;
  det::Hash128 seal;
  std::vector<Rejection> rejected;  // game and system orders refused, identically on every peer
  std::vector<uint8_t> state;       // the canonical bytes the Seal hashed: written once per turn
};

class TurnEngine {
 public:
  /// Sets up the session's module; the error says which module/version this build lacks.
  static Result<std::unique_ptr<TurnEngine>> create(const SessionConfig& session);

  const SessionConfig& session() const { return session_; }
  const det::Hash128& gameId() const { return gameId_; }
  /// The next turn step() will apply.
  uint32_t turn() const { return turn_; }
  /// The Seal hash of the last applied turn; zero before turn 0.
  const det::Hash128& lastSeal() const { return lastSeal_; }
  const Game& game() const { return *game_; }
  const Membership& membership() const { return membership_; }
  /// The turn a person handed seat `s` to their officer for good ("auto": an officer mark of reason Handover),
  /// kNotTakenOver if never. Taken from the record as turns apply; not hashed (marks change no state), so a
  /// state restored from bytes starts it afresh.
  uint32_t handedOverAt(Seat s) const;
  std::vector<Seat> awaiting() const { return game_->awaiting(); }
  bool over() const { return game_->outcome().has_value(); }

  /// Applies one turn: ordersBySeat has one entry per seat (ascending). System orders are handled
  /// here; the rest go to the game; then the Seal. Never fails: bad orders are rejected and recorded.
  StepResult step(std::span<const std::vector<Order>> ordersBySeat);

  /// Canonical bytes of the whole session state (turn, membership, game): the Seal hash input.
  void write(det::Writer& w) const;
  /// Restores from write()'s bytes (snapshots, rejoin) for the same session.
  Result<void> read(det::Reader& r);
  std::unique_ptr<TurnEngine> clone() const;

 private:
  TurnEngine() = default;

  SessionConfig session_;
  det::Hash128 gameId_;
  std::unique_ptr<Game> game_;
  Membership membership_;
  uint32_t turn_ = 0;
  det::Hash128 lastSeal_;
  size_t stateBytes_ = 0;  // the last Seal's state size (step() reserves it: speed only, never hashed)
  std::vector<uint32_t> handedOver_;  // per seat: handedOverAt

  void noteHandover(Seat s, const Order& mark);
};

}  // namespace concord::lockstep
