// The host world's map (docs/elc-world.md): tiles under a declared topology, the wrapped Chebyshev
// distance of VC-190, MAP_SPAN (VC-2660), and generation of cities, start cities, Regions and Landmarks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/elc/ivec.h"
#include "core/det/rng.h"
#include "core/elc/config.h"
#include "core/game/types.h"

namespace concord::elc {

inline constexpr int32_t kMaxDisplacement = 2;  // VC-2650: a Legion moves at most 2 tiles a turn, nothing else moves it
inline constexpr int32_t kSupplyRange = 3;      // VC-550 stand-in: in supply within 3 of an own city
inline constexpr int64_t kUnitCost = 20;        // VC-510 worksCost of a Legion

struct Grid {
  int32_t width = 24, height = 24;
  Topology topology = Topology::Flat;

  int32_t tiles() const { return width * height; }
  int32_t x(int32_t tile) const { return tile % width; }
  int32_t y(int32_t tile) const { return tile / width; }
  int32_t at(int32_t x, int32_t y) const { return y * width + x; }
  /// VC-190: wrapped Chebyshev distance from the minimal displacements under the topology.
  int32_t distance(int32_t a, int32_t b) const;
  /// VC-2660: the greatest distance between two tiles, in closed form.
  int32_t span() const;
  /// Every tile within distance r of `tile`, ascending tile index (wrapping where the topology wraps).
  std::vector<int32_t> within(int32_t tile, int32_t r) const;
};

/// One generated city: the static facts (the owner and economy live in the game state).
struct CitySite {
  int32_t tile = 0;
  std::string name;
  uint8_t baseWorks = 2;
  bool academy = false;       // trait: effective Works × 3 / 2
  int32_t region = 0;         // VC-1033 Region index
  int32_t landmark = -1;      // VC-1084 Landmark index, -1 if none
  int32_t startOf = -1;       // the seat that starts here, -1 if none
};

struct World {
  Grid grid;
  IVec<CitySite> cities;        // ascending sequence number = index
  IVec<int32_t> regionCapital;  // by Region index: the capital's city
  IVec<int32_t> regionSize;     // by Region index: city count (a constant, VC-1035)
  IVec<int32_t> landmarks;      // by Landmark index: the city
  int64_t potentialOutput = 0;         // VC-600
  uint32_t attempts = 0;               // generation attempts used (GR-1560 retry budget)
};

/// Effective Works of a city at an Integration (12-economy stand-in, VC-530): floor(base × I / 100), trait applied.
int64_t effectiveWorks(const CitySite& c, int64_t integration);
/// Generates the world from the "map" stream; retried up to 64 times, then failed loudly (GR-1560).
Result<World> generateWorld(const Config& c, Seat players, det::Rng& rng);

}  // namespace concord::elc
