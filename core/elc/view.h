// What one seat may know (VC-2160..VC-2190, VC-2360): the decoded form of an Every Last City Observation.
// The host world has no fog (docs/elc-world.md); the victory readouts are banded per §13.2.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/det/result.h"
#include "core/elc/ivec.h"

namespace concord::elc {

struct ViewCity {
  int32_t tile = 0, owner = -1, landmark = -1, garrison = 0, region = 0;
  bool unsettled = false;
};
struct ViewUnit {
  uint32_t id = 0;
  int32_t owner = 0, tile = 0;
};
struct ViewTrack {
  uint8_t track = 0, band = 0, vigil = 0;
  int64_t published = -1;  // -1: not published to this viewer (Rumour, or Own Only)
};
/// VC-3190: a Sealed Order as the viewer may know it; form 0xFF when only its class is public (VC-1730).
struct ViewOrder {
  uint8_t cls = 0, form = 0xFF;
  bool revealed = false, done = false;
  int32_t subject = -1, city = -1;  // city: the Order's target city (capital, Landmark or Seat), -1 for none
  int64_t progress = 0;
};
struct ViewPlayer {
  bool live = true, reduced = false, outOfContention = false;
  int64_t tenure = 0;  // VC-2360: always full precision
  int32_t seatCity = -1;
  std::vector<ViewTrack> tracks;
  uint8_t charter = 10;   // §10: the Charter's Track (VC-1610: public); 10 (Charters) = none or §10 off
  int64_t ambition = -1;  // the viewer's own Ambition points; -1 for rivals
  std::vector<ViewOrder> orders;
};
/// The spare high bits of the Observation's `enabled` field: which optional blocks follow §10's (observe.cpp).
inline constexpr uint16_t kViewSides = 1u << 14, kViewRegionHolds = 1u << 15;

struct View {
  uint16_t seat = 0;
  uint32_t turn = 0;
  int32_t width = 0, height = 0;
  uint8_t topology = 0;
  uint16_t enabled = 0;
  int32_t verdictLeader = -1;
  IVec<ViewCity> cities;
  IVec<ViewUnit> units;
  IVec<ViewPlayer> players;
  std::vector<int32_t> side;  // by seat: its side's lead seat (VC-1570); empty without teams
  std::vector<int32_t> regionHolds;  // Regions named by announced or open Region hold Warrants (VC-1815, `region-hold=on`)
  bool allied(int32_t a, int32_t b) const {
    return a >= 0 && b >= 0 && (a == b || (!side.empty() && side[static_cast<size_t>(a)] == side[static_cast<size_t>(b)]));
  }
};

Result<View> decodeView(std::span<const uint8_t> bytes);
/// VC-3190: how much seat `me`'s own Charter and own (held or revealed) Sealed Orders pay for taking city `c`
/// (bots.cpp); 0 for every city when the View carries no §10.
int32_t objectivePull(const View& v, int32_t me, size_t c);
/// VC-1815: what taking city `c` is worth to seat `me` under the announced or open Region hold Warrants (bots.cpp):
/// 10 for a city of such a Region that `me`'s side holds at least half of, else 0 (always 0 without `region-hold=on`).
int32_t regionHoldPull(const View& v, int32_t me, size_t c);

}  // namespace concord::elc
