#include "net/lobby_charter.h"

#include <algorithm>

#include "core/det/hash.h"

namespace concord::net {

bool charterMember(const lockstep::Charter& c, const lockstep::PublicKey& key) {
  return std::find(c.members.begin(), c.members.end(), key) != c.members.end();
}

std::string charterLine(const lockstep::SessionConfig& s) {
  const auto& c = s.charter;
  if (c.id.empty()) return {};
  return "crew charter " + c.id + ": " + std::to_string(c.members.size()) + " members, fleet " + std::to_string(c.seats) +
         ", rules " + c.rulesProfile + ", frozen settings " + det::hash128(c.config).shortHex();
}

std::string charterRefusal(const lockstep::SessionConfig& s, const lockstep::Charter& wanted, const lockstep::PublicKey& key) {
  const auto& c = s.charter;
  if (!wanted.id.empty() && c.id.empty())
    return "the table plays under no crew charter, and you asked for charter '" + wanted.id + "'";
  if (!wanted.id.empty() && c != wanted)
    return "the table's crew charter '" + c.id + "' is not your charter file's '" + wanted.id +
           "' (another id, member list, rules, fleet size or frozen settings)";
  if (c.id.empty()) return {};
  if (!charterMember(c, key)) return "your key [" + key.fingerprint() + "] is not a member of crew charter '" + c.id + "'";
  if (c.seats != s.seats.size() || c.config != s.config)
    return "the table's fleet size or settings are not the ones crew charter '" + c.id + "' froze";
  return {};
}

}  // namespace concord::net
