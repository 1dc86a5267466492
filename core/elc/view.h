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
struct ViewPlayer {
  bool live = true, reduced = false, outOfContention = false;
  int64_t tenure = 0;  // VC-2360: always full precision
  int32_t seatCity = -1;
  std::vector<ViewTrack> tracks;
};
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
  bool allied(int32_t a, int32_t b) const {
    return a >= 0 && b >= 0 && (a == b || (!side.empty() && side[static_cast<size_t>(a)] == side[static_cast<size_t>(b)]));
  }
};

Result<View> decodeView(std::span<const uint8_t> bytes);

}  // namespace concord::elc
