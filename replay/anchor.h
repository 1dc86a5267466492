// What lets a reader pick a game up again after a damaged frame (format 5, issue 30; docs/replay-format.md "Damage
// and salvage"): snapshots that carry the seats' chain heads, so re-simulation and signature checks resume at the
// first snapshot after a hole, and Gap frames, which name in a salvaged file the turns that were lost.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/turn_ledger.h"
#include "lockstep/turn_record.h"

namespace concord::replay {

/// Snapshot payload: the canonical state after the record's turn, then (format >= 4) each seat's chain head (its
/// bundle's body hash, 16 bytes), which the next turn's bundles name as chain (and, through turnDigest, prevDigest).
std::vector<uint8_t> snapshotPayload(const lockstep::TurnRecord& record, uint16_t formatVersion);

/// The engine a snapshot holds (any format); the chain heads, when present, are read past and checked for length.
Result<std::unique_ptr<lockstep::TurnEngine>> engineFromSnapshot(const lockstep::SessionConfig& session,
                                                                 uint16_t formatVersion, std::span<const uint8_t> raw);
/// A ledger positioned at a format >= 4 snapshot: its state and chain heads (the digest follows from them). Nothing in it is trusted: the
/// next block-end signatures only verify if the heads are the ones the seats chained from, and the state's hash is
/// the Seal the seats signed as the next turn's prevSeal.
Result<std::unique_ptr<lockstep::TurnLedger>> ledgerFromSnapshot(const lockstep::SessionConfig& session,
                                                                 uint16_t formatVersion, std::span<const uint8_t> raw);

/// Gap frame payload: why the turns were lost (a reason text of at most 512 bytes).
std::vector<uint8_t> encodeGap(const std::string& why);
Result<std::string> decodeGap(std::span<const uint8_t> raw);

}  // namespace concord::replay
