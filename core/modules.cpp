// The list of rule modules this build runs. Add a module here; ids stay ascending.
#include <algorithm>

#include "core/elc/module.h"
#include "core/game/registry.h"
#include "core/game/takeover.h"
#include "core/testgame/shed.h"
#include "core/warp/module.h"
#include "core/warp/state.h"
#include "core/web/module.h"
#include "core/web/state.h"

namespace concord {

const std::vector<ModuleEntry>& allModules() {
  static const std::vector<ModuleEntry> modules = [] {
    std::vector<ModuleEntry> m;
    for (uint32_t v = elc::kRulesVersion; v >= elc::kOldestRulesVersion; --v) m.push_back(elc::moduleEntry(v));
    m.push_back(shed::moduleEntry());
    // Newest first within an id: findModule(id) starts new games on it; older versions verify old replays.
    for (uint32_t v = warp::kRulesVersion; v >= warp::kOldestRulesVersion; --v) m.push_back(warp::moduleEntry(v));
    for (uint32_t v = web::kRulesVersion; v >= web::kOldestRulesVersion; --v) m.push_back(web::moduleEntry(v));
    std::stable_sort(m.begin(), m.end(), [](const ModuleEntry& a, const ModuleEntry& b) { return a.id < b.id; });
    return m;
  }();
  return modules;
}

Result<const ModuleEntry*> findModule(std::string_view id) {
  std::string known;
  for (const auto& m : allModules()) {
    if (m.id == id) return &m;
    if (known.empty() || known.substr(known.rfind(' ') + 1) != m.id) known += (known.empty() ? "" : ", ") + m.id;
  }
  return Err("unknown rule module '", id, "' (this build knows: ", known, ")");
}

Result<const ModuleEntry*> findModule(std::string_view id, uint32_t rulesVersion) {
  auto m = findModule(id);
  if (!m) return m;
  for (const auto& e : allModules())
    if (e.id == id && e.rulesVersion == rulesVersion) return &e;
  if ((*m)->rulesVersion != rulesVersion)
    return Err("rule module '", id, "' version ", rulesVersion, " is not supported: this build runs version ",
               (*m)->rulesVersion, "; open it with a Concord build that runs ", id, " v", rulesVersion);
  return m;
}

std::optional<Outcome> outcomeWithTakeovers(const Game& g, std::span<const uint32_t> takenOverAt) {
  // W.E.B. Galactic Ranking: an empire abandoned to the AI takes last place with 0 points.
  if (const auto* w = dynamic_cast<const web::WebGame*>(&g)) return w->outcomeWithTakeovers(takenOverAt);
  return g.outcome();  // Warp (TEI reads officer turns itself), Every Last City, shed: no such rule
}

}  // namespace concord
