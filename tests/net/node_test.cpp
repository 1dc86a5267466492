// Node lobby regressions over real loopback transports (in-process: one thread per node).
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <thread>

#include "lockstep/crypto.h"
#include "net/enet_transport.h"
#include "net/node.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;

uint16_t freeUdpPort() {
  int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    ::close(fd);
    return 0;
  }
  ::close(fd);
  return ntohs(a.sin_port);
}

NodeOptions nodeOptions(const std::string& label, uint16_t port) {
  NodeOptions o;
  o.name = label;
  o.key = KeyPair::fromLabel("node-test:" + label);
  o.bind = Address{"127.0.0.1", port};
  o.moduleId = "shed";
  o.seats = 2;
  o.discoveryAddr = "off";
  o.lingerMs = 300;
  o.timeoutMs = 15000;
  return o;
}

// CI once failed this way (net_security_intruder): a stranger completed its handshake with a joiner
// before the joiner reached the host, and the joiner took "the first connection" for its host, sent
// its Join to the stranger and never saw a lobby. The host is the identity at the address it dialled.
TEST(Node, AJoinerFindsItsHostByTheAddressItDialledNotByWhoeverConnectedFirst) {
  const uint16_t hostPort = freeUdpPort(), joinPort = freeUdpPort();
  ASSERT_NE(hostPort, 0);
  ASSERT_NE(joinPort, 0);
  NodeOptions joiner = nodeOptions("joiner", joinPort);
  joiner.join = Address{"127.0.0.1", hostPort};
  auto joined = std::async(std::launch::async, [&] { return runNode(joiner); });

  // The stranger reaches the joiner while the host is not even up yet.
  const KeyPair strangerKey = KeyPair::fromLabel("node-test:stranger");
  auto stranger = EnetTransport::create(strangerKey, Address{"127.0.0.1", 0});
  ASSERT_TRUE(stranger);
  ASSERT_TRUE((*stranger)->connect(Address{"127.0.0.1", joinPort}));
  const auto t0 = std::chrono::steady_clock::now();
  auto ms = [&] {
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
  };
  while (ms() < 5000 && !(*stranger)->connected(joiner.key.publicKey)) (*stranger)->pump(ms(), 5);
  ASSERT_TRUE((*stranger)->connected(joiner.key.publicKey)) << "the stranger never completed its handshake";

  NodeOptions host = nodeOptions("host", hostPort);
  host.host = true;
  host.waitFor = 2;
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  while (joined.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) (*stranger)->pump(ms(), 5);
  auto j = joined.get();
  auto h = hosted.get();
  ASSERT_TRUE(j) << j.message();
  ASSERT_TRUE(h) << h.message();
  EXPECT_EQ(j->finalSeal, h->finalSeal);
  EXPECT_GT(j->turns, 0u);
}

}  // namespace
}  // namespace concord::net
