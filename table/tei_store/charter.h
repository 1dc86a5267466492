// Crew charters (TEI §3.4, RULES §VIII "Crews & charters"; issue 11 point 4): a charter file, and whether a
// game's session honours the charter it names (members, fleet size, rules profile, frozen settings).
#pragma once

#include <string>

#include "core/det/result.h"
#include "lockstep/session.h"

namespace concord::tei {

/// Reads a charter file: {"id":"friday-crew","members":["<64 hex public key>",...],"rules":"warp12-official-v1",
/// "seats":4,"options":{"objective":"points",...}} (options as `play warp` takes them; module Warp). Strict:
/// unknown or repeated keys, a bad key or id, and options Warp refuses are errors.
Result<lockstep::Charter> loadCharter(const std::string& path);

/// "" when `session` plays by its charter (or names none); else why not: a human seat whose key is not a
/// member, another fleet size, rules profile or config than the charter froze (RULES §VIII charter_mismatch).
std::string charterMismatch(const lockstep::SessionConfig& session);

}  // namespace concord::tei
