// Registers Warp with the module registry (core/modules.cpp).
#include "core/warp/module.h"

#include "core/warp/config.h"
#include "core/warp/state.h"

namespace concord::warp {

ModuleEntry moduleEntry() {
  ModuleEntry e;
  e.id = "warp";
  e.rulesVersion = 3;  // 2: round log stored as event records; 3: Go-out blocked-deal counter in the state (re-deal cap)
  e.title = "Warp (multi-trail dominoes, RULES.tex)";
  e.create = [] { return std::make_unique<WarpGame>(); };
  e.parseConfig = [](const ConfigOptions& opts) -> Result<std::vector<uint8_t>> {
    auto c = parseOptions(opts);
    if (!c) return c.error();
    return encodeConfig(*c);
  };
  e.describeConfig = [](std::span<const uint8_t> b) -> std::string {
    auto c = decodeConfig(b);
    if (!c) return "invalid warp config: " + c.message();
    return describeConfig(*c);
  };
  e.botKinds = {"random", "greedy", "ensign", "lieutenant", "commander", "commander+lookahead"};
  e.makeBot = [](std::string_view kind, Seat) { return makeBot(kind); };
  return e;
}

}  // namespace concord::warp
