// The records `concord replay export` writes around its turn rows (issue 30; docs/replay-format.md "Export"):
// the header (game id, seed, config, rules), the structured events of each turn (the module's, and the
// pipeline's own from system orders: marks, substitutions, reclaims) and the result.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game/analyst_event.h"
#include "core/game/game.h"
#include "lockstep/session.h"
#include "lockstep/turn_engine.h"
#include "replay/reader.h"

namespace concord::cli {

/// The export's schema version (the header's `version`): 2 added the header, event and result records.
inline constexpr int kExportVersion = 2;

/// Bytes as lowercase hex.
std::string hexBytes(std::span<const uint8_t> b);

/// {"record":"header", "version", "game_id", "module", "rules_version", "rules_profile", "config", ...}.
nlohmann::ordered_json headerRecord(const replay::ReplayReader& reader);

/// {"record":"event", "turn", "kind", "seats", "seat_names", then the event's own fields}.
nlohmann::ordered_json eventRecord(const AnalystEvent& e, const lockstep::SessionConfig& session);

/// The pipeline's events in one turn's orders: `officer-played`, `advisor-consulted`, `substitute`, `reclaim`
/// (only marks the engine accepts: a mark naming another seat is no mark).
std::vector<AnalystEvent> systemOrderEvents(uint32_t turn, const std::vector<std::vector<Order>>& ordersBySeat);

/// {"record":"result", "finished", "turns", "summary", "placings": [{seat, name, rank, score}] in rank order}, from
/// the engine after the last turn (the session's takeover record applied, as `replay info` ranks).
nlohmann::ordered_json resultRecord(const lockstep::TurnEngine& engine, const lockstep::SessionConfig& session,
                                    uint32_t turns);

/// Issue 30: the turns a hole took, where their rows would be: {"record":"gap", "first_turn", "last_turn" and "turns"
/// (null when the damage runs to an end the file does not name), "picked_up" (the game goes on from the snapshot of
/// turn last_turn + 1), "salvaged" (named by a salvaged file's Gap frame, not damage in this file), "why"}.
nlohmann::ordered_json gapRecord(const replay::Hole& hole);

/// The session's seat names, for the module's named narration.
SeatNames sessionNames(const lockstep::SessionConfig& session);

}  // namespace concord::cli
