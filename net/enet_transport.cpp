#include "net/enet_transport.h"

#include <enet/enet.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

namespace concord::net {
namespace {

constexpr size_t kMaxConnections = 128;
// Connections one IP address may hold: a whole 32-seat table (a host holds a lobby link and a game link to
// each joiner) plus spectators fits on one machine (tests run everything on 127.0.0.1), while a CONNECT flood
// from one address cannot take every slot (security.sh).
constexpr size_t kMaxPerAddress = 72;
constexpr uint32_t kMaxFailuresPerConn = 64;

// Data packets kept per link while its hello is still on the way (bounded: a stranger cannot fill memory).
constexpr size_t kMaxEarlyPackets = 32;
constexpr size_t kMaxEarlyBytes = 64u << 10;

bool initEnet() {
  static const bool ok = [] {
    if (enet_initialize() != 0) return false;
    std::atexit(enet_deinitialize);
    return true;
  }();
  return ok;
}

Result<ENetAddress> toEnet(const Address& a) {
  ENetAddress e{};
  if (a.host.empty() || a.host == "0.0.0.0" || a.host == "*") e.host = ENET_HOST_ANY;
  else if (enet_address_set_host_ip(&e, a.host.c_str()) != 0 && enet_address_set_host(&e, a.host.c_str()) != 0)
    return Err("cannot resolve host '", a.host, "'; give an IPv4 address such as 192.168.1.20");
  e.port = a.port;
  return e;
}

// ENet's intercept callback carries no user pointer: each host's transport is found here (reachability probes, and the
// tests' stand-in NATs, dropIncomingForTests). Locked: every node runs its transport on its own thread (CI once
// segfaulted in Node.AJoinerFindsItsHost… when one thread created a host while another looked its own up).
struct HostRegistry {
  std::mutex lock;
  std::map<ENetHost*, EnetTransport*> all;
};
HostRegistry& transportsByHost() {
  static HostRegistry registry;
  return registry;
}

EnetTransport* transportOf(ENetHost* host) {
  HostRegistry& r = transportsByHost();
  std::lock_guard<std::mutex> hold(r.lock);
  auto it = r.all.find(host);
  return it == r.all.end() ? nullptr : it->second;
}

int ENET_CALLBACK interceptRaw(ENetHost* host, ENetEvent*) {
  // Only the thread pumping `host` gets here, and only it destroys the transport: the pointer stays valid.
  EnetTransport* t = transportOf(host);
  if (!t) return 0;
  char ip[64] = "";
  enet_address_get_host_ip(&host->receivedAddress, ip, sizeof ip);
  return t->interceptDatagram(Address{ip, host->receivedAddress.port},
                                       std::span<const uint8_t>(host->receivedData, host->receivedDataLength))
             ? 1
             : 0;
}

}  // namespace

Result<Address> parseAddress(const std::string& text, uint16_t defPort) {
  Address a;
  a.port = defPort;
  auto colon = text.rfind(':');
  a.host = text.substr(0, colon);
  if (colon != std::string::npos) {
    std::string p = text.substr(colon + 1);
    if (p.empty() || p.size() > 5 || p.find_first_not_of("0123456789") != std::string::npos || std::stoul(p) > 65535)
      return Err("bad port in '", text, "'; write HOST:PORT with PORT 1..65535");
    a.port = static_cast<uint16_t>(std::stoul(p));
  }
  if (a.host.empty()) return Err("no host in '", text, "'; write HOST[:PORT]");
  return a;
}

Result<std::unique_ptr<EnetTransport>> EnetTransport::create(const lockstep::KeyPair& identity, const Address& bind,
                                                            NetErrorKind* failure) {
  auto failed = [&](NetErrorKind k, Error e) {
    if (failure) *failure = k;
    return e;
  };
  if (!initEnet()) return failed(NetErrorKind::Other, Err("ENet failed to initialise (no sockets?)"));
  auto addr = toEnet(bind);
  if (!addr) return failed(NetErrorKind::BadAddress, addr.error());
  std::unique_ptr<EnetTransport> t(new EnetTransport());
  t->identity_ = identity;
  t->relays_ = std::make_unique<RelayLinks>(identity);
  t->host_ = enet_host_create(&*addr, kMaxConnections, 2, 0, 0);
  if (!t->host_)
    return failed(NetErrorKind::PortInUse, Err("cannot bind UDP ", bind.text(), "; the port is in use? pick another with --port (0 = any)"));
  t->host_->checksum = enet_crc32;
  t->host_->duplicatePeers = kMaxPerAddress;
  t->host_->maximumPacketSize = kMaxPlaintext + kDataOverhead + 64;
  t->host_->maximumWaitingData = 64u << 20;
  t->host_->intercept = interceptRaw;
  {
    std::lock_guard<std::mutex> hold(transportsByHost().lock);
    transportsByHost().all[t->host_] = t.get();
  }
  return t;
}

void EnetTransport::dropIncomingForTests(std::function<bool(const Address&)> drop) { dropForTests_ = std::move(drop); }

EnetTransport::~EnetTransport() {
  if (host_) {
    {
      std::lock_guard<std::mutex> hold(transportsByHost().lock);
      transportsByHost().all.erase(host_);
    }
    // A goodbye on every link: the other side drops this connection now instead of after ENet's timeout.
    for (auto& [peer, c] : conns_) enet_peer_disconnect_now(peer, 0);
    enet_host_flush(host_);
    enet_host_destroy(host_);
  }
}

uint16_t EnetTransport::port() const { return host_->address.port; }

void EnetTransport::assign(const PublicKey& key, PeerId id) {
  if (auto old = ids_.find(key); old != ids_.end()) keys_.erase(old->second);
  ids_[key] = id;
  keys_[id] = key;
}

// Wanted again (the lobby wanted it, the game wants it): the address leads, the timers and introductions stay, so a
// punch under way is neither restarted nor mistaken for a direct link.
void EnetTransport::want(const PublicKey& key, const Address& addr, bool dialFirst) {
  if (key == identity_.publicKey) return;
  Want& w = wanted_[key];
  auto& a = w.addrs;
  a.erase(std::remove_if(a.begin(), a.end(), [&](const Address& x) { return x.host == addr.host && x.port == addr.port; }), a.end());
  a.insert(a.begin(), addr);
  if (a.size() > 4) a.pop_back();  // the given address and a few introduced ones (enet_mesh.cpp kMaxWantAddrs)
  w.dialFirst = dialFirst;
}

Result<void> EnetTransport::connect(const Address& addr) {
  auto e = toEnet(addr);
  if (!e) return e.error();
  ENetPeer* p = enet_host_connect(host_, &*e, 2, 0);
  if (!p) return Err("no free connection slot to reach ", addr.text());
  dialled_.insert(p);
  return Ok();
}

PeerId EnetTransport::idFor(const PublicKey& key) {
  if (auto it = ids_.find(key); it != ids_.end()) return it->second;
  PeerId id = nextGuest_;
  if (nextGuest_ < 0xFFFF) ++nextGuest_;
  assign(key, id);
  return id;
}

EnetTransport::Conn* EnetTransport::connOf(const PublicKey& key) {
  auto it = byKey_.find(key);
  if (it == byKey_.end()) return nullptr;
  auto c = conns_.find(it->second);
  return c == conns_.end() ? nullptr : c->second.get();
}
const EnetTransport::Conn* EnetTransport::connOf(const PublicKey& key) const {
  return const_cast<EnetTransport*>(this)->connOf(key);
}

void EnetTransport::refuse(Conn& c, const std::string& why) {
  ++stats_.rejectedPackets;
  ++c.failures;
  char ip[64] = "?";
  enet_address_get_host_ip(&c.peer->address, ip, sizeof ip);
  std::string who = c.channel->remote() ? c.channel->remote()->fingerprint() : std::string("unauthenticated");
  if (onReject) onReject("dropped packet from " + std::string(ip) + ":" + std::to_string(c.peer->address.port) + " (" + who + "): " + why);
  if (c.failures > kMaxFailuresPerConn) enet_peer_disconnect_later(c.peer, 0);
}

void EnetTransport::receive(Conn& c, std::span<const uint8_t> bytes) {
  stats_.packetsReceived++;
  stats_.bytesReceived += bytes.size();
  const uint8_t kind = packetKind(bytes);
  if (kind == kPacketHello) {
    auto who = c.channel->acceptHello(bytes);
    if (!who) return refuse(c, who.message());
    c.establishedMs = now_;
    byKey_[*who] = c.peer;
    idFor(*who);
    settleDuplicate(c);
    auto early = std::move(c.early);
    c.early.clear();
    c.earlyBytes = 0;
    for (const auto& e : early) openData(c, e);
    return;
  }
  if (kind != kPacketData) return refuse(c, "not a Concord packet");
  if (!c.channel->established()) {
    // Expected on every new link (a rejoin opens several): the remote got our hello and sealed data before its own
    // hello reached us (another ENet channel, retransmitted under loss). Not an attack: kept, bounded, and opened
    // once the hello arrives; a link that never proves an identity is cut after kHandshakeMs as before.
    ++stats_.earlyPackets;
    if (c.early.size() < kMaxEarlyPackets && c.earlyBytes + bytes.size() <= kMaxEarlyBytes) {
      c.early.emplace_back(bytes.begin(), bytes.end());
      c.earlyBytes += bytes.size();
    }
    return;
  }
  openData(c, bytes);
}

void EnetTransport::openData(Conn& c, std::span<const uint8_t> bytes) {
  auto plain = c.channel->open(bytes);
  if (!plain) return refuse(c, plain.message());
  if (plain->empty()) return refuse(c, "empty message");
  const PublicKey from = *c.channel->remote();
  if ((*plain)[0] == kPlaneMesh) return receiveMesh(from, std::span<const uint8_t>(*plain).subspan(1));
  deliver(from, *plain, [&](const std::string& why) { refuse(c, why); });
}

void EnetTransport::deliver(const PublicKey& from, std::span<const uint8_t> plain,
                            const std::function<void(const std::string&)>& bad) {
  std::vector<uint8_t> body(plain.begin() + 1, plain.end());
  if (plain[0] == kPlaneGame) {
    if (inbox_.size() >= kMaxInbox) {
      ++stats_.droppedInbox;
      return;
    }
    inbox_.push_back(lockstep::Datagram{idFor(from), std::move(body)});
  } else if (plain[0] == kPlaneControl) {
    if (control_.size() >= kMaxControlInbox) {
      ++stats_.droppedInbox;
      return;
    }
    control_.push_back(ControlMessage{from, std::move(body)});
  } else {
    bad("unknown plane");
  }
}

// Both sides dialled and both links came up together (a punch): each side keeps the one the lower identity opened,
// so the two agree without a message; the other closes once its queue is sent. Only links up within kSettleWindowMs
// of each other: an older one may be a dead process's link not yet timed out (net_rejoin_chain kept such a one).
void EnetTransport::settleDuplicate(Conn& fresh) {
  const PublicKey who = *fresh.channel->remote();
  for (auto& [peer, other] : conns_) {
    if (other.get() == &fresh || other->outgoing == fresh.outgoing || !other->channel->established() ||
        *other->channel->remote() != who || now_ > other->establishedMs + kSettleWindowMs)
      continue;
    const bool weOpenedKeeper = identity_.publicKey < who;
    Conn& keeper = fresh.outgoing == weOpenedKeeper ? fresh : *other;
    Conn& loser = &keeper == &fresh ? *other : fresh;
    byKey_[who] = keeper.peer;
    enet_peer_disconnect_later(loser.peer, 0);
    return;
  }
}

void EnetTransport::pump(uint64_t nowMs, uint32_t waitMs) {
  now_ = nowMs;
  dialWanted(nowMs);
  ENetEvent ev;
  int rc = enet_host_service(host_, &ev, waitMs);
  int budget = 4096;  // events per pump: a flood cannot keep us here forever
  while (rc > 0 && budget-- > 0) {
    switch (ev.type) {
      case ENET_EVENT_TYPE_CONNECT: {
        auto c = std::make_unique<Conn>();
        c->peer = ev.peer;
        c->outgoing = dialled_.erase(ev.peer) > 0;
        c->channel = std::make_unique<SecureChannel>(identity_);
        c->openedMs = nowMs;
        enet_peer_timeout(ev.peer, 64, 8000, 30000);  // lenient: lockstep, not ENet, decides who left
        auto hello = c->channel->hello();
        ENetPacket* p = enet_packet_create(hello.data(), hello.size(), ENET_PACKET_FLAG_RELIABLE);
        if (enet_peer_send(ev.peer, 1, p) != 0) enet_packet_destroy(p);
        conns_[ev.peer] = std::move(c);
        break;
      }
      case ENET_EVENT_TYPE_RECEIVE: {
        auto it = conns_.find(ev.peer);
        if (it != conns_.end()) receive(*it->second, std::span<const uint8_t>(ev.packet->data, ev.packet->dataLength));
        enet_packet_destroy(ev.packet);
        break;
      }
      case ENET_EVENT_TYPE_DISCONNECT: {
        dialled_.erase(ev.peer);
        auto it = conns_.find(ev.peer);
        if (it != conns_.end()) {
          if (auto r = it->second->channel->remote()) {
            const PublicKey who = *r;
            auto k = byKey_.find(who);
            if (k != byKey_.end() && k->second == ev.peer) {
              byKey_.erase(k);
              // Another authenticated link to the same identity (a retried connect) carries on: without
              // this the identity looked gone while its other link still delivered, and nothing we sent
              // it was sent (CI: a joiner that dialled three times never got the seeding commitments).
              const Conn* best = nullptr;
              for (const auto& [p2, c2] : conns_)
                if (p2 != ev.peer && c2->channel->remote() && *c2->channel->remote() == who &&
                    (!best || c2->openedMs >= best->openedMs))
                  best = c2.get();
              if (best) byKey_[who] = best->peer;
            }
          }
          conns_.erase(it);
        }
        break;
      }
      case ENET_EVENT_TYPE_NONE: break;
    }
    rc = enet_host_service(host_, &ev, 0);
  }
  // Cut connections that never proved an identity.
  for (auto& [peer, c] : conns_)
    if (!c->channel->established() && nowMs > c->openedMs + kHandshakeMs) enet_peer_disconnect_later(peer, 0);
  meshTick(nowMs);
  enet_host_flush(host_);
}

void EnetTransport::flush() { enet_host_flush(host_); }

void EnetTransport::sendSealed(Conn& c, uint8_t plane, std::span<const uint8_t> bytes, bool reliable) {
  std::vector<uint8_t> plain;
  plain.reserve(bytes.size() + 1);
  plain.push_back(plane);
  plain.insert(plain.end(), bytes.begin(), bytes.end());
  // Reliable packets are ENet's ordered stream: retransmitted for seconds under loss, they must not age out of the
  // unsequenced packets' replay window (issue 10 drill: `packet N is a replay or too old` after every restart).
  auto packet = c.channel->seal(plain, reliable ? Stream::Ordered : Stream::Unordered);
  ENetPacket* p = enet_packet_create(packet.data(), packet.size(),
                                     reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
  if (enet_peer_send(c.peer, reliable ? 1 : 0, p) != 0) {
    enet_packet_destroy(p);
    return;
  }
  stats_.packetsSent++;
  stats_.bytesSent += packet.size();
}

void EnetTransport::send(PeerId to, std::span<const uint8_t> bytes) {
  auto k = keys_.find(to);
  if (k == keys_.end()) return;
  Conn* c = connOf(k->second);
  if (c && c->channel->established()) sendSealed(*c, kPlaneGame, bytes, bytes.size() > kUnreliableMax);
  else sendRelayed(k->second, kPlaneGame, bytes, bytes.size() > kUnreliableMax);
}

void EnetTransport::broadcast(std::span<const uint8_t> bytes) {
  for (auto& [key, peer] : byKey_) {
    auto it = conns_.find(peer);
    if (it != conns_.end() && it->second->channel->established())
      sendSealed(*it->second, kPlaneGame, bytes, bytes.size() > kUnreliableMax);
  }
  for (const auto& key : relays_->establishedKeys())
    if (!connOf(key) || !connOf(key)->channel->established()) sendRelayed(key, kPlaneGame, bytes, bytes.size() > kUnreliableMax);
}

std::optional<lockstep::Datagram> EnetTransport::poll() {
  if (inbox_.empty()) return std::nullopt;
  auto d = std::move(inbox_.front());
  inbox_.pop_front();
  return d;
}

bool EnetTransport::sendControl(const PublicKey& to, std::span<const uint8_t> bytes, bool reliable) {
  if (!reliable && bytes.size() > kUnreliableMax) return false;
  Conn* c = connOf(to);
  if (!c || !c->channel->established()) return sendRelayed(to, kPlaneControl, bytes, reliable);
  sendSealed(*c, kPlaneControl, bytes, reliable);
  return true;
}

std::optional<ControlMessage> EnetTransport::pollControl() {
  if (control_.empty()) return std::nullopt;
  auto m = std::move(control_.front());
  control_.pop_front();
  return m;
}

bool EnetTransport::connected(const PublicKey& key) const {
  const Conn* c = connOf(key);
  if (c && c->channel->established()) return true;
  auto via = relays_->via(key);
  return via && relays_->established(key) && connOf(*via) && connOf(*via)->channel->established();
}

std::vector<PublicKey> EnetTransport::connectedKeys() const {
  std::set<PublicKey> out;
  for (const auto& [k, p] : byKey_) out.insert(k);
  for (const auto& k : relays_->establishedKeys())
    if (connected(k)) out.insert(k);
  return {out.begin(), out.end()};
}

std::optional<Address> EnetTransport::remoteAddress(const PublicKey& key) const {
  const Conn* c = connOf(key);
  if (!c) return std::nullopt;
  char ip[64];
  if (enet_address_get_host_ip(&c->peer->address, ip, sizeof ip) != 0) return std::nullopt;
  return Address{ip, c->peer->address.port};
}

std::optional<PublicKey> EnetTransport::keyAt(const Address& addr) const {
  auto e = toEnet(addr);
  if (!e) return std::nullopt;
  for (const auto& [k, p] : byKey_)
    if (p->address.host == e->host && p->address.port == e->port) return k;
  return std::nullopt;
}

void EnetTransport::hangUp(const Address& addr) {
  auto e = toEnet(addr);
  if (!e) return;
  for (auto& [peer, c] : conns_)
    if (peer->address.host == e->host && peer->address.port == e->port) enet_peer_disconnect(peer, 0);  // its DISCONNECT event tidies up
}

std::optional<PeerId> EnetTransport::idOf(const PublicKey& key) const {
  auto it = ids_.find(key);
  if (it == ids_.end()) return std::nullopt;
  return it->second;
}

}  // namespace concord::net
