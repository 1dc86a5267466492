// The two ways to ask a home router for a port (issue 25), used by PortMapping (port_mapping.h): UPnP-IGD
// (router_upnp.cpp, libminiupnpc) and NAT-PMP (router_natpmp.cpp, libnatpmp). Each call waits at most its timeout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "net/port_mapping.h"

namespace concord::net {

/// A mapping a router granted, and what renewing or removing it needs.
struct RouterMapping {
  std::string protocol;      // "UPnP-IGD" or "NAT-PMP"
  std::string publicHost;
  uint16_t publicPort = 0;
  uint32_t leaseSeconds = 0;  // as granted (a router may shorten it)
  std::string controlUrl, serviceType, lanAddress;  // UPnP
  uint32_t gateway = 0;       // NAT-PMP: the router's IPv4 address (network order)
  bool forcedGateway = false;
};

/// True for a --bind on loopback: then only a router on loopback is asked (tests never send a packet off the machine).
bool loopbackOnly(const PortMappingOptions& o);

std::optional<RouterMapping> upnpMap(const PortMappingOptions& o);
bool upnpRenew(RouterMapping& m, const PortMappingOptions& o);
void upnpRemove(const RouterMapping& m, const PortMappingOptions& o);

std::optional<RouterMapping> natpmpMap(const PortMappingOptions& o);
bool natpmpRenew(RouterMapping& m, const PortMappingOptions& o);
void natpmpRemove(const RouterMapping& m, const PortMappingOptions& o);

}  // namespace concord::net
