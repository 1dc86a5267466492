// verifyReplay: steps a replay's turns through the TurnLedger (the same one the live peer steps), which
// re-derives every bundle body and chain; checks every Seal tag, every block-end Seal hash, every stored
// chain-head signature against the key Membership says must sign it, and every snapshot against the state.
// resumeReplay: the same, returning the ledger positioned after the last turn to continue.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/det/result.h"
#include "lockstep/turn_ledger.h"
#include "replay/officer_marks.h"
#include "replay/reader.h"

namespace concord::replay {

struct VerifyReport {
  bool ok = false;
  uint32_t turns = 0;               // turns re-simulated and checked
  uint64_t signaturesChecked = 0;
  uint64_t sealsChecked = 0;        // full Seal hashes (block ends); every turn's tag is also checked
  uint32_t snapshotsChecked = 0;
  uint64_t commsChecked = 0;        // comms messages whose sender signature was checked (format 2)
  uint64_t officerTurnsChecked = 0; // turns marked OfficerPlayed whose orders were re-derived (issue 11)
  uint64_t aiDecisionsChecked = 0;  // AI seats' turns with a choice, re-derived from the header's officer (issue 30)
  std::optional<uint32_t> failedTurn;
  std::optional<Seat> failedSeat;
  std::string failure;              // "turn 812 seat 2: signature does not verify ..." when !ok
  std::optional<uint64_t> failedComms;  // index (0-based, file order) of a comms message that failed
  det::Hash128 finalSeal;
  std::vector<std::string> notices; // from the reader (cut tail, missing trailer)
  bool hiddenAudited = false;       // issue 26: a finished hidden-hands game re-checked with every hand known
  std::vector<HiddenAudit::Finding> findings;  // ...and the seats it found breaking a hidden-hand rule
  /// Issue 26: ok is false *only* because of `findings`: every signature, Seal, snapshot, comms message and officer
  /// mark verified in both passes, so the file is the game as its seats signed it (TEI applies it as a void game,
  /// docs/tei.md "Hidden-hand violations"); a forged or damaged file never has this set.
  bool findingsOnly = false;
  /// Issue 30: the turns the file lost (damage, or a salvaged file's Gap); ok is then false. holesOnly: every turn
  /// the file holds verified, re-simulated from the start and from the snapshot after each hole, so those parts are
  /// the game as its seats signed it, but what the lost turns held (marks, hidden-hand plays) is unknown.
  std::vector<Hole> lost;
  uint64_t lostTurns = 0;
  bool holesOnly = false;
};

/// Called after each block with (turns done, total turns).
using VerifyProgress = std::function<void(uint32_t done, uint32_t total)>;
/// Called with each turn the ledger applied (bundles re-derived; signatures only on checked chain heads).
using VerifyTurn = std::function<void(const lockstep::TurnRecord&)>;

/// The error is for a file that cannot be read at all; a failed check is a report with ok = false.
Result<VerifyReport> verifyReplay(const ReplayReader& reader, const VerifyProgress& progress = {},
                                  const VerifyTurn& onTurn = {});
Result<VerifyReport> verifyReplay(const std::string& path, const VerifyProgress& progress = {});

/// A verified replay positioned at its end, ready to continue the game.
struct Resumed {
  ReplayReader reader;
  std::unique_ptr<lockstep::TurnLedger> ledger;  // after the last recorded turn
  VerifyReport report;
};
/// Resume = read, re-simulate, verify; fails (naming the turn) unless every check passes.
Result<Resumed> resumeReplay(const std::string& path);

}  // namespace concord::replay
