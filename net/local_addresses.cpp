#include "net/local_addresses.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <algorithm>

namespace concord::net {

LocalAddresses localAddresses() {
  LocalAddresses out;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return out;
  for (ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || !(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET6_ADDRSTRLEN] = {};
    if (i->ifa_addr->sa_family == AF_INET) {
      const auto* a = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
      if ((ntohl(a->sin_addr.s_addr) >> 24) == 127) continue;
      ::inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
      if (std::find(out.v4.begin(), out.v4.end(), text) == out.v4.end()) out.v4.push_back(text);
    } else if (i->ifa_addr->sa_family == AF_INET6) {
      const auto* a = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr);
      if ((a->sin6_addr.s6_addr[0] & 0xE0) != 0x20) continue;  // global unicast only
      ::inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
      if (std::find(out.v6.begin(), out.v6.end(), text) == out.v6.end()) out.v6.push_back(text);
    }
  }
  ::freeifaddrs(list);
  return out;
}

}  // namespace concord::net
