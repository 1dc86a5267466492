// Port mapping at the home router (issue 25): asks the router to forward the table's UDP port, by UPnP-IGD
// (libminiupnpc) and then NAT-PMP (libnatpmp), each with a short timeout, so a host without an answering router waits
// about 2 s. The lease is renewed at half its length on a background thread (outside the deterministic turn: it
// touches only the router) and the mapping is removed when the PortMapping is destroyed (exit, q, Ctrl-C).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace concord::net {

struct PortMappingOptions {
  uint16_t port = 0;            // the table's UDP port on this machine
  std::string bindHost;         // the host's --bind: a 127.x host asks only a "router" on loopback (tests: no packet leaves)
  uint32_t leaseSeconds = 3600;
  uint32_t timeoutMs = 1000;    // per protocol and request
  uint32_t minRenewSeconds = 30;  // renew at half the granted lease, but not more often than this (tests: 1)
  std::function<void(const std::string&)> log;  // a renewal that failed (called from the renewal thread)
};

class PortMapping {
 public:
  /// Tries UPnP-IGD, then NAT-PMP. Never fails: mapped() says whether a router answered.
  static std::unique_ptr<PortMapping> open(const PortMappingOptions& options);
  ~PortMapping();
  PortMapping(const PortMapping&) = delete;
  PortMapping& operator=(const PortMapping&) = delete;

  bool mapped() const;
  std::string publicHost() const;  // the router's public IPv4 address ("" when not mapped)
  uint16_t publicPort() const;
  std::string protocol() const;    // "UPnP-IGD", "NAT-PMP" or ""
  /// The one line `concord host --internet` prints about it.
  std::string line() const;

  struct Impl;

 private:
  explicit PortMapping(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace concord::net
