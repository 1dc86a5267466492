// Salvage: the intact turns of a damaged or cut replay, written as a new file that verifies on its own
// (docs/replay-format.md, "Damage and salvage").
#pragma once

#include <cstdint>
#include <string>

#include "core/det/result.h"
#include "replay/reader.h"
#include "replay/verify.h"

namespace concord::replay {

/// How much of a replay survives: the turns of the intact frames before the damage, if they verify.
struct Recovery {
  uint32_t turns = 0;      // recoverable turns (0 when the intact prefix does not verify)
  std::string damage;      // what ended the read (reader.damage(), or the cut notice); empty when intact
  VerifyReport report;     // verify of the intact prefix
};

/// Verifies the frames `reader` (opened with OnDamage::KeepPrefix) could read.
Result<Recovery> recoverable(const ReplayReader& reader);

/// Writes the recoverable turns of `in` to `out` (a different path): the header and intact frames byte for
/// byte, then a fresh index trailer and footer. Refuses when nothing is recoverable or the prefix does not
/// verify. Returns what was kept; `out` is re-read and verified before this returns.
Result<Recovery> salvageReplay(const std::string& in, const std::string& out);

}  // namespace concord::replay
