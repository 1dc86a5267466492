// Whether a replay's OfficerPlayed marks tell the truth (issue 11, "who really played it"): a person's
// officer is a pure function of the seat's Observation, its legal orders and the seat's per-turn stream
// (lockstep::botOrdersFor), so a verifier re-derives every marked turn and refuses a mark on orders the
// officer would not have given. An unmarked turn is not provable either way: a person may choose what
// the officer would (docs/rules-decisions.md "TEI: cheater paths").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game/types.h"
#include "lockstep/turn_engine.h"

namespace concord::replay {

struct FalseMark {
  Seat seat = 0;
  std::string why;
};

/// Deck keys revealed at a hidden-hands game's end, by seat (issue 26): an officer there played from its seat's
/// view, which only its keeper's key opens.
using RevealedKeys = std::vector<std::optional<HolderKey>>;

/// `before`: the engine before the turn whose recorded orders are `ordersBySeat`. Counts the marked seats
/// checked in `checked`; returns the first seat whose mark is false. At a hidden-hands table a mark is checked only
/// with `keys` (the second pass of verify, once the end revealed them); deck work is not the officer's.
std::optional<FalseMark> falseOfficerMark(const lockstep::TurnEngine& before, std::span<const std::vector<Order>> ordersBySeat,
                                          uint64_t& checked, const RevealedKeys* keys = nullptr);

}  // namespace concord::replay
