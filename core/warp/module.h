// Registry entries for Warp (id "warp", rules versions 3..4, module.cpp) and its bots.
#pragma once

#include <memory>
#include <cstdint>
#include <string_view>

#include "core/game/registry.h"

namespace concord::warp {

/// Warp at `rulesVersion` (kOldestRulesVersion..kRulesVersion; state.h): the current one for new games, older
/// ones so replays verify under the version they recorded.
ModuleEntry moduleEntry(uint32_t rulesVersion);
/// The current version's entry.
ModuleEntry moduleEntry();
/// "random" (seeded random legal order), "greedy" (sheds the heaviest coordinate it may chart), or an
/// officer of RULES §VII: "ensign", "lieutenant", "commander", "commander+lookahead" (core/warp/ai/).
std::unique_ptr<Bot> makeBot(std::string_view kind);

}  // namespace concord::warp
