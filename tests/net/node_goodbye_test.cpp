// Issue 31: a seat owner who leaves a running game by choice says goodbye (GoodbyeMsg, net/lobby_msg.h), so the
// table reports "left", not "fell silent"; a peer that vanishes without one is still reported silent, and a
// goodbye from a key that holds no seat here changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <string>
#include <vector>

#include "net/lobby_msg.h"
#include "net/node.h"
#include "tests/support/fake_lobby_peer.h"
#include "tests/support/free_udp_port.h"
#include "tests/support/log_lines.h"
#include "tests/support/loopback_node.h"

namespace concord::net {
namespace {

using test_support::freeUdpPort;

// What the host logged and which seats its status ever called left: written on the host's thread, read once its
// runNode has returned (the future's get() orders the two).
struct HostWatch {
  std::vector<std::string> lines;
  std::vector<Seat> everLeft;
  void hook(NodeOptions& o) {
    o.log = [this](const std::string& l) { lines.push_back(l); };
    o.onStatus = [this](const TableStatus& s) {
      for (Seat seat : s.left)
        if (std::find(everLeft.begin(), everLeft.end(), seat) == everLeft.end()) everLeft.push_back(seat);
    };
  }
  bool said(const std::string& part) const {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
  }
};

TEST(LobbyCodec, AGoodbyeCarriesItsTurnAndRefusesTrailingBytes) {
  auto bytes = encodeLobby(GoodbyeMsg{1234});
  auto back = decodeLobby(bytes);
  ASSERT_TRUE(back) << back.message();
  ASSERT_TRUE(std::holds_alternative<GoodbyeMsg>(*back));
  EXPECT_EQ(std::get<GoodbyeMsg>(*back).turn, 1234u);
  bytes.push_back(0);
  EXPECT_FALSE(decodeLobby(bytes));
}

// A person's Leave (NodeOptions::leave) at a running table: the host says the seat left, and substitutes it as
// it substitutes any absent owner, naming the leaving, never "silence".
TEST(Node, AnOwnerWhoLeavesByChoiceIsReportedLeftNotSilent) {
  const uint16_t hostPort = freeUdpPort(), joinPort = freeUdpPort();
  ASSERT_NE(hostPort, 0);
  ASSERT_NE(joinPort, 0);
  NodeOptions host = test_support::loopbackNode("goodbye-test", "host", hostPort, 30000);
  host.host = true;
  host.waitFor = 2;
  host.silenceMs = 1000;
  host.thinkMs = 50;
  HostWatch watch;
  watch.hook(host);
  NodeOptions joiner = test_support::loopbackNode("goodbye-test", "leaver", joinPort, 30000);
  joiner.join = Address{"127.0.0.1", hostPort};
  joiner.thinkMs = 50;
  std::atomic<uint32_t> joinerTurn{0};
  joiner.onApplied = [&](const lockstep::TurnEngine& e, Seat) { joinerTurn = e.turn(); };
  joiner.leave = [&] { return joinerTurn.load() >= 2; };
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  auto joined = std::async(std::launch::async, [&] { return runNode(joiner); });
  auto j = joined.get();
  ASSERT_FALSE(j) << "the leaver played to the end";
  EXPECT_NE(j.message().find("you left the table"), std::string::npos) << j.message();
  auto h = hosted.get();
  const std::string log = testing::tailOf(watch.lines, 60);
  ASSERT_TRUE(h) << h.message() << "\n" << log;
  EXPECT_TRUE(watch.said("seat 1 (leaver) left the table at turn ")) << log;
  EXPECT_TRUE(watch.said("seat 1 (leaver) left: substituted by an AI officer at turn ")) << log;
  EXPECT_FALSE(watch.said("of silence")) << log;
  EXPECT_EQ(watch.everLeft, std::vector<Seat>{1});
}

// A peer that vanishes without a goodbye (its transport gone, as when the process dies) is silent, as before
// issue 31; a goodbye from a stranger (no seat here) does not make it "left".
TEST(Node, AnOwnerThatVanishesIsStillSilentAndAStrangersGoodbyeCountsForNothing) {
  const uint16_t hostPort = freeUdpPort();
  ASSERT_NE(hostPort, 0);
  NodeOptions host = test_support::loopbackNode("goodbye-test", "host2", hostPort, 30000);
  host.host = true;
  host.waitFor = 2;
  host.silenceMs = 1000;
  HostWatch watch;
  watch.hook(host);
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  const auto hostKey = host.key.publicKey;
  test_support::FakeLobbyPeer stranger("goodbye-stranger");
  {
    test_support::FakeLobbyPeer joiner("goodbye-vanisher");
    ASSERT_TRUE(joiner.reach(hostKey, hostPort));
    ASSERT_TRUE(joiner.seatAndSeed(hostKey, "vanisher", lockstep::randomBytes32()));
  }  // gone without a word
  ASSERT_TRUE(stranger.reach(hostKey, hostPort));
  stranger.send(hostKey, GoodbyeMsg{0});
  while (hosted.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) stranger.t->pump(stranger.ms(), 5);
  ASSERT_TRUE(hosted.get());
  // Silent, as before issue 31: the substitution names the wait, and nobody is said to have left.
  EXPECT_TRUE(watch.said("seat 1 (vanisher) substituted by an AI officer at turn ")) << testing::tailOf(watch.lines, 60);
  EXPECT_TRUE(watch.said("s of silence")) << testing::tailOf(watch.lines, 60);
  EXPECT_FALSE(watch.said(" left")) << testing::tailOf(watch.lines, 60);
  EXPECT_TRUE(watch.everLeft.empty());
}

}  // namespace
}  // namespace concord::net
