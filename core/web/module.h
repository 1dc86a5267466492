// Registry entry for W.E.B. (id "web") and its AI empire.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/game/registry.h"
#include "core/web/rules.h"

namespace concord::web {

/// The rules this build plays. 4: issue 28 (§2i surprise attacks charged to the attacker, §2f ambush orders from
/// hostile independents, §5 raiders firing only on the system owner); 3: §9 memory (Empire::seen) is in the
/// state; 2: part 2 (independents, pirates, raiders, treaties, traders). Every version from kOldestRulesVersion
/// is registered so its replays verify (core/modules.cpp); older ones are refused by name (docs/rules-decisions.md
/// "W.E.B. rules versions").
inline constexpr uint32_t kRulesVersion = kNewestRules;
inline constexpr uint32_t kOldestRulesVersion = 3;

ModuleEntry moduleEntry(uint32_t rulesVersion = kRulesVersion);
/// "ai": the deterministic integer AI empire (bots.cpp).
std::unique_ptr<Bot> makeBot(std::string_view kind, Seat seat);

}  // namespace concord::web
