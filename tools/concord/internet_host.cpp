#include "tools/concord/internet_host.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "net/invite_code.h"
#include "net/local_addresses.h"

namespace concord::cli {
namespace {

void add(std::vector<net::InviteAddress>& out, const std::string& host, uint16_t port) {
  auto a = net::InviteAddress::parse(host, port);
  if (a && out.size() < net::kMaxInviteAddresses && std::find(out.begin(), out.end(), *a) == out.end()) out.push_back(*a);
}

}  // namespace

Result<InternetTable> openToInternet(const net::NodeOptions& o, const net::TableSecret& secret) {
  if (o.bind.port == 0) return Err("--internet needs a fixed --port: the router maps one known port (the default is 27960)");
  InternetTable t;
  net::PortMappingOptions pm;
  pm.port = o.bind.port;
  pm.bindHost = o.bind.host;
  pm.log = [](const std::string& l) { spdlog::warn("{}", l); };
  t.mapping = net::PortMapping::open(pm);
  std::printf("%s\n", t.mapping->line().c_str());
  // Most likely first: the router's public address, then where this machine listens (LAN IPv4, global IPv6).
  net::Invite invite;
  if (t.mapping->mapped()) add(invite.addresses, t.mapping->publicHost(), t.mapping->publicPort());
  const uint16_t port = o.advertisePort ? o.advertisePort : o.bind.port;
  const bool anyAddress = o.bind.host.empty() || o.bind.host == "0.0.0.0" || o.bind.host == "*";
  if (!anyAddress) {
    add(invite.addresses, o.bind.host, port);
  } else {
    const auto local = net::localAddresses();
    for (const auto& a : local.v4) add(invite.addresses, a, port);
    for (const auto& a : local.v6) add(invite.addresses, a, port);
  }
  invite.host = net::hostFingerprint(o.key.publicKey);
  invite.secret = secret;
  auto code = net::encodeInvite(invite);
  if (!code) return Err(code.message(), " (this machine lists no address but loopback; give --bind ADDR)");
  t.code = *code;
  std::printf("invite code: %s\n", t.code.c_str());
  std::printf("friends join with: concord join %s   (the code is this table's; a new `concord host --internet` makes a new one)\n",
              t.code.c_str());
  std::fflush(stdout);
  return t;
}

}  // namespace concord::cli
