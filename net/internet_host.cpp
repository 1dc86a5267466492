#include "net/internet_host.h"

#include <algorithm>

#include "net/invite_code.h"
#include "net/local_addresses.h"

namespace concord::net {
namespace {

void addAddress(std::vector<InviteAddress>& out, const std::string& host, uint16_t port) {
  auto a = InviteAddress::parse(host, port);
  if (a && out.size() < kMaxInviteAddresses && std::find(out.begin(), out.end(), *a) == out.end()) out.push_back(*a);
}

}  // namespace

Result<InternetTable> openToInternet(const NodeOptions& o, const TableSecret& secret, std::function<void(const std::string&)> log) {
  if (o.bind.port == 0) return Err("inviting friends needs a fixed UDP port: the router maps one known port (the default is 27960)");
  InternetTable t;
  PortMappingOptions pm;
  pm.port = o.bind.port;
  pm.bindHost = o.bind.host;
  pm.log = std::move(log);
  t.mapping = PortMapping::open(pm);
  t.routerLine = t.mapping->line();
  // Most likely first: the router's public address, then where this machine listens (LAN IPv4, global IPv6).
  Invite invite;
  if (t.mapping->mapped()) addAddress(invite.addresses, t.mapping->publicHost(), t.mapping->publicPort());
  const uint16_t port = o.advertisePort ? o.advertisePort : o.bind.port;
  const bool anyAddress = o.bind.host.empty() || o.bind.host == "0.0.0.0" || o.bind.host == "*";
  if (!anyAddress) {
    addAddress(invite.addresses, o.bind.host, port);
  } else {
    const auto local = localAddresses();
    for (const auto& a : local.v4) addAddress(invite.addresses, a, port);
    for (const auto& a : local.v6) addAddress(invite.addresses, a, port);
  }
  invite.host = hostFingerprint(o.key.publicKey);
  invite.secret = secret;
  auto code = encodeInvite(invite);
  if (!code) return Err(code.message(), " (this machine lists no address but loopback; give --bind ADDR)");
  t.code = *code;
  return t;
}

}  // namespace concord::net
