// Registers Warp with the module registry (core/modules.cpp).
#include "core/warp/module.h"

#include "core/warp/analyst_events.h"
#include "core/warp/config.h"
#include "core/warp/hidden/hidden_table.h"
#include "core/warp/state.h"

namespace concord::warp {

ModuleEntry moduleEntry(uint32_t rulesVersion) {
  ModuleEntry e;
  e.id = "warp";
  e.rulesVersion = rulesVersion;  // state.h kRulesVersion: what each version changed
  e.title = "Warp (multi-trail dominoes, RULES.tex)";
  e.create = [rulesVersion] {
    auto g = std::make_unique<WarpGame>();
    g->setRulesVersion(rulesVersion);
    return g;
  };
  // Hidden hands run on the newest rules only (older versions exist to verify old open replays).
  if (rulesVersion == kRulesVersion)
    e.createHidden = [rulesVersion](std::vector<Seat> keeperOf) -> std::unique_ptr<Game> {
      auto g = std::make_unique<hidden::HiddenTable>(std::move(keeperOf));
      g->setRulesVersion(rulesVersion);
      return g;
    };
  e.parseConfig = [](const ConfigOptions& opts) -> Result<std::vector<uint8_t>> {
    auto c = parseOptions(opts);
    if (!c) return c.error();
    return encodeConfig(*c);
  };
  e.makeEvents = makeAnalystEvents;  // issue 30: structured events for `replay export`
  e.describeConfig = [](std::span<const uint8_t> b) -> std::string {
    auto c = decodeConfig(b);
    if (!c) return "invalid warp config: " + c.message();
    return describeConfig(*c);
  };
  e.botKinds = {"random", "greedy", "ensign", "lieutenant", "commander", "commander+lookahead"};
  e.makeBot = [](std::string_view kind, Seat) { return makeBot(kind); };
  return e;
}

ModuleEntry moduleEntry() { return moduleEntry(kRulesVersion); }

}  // namespace concord::warp
