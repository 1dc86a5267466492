#include "tools/concord/join_target.h"

#include <cstdio>

#include "net/invite_code.h"
#include "net/invite_join.h"

namespace concord::cli {

// Every IPv4 address of the invite code is dialled at once (net::joinByInvite); the host must prove the key the code
// names, and our Join carries the table's secret.
Result<void> joinByInvite(net::NodeOptions& o, const std::string& text) {
  auto invite = net::decodeInvite(text);
  if (!invite) return invite.error();
  auto dial = net::joinByInvite(o, *invite);
  if (!dial) return dial.error();
  if (!dial->skipped.empty())
    std::printf("Not dialling %s: this Concord's transport (ENet 1.3) speaks IPv4 only\n", dial->skipped.c_str());
  std::printf("Invite code: host key %s, dialling %s\n", net::fingerprintText(invite->host).c_str(), dial->dialled.c_str());
  std::fflush(stdout);
  return Ok();
}

Result<void> aimAtTable(net::NodeOptions& o, const std::string& text) {
  if (net::looksLikeInvite(text)) return joinByInvite(o, text);
  auto a = net::parseAddress(text, 27960);
  if (!a) return a.error();
  o.join = *a;
  return Ok();
}

}  // namespace concord::cli
