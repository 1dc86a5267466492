// Registers W.E.B. with the module registry (core/modules.cpp).
#include "core/web/module.h"

#include "core/web/analyst_events.h"
#include "core/web/config.h"
#include "core/web/state.h"

namespace concord::web {

ModuleEntry moduleEntry(uint32_t rulesVersion) {
  ModuleEntry e;
  e.id = "web";
  e.rulesVersion = rulesVersion;  // each registered version verifies its own replays (module.h)
  e.title = "W.E.B. (space 4X, simultaneous orders; seed 003)";
  e.create = [rulesVersion] {
    auto g = std::make_unique<WebGame>();
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
    if (!c) return "invalid web config: " + c.message();
    return describeConfig(*c);
  };
  e.botKinds = {"ai"};
  e.makeBot = [](std::string_view kind, Seat seat) { return makeBot(kind, seat); };
  return e;
}

}  // namespace concord::web
