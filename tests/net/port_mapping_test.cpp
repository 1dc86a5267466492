// Port mapping (issue 25) against a NAT-PMP "router" on loopback: a host bound to 127.x asks only there, so these
// tests never send a packet off the machine. The router maps, the lease is granted, leaving removes the mapping.
#include <gtest/gtest.h>

#include <string>
#include <chrono>
#include <thread>

#include "net/port_mapping.h"
#include "tests/net/fake_igd.h"
#include "tests/net/fake_natpmp.h"

namespace concord::net {
namespace {

using test_support::FakeNatPmpRouter;

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
