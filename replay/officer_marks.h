// Whether orders a replay says an officer gave are that officer's (issue 11, "who really played it"; issue 30): an
// officer is a pure function of the seat's Observation, its legal orders and the seat's per-turn stream
// (lockstep::botOrdersFor), so a verifier re-derives every turn a person's seat is marked OfficerPlayed and every
// decision of an AI seat (by the officer kind its header names), and refuses the file at the first order the officer
// would not have given. An unmarked person's turn is not provable either way: a person may choose what the officer
// would (docs/rules-decisions.md "TEI: cheater paths").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game/game.h"
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

/// What OfficerAudit re-derived.
struct OfficerAuditCounts {
  uint64_t markedTurns = 0;  // a person's turns marked OfficerPlayed (issue 11)
  uint64_t aiDecisions = 0;  // an AI seat's turns with a choice, its officer asked (issue 30)
  uint64_t aiForced = 0;     // an AI seat's turns with one legal order, played (issue 30)
};

/// One verify pass's re-derivation of officers' orders, turn by turn. At a hidden-hands table an officer that played
/// from its keeper's view is checked only with `keys` (the second pass of verify, once the end revealed them); deck
/// work is never the officer's.
class OfficerAudit {
 public:
  OfficerAudit(const lockstep::SessionConfig& session, const RevealedKeys* keys);
  /// `before`: the engine before the turn whose recorded orders are `ordersBySeat`. The first seat whose orders are
  /// not its officer's (a false mark, or an AI seat's orders), or nullopt.
  std::optional<FalseMark> check(const lockstep::TurnEngine& before, std::span<const std::vector<Order>> ordersBySeat,
                                 OfficerAuditCounts& counts);

 private:
  Bot* botOf(const lockstep::SessionConfig& session, Seat s);
  std::vector<std::unique_ptr<Bot>> bots_;  // made once per seat: officers are stateless, making one is not free
  std::vector<bool> made_;
  const RevealedKeys* keys_;
};

}  // namespace concord::replay
