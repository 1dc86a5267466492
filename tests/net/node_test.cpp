// Node lobby regressions over real loopback transports (in-process: one thread per node).
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <mutex>
#include <thread>

#include "lockstep/crypto.h"
#include "core/game/registry.h"
#include "net/enet_transport.h"
#include "tests/support/loopback_node.h"
#include "net/lobby_msg.h"
#include "net/node.h"
#include "tests/support/fake_lobby_peer.h"
#include "tests/support/free_udp_port.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;
using test_support::freeUdpPort;

NodeOptions nodeOptions(const std::string& label, uint16_t port) {
  return test_support::loopbackNode("node-test", label, port, 15000);
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

using FakePeer = test_support::FakeLobbyPeer;

// Seeding on lossy links (docs/net.md): a joiner whose last seeding answer was lost asks again after
// its host has started the game; the host answers with the fixed commitments and reveals.
TEST(Node, TheHostAnswersASeedingRepeatAfterItsGameStarted) {
  const uint16_t hostPort = freeUdpPort();
  ASSERT_NE(hostPort, 0);
  NodeOptions host = nodeOptions("host", hostPort);
  host.host = true;
  host.waitFor = 2;
  host.silenceMs = 1000;  // our fake joiner never plays: an officer takes its seat
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });

  FakePeer joiner("fake-joiner");
  const auto hostKey = host.key.publicKey;
  ASSERT_TRUE(joiner.reach(hostKey, hostPort));
  const Nonce nonce = lockstep::randomBytes32();
  const Nonce commit = lockstep::commitNonce(nonce);
  const std::optional<RevealsMsg> first = joiner.seatAndSeed(hostKey, "fake", nonce);
  ASSERT_TRUE(first) << "no seeding message from the host";
  // As if that RevealsMsg had been lost: ask again once the host is surely playing.
  auto settle = joiner.ms() + 300;
  while (joiner.ms() < settle) {
    joiner.t->pump(joiner.ms(), 5);
    while (joiner.t->pollControl()) {}  // the unreliable copies of the first answers (sendEager) are not the reply
  }
  joiner.send(hostKey, RevealMsg{nonce});
  bool commitsAgain = false;
  std::optional<RevealsMsg> again;
  while (!again) {
    auto m = joiner.next(3000);
    ASSERT_TRUE(m) << "the host did not answer a repeated reveal after its game started";
    if (auto* c = std::get_if<CommitsMsg>(&m->second)) commitsAgain = c->commits.size() == 2 && c->commits[1] == commit;
    if (auto* r = std::get_if<RevealsMsg>(&m->second)) again = *r;
  }
  EXPECT_TRUE(commitsAgain);
  EXPECT_EQ(again->nonces, first->nonces);  // the seed is fixed: the same answer
  while (hosted.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) joiner.t->pump(joiner.ms(), 5);
  auto h = hosted.get();
  ASSERT_TRUE(h) << h.message();
}

