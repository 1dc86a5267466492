// A NAT-PMP (RFC 6886) "router" on a 127.x address, where a host bound to that address asks (net/port_mapping.h):
// public address 203.0.113.7, each mapping one port up; it counts mappings and removals. Shared by the port mapping
// tests and the Qt lobby's (ui/tests/invite_test.cpp), each on its own 127.x so ctest may run them together.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

namespace concord::test_support {

// Answers on ip:5351 (tests/net/invite.sh runs its own on 127.0.0.1).
struct FakeNatPmpRouter {
  std::string ip = "127.0.0.3";
  int fd = -1;
  std::atomic<bool> stop{false};
  std::atomic<int> mappings{0}, removals{0};
  std::thread thread;

  bool start() {
    fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(5351);
    a.sin_addr.s_addr = ::inet_addr(ip.c_str());
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return false;
    timeval tv{0, 50000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    thread = std::thread([this] { serve(); });
    return true;
  }
  void serve() {
    while (!stop) {
      uint8_t in[64];
      sockaddr_in from{};
      socklen_t len = sizeof from;
      const ssize_t n = ::recvfrom(fd, in, sizeof in, 0, reinterpret_cast<sockaddr*>(&from), &len);
      if (n < 2 || in[0] != 0) continue;
      uint8_t out[16] = {0, static_cast<uint8_t>(128 + in[1]), 0, 0, 0, 0, 0, 42};
      size_t size = 12;
      if (in[1] == 0) {  // public address
        out[8] = 203, out[9] = 0, out[10] = 113, out[11] = 7;
      } else if (n >= 12) {  // a mapping: private port, public port + 1, lifetime as asked
        const uint16_t priv = static_cast<uint16_t>(in[4] << 8 | in[5]);
        const uint16_t pub = static_cast<uint16_t>(priv + 1);
        out[8] = in[4], out[9] = in[5], out[10] = static_cast<uint8_t>(pub >> 8), out[11] = static_cast<uint8_t>(pub & 0xFF);
        std::copy(in + 8, in + 12, out + 12);
        const bool removal = in[8] == 0 && in[9] == 0 && in[10] == 0 && in[11] == 0;
        ++(removal ? removals : mappings);
        size = 16;
      }
      ::sendto(fd, out, size, 0, reinterpret_cast<sockaddr*>(&from), len);
    }
  }
  ~FakeNatPmpRouter() {
    stop = true;
    if (thread.joinable()) thread.join();
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace concord::test_support
