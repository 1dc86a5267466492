#include "net/invite_join.h"

namespace concord::net {

Result<InviteDial> joinByInvite(NodeOptions& o, const Invite& invite) {
  InviteDial d;
  for (const auto& a : invite.addresses) {
    auto& list = a.v6 ? d.skipped : d.dialled;
    list += (list.empty() ? "" : ", ") + a.text();
    if (!a.v6) o.joinAny.push_back(Address{a.host(), a.port});
  }
  if (o.joinAny.empty()) return Err("the invite code lists only IPv6 addresses (", d.skipped, "), and this Concord speaks IPv4 only");
  o.hostFingerprint = invite.host;
  o.secret = invite.secret;
  return d;
}

}  // namespace concord::net
