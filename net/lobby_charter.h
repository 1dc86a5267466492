// A crew charter at a networked table (TEI §3.4, RULES §VIII "Crews & charters"; issue 11 point 4): the host
// seats only the crew's members, and every joiner sees the charter and checks it before it plays.
#pragma once

#include <string>

#include "lockstep/session.h"

namespace concord::net {

/// Whether `key` is one of the charter's members.
bool charterMember(const lockstep::Charter& c, const lockstep::PublicKey& key);
/// "crew charter friday: 3 members, fleet 4, rules warp12-official-v1, settings <hash>" ("" without a charter).
std::string charterLine(const lockstep::SessionConfig& lobby);
/// "" when a joiner holding `key` may play this lobby; else why not: our key is not a member, the table's
/// charter is not the one we were given (`wanted`, empty id = any), or its settings are not the frozen ones.
std::string charterRefusal(const lockstep::SessionConfig& lobby, const lockstep::Charter& wanted, const lockstep::PublicKey& key);

}  // namespace concord::net
