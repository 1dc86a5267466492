// The replay/save file format (docs/replay-format.md): a checksummed header, then self-delimiting
// frames (turn blocks, snapshots, index trailer), then a footer. Each frame carries its own header
// check and payload check, so a reader tells a cut (file ends inside a frame) from corruption.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/session.h"

namespace concord::replay {

inline constexpr std::array<uint8_t, 8> kMagic = {'C', 'O', 'N', 'C', 'O', 'R', 'D', 'R'};
inline constexpr std::array<uint8_t, 8> kFooterMagic = {'C', 'O', 'N', 'C', 'I', 'D', 'X', '1'};
/// Bumped on any incompatible change. Writers write kFormatVersion; a reader reads every version from
/// kMinFormatVersion to kFormatVersion and refuses the others. Version 2 added Comms frames (kind 4).
/// Version 3 added the assistance marks (officer played / advisor consulted, lockstep/assistance.h) as system
/// orders in seat bundles: an older build would drop them as unknown orders, so it must refuse the file.
/// Version 4 keeps one byte of each turn's Seal hash, not four (issue 30: a Warp record at 4 bytes a seat-turn).
/// Version 5 (issue 30, files that survive a bad byte) keeps a copy of the header as the first frame, writes the seats'
/// chain heads into every snapshot (so verify resumes after a damaged frame) and names salvaged holes (Gap frames).
inline constexpr uint16_t kFormatVersion = 5;
/// The first format whose snapshots carry chain heads and whose header has a copy (kinds 5 and 6 exist from here).
inline constexpr uint16_t kAnchorFormat = 5;
inline constexpr uint16_t kMinFormatVersion = 1;
inline constexpr char kEngineVersion[] = "concord 0.1.0";

/// Magic(8) + formatVersion(2) + headerLen(4); then header bytes, then XXH3-64 of them (8).
inline constexpr size_t kPreambleSize = 14;
inline constexpr size_t kMaxHeaderBytes = 1 << 20;
/// kind(1) firstTurn(4) turnCount(4) rawLen(4) storedLen(4) headerCheck(4); payload; payloadCheck(8).
inline constexpr size_t kFrameHeaderSize = 21;
inline constexpr size_t kFrameCheckSize = 8;
/// trailerOffset(8) + kFooterMagic(8).
inline constexpr size_t kFooterSize = 16;
inline constexpr uint32_t kMaxFrameBytes = 64u << 20;
/// Bytes of each turn's Seal hash kept per turn (the full hash is kept at every block end, which is what proves the
/// state): the tag only names the turn a re-simulation first differs, so one byte (a differing state slips past a
/// tag 1 time in 256, and the next turn's tag names it) replaced format 3's four.
inline constexpr size_t sealTagBytes(uint16_t formatVersion) { return formatVersion >= 4 ? 1 : 4; }

/// HeaderCopy: the header's bytes again, first frame of a format 5 file. Gap: turns a salvage lost to damage
/// (payload: the reason), always followed by the snapshot that resumes the game after them.
enum class FrameKind : uint8_t { Turns = 1, Snapshot = 2, Index = 3, Comms = 4, HeaderCopy = 5, Gap = 6 };
inline constexpr uint8_t kMaxFrameKind = 6;

/// Limits of one comms record (a signed message kept beside the orders; format version 2).
inline constexpr size_t kMaxCommsSignedBytes = 4096;
inline constexpr uint64_t kMaxCommsPerFrame = 1u << 16;

/// One signed comms message as a peer accepted it: a per-peer annotation, not part of the Seal. `signedBytes`
/// are the exact bytes the sender signed (net/comms.h: commsSignedBytes), `sig` its Ed25519 signature by
/// the seat's session key; `turn` = turns applied when the peer accepted it (0 in the lobby).
struct CommsEntry {
  uint32_t turn = 0;
  Seat seat = 0;
  std::vector<uint8_t> signedBytes;
  lockstep::Signature sig;
  friend bool operator==(const CommsEntry&, const CommsEntry&) = default;
};
/// Payload of a Comms frame: varu n, then n x (varu turn, varu seat, varu len, bytes, 64-byte signature).
std::vector<uint8_t> encodeComms(const std::vector<CommsEntry>& entries);
/// Strict: every turn <= `position` (the frame's firstTurn) and >= `minTurn`, non-decreasing, seat < seats,
/// 1..kMaxCommsSignedBytes signed bytes; nothing after the last entry.
Result<std::vector<CommsEntry>> decodeComms(std::span<const uint8_t> raw, uint32_t position, uint32_t minTurn, Seat seats);

/// Everything before the first frame.
struct Header {
  uint16_t formatVersion = kFormatVersion;
  std::string engineVersion = kEngineVersion;
  uint32_t blockTurns = 64;      // turns per block (a block also ends at every flush)
  uint32_t snapshotEvery = 256;  // a snapshot frame every this many turns (0 = none)
  lockstep::SessionConfig session;
};

struct FrameHeader {
  FrameKind kind = FrameKind::Turns;
  uint32_t firstTurn = 0;  // Turns: first turn of the block; Snapshot: position (turns applied)
  uint32_t turnCount = 0;  // Turns: turns in the block; otherwise 0
  uint32_t rawLen = 0;     // decompressed payload size
  uint32_t storedLen = 0;  // bytes stored in the file
};

/// Preamble + header + check.
std::vector<uint8_t> encodeHeader(const Header& h);
/// Parses the preamble and header. `consumed` is set to the first frame's offset. Refuses another
/// format version, and a module/rulesVersion this build does not run, with a message naming it.
Result<Header> decodeHeader(std::span<const uint8_t> file, size_t& consumed);

/// A whole frame: header, zstd-compressed payload, check.
std::vector<uint8_t> encodeFrame(FrameKind kind, uint32_t firstTurn, uint32_t turnCount,
                                 std::span<const uint8_t> raw);
std::vector<uint8_t> encodeFooter(uint64_t trailerOffset);

enum class FrameStatus { Ok, Cut, Corrupt };
struct FrameParse {
  FrameStatus status = FrameStatus::Ok;
  FrameHeader header;
  size_t totalSize = 0;  // header + payload + check
  std::string why;       // for Cut / Corrupt
};
/// Checks the frame at `bytes` (header check, bounds, payload check) without decompressing.
FrameParse parseFrame(std::span<const uint8_t> bytes);
/// After damage: the offset of the next intact frame (both checksums hold) at or after `from`, or bytes.size().
size_t nextIntactFrame(std::span<const uint8_t> bytes, size_t from);
/// Decompresses a checked frame's payload; the error says why.
Result<std::vector<uint8_t>> framePayload(std::span<const uint8_t> frame, const FrameHeader& h);

}  // namespace concord::replay
