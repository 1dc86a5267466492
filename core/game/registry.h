// The registry of rule modules by id and rulesVersion. Modules are listed explicitly in
// core/modules.cpp (no static-initialisation order games).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/det/result.h"
#include "core/game/analyst_event.h"
#include "core/game/game.h"

namespace concord {

using ConfigOptions = std::vector<std::pair<std::string, std::string>>;

struct ModuleEntry {
  std::string id;
  uint32_t rulesVersion = 0;
  std::string title;
  std::function<std::unique_ptr<Game>()> create;
  /// Issue 26: the game with hidden hands (a masked deck), for tables of two or more people; keeperOf[s] is the
  /// seat whose client keeps seat s's hand. Empty for a module without hidden information to hide this way.
  std::function<std::unique_ptr<Game>(std::vector<Seat> keeperOf)> createHidden;
  /// key=value options (CLI, lobby) to canonical config bytes; unknown keys are errors.
  std::function<Result<std::vector<uint8_t>>(const ConfigOptions&)> parseConfig;
  /// Canonical config bytes to readable text.
  std::function<std::string(std::span<const uint8_t>)> describeConfig;
  /// Bot kinds this module offers ("random", "greedy", ...); the first is the default.
  std::vector<std::string> botKinds;
  std::function<std::unique_ptr<Bot>(std::string_view kind, Seat seat)> makeBot;
  /// Issue 30: reads a re-simulated game's structured events for analysts; empty for a module without them.
  std::function<std::unique_ptr<EventExtractor>()> makeEvents;
};

/// Every module this build knows, ascending id.
const std::vector<ModuleEntry>& allModules();
/// The module with `id`; the error lists the known ids.
Result<const ModuleEntry*> findModule(std::string_view id);
/// The module with `id` and exactly `rulesVersion`; the error says which version this build runs.
Result<const ModuleEntry*> findModule(std::string_view id, uint32_t rulesVersion);

}  // namespace concord
