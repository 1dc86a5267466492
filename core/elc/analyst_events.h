// Every Last City's structured events for analysts (issue 30): each Seal's record, Track and Vigil changes, the
// Ebb, captures, players leaving and the winner, read from the state before and after each turn.
#pragma once

#include <memory>

#include "core/game/analyst_event.h"

namespace concord::elc {

std::unique_ptr<EventExtractor> makeAnalystEvents();

}  // namespace concord::elc
