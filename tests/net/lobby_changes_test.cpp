// Issue 12: the host changes the rules and a seat's kind after the lobby opens, until the launch. The lobby
// message carries the new config to every joiner (the same session the commit-reveal seeds and every bundle
// signs); ready marks given for the old rules reset, and a mark sent for the old rules does not count.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

#include "lockstep/crypto.h"
#include "net/enet_transport.h"
#include "net/lobby_msg.h"
#include "net/node.h"
#include "tests/support/free_udp_port.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;
using test_support::freeUdpPort;

// What one node showed and said, filled on its thread, read on the test's.
struct Watch {
  std::mutex mu;
  std::deque<TableRequest> requests;
  std::vector<LobbyMsg> lobbies;
  std::vector<std::string> lines;
  void hook(NodeOptions& o) {
    o.requests = [this]() -> std::optional<TableRequest> {
      std::lock_guard<std::mutex> g(mu);
      if (requests.empty()) return std::nullopt;
      auto r = std::move(requests.front());
      requests.pop_front();
      return r;
    };
    o.onLobby = [this](const LobbyMsg& l) {
      std::lock_guard<std::mutex> g(mu);
      lobbies.push_back(l);
    };
    o.log = [this](const std::string& s) {
      std::lock_guard<std::mutex> g(mu);
      lines.push_back(s);
    };
    o.onNotice = o.log;
  }
  void ask(TableRequest r) {
    std::lock_guard<std::mutex> g(mu);
    requests.push_back(std::move(r));
  }
  bool said(const std::string& part) {
    std::lock_guard<std::mutex> g(mu);
    for (const auto& l : lines)
      if (l.find(part) != std::string::npos) return true;
    return false;
  }
  /// Waits up to `ms` for the newest lobby to satisfy `f`.
  bool waitLobby(const std::function<bool(const LobbyMsg&)>& f, int ms = 10000) {
    for (int i = 0; i <= ms / 10; ++i) {
      {
        std::lock_guard<std::mutex> g(mu);
        if (!lobbies.empty() && f(lobbies.back())) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  bool waitSaid(const std::string& part, int ms = 10000) {
    for (int i = 0; i < ms / 10; ++i) {
      if (said(part)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  std::string all() {
    std::lock_guard<std::mutex> g(mu);
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
  }
};

NodeOptions shedHost(uint16_t port) {
  NodeOptions o;
  o.name = "host";
  o.key = KeyPair::fromLabel("lobby-changes:host");
  o.bind = Address{"127.0.0.1", port};
  o.host = true;
  o.moduleId = "shed";
  o.options = {{"hands", "1"}};
  o.seats = 3;
  o.manualLaunch = true;
  o.discoveryAddr = "off";
  o.lingerMs = 300;
  o.timeoutMs = 40000;
  return o;
}

TEST(LobbyChanges, AReadyMarkNamesTheRulesItAgreesTo) {
  ReadyMsg m{true, {}};
  m.rules.lo = 0x0123456789abcdefULL;
  m.rules.hi = 42;
  auto back = decodeLobby(encodeLobby(m));
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(std::get<ReadyMsg>(*back).rules, m.rules);
  auto bytes = encodeLobby(m);
  bytes.resize(bytes.size() - 16);  // a mark without the rules it is for is refused, not read as "any rules"
  EXPECT_FALSE(decodeLobby(bytes));
}

// The host changes a free seat to an officer and then the rules; a joiner that readies by itself (as the
// terminal's `concord join` does) is told, is marked not ready, readies again for the new rules, and the game
// both play is the one under the new rules.
TEST(LobbyChanges, TheHostChangesRulesAndASeatAndTheJoinerReadiesAgain) {
  const uint16_t port = freeUdpPort();
  ASSERT_NE(port, 0);
  Watch h, j;
  NodeOptions host = shedHost(port);
  h.hook(host);
  NodeOptions joiner;
  joiner.name = "joiner";
  joiner.key = KeyPair::fromLabel("lobby-changes:joiner");
  joiner.bind = Address{"127.0.0.1", 0};
  joiner.join = Address{"127.0.0.1", port};
  joiner.discoveryAddr = "off";
  joiner.lingerMs = 300;
  joiner.timeoutMs = 40000;
  j.hook(joiner);
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  auto joined = std::async(std::launch::async, [&] { return runNode(joiner); });
  ASSERT_TRUE(h.waitLobby([](const LobbyMsg& l) { return l.seats[1].kind == SeatKind::Human && l.seats[1].ready; })) << h.all();
  const det::Hash128 before = h.lobbies.back().session.configHash();

  h.ask(SeatKindRequest{2, "lowest"});
  ASSERT_TRUE(h.waitLobby([](const LobbyMsg& l) { return l.seats[2].kind == SeatKind::Ai && l.session.seats[2].botKind == "lowest"; }));
  EXPECT_TRUE(j.waitLobby([](const LobbyMsg& l) { return l.session.seats[2].botKind == "lowest"; })) << j.all();
  h.ask(SeatKindRequest{1, "lowest"});  // a person holds seat 1: not taken from them
  EXPECT_TRUE(h.waitSaid("remove them first")) << h.all();
  h.ask(SeatKindRequest{2, "grandmaster"});
  EXPECT_TRUE(h.waitSaid("no officer of strength 'grandmaster'")) << h.all();
  h.ask(RulesRequest{{{"hands", "0"}}, false});  // the module refuses it; nothing changes
  EXPECT_TRUE(h.waitSaid("rules not changed")) << h.all();

  h.ask(RulesRequest{{{"hands", "2"}}, false});
  ASSERT_TRUE(h.waitLobby([&](const LobbyMsg& l) { return l.session.configHash() != before; })) << h.all();
  det::Hash128 after;
  {
    std::lock_guard<std::mutex> g(h.mu);
    after = h.lobbies.back().session.configHash();
    // The first lobby under the new rules (the joiner may have marked ready again since).
    auto first = std::find_if(h.lobbies.begin(), h.lobbies.end(), [&](const LobbyMsg& l) { return l.session.configHash() == after; });
    ASSERT_NE(first, h.lobbies.end());
    EXPECT_FALSE(first->seats[1].ready) << "a ready mark for the old rules survived the change";
  }
  // The joiner hears it in words, with the new hash, and marks ready again for these rules.
  EXPECT_TRUE(j.waitSaid("the host changed the rules")) << j.all();
  EXPECT_TRUE(j.said(after.hex()));
  ASSERT_TRUE(h.waitLobby([&](const LobbyMsg& l) { return l.seats[1].ready && l.session.configHash() == after; })) << h.all();

  h.ask(LaunchRequest{});
  auto hr = hosted.get();
  auto jr = joined.get();
  ASSERT_TRUE(hr) << hr.message() << "\n" << h.all();
  ASSERT_TRUE(jr) << jr.message() << "\n" << j.all();
  EXPECT_EQ(hr->finalSeal, jr->finalSeal);
  std::lock_guard<std::mutex> g(j.mu);
  ASSERT_TRUE(!j.lobbies.empty() && j.lobbies.back().launched);
  EXPECT_EQ(j.lobbies.back().session.configHash(), after);  // the seeded, signed session is the new one
  EXPECT_EQ(j.lobbies.back().session.seats[2].botKind, "lowest");
}

// A ready mark the joiner sent before it saw the change names the old rules: the host does not count it.
TEST(LobbyChanges, AReadyMarkForTheOldRulesDoesNotCount) {
  const uint16_t port = freeUdpPort();
  ASSERT_NE(port, 0);
  Watch h;
  NodeOptions host = shedHost(port);
  host.timeoutMs = 20000;
  h.hook(host);
  std::atomic<bool> stop{false};
  host.leaveLobby = [&] { return stop.load(); };
  auto hosted = std::async(std::launch::async, [&] { return runNode(host); });
  auto made = EnetTransport::create(KeyPair::fromLabel("lobby-changes:fake"), Address{"127.0.0.1", 0});
  ASSERT_TRUE(made) << made.message();
  auto& t = **made;
  const auto t0 = std::chrono::steady_clock::now();
  auto ms = [&] { return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count()); };
  const auto hostKey = host.key.publicKey;
  ASSERT_TRUE(t.connect(Address{"127.0.0.1", port}));
  while (ms() < 5000 && !t.connected(hostKey)) t.pump(ms(), 5);
  ASSERT_TRUE(t.connected(hostKey));
  t.sendControl(hostKey, encodeLobby(JoinMsg{"fake", t.port(), false}));
  auto nextLobby = [&]() -> std::optional<LobbyMsg> {
    const uint64_t until = ms() + 5000;
    while (ms() < until) {
      t.pump(ms(), 5);
      while (auto c = t.pollControl())
        if (auto m = decodeLobby(c->bytes); m && std::holds_alternative<LobbyMsg>(*m)) return std::get<LobbyMsg>(*m);
    }
    return std::nullopt;
  };
  auto first = nextLobby();
  ASSERT_TRUE(first);
  const det::Hash128 old = first->session.configHash();
  h.ask(RulesRequest{{{"hands", "3"}}, false});
  std::optional<LobbyMsg> changed;
  while (!changed || changed->session.configHash() == old) ASSERT_TRUE(changed = nextLobby()) << h.all();
  // Our transport is served only while we pump it.
  auto pumpUntil = [&](const std::function<bool()>& done) {
    for (const uint64_t until = ms() + 10000; ms() < until;) {
      t.pump(ms(), 5);
      while (t.pollControl()) {}
      if (done()) return true;
    }
    return false;
  };
  t.sendControl(hostKey, encodeLobby(ReadyMsg{true, old}));
  EXPECT_TRUE(pumpUntil([&] { return h.said("marked ready for rules before the change"); })) << h.all();
  {
    std::lock_guard<std::mutex> g(h.mu);
    EXPECT_FALSE(h.lobbies.back().seats[1].ready);
  }
  t.sendControl(hostKey, encodeLobby(ReadyMsg{true, changed->session.configHash()}));
  EXPECT_TRUE(pumpUntil([&] { return h.waitLobby([](const LobbyMsg& l) { return l.seats[1].ready; }, 0); })) << h.all();
  stop = true;
  EXPECT_FALSE(hosted.get());  // left by choice before the launch
}

}  // namespace
}  // namespace concord::net
