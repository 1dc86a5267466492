// ChaosProxy: a UDP relay for fault tests. Each route listens on one port and forwards to a target;
// every distinct client gets its own upstream socket, so the target sees a stable address per client.
// Both directions pass through a seeded fault model: loss, fixed delay, uniform jitter, reordering
// (extra delay up to 4x jitter), duplication. Single-threaded (poll), bounded queue.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/det/result.h"

namespace concord::net {

struct ChaosParams {
  uint32_t lossPermille = 0;
  uint32_t dupPermille = 0;
  uint32_t reorderPermille = 0;
  uint64_t delayMs = 0;
  uint64_t jitterMs = 0;
  uint64_t seed = 1;
};

struct ChaosRoute {
  uint16_t listenPort = 0;
  uint16_t targetPort = 0;  // both on 127.0.0.1: the proxy never sends anywhere else
};

struct ChaosStats {
  uint64_t forwarded = 0, dropped = 0, duplicated = 0, queueFull = 0;
};

class ChaosProxy {
 public:
  static Result<std::unique_ptr<ChaosProxy>> create(const std::vector<ChaosRoute>& routes, const ChaosParams& p);
  ~ChaosProxy();
  ChaosProxy(const ChaosProxy&) = delete;
  ChaosProxy& operator=(const ChaosProxy&) = delete;
  /// Serves for up to `waitMs`.
  void run(uint32_t waitMs);
  const ChaosStats& stats() const { return stats_; }

 private:
  struct Impl;
  explicit ChaosProxy(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  ChaosStats stats_;
};

}  // namespace concord::net
