// ReplayWriter: appends turn records to a replay file as the game goes (crash-safe: each block is
// a complete, checksummed frame, flushed to the OS when written). Every session writes one.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/crypto.h"
#include "lockstep/session.h"
#include "lockstep/turn_record.h"
#include "replay/format.h"
#include "replay/turn_block.h"

namespace concord::replay {

class ReplayReader;

/// The live pipeline checkpoints its replay this often (wall time): a kill -9 loses at most this much play.
inline constexpr uint64_t kCheckpointMs = 1000;

/// Issue 30 (the record at speed): 256-turn blocks and a snapshot every 512 turns keep a Warp record under 4 bytes a
/// seat-turn at two seats (docs/performance.md "The record at speed"); tables checkpoint, so a crash still loses at
/// most a second of play (the live node) or nothing a person played (LocalTable), not a whole block.
inline constexpr uint32_t kBlockTurns = 256;
inline constexpr uint32_t kReplaySnapshotEvery = 2 * lockstep::kSnapshotEvery;
static_assert(kReplaySnapshotEvery % lockstep::kSnapshotEvery == 0, "snapshots fall on turns whose state peers keep");

struct WriterOptions {
  uint32_t blockTurns = kBlockTurns;           // turns per frame; a crash loses at most the unflushed block
  uint32_t snapshotEvery = kReplaySnapshotEvery;  // snapshot frame every N turns (from the record's state bytes)
  uint16_t formatVersion = kFormatVersion;     // an older version writes what an older build wrote (tests of old files)
};

/// One index entry: where a frame starts.
struct IndexEntry {
  FrameKind kind = FrameKind::Turns;
  uint32_t firstTurn = 0;
  uint32_t turnCount = 0;
  uint64_t offset = 0;
  friend bool operator==(const IndexEntry&, const IndexEntry&) = default;
};
std::vector<uint8_t> encodeIndex(const std::vector<IndexEntry>& entries);
Result<std::vector<IndexEntry>> decodeIndex(std::span<const uint8_t> raw);

class ReplayWriter {
 public:
  ~ReplayWriter();
  ReplayWriter(const ReplayWriter&) = delete;
  ReplayWriter& operator=(const ReplayWriter&) = delete;

  /// Creates (overwrites) `path` and writes the header.
  static Result<std::unique_ptr<ReplayWriter>> create(const std::string& path, const lockstep::SessionConfig& session,
                                                      WriterOptions options = {});
  /// Reopens a replay read by `reader` for appending after its last complete turn: drops a cut tail
  /// and the index trailer (rewritten at close). Resume uses this after verifying.
  static Result<std::unique_ptr<ReplayWriter>> reopen(const std::string& path, const ReplayReader& reader);

  /// Appends the next applied turn (consecutive from 0): every seat's orders and the Seal; the bundles'
  /// signatures are kept at block ends (chain heads). When the record carries its state bytes, a snapshot
  /// frame follows every snapshotEvery turns.
  Result<void> append(const lockstep::TurnRecord& record);
  /// Keeps one accepted comms message (format version 2; a per-peer annotation outside the Seal). `turn`
  /// must be <= nextTurn() and not before the previous message's; seat < seats. Written as a Comms frame
  /// after the pending turns at the next flush (block end, flush(), close()).
  Result<void> appendComms(CommsEntry entry);
  /// Writes the pending turns (then the pending comms) as frames and flushes them to the OS.
  Result<void> flush();
  /// Makes the pending turns and comms survive a kill -9 without ending the block: they are written as a
  /// provisional frame (a complete, shorter Turns frame the reader takes as it is) that the next checkpoint or
  /// flush overwrites. The finished file is byte for byte what it would be without checkpoints, so peers that
  /// checkpoint at different moments still write identical replays. Call it every few seconds of wall time.
  Result<void> checkpoint();
  /// Flushes, writes the index trailer and footer, and closes. Further calls fail.
  Result<void> close();

  uint32_t nextTurn() const { return nextTurn_; }
  uint64_t bytesWritten() const { return offset_; }

 private:
  ReplayWriter() = default;
  Result<void> writeBytes(std::span<const uint8_t> b);
  Result<void> writeFrame(FrameKind kind, uint32_t first, uint32_t count, std::span<const uint8_t> raw);
  Result<void> writePending();
  Result<void> dropProvisional();

  std::FILE* file_ = nullptr;
  std::string path_;
  Header header_;
  Seat seats_ = 0;
  uint32_t nextTurn_ = 0;
  uint64_t offset_ = 0;
  TurnBlock pending_;
  std::vector<CommsEntry> pendingComms_;
  uint32_t lastCommsTurn_ = 0;
  std::vector<IndexEntry> index_;
  bool closed_ = false;
  // The last checkpoint's frames start here (they are rewritten, not appended to).
  bool provisional_ = false;
  uint64_t provisionalAt_ = 0;
  size_t provisionalIndex_ = 0;
  uint32_t provisionalTurn_ = 0;
  size_t provisionalComms_ = 0;
};

}  // namespace concord::replay
