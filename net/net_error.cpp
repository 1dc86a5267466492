#include "net/net_error.h"

#include "core/game/registry.h"

namespace concord::net {

NetErrorKind refusalKind(RefuseReason reason) {
  switch (reason) {
    case RefuseReason::Full: return NetErrorKind::TableFull;
    case RefuseReason::Charter: return NetErrorKind::CharterRefused;
    case RefuseReason::Kicked: return NetErrorKind::Kicked;
    case RefuseReason::BadSecret: return NetErrorKind::BadSecret;
    case RefuseReason::Other: break;
  }
  return NetErrorKind::JoinRefused;
}

VersionCheck checkTableVersion(const lockstep::SessionConfig& session) {
  auto mod = findModule(session.moduleId);
  if (!mod)
    return {NetErrorKind::VersionMismatch, "version mismatch: the host plays module '" + session.moduleId +
                                               "', which this Concord does not have; install the same Concord version as the host"};
  if ((*mod)->rulesVersion != session.rulesVersion)
    return {NetErrorKind::VersionMismatch,
            "version mismatch: the host's " + session.moduleId + " rules are version " + std::to_string(session.rulesVersion) +
                ", this client's are version " + std::to_string((*mod)->rulesVersion) +
                "; both must run the same Concord version (update the older one)"};
  return {};
}

}  // namespace concord::net
