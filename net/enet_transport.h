// EnetTransport: the lockstep Transport over ENet, every packet sealed by a SecureChannel.
// One ENet host per process, bound to one UDP port, used both to listen and to connect, so the full
// mesh needs one port per peer. Remote identities (Ed25519 keys proven in the handshake) are mapped to
// transport ids (the seat index for seat owners; ids from kGuestIdBase for anyone else, whose bundles
// lockstep then refuses for lack of a seat key). Two planes share a connection: game datagrams (the
// lockstep wire protocol, unreliable unsequenced when small) and control messages (lobby, reliable).
// Nothing from the network can grow memory without bound: both inboxes are capped, oversized and
// unauthenticated packets are dropped and counted, silent handshakes are cut after kHandshakeMs.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/crypto.h"
#include "lockstep/transport.h"
#include "net/net_error.h"
#include "net/relay_links.h"
#include "net/secure_channel.h"

typedef struct _ENetHost ENetHost;
typedef struct _ENetPeer ENetPeer;

namespace concord::net {

using lockstep::PeerId;
using lockstep::PublicKey;

inline constexpr PeerId kGuestIdBase = 0x8000;
inline constexpr size_t kMaxInbox = 8192;
inline constexpr size_t kMaxControlInbox = 1024;
inline constexpr uint64_t kHandshakeMs = 3000;
/// Game datagrams up to this size go unreliable; larger ones (snapshots, dumps) reliable.
inline constexpr size_t kUnreliableMax = 1100;
/// Links to one peer that open within this long of each other are twins of one dial (a punch opens both ways; retried
/// connects open together): they are settled to one.
inline constexpr uint64_t kSettleWindowMs = 3000;

struct Address {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  std::string text() const { return host + ":" + std::to_string(port); }
};
/// "HOST[:PORT]" (default port `defPort`); the error says what was wrong.
Result<Address> parseAddress(const std::string& text, uint16_t defPort);

/// How we reach a peer (issue 25): a link where either end can be reached without its own dialling (a public address,
/// a mapped port, one LAN: direct), one that opened only because both ends dialled through their NATs (punched), or
/// only through a third peer connected to both (relayed).
enum class LinkKind : uint8_t { Direct, Punched, Relayed };
const char* linkKindName(LinkKind k);
struct LinkInfo {
  LinkKind kind = LinkKind::Direct;
  uint32_t rttMs = 0;                  // relayed: ours to the relay plus the relay's to the peer
  std::optional<PublicKey> via;        // the relay, for a relayed link
  bool settled = true;                 // a direct link's kind is known once both ends' reports have been heard
  friend bool operator==(const LinkInfo&, const LinkInfo&) = default;
};
/// When an unreached wanted peer is dialled from our side too (hole punching: both sides send at once), and when it
/// is reached through a relay instead, counted from the moment it had no direct link.
struct MeshTiming {
  uint64_t punchAfterMs = 2500;
  uint64_t relayAfterMs = 7000;
};

struct ControlMessage {
  PublicKey from;
  std::vector<uint8_t> bytes;
};

struct TransportStats {
  uint64_t packetsSent = 0, bytesSent = 0, packetsReceived = 0, bytesReceived = 0;
  uint64_t rejectedPackets = 0;   // failed authentication, replays, malformed, oversized
  uint64_t droppedInbox = 0;      // inbox full
  uint64_t earlyPackets = 0;      // data that overtook its link's hello (opened once the hello arrives, if it fits)
  uint64_t relayedSent = 0;       // packets we sent through a relay
  uint64_t relayedForwarded = 0;  // packets we passed on for others
  uint64_t relayRefused = 0;      // envelopes we would not pass on (unknown ends, over the budget)
};

class EnetTransport : public lockstep::Transport {
 public:
  /// Binds `bind:port` (port 0 = any free port).
  /// `failure` (optional) receives the kind of a failure: BadAddress, PortInUse or Other (net/net_error.h).
  static Result<std::unique_ptr<EnetTransport>> create(const lockstep::KeyPair& identity, const Address& bind,
                                                       NetErrorKind* failure = nullptr);
  ~EnetTransport() override;
  EnetTransport(const EnetTransport&) = delete;
  EnetTransport& operator=(const EnetTransport&) = delete;

