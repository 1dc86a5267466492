// Registers Every Last City with the module registry (core/modules.cpp).
#include "core/elc/module.h"

#include "core/elc/analyst_events.h"
#include "core/elc/config.h"
#include "core/elc/state.h"

namespace concord::elc {

ModuleEntry moduleEntry(uint32_t rulesVersion) {
  ModuleEntry e;
  e.id = "elc";
  e.rulesVersion = rulesVersion;  // victoryLogicVersion (VC-3220): each verifies its own replays; v3 adds §10 and teams, v4 the Substituted entry
  e.title = "Every Last City (the victory system of 14 \u2014 Victory on a small host world)";
  e.create = [rulesVersion] {
    auto g = std::make_unique<ElcGame>();
    g->setRulesVersion(rulesVersion);
    return g;
  };
  e.makeEvents = makeAnalystEvents;  // issue 30: structured events for `replay export`
  e.parseConfig = [](const ConfigOptions& opts) -> Result<std::vector<uint8_t>> {
    auto c = parseOptions(opts);
    if (!c) return c.error();
    return encodeConfig(*c);
  };
  e.describeConfig = [](std::span<const uint8_t> b) -> std::string {
    auto c = decodeConfig(b);
    if (!c) return "invalid elc config: " + c.message();
    return describeConfig(*c);
  };
  e.botKinds = {"conqueror", "random", "conqueror-blind"};
  e.makeBot = [](std::string_view kind, Seat) { return makeBot(kind); };
  return e;
}

}  // namespace concord::elc