// The other side: a host that (as if its answer were lost) only reveals when asked a second time.
TEST(Node, AJoinerRepeatsItsRevealUntilTheHostAnswers) {
  const uint16_t hostPort = freeUdpPort();
  ASSERT_NE(hostPort, 0);
  FakePeer fakeHost("fake-host", hostPort);
  ASSERT_TRUE(fakeHost.t);
  std::mutex mu;
  std::vector<std::string> lines;
  NodeOptions joiner = nodeOptions("joiner", 0);
  joiner.join = Address{"127.0.0.1", hostPort};
  joiner.timeoutMs = 8000;  // after seeding it waits for a game our fake host never plays
  joiner.log = [&](const std::string& l) {
    std::lock_guard<std::mutex> g(mu);
    lines.push_back(l);
  };
  auto joined = std::async(std::launch::async, [&] { return runNode(joiner); });

  auto mod = findModule("shed");
  ASSERT_TRUE(mod);
  auto cfg = (*mod)->parseConfig({});
  ASSERT_TRUE(cfg);
  LobbyMsg lobby;
  lobby.session.moduleId = (*mod)->id;
  lobby.session.rulesVersion = (*mod)->rulesVersion;
  lobby.session.config = *cfg;
  lobby.seats = {LobbySeat{SeatKind::Human, "fake-host", fakeHost.key.publicKey, true, "", hostPort, false},
                 LobbySeat{SeatKind::Open, "", {}, false, "", 0, false}};
  auto syncSession = [&] {  // as the host does before each lobby it sends
    lobby.session.seats.resize(lobby.seats.size());
    for (size_t i = 0; i < lobby.seats.size(); ++i) {
      const auto& st = lobby.seats[i];
      lobby.session.seats[i] = lockstep::SeatInfo{st.kind == SeatKind::Open ? "open" : st.name,
                                                  st.kind == SeatKind::Human ? st.key : fakeHost.key.publicKey,
                                                  st.kind != SeatKind::Human, ""};
    }
  };
  const Nonce hostNonce = lockstep::randomBytes32();
  Nonce joinerCommit{}, joinerNonce{};
  int reveals = 0;
  bool revealed = false;
  while (!revealed) {
    auto m = fakeHost.next(6000);
    if (!m) {
      std::lock_guard<std::mutex> g(mu);
      std::string all;
      for (const auto& l : lines) all += l + "\n";
      FAIL() << "the joiner went quiet (reveals asked " << reveals << " times); its log:\n" << all;
    }
    const auto& from = m->first;
    if (auto* j = std::get_if<JoinMsg>(&m->second)) {
      lobby.seats[1] = LobbySeat{SeatKind::Human, j->name, from, false, "127.0.0.1", j->port, false};
      syncSession();
      fakeHost.send(from, lobby);
    } else if (std::get_if<ReadyMsg>(&m->second)) {
      lobby.seats[1].ready = true;
      lobby.launched = true;
      syncSession();
      fakeHost.send(from, lobby);
    } else if (auto* c = std::get_if<CommitMsg>(&m->second)) {
      joinerCommit = c->commit;
      fakeHost.send(from, CommitsMsg{{lockstep::commitNonce(hostNonce), joinerCommit}});
    } else if (auto* r = std::get_if<RevealMsg>(&m->second)) {
      joinerNonce = r->nonce;
      if (++reveals == 2) {  // the first one "was lost" on its way to us
        fakeHost.send(from, RevealsMsg{{hostNonce, joinerNonce}});
        revealed = true;
      }
    }
  }
  while (joined.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) fakeHost.t->pump(fakeHost.ms(), 5);
  (void)joined.get();  // it times out waiting for our game: that is expected
  std::lock_guard<std::mutex> g(mu);
  bool started = false;
  for (const auto& l : lines) started = started || l.find(" starts: seat 1") != std::string::npos;
  EXPECT_TRUE(started) << "the joiner never finished seeding";
  EXPECT_EQ(reveals, 2);
}

