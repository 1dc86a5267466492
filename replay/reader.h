// ReplayReader: strict reader of a replay file. Open checks the header (format, module, rulesVersion),
// every frame's checksums and the order of frames; a file cut at any byte reads back every complete
// turn before the cut (with a notice). Damage costs at most the turns up to the next snapshot (issue 30):
// the reader skips a bad frame, picks the game up at the next snapshot and lists the turns lost as holes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/turn_engine.h"
#include "lockstep/turn_ledger.h"
#include "replay/format.h"
#include "replay/turn_block.h"

namespace concord::replay {

struct FrameInfo {
  FrameKind kind = FrameKind::Turns;
  uint32_t firstTurn = 0;
  uint32_t turnCount = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  FrameHeader header;
  bool damaged = false;  // a Gap standing for damaged bytes (offset, size) rather than a Gap frame in the file
};

/// Turns a reader could not read back: damaged or missing frames, or a salvaged file's Gap frame.
struct Hole {
  uint32_t firstTurn = 0;
  uint32_t turnCount = 0;    // 0 when unknown (the damage runs to the end of the file)
  uint64_t offset = 0;       // the damaged bytes (or the Gap frame)
  uint64_t size = 0;
  bool resumed = false;      // the game is picked up again at the snapshot of turn firstTurn + turnCount
  bool salvaged = false;     // named by a Gap frame (a salvaged file), not damage in this file
  std::string why;
  /// "turns 320-511 lost (frame damaged at offset 4547: frame payload checksum mismatch)"
  std::string describe() const;
};

/// What open does with damage that loses turns: refuse the file (the default), or keep every intact frame on both
/// sides of it (verify, `replay salvage`); holes() then lists the turns lost. Damage that loses no turns (the index
/// trailer, the footer, the header when its copy is intact, a snapshot or comms frame) is a notice either way.
enum class OnDamage { Refuse, KeepIntact };

class ReplayReader {
 public:
  static Result<ReplayReader> open(const std::string& path, OnDamage onDamage = OnDamage::Refuse);
  /// Reads from bytes already in memory (tests, fuzzing).
  static Result<ReplayReader> fromBytes(std::vector<uint8_t> bytes, OnDamage onDamage = OnDamage::Refuse);

  const Header& header() const { return header_; }
  /// Complete turns in the file.
  uint32_t turnCount() const { return turns_; }
  const std::vector<FrameInfo>& frames() const { return frames_; }
  /// Offset just after the last turn or snapshot frame (where an appending writer continues).
  uint64_t dataEnd() const { return dataEnd_; }
  uint64_t fileSize() const { return bytes_.size(); }
  /// True when the file ends with a valid index trailer and footer (closed cleanly).
  bool closedCleanly() const { return closed_; }
  /// Things a person should know (a cut tail, a missing trailer).
  const std::vector<std::string>& notices() const { return notices_; }
  uint32_t snapshotCount() const;
  /// The turns lost to damage or named by Gap frames, ascending. frames() holds a Gap for each resumed hole, then
  /// the snapshot the game is picked up from; an unresumed hole lies past turnCount().
  const std::vector<Hole>& holes() const { return holes_; }
  /// OnDamage::KeepIntact only: the first damage that lost turns (empty when none did).
  const std::string& damage() const { return damage_; }
  /// The file's bytes (a salvage copies the intact prefix up to dataEnd()).
  std::span<const uint8_t> bytes() const { return bytes_; }

  /// Decodes the turn block of frames()[i] (must be a Turns frame).
  Result<TurnBlock> block(size_t frameIndex) const;
  /// The record of turn `t` (< turnCount()).
  Result<TurnRecord> turn(uint32_t t) const;
  /// A TurnEngine after `position` turns (0..turnCount()): loads the nearest snapshot at or before it
  /// and steps forward, checking each turn's Seal tag. Backward stepping is seek(position - 1).
  Result<std::unique_ptr<lockstep::TurnEngine>> seek(uint32_t position) const;
  /// Every comms message in the file (Comms frames, format version 2), in the order they were accepted.
  Result<std::vector<CommsEntry>> comms() const;
  /// Snapshot frame payload decoded into a fresh engine.
  Result<std::unique_ptr<lockstep::TurnEngine>> loadSnapshot(size_t frameIndex) const;
  /// The ledger a format 5 snapshot picks the game up from after a hole (state, chain heads, digest).
  Result<std::unique_ptr<lockstep::TurnLedger>> ledgerAt(size_t frameIndex) const;
  /// The hole turn `t` fell into, if any.
  const Hole* holeAt(uint32_t t) const;

 private:
  struct Pending;  // damage not yet resolved (frame_scan.cpp)
  Result<size_t> readHeader();
  Result<void> scan();
  Result<std::string> place(const FrameInfo& fi, Pending& pending);
  Result<bool> takeTrailer(size_t at, const FrameInfo& fi, Pending& pending);
  Result<void> resolve(Pending& pending, std::optional<uint32_t> anchor, uint32_t knownEnd);
  std::span<const uint8_t> frameBytes(const FrameInfo& f) const;

  std::vector<uint8_t> bytes_;
  Header header_;
  std::vector<FrameInfo> frames_;
  uint32_t turns_ = 0;
  uint64_t dataEnd_ = 0;
  bool closed_ = false;
  OnDamage onDamage_ = OnDamage::Refuse;
  std::string damage_;
  std::vector<Hole> holes_;
  std::vector<std::string> notices_;
};

}  // namespace concord::replay
