// Registry entry for W.E.B. (id "web") and its AI empire.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/game/registry.h"

namespace concord::web {

/// The rules this build plays. 3: §9 memory (Empire::seen) is in the state; 2: part 2 (independents, pirates,
/// raiders, treaties, traders). Older replays are refused by name (core/modules.cpp findModule), since their
/// Seals were made by other rules (docs/rules-decisions.md "W.E.B. rules versions").
inline constexpr uint32_t kRulesVersion = 3;

ModuleEntry moduleEntry();
/// "ai": the deterministic integer AI empire (bots.cpp).
std::unique_ptr<Bot> makeBot(std::string_view kind, Seat seat);

}  // namespace concord::web
