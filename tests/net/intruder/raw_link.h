// concord_intruder's shared pieces: a monotonic clock, its output line, its seeded RNG and stop flag, and a raw
// ENet link that speaks just enough of the Concord handshake to send arbitrary bytes.
#pragma once

#include <arpa/inet.h>
#include <enet/enet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>
#include "lockstep/bundle.h"
#include "lockstep/crypto.h"
#include "lockstep/wire.h"
#include "net/enet_transport.h"
#include "net/lobby_msg.h"
#include "net/secure_channel.h"

namespace concord::intruder {

using namespace concord;
using lockstep::Bundle;
using lockstep::KeyPair;
using net::Address;


inline uint64_t nowMs() {
  static const auto start = std::chrono::steady_clock::now();
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
}

inline void say(const std::string& s) {
  std::printf("intruder: %s\n", s.c_str());
  std::fflush(stdout);
}

inline std::mt19937_64 rng{1};
inline std::atomic<bool> stopRequested{false};  // SIGTERM/SIGINT: stop and print the summary
inline uint8_t rbyte() { return static_cast<uint8_t>(rng()); }

// A raw ENet connection that speaks just enough of the Concord handshake to send arbitrary bytes:
// a forged Hello, or sealed packets and their replays.
struct RawLink {
  ENetHost* host = nullptr;
  ENetPeer* peer = nullptr;
  bool up = false;
  KeyPair key = KeyPair::generate();
  std::unique_ptr<net::SecureChannel> channel;
  std::vector<uint8_t> forgedHello;  // sent instead of our real hello when set
  uint64_t opened = 0;

  RawLink() {
    ENetAddress a{};
    enet_address_set_host_ip(&a, "127.0.0.1");
    a.port = 0;
    host = enet_host_create(&a, 1, 2, 0, 0);
    if (host) host->checksum = enet_crc32;
  }
  ~RawLink() {
    if (host) enet_host_destroy(host);
  }
  void connect(const Address& to) {
    ENetAddress a{};
    enet_address_set_host_ip(&a, to.host.c_str());
    a.port = to.port;
    channel = std::make_unique<net::SecureChannel>(key);
    up = false;
    opened = nowMs();
    peer = enet_host_connect(host, &a, 2, 0);
  }
  void sendRaw(const std::vector<uint8_t>& bytes, bool reliable) {
    if (!peer || !up) return;
    ENetPacket* p = enet_packet_create(bytes.data(), bytes.size(), reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
    if (enet_peer_send(peer, reliable ? 1 : 0, p) != 0) enet_packet_destroy(p);
  }
  void service() {
    ENetEvent ev;
    while (host && enet_host_service(host, &ev, 0) > 0) {
      if (ev.type == ENET_EVENT_TYPE_CONNECT) {
        up = true;
        sendRaw(forgedHello.empty() ? channel->hello() : forgedHello, true);
      } else if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
        std::span<const uint8_t> b(ev.packet->data, ev.packet->dataLength);
        if (net::packetKind(b) == net::kPacketHello && !channel->established()) (void)channel->acceptHello(b);
        enet_packet_destroy(ev.packet);
      } else if (ev.type == ENET_EVENT_TYPE_DISCONNECT) {
        up = false;
        peer = nullptr;
      }
    }
    enet_host_flush(host);
  }
};

inline std::optional<Address> parseTarget(const std::string& s) {
  auto a = net::parseAddress(s, 27960);
  if (!a) return std::nullopt;
  return *a;
}

}  // namespace concord::intruder
