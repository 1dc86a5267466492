// Joining by invite code (issue 25; `concord join CODE`, the Qt join form's code field): the code's IPv4 addresses go
// into NodeOptions::joinAny (dialled at once), its fingerprint and secret into hostFingerprint and secret. The terminal
// and the Qt client call this one function.
#pragma once

#include <string>

#include "core/det/result.h"
#include "net/invite_code.h"
#include "net/node.h"

namespace concord::net {

struct InviteDial {
  std::string dialled;  // "A:P, B:Q": what the node will dial
  std::string skipped;  // IPv6 addresses: listed by the code, not dialled by ENet 1.3 (IPv4 only)
};

/// Fills `o` from `invite`. Refused: a code with only IPv6 addresses.
Result<InviteDial> joinByInvite(NodeOptions& o, const Invite& invite);

}  // namespace concord::net
