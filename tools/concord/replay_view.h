// What `concord replay info|dump|step|export` share: one way to name a seat, one way to step a recorded
// turn (its orders, rejections, game events through the Game interface, and the Seal check), and the
// game's result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/game.h"
#include "lockstep/session.h"
#include "lockstep/turn_engine.h"
#include "replay/reader.h"

namespace concord::cli {

/// "seat 1 Captain 1": how info, dump, step and export name a seat.
std::string seatLabel(const lockstep::SessionConfig& session, Seat s);

/// One recorded turn re-simulated.
struct SteppedTurn {
  uint32_t turn = 0;
  std::vector<Seat> deciding;                    // the seats the game awaited before the turn
  std::vector<std::vector<Order>> ordersBySeat;  // as recorded
  std::vector<Rejection> rejected;
  std::vector<GameEvent> events;                 // what the turn narrated (Game::eventsSince)
  det::Hash128 seal;                             // the re-simulated Seal hash
  bool sealMatches = false;                      // equals the Seal tag recorded for the turn
};

/// Steps `engine` (positioned at `rec.turn`) through the recorded turn.
SteppedTurn stepRecorded(lockstep::TurnEngine& engine, const replay::TurnRecord& rec);
/// The failure naming a turn whose Seal differs (a forged or corrupt order).
std::string sealMismatch(const SteppedTurn& t);

/// An order as a person types it (system orders, which the game never sees, by their kind).
std::string orderLine(const Game& game, Seat seat, const Order& order);

/// Issue 30: the analysts' commands read past holes (OnDamage::KeepIntact): FILE with its notices printed to stderr.
Result<replay::ReplayReader> openPastHoles(const std::string& path);
/// The line dump and step print where turns are lost: "turns 768-1023 lost (why); picked up at turn 1024 from the
/// snapshot there", or "...; not picked up: no snapshot after it".
std::string gapLine(const replay::Hole& hole);
/// The hole that position `pos` (turns applied) lies strictly inside: no state is known there (the one before the
/// hole and the snapshot after it are).
const replay::Hole* holeInside(const replay::ReplayReader& reader, uint32_t pos);

/// `replay info`'s result lines: placings and scores of a finished game and how it ended, or that it is
/// unfinished. The error is a replay that cannot be re-simulated to its end.
Result<std::vector<std::string>> resultLines(const replay::ReplayReader& reader);

}  // namespace concord::cli
