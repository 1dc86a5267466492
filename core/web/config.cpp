#include "core/web/config.h"

#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::web {

int galaxySize(const Config& c, int seats) {
  return std::min<int>(kMaxSystems, std::max(24, seats * static_cast<int>(c.systemsPerEmpire)));
}

Result<void> validateConfig(const Config& c) {
  if (c.systemsPerEmpire < 4 || c.systemsPerEmpire > 100)
    return Err("systems-per-empire must be 4..100 (each empire needs room to expand, §1), got ", c.systemsPerEmpire);
  if (c.turnLimit < 1 || c.turnLimit > 1000) return Err("turns (the turn limit) must be 1..1000, got ", c.turnLimit);
  return Ok();
}

std::vector<uint8_t> encodeConfig(const Config& c) {
  det::Writer w;
  w.varu("systemsPerEmpire", c.systemsPerEmpire);
  w.varu("turnLimit", c.turnLimit);
  return w.take();
}

Result<Config> decodeConfig(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "web config");
  Config c;
  c.systemsPerEmpire = static_cast<uint16_t>(r.varu("systemsPerEmpire", 65535));
  c.turnLimit = static_cast<uint16_t>(r.varu("turnLimit", 65535));
  if (auto f = r.finish(); !f) return f.error();
  if (auto v = validateConfig(c); !v) return v.error();
  return c;
}

Result<Config> parseOptions(const std::vector<std::pair<std::string, std::string>>& opts) {
  Config c;
  for (const auto& [k, v] : opts) {
    uint64_t n = 0;
    bool digits = !v.empty() && v.size() <= 5 && std::all_of(v.begin(), v.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    if (!digits) return Err("web option ", k, "=", v, ": the value must be a whole number");
    for (char ch : v) n = n * 10 + static_cast<uint64_t>(ch - '0');
    if (k == "systems-per-empire") c.systemsPerEmpire = static_cast<uint16_t>(std::min<uint64_t>(n, 65535));
    else if (k == "turns") c.turnLimit = static_cast<uint16_t>(std::min<uint64_t>(n, 65535));
    else return Err("unknown web option '", k, "' (known: systems-per-empire, turns)");
  }
  if (auto v = validateConfig(c); !v) return v.error();
  return c;
}

std::string describeConfig(const Config& c) {
  return "W.E.B.: " + std::to_string(c.systemsPerEmpire) + " systems per empire, turn limit " +
         std::to_string(c.turnLimit);
}

}  // namespace concord::web
