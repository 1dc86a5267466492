// Registry entry for W.E.B. (id "web") and its AI empire.
#pragma once

#include <memory>
#include <string_view>

#include "core/game/registry.h"

namespace concord::web {

ModuleEntry moduleEntry();
/// "ai": the deterministic integer AI empire (bots.cpp).
std::unique_ptr<Bot> makeBot(std::string_view kind, Seat seat);

}  // namespace concord::web
