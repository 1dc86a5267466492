// Registry entry for Warp (id "warp", rulesVersion 3, module.cpp) and its bots.
#pragma once

#include <memory>
#include <string_view>

#include "core/game/registry.h"

namespace concord::warp {

ModuleEntry moduleEntry();
/// "random" (seeded random legal order), "greedy" (sheds the heaviest coordinate it may chart), or an
/// officer of RULES §VII: "ensign", "lieutenant", "commander", "commander+lookahead" (core/warp/ai/).
std::unique_ptr<Bot> makeBot(std::string_view kind);

}  // namespace concord::warp
