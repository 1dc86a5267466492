#include "tools/concord/join_target.h"

#include <cstdio>

#include "net/invite_code.h"

namespace concord::cli {

// `concord join CODE` (issue 25): every IPv4 address of the invite code is dialled at once; the host must prove the
// key the code names, and our Join carries the table's secret. IPv6 addresses are listed but not dialled yet.
Result<void> joinByInvite(net::NodeOptions& o, const std::string& text) {
  auto invite = net::decodeInvite(text);
  if (!invite) return invite.error();
  std::string dialled, skipped;
  for (const auto& a : invite->addresses) {
    if (a.v6) {
      skipped += (skipped.empty() ? "" : ", ") + a.text();
      continue;
    }
    o.joinAny.push_back(net::Address{a.host(), a.port});
    dialled += (dialled.empty() ? "" : ", ") + a.text();
  }
  if (!skipped.empty())
    std::printf("Not dialling %s: this Concord's transport (ENet 1.3) speaks IPv4 only\n", skipped.c_str());
  if (o.joinAny.empty()) return Err("the invite code lists only IPv6 addresses (", skipped, "), and this Concord speaks IPv4 only");
  o.hostFingerprint = invite->host;
  o.secret = invite->secret;
  std::printf("Invite code: host key %s, dialling %s\n", net::fingerprintText(invite->host).c_str(), dialled.c_str());
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
