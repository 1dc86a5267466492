// Invite codes at the node, over real loopback transports (issue 25): the host refuses a stranger without the
// table's secret; a joiner by code refuses a host whose key is not the code's and sends it nothing but the handshake.
#include <gtest/gtest.h>

#include <chrono>
#include <future>

#include "net/enet_transport.h"
#include "net/invite_code.h"
#include "net/lobby_msg.h"
#include "net/node.h"
#include "tests/support/free_udp_port.h"
#include "tests/support/loopback_node.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;

NodeOptions invitePeer(const std::string& label, uint16_t port) {
  NodeOptions o = test_support::loopbackNode("invite-node-test", label, port, 20000);
  o.giveUpMs = 8000;
  return o;
}

TableSecret secretOf(uint8_t fill) {
  TableSecret s{};
  s.fill(fill);
  return s;
}

// The secret on the wire: written only when there is one (a LAN join keeps its bytes), strictly decoded.
TEST(InviteWire, JoinAndSpectateCarryTheSecretStrictly) {
  const auto plain = encodeLobby(JoinMsg{"ann", 4000, false});
  auto withSecret = encodeLobby(JoinMsg{"ann", 4000, false, secretOf(3)});
  EXPECT_EQ(withSecret.size(), plain.size() + kTableSecretBytes);
  auto j = decodeLobby(withSecret);
  ASSERT_TRUE(j) << j.message();
  EXPECT_EQ(std::get<JoinMsg>(*j).secret, secretOf(3));
  EXPECT_FALSE(std::get<JoinMsg>(*decodeLobby(plain)).secret);
  for (size_t cut = 1; cut < kTableSecretBytes; ++cut)  // a secret cut short
    EXPECT_FALSE(decodeLobby(std::span<const uint8_t>(withSecret.data(), withSecret.size() - cut))) << cut;
  withSecret.push_back(0);  // a byte after it
  EXPECT_FALSE(decodeLobby(withSecret));
  auto sp = decodeLobby(encodeLobby(SpectateMsg{"watcher", secretOf(4)}));
  ASSERT_TRUE(sp) << sp.message();
  EXPECT_EQ(std::get<SpectateMsg>(*sp).secret, secretOf(4));
  auto refused = decodeLobby(encodeLobby(RefuseMsg{kBadSecretWhy, RefuseReason::BadSecret}));
  ASSERT_TRUE(refused) << refused.message();
  EXPECT_EQ(std::get<RefuseMsg>(*refused).reason, RefuseReason::BadSecret);
  EXPECT_EQ(refusalKind(RefuseReason::BadSecret), NetErrorKind::BadSecret);
}

TEST(InviteNode, AStrangerWithoutTheTablesSecretIsRefusedAndAnInvitedFriendPlays) {
  const uint16_t hostPort = test_support::freeUdpPort();
  ASSERT_NE(hostPort, 0);
  NodeOptions host = invitePeer("host", hostPort);
  host.host = true;
  host.waitFor = 2;
  host.demandSecret = secretOf(7);
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });

  for (const std::optional<TableSecret>& brought : {std::optional<TableSecret>(), std::optional(secretOf(8))}) {
    NodeOptions stranger = invitePeer(brought ? "wrong-secret" : "no-secret", test_support::freeUdpPort());
    stranger.join = Address{"127.0.0.1", hostPort};
    stranger.secret = brought;
    NetErrorKind kind = NetErrorKind::Other;
    auto r = runNode(stranger, &kind);
    ASSERT_FALSE(r) << "a stranger got in";
    EXPECT_EQ(kind, NetErrorKind::BadSecret);
    EXPECT_NE(r.message().find(kBadSecretWhy), std::string::npos) << r.message();
  }

  NodeOptions friendly = invitePeer("friend", test_support::freeUdpPort());
  friendly.joinAny = {Address{"127.0.0.1", hostPort}};
  friendly.hostFingerprint = hostFingerprint(host.key.publicKey);
  friendly.secret = secretOf(7);
  auto f = runNode(friendly);
  auto h = hosted.get();
  ASSERT_TRUE(f) << f.message();
  ASSERT_TRUE(h) << h.message();
  EXPECT_EQ(f->finalSeal, h->finalSeal);
  EXPECT_GT(f->turns, 0u);
}

