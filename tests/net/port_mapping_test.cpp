// Port mapping (issue 25) against a NAT-PMP "router" on loopback: a host bound to 127.x asks only there, so these
// tests never send a packet off the machine. The router maps, the lease is granted, leaving removes the mapping.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <chrono>
#include <thread>

#include "net/port_mapping.h"
#include "tests/net/fake_igd.h"

namespace concord::net {
namespace {

// Answers NAT-PMP (RFC 6886) on ip:5351, where a host bound to that 127.x address asks (tests/net/invite.sh uses
// 127.0.0.1): public address 203.0.113.7, each mapping one port up.
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

TEST(PortMapping, ARouterThatAnswersNatPmpMapsThePortAndForgetsItWhenWeLeave) {
  FakeNatPmpRouter router;
  if (!router.start()) GTEST_SKIP() << "UDP 127.0.0.3:5351 is taken (a real NAT-PMP daemon?)";
  PortMappingOptions o;
  o.port = 40000;
  o.bindHost = "127.0.0.3";
  o.timeoutMs = 500;
  {
    auto m = PortMapping::open(o);
    ASSERT_TRUE(m->mapped());
    EXPECT_EQ(m->protocol(), "NAT-PMP");
    EXPECT_EQ(m->line(), "router mapped UDP 40000; friends reach you at 203.0.113.7:40001");
    EXPECT_EQ(router.mappings.load(), 1);
  }
  EXPECT_EQ(router.removals.load(), 1) << "leaving did not remove the mapping";
}

TEST(PortMapping, TheLeaseIsRenewedAtHalfItsLengthWhileTheTableRuns) {
  FakeNatPmpRouter router;
  router.ip = "127.0.0.5";  // its own address: ctest may run the other router test at the same time
  if (!router.start()) GTEST_SKIP() << "UDP 127.0.0.5:5351 is taken (a real NAT-PMP daemon?)";
  PortMappingOptions o;
  o.port = 40006;
  o.bindHost = "127.0.0.5";
  o.timeoutMs = 500;
  o.leaseSeconds = 2;  // renewed after 1 s
  o.minRenewSeconds = 1;
  auto m = PortMapping::open(o);
  ASSERT_TRUE(m->mapped());
  EXPECT_EQ(router.mappings.load(), 1);
  for (int i = 0; i < 40 && router.mappings.load() < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_GE(router.mappings.load(), 3) << "the lease was not renewed every second";
}

TEST(PortMapping, ARouterThatAnswersUpnpMapsThePortForTheLeaseAndDeletesItWhenWeLeave) {
  test_support::FakeIgd igd("127.0.0.4");
  if (!igd.start()) GTEST_SKIP() << "no multicast on loopback, or SSDP's UDP 1900 is taken";
  PortMappingOptions o;
  o.port = 40004;
  o.bindHost = "127.0.0.4";
  o.timeoutMs = 600;
  {
    auto m = PortMapping::open(o);
    ASSERT_TRUE(m->mapped());
    EXPECT_EQ(m->protocol(), "UPnP-IGD");
    EXPECT_EQ(m->line(), "router mapped UDP 40004; friends reach you at 203.0.113.9:40004");
    EXPECT_EQ(igd.added.load(), 1);
  }
  EXPECT_EQ(igd.deleted.load(), 1) << "leaving did not delete the mapping";
}

TEST(PortMapping, NoRouterAnswerCostsAboutTwoSecondsAndSaysWhatFriendsCanDo) {
  PortMappingOptions o;
  o.port = 40002;
  o.bindHost = "127.0.0.2";  // nothing listens on 127.0.0.2:5351
  const auto t0 = std::chrono::steady_clock::now();
  auto m = PortMapping::open(o);
  const auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_FALSE(m->mapped());
  EXPECT_LT(took, std::chrono::milliseconds(3000));
  EXPECT_EQ(m->line(),
            "no UPnP/NAT-PMP answer from the router: friends behind other NATs will connect through hole punching or through a friend");
}

}  // namespace
}  // namespace concord::net