// Issue 10 drill run 12: at 30% loss the host's seeding gave up after 30 s (ENet retransmits a lost reliable
// message with exponential backoff, and every repeat queued behind it). Repeats now also go unreliably, and the
// stated limit is 90 s: a commitment that arrives 50 s after the launch (scaled clock) still seeds the game.
TEST(Node, TheHostWaitsTheStatedSeedingLimitForALateCommitment) {
  constexpr uint64_t kScale = 20;  // node time runs 20x: 50 s of seeding take 2.5 s
  ::setenv("CONCORD_TEST_CLOCK_SCALE", std::to_string(kScale).c_str(), 1);
  struct Unset {
    ~Unset() { ::unsetenv("CONCORD_TEST_CLOCK_SCALE"); }
  } unset;
  const uint16_t hostPort = freeUdpPort();
  ASSERT_NE(hostPort, 0);
  NodeOptions host = nodeOptions("late-commit-host", hostPort);
  host.host = true;
  host.waitFor = 2;
  host.timeoutMs = 0;
  host.silenceMs = 2000;  // our fake joiner never plays: an officer takes its seat
  std::vector<std::string> lines;
  std::mutex mu;
  host.log = [&](const std::string& l) {
    std::lock_guard<std::mutex> g(mu);
    lines.push_back(l);
  };
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  FakePeer joiner("late-committer");
  ASSERT_TRUE(joiner.t);
  const auto hostKey = host.key.publicKey;
  ASSERT_TRUE(joiner.t->connect(Address{"127.0.0.1", hostPort}));
  while (joiner.ms() < 5000 && !joiner.t->connected(hostKey)) joiner.t->pump(joiner.ms(), 5);
  ASSERT_TRUE(joiner.t->connected(hostKey));
  joiner.send(hostKey, JoinMsg{"late", joiner.t->port(), false});
  uint64_t launchedAt = 0;
  while (!launchedAt) {
    auto m = joiner.next(5000);
    ASSERT_TRUE(m) << "no launch from the host";
    if (auto* l = std::get_if<LobbyMsg>(&m->second)) {
      if (l->launched) launchedAt = joiner.ms();
      else joiner.send(hostKey, ReadyMsg{true, l->session.configHash()});
    }
  }
  while (joiner.ms() < launchedAt + 50000 / kScale) (void)joiner.next(50);  // 50 s of node time, past the old 30 s
  const Nonce nonce = lockstep::randomBytes32();
  joiner.send(hostKey, CommitMsg{lockstep::commitNonce(nonce)});
  std::optional<RevealsMsg> reveals;
  while (!reveals) {
    auto m = joiner.next(3000);
    ASSERT_TRUE(m) << "the host gave up seeding before our late commitment";
    if (std::get_if<CommitsMsg>(&m->second)) joiner.send(hostKey, RevealMsg{nonce});
    if (auto* r = std::get_if<RevealsMsg>(&m->second)) reveals = *r;
  }
  EXPECT_EQ(reveals->nonces.size(), 2u);
  while (hosted.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) joiner.t->pump(joiner.ms(), 5);
  auto h = hosted.get();
  EXPECT_TRUE(h) << h.message();
}

// Issue 12: a failure carries its kind from where it is made (net/net_error.h), so a client (the Qt lobby)
// words it without reading the message; the message is unchanged for the terminal.
TEST(Node, AFailureCarriesItsKindFromWhereItIsMade) {
  NodeOptions lonely = nodeOptions("lonely", freeUdpPort());
  lonely.join = Address{"127.0.0.1", freeUdpPort()};  // nobody there
  lonely.giveUpMs = 1500;
  NetErrorKind kind = NetErrorKind::Other;
  auto r = runNode(lonely, &kind);
  ASSERT_FALSE(r);
  EXPECT_EQ(kind, NetErrorKind::Unreachable) << r.message();
  EXPECT_NE(r.message().find("nothing answered"), std::string::npos) << r.message();

  const uint16_t port = freeUdpPort();
  auto squatter = EnetTransport::create(KeyPair::fromLabel("node-test:squatter"), Address{"127.0.0.1", port});
  ASSERT_TRUE(squatter) << squatter.message();
  NodeOptions host = nodeOptions("host", port);
  host.host = true;
  kind = NetErrorKind::Other;
  r = runNode(host, &kind);
  ASSERT_FALSE(r);
  EXPECT_EQ(kind, NetErrorKind::PortInUse) << r.message();

  NodeOptions badRules = nodeOptions("bad-rules", freeUdpPort());
  badRules.host = true;
  badRules.options = {{"no-such-option", "1"}};
  kind = NetErrorKind::Other;
  r = runNode(badRules, &kind);
  ASSERT_FALSE(r);
  EXPECT_EQ(kind, NetErrorKind::RulesRefused) << r.message();
}

}  // namespace
}  // namespace concord::net
