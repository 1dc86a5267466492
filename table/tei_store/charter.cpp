#include "table/tei_store/charter.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/game/registry.h"
#include "core/tei/rating.h"
#include "table/tei_store/tei_json.h"

namespace concord::tei {

using nlohmann::json;

namespace {

Result<lockstep::PublicKey> hexKey(const std::string& h) {
  lockstep::PublicKey k;
  if (h.size() != 64) return Err("a member key is 64 hex digits (got '", h, "')");
  for (size_t i = 0; i < 32; ++i) {
    auto nib = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    const int hi = nib(h[2 * i]), lo = nib(h[2 * i + 1]);
    if (hi < 0 || lo < 0) return Err("member key '", h, "' is not lowercase hex");
    k.bytes[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return k;
}

std::string hexOf(const lockstep::PublicKey& k) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t b : k.bytes) {
    s += d[b >> 4];
    s += d[b & 15];
  }
  return s;
}

}  // namespace

Result<lockstep::Charter> loadCharter(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Err("cannot read charter ", path);
  std::ostringstream buf;
  buf << in.rdbuf();
  auto j = parseStrictJson(buf.str());
  if (!j) return Err(path, ": ", j.message());
  const json& c = *j;
  if (!c.is_object()) return Err(path, ": a charter is a JSON object");
  for (auto it = c.begin(); it != c.end(); ++it)
    if (it.key() != "id" && it.key() != "members" && it.key() != "rules" && it.key() != "seats" && it.key() != "options")
      return Err(path, ": unknown key \"", it.key(), "\"");
  lockstep::Charter ch;
  if (!c.contains("id") || !c["id"].is_string()) return Err(path, ": \"id\" must be a string");
  ch.id = c["id"].get<std::string>();
  if (ch.id.empty() || ch.id.size() > 64 || ch.id.find('/') != std::string::npos)
    return Err(path, ": \"id\" must be 1-64 characters without '/'");
  if (!c.contains("members") || !c["members"].is_array() || c["members"].empty())
    return Err(path, ": \"members\" must be a non-empty array of public keys");
  for (const auto& m : c["members"]) {
    if (!m.is_string()) return Err(path, ": \"members\" must hold hex public keys");
    auto k = hexKey(m.get<std::string>());
    if (!k) return Err(path, ": ", k.message());
    ch.members.push_back(*k);
  }
  std::sort(ch.members.begin(), ch.members.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
  ch.members.erase(std::unique(ch.members.begin(), ch.members.end()), ch.members.end());
  ch.rulesProfile = c.contains("rules") && c["rules"].is_string() ? c["rules"].get<std::string>() : std::string(kRulesProfileId);
  if (!c.contains("seats") || !c["seats"].is_number_integer() || c["seats"].get<int64_t>() < 2 || c["seats"].get<int64_t>() > 8)
    return Err(path, ": \"seats\" (fleet size) must be 2..8");
  ch.seats = static_cast<uint32_t>(c["seats"].get<int64_t>());
  ConfigOptions opts;
  if (c.contains("options")) {
    if (!c["options"].is_object()) return Err(path, ": \"options\" must be an object of table options");
    for (auto it = c["options"].begin(); it != c["options"].end(); ++it) {
      if (!it->is_string()) return Err(path, ": option \"", it.key(), "\" must be a string");
      opts.emplace_back(it.key(), it->get<std::string>());
    }
  }
  auto mod = findModule("warp");
  if (!mod) return mod.error();
  auto cfg = (*mod)->parseConfig(opts);
  if (!cfg) return Err(path, ": ", cfg.message());
  ch.config = std::move(*cfg);
  return ch;
}

std::string charterMismatch(const lockstep::SessionConfig& s) {
  const auto& ch = s.charter;
  if (ch.id.empty()) return {};
  if (ch.rulesProfile != kRulesProfileId)
    return "the charter froze rules '" + ch.rulesProfile + "', this game is rated under '" + std::string(kRulesProfileId) + "'";
  if (ch.seats != s.seats.size())
    return "the charter froze a fleet of " + std::to_string(ch.seats) + ", the sector has " + std::to_string(s.seats.size());
  if (ch.config != s.config) return "the sector's settings differ from the charter's frozen settings";
  for (size_t i = 0; i < s.seats.size(); ++i) {
    if (s.seats[i].ai) continue;
    if (std::find(ch.members.begin(), ch.members.end(), s.seats[i].key) == ch.members.end())
      return "seat " + std::to_string(i) + " (" + s.seats[i].name + ", " + hexOf(s.seats[i].key).substr(0, 16) +
             "…) is not a member of the crew";
  }
  return {};
}

}  // namespace concord::tei