// A man in the middle: the first address of the code answers with another key. The joiner says so, hangs up on it
// without a Join, and plays with the host at the code's second address.
TEST(InviteNode, AHostWhoseKeyIsNotTheCodesIsRefusedAndTheRightOneWins) {
  const uint16_t hostPort = test_support::freeUdpPort(), fakePort = test_support::freeUdpPort();
  ASSERT_NE(hostPort, 0);
  ASSERT_NE(fakePort, 0);
  auto impostor = EnetTransport::create(KeyPair::fromLabel("invite-node-test:impostor"), Address{"127.0.0.1", fakePort});
  ASSERT_TRUE(impostor);
  const auto t0 = std::chrono::steady_clock::now();
  auto ms = [&] {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
  };
  NodeOptions host = invitePeer("host2", hostPort);
  host.host = true;
  host.waitFor = 2;
  host.demandSecret = secretOf(9);

  std::vector<std::string> lines;
  NodeOptions friendly = invitePeer("friend2", test_support::freeUdpPort());
  friendly.joinAny = {Address{"127.0.0.1", fakePort}, Address{"127.0.0.1", hostPort}};
  friendly.hostFingerprint = hostFingerprint(host.key.publicKey);
  friendly.secret = secretOf(9);
  friendly.log = [&lines](const std::string& l) { lines.push_back(l); };  // read after the join ends
  auto joined = std::async(std::launch::async, [&] { return runNode(friendly); });
  size_t toImpostor = 0;
  auto serveImpostor = [&] {
    (*impostor)->pump(ms(), 5);
    while ((*impostor)->pollControl()) ++toImpostor;
  };
  // The impostor answers first (the host is not up yet), so the joiner must judge it. Its hello reaching the impostor
  // is the sign: the joiner may hang up within the same pump that authenticates it (ASan under load: `connected` was
  // never seen true).
  while (ms() < 15000 && (*impostor)->stats().packetsReceived == 0) serveImpostor();
  ASSERT_GT((*impostor)->stats().packetsReceived, 0u) << "the joiner never reached the impostor";
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  bool hungUp = false;
  while (joined.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) {
    serveImpostor();
    hungUp = hungUp || !(*impostor)->connected(friendly.key.publicKey);
  }
  auto f = joined.get();
  auto h = hosted.get();
  ASSERT_TRUE(f) << f.message();
  ASSERT_TRUE(h) << h.message();
  EXPECT_EQ(f->finalSeal, h->finalSeal);
  EXPECT_EQ(toImpostor, 0u) << "the joiner sent the impostor a lobby message";
  EXPECT_TRUE(hungUp) << "the joiner kept its link to the impostor";
  bool said = false;
  for (const auto& l : lines) said = said || l.find("not the host who invited you") != std::string::npos;
  EXPECT_TRUE(said) << "no man-in-the-middle line";
}

// Only an impostor answers: the join fails with the man-in-the-middle words, WrongHost.
TEST(InviteNode, AJoinerFailsWhenOnlyTheWrongKeyAnswers) {
  const uint16_t fakePort = test_support::freeUdpPort();
  ASSERT_NE(fakePort, 0);
  auto impostor = EnetTransport::create(KeyPair::fromLabel("invite-node-test:impostor3"), Address{"127.0.0.1", fakePort});
  ASSERT_TRUE(impostor);
  const auto t0 = std::chrono::steady_clock::now();
  NodeOptions friendly = invitePeer("friend3", test_support::freeUdpPort());
  friendly.joinAny = {Address{"127.0.0.1", fakePort}};
  friendly.hostFingerprint = hostFingerprint(KeyPair::fromLabel("invite-node-test:the-real-host").publicKey);
  friendly.secret = secretOf(1);
  NetErrorKind kind = NetErrorKind::Other;
  auto joined = std::async(std::launch::async, [&] { return runNode(friendly, &kind); });
  size_t toImpostor = 0;
  while (joined.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) {
    (*impostor)->pump(static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count()), 5);
    while ((*impostor)->pollControl()) ++toImpostor;
  }
  auto f = joined.get();
  ASSERT_FALSE(f);
  EXPECT_EQ(kind, NetErrorKind::WrongHost);
  EXPECT_NE(f.message().find("not the host who invited you"), std::string::npos) << f.message();
  EXPECT_NE(f.message().find("127.0.0.1:" + std::to_string(fakePort)), std::string::npos) << f.message();
  EXPECT_EQ(toImpostor, 0u);
}

}  // namespace
}  // namespace concord::net
