// A block of turn records: the payload of one Turns frame (docs/replay-format.md, "Turn blocks").
// Per turn: a bitmap of seats with orders, those seats' orders, and a tag of the Seal hash (1 byte; 4 before format 4).
// At the block end: the full Seal hash of its last turn and every seat's signature on its chain head
// (the bundle of the last turn), which vouches for every earlier bundle of that seat.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/crypto.h"
#include "replay/format.h"

namespace concord::replay {

struct TurnRecord {
  uint32_t turn = 0;
  std::vector<std::vector<Order>> ordersBySeat;  // one entry per seat
  uint32_t sealTag = 0;      // the low sealTagBytes bytes of the turn's Seal hash
  uint8_t sealTagBytes = 1;  // sealTagBytes(format version) of the file it belongs to
  /// Whether `seal` (a re-simulated Seal hash) shows this turn's tag.
  bool sealMatches(const det::Hash128& seal) const;
  friend bool operator==(const TurnRecord&, const TurnRecord&) = default;
};

/// The tag of `seal` kept in `bytes` bytes (its low bytes).
uint32_t sealTagOf(const det::Hash128& seal, size_t bytes);

struct TurnBlock {
  std::vector<TurnRecord> turns;                // consecutive
  det::Hash128 lastSeal;                        // full Seal hash of the block's last turn
  std::vector<lockstep::Signature> signatures;  // per seat: signature on its bundle of the last turn
  friend bool operator==(const TurnBlock&, const TurnBlock&) = default;
};

/// The block's bytes with `tagBytes`-byte Seal tags (sealTagBytes of the file's format version).
std::vector<uint8_t> encodeBlock(const TurnBlock& b, size_t tagBytes);
/// Strict decode of a block of `count` turns from `firstTurn` for `seats` seats with `tagBytes`-byte Seal tags.
Result<TurnBlock> decodeBlock(std::span<const uint8_t> raw, uint32_t firstTurn, uint32_t count, Seat seats,
                              size_t tagBytes);

}  // namespace concord::replay
