// Hidden information a game keeps from its own peers (issue 26): what a module with a masked deck offers the
// pipeline, so lockstep/ and the clients handle any such module without knowing it. A key holder's client calls
// these with its 32-byte deck key (lockstep/deck_duty.h derives it from the holder's identity and the game).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game/types.h"

namespace concord {

class Game;
using HolderKey = std::array<uint8_t, 32>;

/// The full-information audit of a finished hidden game, stepped beside a re-simulation turn by turn.
class HiddenAudit {
 public:
  virtual ~HiddenAudit() = default;
  /// After the game applied `turn`: the game as it was before the turn and after it.
  virtual void step(const Game& before, const Game& after, uint32_t turn) = 0;
  /// The seats found breaking a rule, each with its turn and what it did.
  struct Finding {
    uint32_t turn = 0;
    Seat seat = 0;
    std::string what;
  };
  virtual std::vector<Finding> findings() const = 0;
};

class HiddenInfo {
 public:
  virtual ~HiddenInfo() = default;
  /// The seat whose client keeps seat s's hidden information (s itself for a person; a host for its officers).
  virtual Seat keeperOf(Seat s) const = 0;
  /// The deck work `holder` owes the table now, made with its key (empty when it owes nothing).
  virtual std::vector<Order> owedOrders(Seat holder, const HolderKey& key) const = 0;
  /// The game as seat s knows it, its keeper's key opening what is s's to see: what its player plays from.
  virtual std::unique_ptr<Game> viewFor(Seat s, const HolderKey& keeperKey) const = 0;
  /// Seat s's game orders with the proofs that must travel with them.
  virtual std::vector<Order> withProofs(Seat s, const HolderKey& keeperKey, const std::vector<Order>& orders) const = 0;
  /// Whether `o` is deck work (keys, shuffles, shares, claims) rather than a game order: what an officer never gives.
  virtual bool isDeckWork(const Order& o) const = 0;
  /// Seat s's deck key once the game's end revealed it (a person's; none before the end, or for an officer).
  virtual std::optional<HolderKey> revealedKey(Seat s) const = 0;
  /// The audit of this game, once its end revealed every key (nullptr before: nothing to audit with yet).
  virtual std::unique_ptr<HiddenAudit> audit() const = 0;
};

/// The keepers a session implies: people keep themselves; an officer's seat is kept by the person seat whose
/// key it carries (its owner of record, the host), else by the lowest person seat.
std::vector<Seat> keepersFor(const std::vector<bool>& ai, const std::vector<std::array<uint8_t, 32>>& keys);

}  // namespace concord
