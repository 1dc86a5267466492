// NAT-PMP through libnatpmp (issue 25): the router's public address, then a UDP mapping with a lifetime (0 removes
// it). libnatpmp retries for about a minute on its own; we stop each request at our timeout.
#include <arpa/inet.h>
#include <natpmp.h>
#include <sys/select.h>

#include <chrono>

#include "net/router_protocols.h"

namespace concord::net {
namespace {

using Clock = std::chrono::steady_clock;

// The answer to the pending request, or nullopt when none came within `timeoutMs`.
std::optional<natpmpresp_t> await(natpmp_t& n, uint32_t timeoutMs) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  while (Clock::now() < deadline) {
    timeval tv{};
    if (getnatpmprequesttimeout(&n, &tv) < 0) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now()).count();
    const long long wait = std::min<long long>(std::max<long long>(left, 0), tv.tv_sec * 1000000LL + tv.tv_usec);
    tv.tv_sec = static_cast<time_t>(wait / 1000000);
    tv.tv_usec = static_cast<suseconds_t>(wait % 1000000);
    fd_set fds;
    FD_ZERO(&fds);
    FD_SET(n.s, &fds);
    (void)::select(n.s + 1, &fds, nullptr, nullptr, &tv);
    natpmpresp_t r{};
    const int rc = readnatpmpresponseorretry(&n, &r);
    if (rc == NATPMP_TRYAGAIN) continue;
    if (rc < 0) return std::nullopt;
    return r;
  }
  return std::nullopt;
}

// One session with the router: the forced gateway on loopback, the system's default gateway otherwise.
bool openSession(natpmp_t& n, const RouterMapping& m) { return initnatpmp(&n, m.forcedGateway ? 1 : 0, m.gateway) >= 0; }

bool requestMapping(RouterMapping& m, const PortMappingOptions& o, uint32_t lease) {
  natpmp_t n{};
  if (!openSession(n, m)) return false;
  const uint16_t publicPort = lease == 0 ? 0 : m.publicPort ? m.publicPort : o.port;  // RFC 6886: a removal names port 0
  bool ok = sendnewportmappingrequest(&n, NATPMP_PROTOCOL_UDP, o.port, publicPort, lease) >= 0;
  if (ok) {
    auto r = await(n, o.timeoutMs);
    ok = r && r->type == NATPMP_RESPTYPE_UDPPORTMAPPING && r->resultcode == 0;
    if (ok && lease) {
      m.publicPort = r->pnu.newportmapping.mappedpublicport;
      m.leaseSeconds = r->pnu.newportmapping.lifetime;
    }
  }
  closenatpmp(&n);
  return ok;
}

}  // namespace

std::optional<RouterMapping> natpmpMap(const PortMappingOptions& o) {
  RouterMapping m;
  m.protocol = "NAT-PMP";
  m.forcedGateway = loopbackOnly(o);
  // On loopback the "router" is asked at our own 127.x address, so tests on different 127.x addresses never meet.
  m.gateway = m.forcedGateway ? ::inet_addr(o.bindHost.rfind("127.", 0) == 0 ? o.bindHost.c_str() : "127.0.0.1") : 0;
  natpmp_t n{};
  if (!openSession(n, m)) return std::nullopt;  // no default gateway: no router to ask
  std::optional<natpmpresp_t> r;
  if (sendpublicaddressrequest(&n) >= 0) r = await(n, o.timeoutMs);
  closenatpmp(&n);
  if (!r || r->type != NATPMP_RESPTYPE_PUBLICADDRESS || r->resultcode != 0) return std::nullopt;
  char host[INET_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET, &r->pnu.publicaddress.addr, host, sizeof host);
  m.publicHost = host;
  if (!requestMapping(m, o, o.leaseSeconds)) return std::nullopt;
  return m;
}

bool natpmpRenew(RouterMapping& m, const PortMappingOptions& o) { return requestMapping(m, o, o.leaseSeconds); }

void natpmpRemove(const RouterMapping& m, const PortMappingOptions& o) {
  RouterMapping copy = m;
  PortMappingOptions quick = o;
  quick.timeoutMs = std::min<uint32_t>(o.timeoutMs, 500);  // leaving: do not hold the exit for the router
  (void)requestMapping(copy, quick, 0);
}

}  // namespace concord::net