  uint16_t port() const;
  const PublicKey& identity() const { return identity_.publicKey; }

  /// Our transport id (seat index once seated).
  void setSelf(PeerId id) { self_ = id; }
  /// From now on, datagrams from `key` carry transport id `id` and send(id) reaches `key`.
  void assign(const PublicKey& key, PeerId id);
  /// Keeps a connection to `key` at `addr` open, reconnecting when it drops. `dialFirst`: we dial at once; otherwise
  /// we wait MeshTiming::punchAfterMs for the other side to reach us, then dial too (a hole punch). After relayAfterMs without a
  /// direct link, `key` is reached through a peer whose link report lists it (net/mesh_msg.h).
  void want(const PublicKey& key, const Address& addr, bool dialFirst = true);
  /// Opens a connection (handshake follows); for the first contact, before the key is known.
  Result<void> connect(const Address& addr);

  /// Services the socket for up to `waitMs`, handshakes, reconnects; `nowMs` is the caller's clock.
  void pump(uint64_t nowMs, uint32_t waitMs);
  /// Sends everything queued (call before exiting).
  void flush();

  // lockstep::Transport
  PeerId self() const override { return self_; }
  void send(PeerId to, std::span<const uint8_t> bytes) override;
  void broadcast(std::span<const uint8_t> bytes) override;
  std::optional<lockstep::Datagram> poll() override;

  // Control plane (reliable, ordered). `reliable` false: one unsequenced copy (up to kUnreliableMax bytes) that
  // does not queue behind a reliable packet ENet is still retransmitting.
  bool sendControl(const PublicKey& to, std::span<const uint8_t> bytes, bool reliable = true);
  std::optional<ControlMessage> pollControl();
  bool connected(const PublicKey& key) const;
  std::vector<PublicKey> connectedKeys() const;
  /// The remote address of `key`'s connection (its host part is what we saw on the socket).
  std::optional<Address> remoteAddress(const PublicKey& key) const;
  /// The authenticated identity at exactly `addr` (ip and port), if any: a joiner finds its host by the
  /// address it dialled, never by "whoever connected first" (a stranger may reach us before the host).
  std::optional<PublicKey> keyAt(const Address& addr) const;
  /// Closes every link at exactly `addr` (issue 25: a joiner hangs up on a host that proved the wrong key).
  void hangUp(const Address& addr);
  std::optional<PeerId> idOf(const PublicKey& key) const;
  void setMeshTiming(const MeshTiming& t) { timing_ = t; }
  /// Our router maps our port (UPnP/NAT-PMP): anyone can reach us without our dialling (link kinds).
  void setPortMapped(bool mapped) { portMapped_ = mapped; }
  /// Every peer we can send to now, and how.
  std::map<PublicKey, LinkInfo> links() const;

  const TransportStats& stats() const { return stats_; }
  /// Every raw datagram before ENet reads it: true consumes it (a reachability probe, or a test's stand-in NAT).
  bool interceptDatagram(const Address& from, std::span<const uint8_t> bytes);
  /// Tests only: datagrams from an address `drop` returns true for vanish on arrival, as behind a NAT or firewall
  /// (tests/net/relay_test.cpp builds unreachable pairs on one machine with it).
  void dropIncomingForTests(std::function<bool(const Address&)> drop);
  /// Called with a human-readable line for each refused packet (tests read the log).
  std::function<void(const std::string&)> onReject;

 private:
  static constexpr uint8_t kPlaneGame = 0;
  static constexpr uint8_t kPlaneControl = 1;
  static constexpr uint8_t kPlaneMesh = 2;  // link reports and relay envelopes: the transport's own, never delivered

