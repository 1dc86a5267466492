// What a client adds to the bundles it signs at a hidden-hands table (issue 26): the deck work its holder seat owes,
// the proofs its game orders need, and the view its seats play from. On an open table each is a no-op, so every
// place that signs or decides for a seat calls these unconditionally.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "core/game/game.h"
#include "lockstep/crypto.h"
#include "lockstep/turn_engine.h"

namespace concord::lockstep {

/// The deck key of the person whose identity is `k` in game `gameId`: keyed BLAKE2b of the identity's secret, so a
/// person who comes back after a crash with the same identity holds the same layer of the deck again.
HolderKey deckKeyFor(const KeyPair& k, const det::Hash128& gameId);

/// Seat s's bundle orders for this turn, signed with `ours`: a leading Substitute stays first, then the deck work
/// s owes (when s keeps itself and `ours` is its owner's key), then `orders` with their proofs (when `ours` is its
/// keeper's key). Unchanged on an open table.
std::vector<Order> withDeckDuty(const TurnEngine& e, Seat s, const KeyPair& ours, std::vector<Order> orders);

/// The game as seat s's player may see it, when `ours` keeps s at a hidden table; nullptr otherwise (then the
/// engine's game is the view).
std::unique_ptr<Game> seatView(const TurnEngine& e, Seat s, const KeyPair& ours);

/// A test build's modified client (tests/net/hidden_cheat.cpp): rewrites the orders of every bundle this process
/// signs, just before signing, as a cheater's client would. Unset in every shipped program.
using OwnBundleRewrite = std::function<void(const TurnEngine&, Seat, const KeyPair&, std::vector<Order>&)>;
void setOwnBundleRewrite(OwnBundleRewrite rewrite);
const OwnBundleRewrite& ownBundleRewrite();

}  // namespace concord::lockstep
