// A block of turn records: the payload of one Turns frame (docs/replay-format.md, "Turn blocks").
// Per turn: a bitmap of seats with orders, those seats' orders, and a 4-byte tag of the Seal hash.
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
  std::array<uint8_t, kSealTagBytes> sealTag{};
  friend bool operator==(const TurnRecord&, const TurnRecord&) = default;
};

std::array<uint8_t, kSealTagBytes> sealTag(const det::Hash128& seal);

struct TurnBlock {
  std::vector<TurnRecord> turns;                // consecutive
  det::Hash128 lastSeal;                        // full Seal hash of the block's last turn
  std::vector<lockstep::Signature> signatures;  // per seat: signature on its bundle of the last turn
  friend bool operator==(const TurnBlock&, const TurnBlock&) = default;
};

std::vector<uint8_t> encodeBlock(const TurnBlock& b);
/// Strict decode of a block of `count` turns from `firstTurn` for `seats` seats.
Result<TurnBlock> decodeBlock(std::span<const uint8_t> raw, uint32_t firstTurn, uint32_t count, Seat seats);

}  // namespace concord::replay
