// Salvage: the intact turns of a damaged or cut replay, written as a new file that verifies on its own
// (docs/replay-format.md, "Damage and salvage").
#pragma once

#include <cstdint>
#include <string>

#include "core/det/result.h"
#include "replay/reader.h"
#include "replay/verify.h"

namespace concord::replay {

/// How much of a replay survives: the turns of the intact frames on both sides of each hole, if they verify.
struct Recovery {
  uint32_t turns = 0;      // recoverable turns (0 when what the file holds does not verify)
  std::string damage;      // the first damage that lost turns (or the cut notice); empty when intact
  VerifyReport report;     // verify of what the file holds (report.lost: the turns it lost)
};

/// Verifies the frames `reader` (opened with OnDamage::KeepIntact) could read: the turns before the first hole
/// from the start, the turns after each from the snapshot that picks the game up.
Result<Recovery> recoverable(const ReplayReader& reader);

/// Writes the recoverable turns of `in` to `out` (a different path): the header (and its copy), the intact frames
/// byte for byte with a Gap frame naming each hole before the snapshot that picks the game up, then a fresh index
/// trailer and footer. Refuses when nothing is recoverable or what survives does not verify. Returns what was
/// kept; `out` is re-read and verified (the same turns, the same holes) before this returns.
Result<Recovery> salvageReplay(const std::string& in, const std::string& out);

}  // namespace concord::replay
