// Warp's structured events for analysts (issue 30): rounds, alerts, catches, the sector's result, read from the
// round log's event records (core/warp/log.h) and the state before and after each turn.
#pragma once

#include <memory>

#include "core/game/analyst_event.h"

namespace concord::warp {

std::unique_ptr<EventExtractor> makeAnalystEvents();

}  // namespace concord::warp
