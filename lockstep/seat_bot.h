// A seat's bot: the one the session names, and the orders it gives for the engine's current turn. Any peer that
// signs a seat (its owner's officer, the steward for an AI seat) asks these, so every steward computes the same.
#pragma once

#include <memory>
#include <vector>

#include "core/game/game.h"
#include "lockstep/session.h"
#include "lockstep/turn_engine.h"

namespace concord::lockstep {

/// The bot the session names for seat s (module default when unnamed).
std::unique_ptr<Bot> makeSeatBot(const SessionConfig& session, Seat s);
/// Seat s's bot orders for the engine's current turn (empty when it has no legal order): a pure function of
/// (observation, legal orders, the "ai.<seat>.<turn>" stream), so any steward computes the same. At a hidden-hands
/// table the bot plays from seat s's view when `ours` keeps it (lockstep/deck_duty.h), else from the public table.
/// `keeperKey` (replay verify, once the end revealed the keys) opens the view instead of `ours`.
std::vector<Order> botOrdersFor(const TurnEngine& e, Seat s, Bot& bot, const KeyPair* ours = nullptr,
                                const HolderKey* keeperKey = nullptr);

}  // namespace concord::lockstep
