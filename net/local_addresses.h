// This machine's addresses a friend might reach (issue 25: an invite code lists them): IPv4 addresses other than
// loopback, and global IPv6 addresses (2000::/3; link-local and unique-local ones do not cross the internet).
#pragma once

#include <string>
#include <vector>

namespace concord::net {

struct LocalAddresses {
  std::vector<std::string> v4, v6;  // numeric, in interface order, without repeats
};

/// From getifaddrs (interfaces that are up); empty lists when it fails.
LocalAddresses localAddresses();

}  // namespace concord::net
