// Lookup in the generated calibration table (calibration_table.cpp).
#include "core/elc/calibration.h"

namespace concord::elc {

const CalibrationCell* calibrationCell(uint8_t track, uint8_t mapClass, uint8_t players) {
  for (const auto& c : calibrationTable())
    if (c.track == track && c.mapClass == mapClass && c.players == players) return &c;
  return nullptr;
}

}  // namespace concord::elc
