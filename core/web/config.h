// W.E.B. game settings: galaxy size and the turn limit (§1, Victory). Canonical bytes travel in the session.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/det/result.h"

namespace concord::web {

inline constexpr uint16_t kMaxEmpires = 16;
inline constexpr uint16_t kMaxSystems = 1000;

struct Config {
  uint16_t systemsPerEmpire = 12;  // galaxy size: systems = max(24, seats x this), capped at kMaxSystems
  uint16_t turnLimit = 60;         // Victory Points are counted after this turn (Victory)
  friend bool operator==(const Config&, const Config&) = default;
};

/// Systems a galaxy of `seats` empires has.
int galaxySize(const Config& c, int seats);
Result<void> validateConfig(const Config& c);
std::vector<uint8_t> encodeConfig(const Config& c);
Result<Config> decodeConfig(std::span<const uint8_t> bytes);
/// key=value options: systems-per-empire=N, turns=N. Unknown keys are errors.
Result<Config> parseOptions(const std::vector<std::pair<std::string, std::string>>& opts);
std::string describeConfig(const Config& c);

}  // namespace concord::web
