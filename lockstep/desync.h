// Desync reports: which seats disagree at which turn, and the first differing field path of the
// canonical state (DESIGN: The turn pipeline, step 4). Lockstep does no file I/O; the CLI writes the dumps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/session.h"
#include "lockstep/transport.h"

namespace concord::lockstep {

/// One peer's canonical state of the desync turn, as it reported it.
struct StateSample {
  PeerId peer = 0;
  std::vector<Seat> seats;
  std::vector<uint8_t> state;
};

struct DesyncReport {
  uint32_t turn = 0;                  // the turn whose Seal differs
  det::Hash128 majorityHash;          // the hash most seats agree on (ties: the group with the lowest seat)
  det::Hash128 otherHash;             // the first dissenting hash (ours if we dissent)
  std::vector<Seat> majoritySeats;
  std::vector<Seat> disagreeingSeats; // every seat whose peer reported a non-majority hash
  bool weAreMajority = false;
  std::string fieldPath;              // first differing field ("shed.seat[2].score"); empty if unknown
  std::string majorityValue, otherValue;
  std::string majorityReadable, otherReadable;           // det::readableDump
  std::vector<uint8_t> majorityBinary, otherBinary;      // canonical bytes
  /// One line for logs: turn, seats, hashes, field.
  std::string summary() const;
};

/// Groups the samples by state hash and diffs the majority against `ours` (or against the first
/// dissenter when we are in the majority). Fails only if no sample decodes as a state of `session`.
Result<DesyncReport> buildDesyncReport(const SessionConfig& session, uint32_t turn, PeerId ours,
                                       const std::vector<StateSample>& samples);

}  // namespace concord::lockstep
