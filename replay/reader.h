// ReplayReader: strict reader of a replay file. Open checks the header (format, module, rulesVersion),
// every frame's checksums and the order of frames; a file cut at any byte reads back every complete
// turn before the cut (with a notice), while corruption is an error naming the offset and turns.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/turn_engine.h"
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
};

/// What open does with a corrupt frame: refuse the file (the default), or keep every frame before it
/// (verify's recovery count and `replay salvage`); damage() then says what stopped the read.
enum class OnDamage { Refuse, KeepPrefix };

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
  /// OnDamage::KeepPrefix only: the corruption that ended the read early (empty for an intact file). The
  /// frames before it are all read and checked; the damaged frame and everything after it are not.
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

 private:
  Result<void> scan();
  std::span<const uint8_t> frameBytes(const FrameInfo& f) const;

  std::vector<uint8_t> bytes_;
  Header header_;
  std::vector<FrameInfo> frames_;
  uint32_t turns_ = 0;
  uint64_t dataEnd_ = 0;
  bool closed_ = false;
  OnDamage onDamage_ = OnDamage::Refuse;
  std::string damage_;
  std::vector<std::string> notices_;
};

}  // namespace concord::replay
