// PortMapping: UPnP-IGD, then NAT-PMP; renewal at half the lease on a background thread; removal at destruction.
#include "net/port_mapping.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "net/router_protocols.h"

namespace concord::net {

struct PortMapping::Impl {
  PortMappingOptions options;
  std::optional<RouterMapping> mapping;
  std::mutex mu;
  std::condition_variable wake;
  bool stopping = false;
  std::thread renewer;

  // The router is asked again at half the lease it granted (minRenewSeconds at the least), until the mapping is destroyed.
  void renewLoop() {
    std::unique_lock lock(mu);
    while (!stopping) {
      const uint32_t half = std::max<uint32_t>(mapping->leaseSeconds / 2, options.minRenewSeconds);
      if (wake.wait_for(lock, std::chrono::seconds(half), [this] { return stopping; })) break;
      RouterMapping m = *mapping;
      lock.unlock();
      const bool ok = m.protocol == "NAT-PMP" ? natpmpRenew(m, options) : upnpRenew(m, options);
      if (!ok && options.log) options.log("router: renewing the mapping of UDP " + std::to_string(options.port) + " failed; retrying later");
      lock.lock();
      if (ok) mapping = m;
    }
  }
};

PortMapping::PortMapping(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

std::unique_ptr<PortMapping> PortMapping::open(const PortMappingOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->mapping = upnpMap(options);
  if (!impl->mapping) impl->mapping = natpmpMap(options);
  if (impl->mapping) impl->renewer = std::thread([p = impl.get()] { p->renewLoop(); });
  return std::unique_ptr<PortMapping>(new PortMapping(std::move(impl)));
}

PortMapping::~PortMapping() {
  if (!impl_->mapping) return;
  {
    std::lock_guard lock(impl_->mu);
    impl_->stopping = true;
  }
  impl_->wake.notify_all();
  impl_->renewer.join();
  // Friends' codes name this port only while the table runs: the router forgets it when we leave.
  if (impl_->mapping->protocol == "NAT-PMP") natpmpRemove(*impl_->mapping, impl_->options);
  else upnpRemove(*impl_->mapping, impl_->options);
}

bool PortMapping::mapped() const { return impl_->mapping.has_value(); }
std::string PortMapping::publicHost() const { return impl_->mapping ? impl_->mapping->publicHost : std::string(); }
uint16_t PortMapping::publicPort() const { return impl_->mapping ? impl_->mapping->publicPort : 0; }
std::string PortMapping::protocol() const { return impl_->mapping ? impl_->mapping->protocol : std::string(); }

std::string PortMapping::line() const {
  if (!mapped())
    return "no UPnP/NAT-PMP answer from the router: friends behind other NATs will connect through hole punching or through a friend";
  return "router mapped UDP " + std::to_string(impl_->options.port) + "; friends reach you at " + publicHost() + ":" +
         std::to_string(publicPort());
}

}  // namespace concord::net