  struct Conn {
    ENetPeer* peer = nullptr;
    bool outgoing = false;  // we dialled it
    uint64_t establishedMs = 0;
    std::unique_ptr<SecureChannel> channel;
    uint64_t openedMs = 0;
    uint32_t failures = 0;
    std::vector<std::vector<uint8_t>> early;  // data packets that arrived before the remote's hello
    size_t earlyBytes = 0;
  };
  EnetTransport() = default;
  void sendSealed(Conn& c, uint8_t plane, std::span<const uint8_t> bytes, bool reliable);
  void receive(Conn& c, std::span<const uint8_t> bytes);
  void openData(Conn& c, std::span<const uint8_t> bytes);  // an established link's data packet
  void refuse(Conn& c, const std::string& why);
  void deliver(const PublicKey& from, std::span<const uint8_t> plain, const std::function<void(const std::string&)>& bad);
  void settleDuplicate(Conn& fresh);
  // Mesh (net/enet_mesh.cpp): dialling, link reports, relays.
  void dialWanted(uint64_t nowMs);
  void meshTick(uint64_t nowMs);
  void receiveMesh(const PublicKey& from, std::span<const uint8_t> body);
  bool sendRelayed(const PublicKey& to, uint8_t plane, std::span<const uint8_t> bytes, bool reliable);
  std::optional<PublicKey> chooseRelay(const PublicKey& to) const;
  bool member(const PublicKey& key) const;
  uint32_t rttOf(const Conn& c) const;
  Conn* connOf(const PublicKey& key);
  const Conn* connOf(const PublicKey& key) const;
  PeerId idFor(const PublicKey& key);

  lockstep::KeyPair identity_;
  ENetHost* host_ = nullptr;
  PeerId self_ = 0;
  uint64_t now_ = 0;
  std::map<ENetPeer*, std::unique_ptr<Conn>> conns_;
  std::map<PublicKey, ENetPeer*> byKey_;   // the latest authenticated connection of each identity
  std::map<PublicKey, PeerId> ids_;
  std::map<PeerId, PublicKey> keys_;
  PeerId nextGuest_ = kGuestIdBase;
  struct Want {
    std::vector<Address> addrs;  // the given one first, then where other peers see it (introductions)
    bool dialFirst = true;
    uint64_t sinceMs = UINT64_MAX;  // since when it has no direct link (UINT64_MAX: linked, or not pumped yet)
    uint64_t nextTryMs = 0;
    uint64_t nextHelloMs = 0;       // our relayed hello again, while its answer is missing
  };
  std::map<PublicKey, Want> wanted_;
  MeshTiming timing_;
  bool portMapped_ = false;
  bool probeSeen_ = false;  // a probe from a socket we never sent to got in: nothing filters the way to us
  std::map<PublicKey, unsigned> probesSent_;
  struct Reach {
    bool theyReachable = false;  // the peer says we reach it without its dialling
    unsigned reports = 0;        // its reports that listed us
  };
  std::map<PublicKey, Reach> reach_;
  std::function<bool(const Address&)> dropForTests_;
  bool reachable() const { return portMapped_ || probeSeen_; }
  void sendProbe(const Address& to);
  std::set<ENetPeer*> dialled_;  // connections we opened and that are not up yet
  std::unique_ptr<RelayLinks> relays_;
  struct Report {
    std::vector<std::pair<PublicKey, uint16_t>> rtts;  // the reporter's direct links and their round trips
    uint64_t atMs = 0;
  };
  std::map<PublicKey, Report> reports_;
  uint64_t nextReportMs_ = 0;
  struct RelayBudget {
    uint64_t windowMs = 0;
    uint64_t bytes = 0;
  };
  std::map<PublicKey, RelayBudget> relayBudget_;
  std::deque<lockstep::Datagram> inbox_;
  std::deque<ControlMessage> control_;
  TransportStats stats_;
};

}  // namespace concord::net
