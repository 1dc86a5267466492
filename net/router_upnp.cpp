// UPnP-IGD through libminiupnpc (issue 25): discover the gateway device, read its public address, add a UDP mapping
// with a lease, delete it on exit.
#include <miniupnpc/miniupnpc.h>
#include <miniupnpc/upnpcommands.h>

#include <string>

#include "net/router_protocols.h"

namespace concord::net {
namespace {

bool addMapping(const RouterMapping& m, const PortMappingOptions& o) {
  const std::string port = std::to_string(o.port), lease = std::to_string(o.leaseSeconds);
  return UPNP_AddPortMapping(m.controlUrl.c_str(), m.serviceType.c_str(), port.c_str(), port.c_str(), m.lanAddress.c_str(),
                             "Concord table", "UDP", nullptr, lease.c_str()) == UPNPCOMMAND_SUCCESS;
}

}  // namespace

bool loopbackOnly(const PortMappingOptions& o) {
  return o.bindHost.rfind("127.", 0) == 0 || o.bindHost == "localhost" || o.bindHost == "::1";
}

std::optional<RouterMapping> upnpMap(const PortMappingOptions& o) {
  const bool lo = loopbackOnly(o);
  const bool anyIf = o.bindHost.empty() || o.bindHost == "0.0.0.0" || o.bindHost == "*";
  // On loopback: multicast on lo only, and no minissdpd (it could name devices elsewhere on the network).
  const char* multicastIf = lo ? (o.bindHost.rfind("127.", 0) == 0 ? o.bindHost.c_str() : "127.0.0.1") : anyIf ? nullptr : o.bindHost.c_str();
  int error = 0;
  // Two searches of half the timeout each (upnpDiscover's four would wait 4 timeouts with no router); an IGD:2
  // answers a search for IGD:1 too.
  static const char* const kTypes[] = {"urn:schemas-upnp-org:device:InternetGatewayDevice:1",
                                       "urn:schemas-upnp-org:service:WANIPConnection:1", nullptr};
  UPNPDev* devices = upnpDiscoverDevices(kTypes, static_cast<int>(o.timeoutMs / 2), multicastIf, lo ? "" : nullptr,
                                         UPNP_LOCAL_PORT_ANY, 0, 2, &error, 0);
  if (!devices) return std::nullopt;
  UPNPUrls urls{};
  IGDdatas data{};
  char lanAddress[64] = {};
  const int igd = UPNP_GetValidIGD(devices, &urls, &data, lanAddress, sizeof lanAddress);
  freeUPNPDevlist(devices);
  std::optional<RouterMapping> out;
  // 1: a connected IGD; 2: an IGD that says it is not connected (some report so while they forward): its external
  // address decides.
  // On loopback only a device at our own 127.x address counts (as for NAT-PMP: tests on other 127.x never meet).
  const std::string ours = "http://" + std::string(multicastIf ? multicastIf : "") + ":";
  if ((igd == 1 || igd == 2) && urls.controlURL && (!lo || std::string(urls.controlURL).rfind(ours, 0) == 0)) {
    RouterMapping m;
    m.protocol = "UPnP-IGD";
    m.controlUrl = urls.controlURL;
    m.serviceType = data.first.servicetype;
    m.lanAddress = lanAddress;
    char external[64] = {};
    if (UPNP_GetExternalIPAddress(m.controlUrl.c_str(), m.serviceType.c_str(), external) == UPNPCOMMAND_SUCCESS && external[0] &&
        std::string(external) != "0.0.0.0" && addMapping(m, o)) {
      m.publicHost = external;
      m.publicPort = o.port;
      m.leaseSeconds = o.leaseSeconds;
      out = m;
    }
  }
  if (igd != 0) FreeUPNPUrls(&urls);
  return out;
}

bool upnpRenew(RouterMapping& m, const PortMappingOptions& o) { return addMapping(m, o); }

void upnpRemove(const RouterMapping& m, const PortMappingOptions& o) {
  const std::string port = std::to_string(o.port);
  (void)UPNP_DeletePortMapping(m.controlUrl.c_str(), m.serviceType.c_str(), port.c_str(), "UDP", nullptr);
}

}  // namespace concord::net
