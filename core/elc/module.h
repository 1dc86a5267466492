// Registry entry for Every Last City (id "elc", module.cpp) and its bots.
#pragma once

#include <memory>
#include <string_view>

#include "core/elc/config.h"
#include "core/game/registry.h"

namespace concord::elc {

ModuleEntry moduleEntry(uint32_t rulesVersion = kRulesVersion);
/// "conqueror" (default: stacks Legions and takes the nearest prize) or "random" (random non-move orders).
std::unique_ptr<Bot> makeBot(std::string_view kind);

}  // namespace concord::elc
