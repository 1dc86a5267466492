// W.E.B.'s structured events for analysts (issue 30): battles, conquests, captures, joins, treaties, vanquished
// empires and the winners, read from the turn's resolution records (WebGame::events, the §9 turn report's source).
#pragma once

#include <memory>

#include "core/game/analyst_event.h"

namespace concord::web {

std::unique_ptr<EventExtractor> makeAnalystEvents();

}  // namespace concord::web
