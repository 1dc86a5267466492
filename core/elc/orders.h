// Every Last City orders: the host world's Move and Build, and the player-issued victory orders of
// VC-320. Payloads are canonical varints, decoded strictly.
#pragma once

#include <cstdint>
#include <optional>

#include "core/det/result.h"
#include "core/game/types.h"

namespace concord::elc {

enum OrderKind : uint16_t {
  kMove = 1,               // unit, tile
  kBuild = 2,              // city
  kDesignateSeat = 3,      // city (VC-1450, VC-1470)
  kDesignateWorkSite = 4,  // city (VC-1210)
  kSelectCharter = 5,      // track (VC-1630)
  kCastVerdictVote = 6,    // 1 = end, 0 = play on (VC-2760)
  kConcede = 7,            // 1 = confirmed (VC-2840)
  kClaimWarrant = 8,       // warrant id (VC-1830: never required)
};

struct Decoded {
  uint16_t kind = 0;
  uint32_t a = 0, b = 0;
};

Order makeOrder(uint16_t kind, uint32_t a);
Order makeMove(uint32_t unit, uint32_t tile);
/// Strict decode: the error names the order kind and the field.
Result<Decoded> decodeOrder(const Order& o);

}  // namespace concord::elc
