// A hand-driven peer on a real loopback transport for node tests: it sends lobby messages and waits for the ones
// it expects, and can seat itself at a hosted table as a joiner that never plays.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "lockstep/crypto.h"
#include "net/enet_transport.h"
#include "net/lobby_msg.h"

namespace concord::test_support {

struct FakeLobbyPeer {
  lockstep::KeyPair key;
  std::unique_ptr<net::EnetTransport> t;
  std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
  explicit FakeLobbyPeer(const std::string& label, uint16_t port = 0) : key(lockstep::KeyPair::fromLabel("node-test:" + label)) {
    auto r = net::EnetTransport::create(key, net::Address{"127.0.0.1", port});
    if (r) t = std::move(*r);
  }
  uint64_t ms() const {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
  }
  void send(const lockstep::PublicKey& to, const net::LobbyMessage& m) { t->sendControl(to, net::encodeLobby(m)); }
  /// The next lobby message (from anyone) within `waitMs`, pumping meanwhile.
  std::optional<std::pair<lockstep::PublicKey, net::LobbyMessage>> next(uint64_t waitMs) {
    const uint64_t until = ms() + waitMs;
    while (ms() < until) {
      t->pump(ms(), 5);
      while (auto c = t->pollControl())
        if (auto m = net::decodeLobby(c->bytes)) return std::make_pair(c->from, std::move(*m));
    }
    return std::nullopt;
  }
  /// Connects to the host at 127.0.0.1:hostPort within 5 s.
  bool reach(const lockstep::PublicKey& hostKey, uint16_t hostPort) {
    if (!t || !t->connect(net::Address{"127.0.0.1", hostPort})) return false;
    while (ms() < 5000 && !t->connected(hostKey)) t->pump(ms(), 5);
    return t->connected(hostKey);
  }
  /// Joins as `name`, marks ready, commits and reveals `nonce`: the host's first reveals (nullopt: it went quiet).
  std::optional<net::RevealsMsg> seatAndSeed(const lockstep::PublicKey& hostKey, const std::string& name, const net::Nonce& nonce) {
    send(hostKey, net::JoinMsg{name, t->port(), false});
    while (auto m = next(5000)) {
      if (auto* l = std::get_if<net::LobbyMsg>(&m->second)) {
        if (l->launched) send(hostKey, net::CommitMsg{lockstep::commitNonce(nonce)});
        else send(hostKey, net::ReadyMsg{true, l->session.configHash()});
      } else if (std::get_if<net::CommitsMsg>(&m->second)) {
        send(hostKey, net::RevealMsg{nonce});
      } else if (auto* r = std::get_if<net::RevealsMsg>(&m->second)) {
        return *r;
      }
    }
    return std::nullopt;
  }
};

}  // namespace concord::test_support
