// Milliseconds on the monotonic clock: how net/ paces real time (core and lockstep never read a clock).
#pragma once

#include <chrono>
#include <cstdint>

namespace concord::net {

inline uint64_t steadyMs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace concord::net
