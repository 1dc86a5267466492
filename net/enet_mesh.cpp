// EnetTransport's mesh (issue 25): who dials whom and when (direct first, then both sides at once to punch through
// NATs), link reports that introduce peers to each other, and relays for pairs that no punch connects.
#include <arpa/inet.h>
#include <enet/enet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>

#include "net/enet_transport.h"
#include "net/mesh_msg.h"

namespace concord::net {
namespace {

constexpr uint64_t kReconnectMs = 1500;
constexpr uint64_t kSlowRedialMs = 5000;  // once relayed, a direct link is still tried, less often
constexpr uint64_t kReportEveryMs = 1000;
constexpr uint64_t kReportFreshMs = 5000;
constexpr uint64_t kHelloAgainMs = 2000;
constexpr size_t kMaxWantAddrs = 4;
// What one peer may have us pass on per second: a rejoin snapshot (a few MiB) fits, a flood does not.
constexpr uint64_t kRelayBytesPerSecond = 16u << 20;
constexpr std::array<uint8_t, 8> kProbe{'C', 'N', 'P', 'R', 'O', 'B', 'E', '1'};  // too short for any ENet packet
constexpr unsigned kProbesPerPeer = 3;  // one a report period: a lost probe must not make us look unreachable

std::string ipOf(const ENetAddress& a) {
  char ip[64] = "";
  if (enet_address_get_host_ip(&a, ip, sizeof ip) != 0) return "";
  return ip;
}

}  // namespace

const char* linkKindName(LinkKind k) {
  switch (k) {
    case LinkKind::Direct: return "direct";
    case LinkKind::Punched: return "punched";
    case LinkKind::Relayed: return "relayed";
  }
  return "?";
}

uint32_t EnetTransport::rttOf(const Conn& c) const { return c.peer->roundTripTime; }

// Reachability (RFC 5780's filtering test, done by a peer): each peer we link to sends one datagram to where it sees
// us from a fresh socket we never sent to. It gets in only if nothing filters the way to us (a public address, a
// mapped port, one LAN), and then any peer reaches us without our dialling: our links are direct.
bool EnetTransport::interceptDatagram(const Address& from, std::span<const uint8_t> bytes) {
  if (bytes.size() == kProbe.size() && std::equal(bytes.begin(), bytes.end(), kProbe.begin())) {
    probeSeen_ = true;
    return true;
  }
  return dropForTests_ && dropForTests_(from);
}

void EnetTransport::sendProbe(const Address& to) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(to.port);
  if (inet_pton(AF_INET, to.host.c_str(), &a.sin_addr) != 1) return;
  const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0) return;
  (void)::sendto(fd, kProbe.data(), kProbe.size(), 0, reinterpret_cast<const sockaddr*>(&a), sizeof a);
  ::close(fd);
}

bool EnetTransport::member(const PublicKey& key) const {
  auto it = ids_.find(key);
  return it != ids_.end() && it->second < kGuestIdBase;
}

void EnetTransport::dialWanted(uint64_t nowMs) {
  for (auto& [key, w] : wanted_) {
    const Conn* c = connOf(key);
    if (c && c->channel->established()) {
      w.sinceMs = UINT64_MAX;
      continue;
    }
    if (w.sinceMs == UINT64_MAX) w.sinceMs = nowMs;
    const uint64_t waited = nowMs - w.sinceMs;
    if (w.nextTryMs > nowMs || (!w.dialFirst && waited < timing_.punchAfterMs)) continue;
    w.nextTryMs = nowMs + (relays_->established(key) ? kSlowRedialMs : kReconnectMs);
    for (const auto& a : w.addrs) (void)connect(a);
  }
}

std::optional<PublicKey> EnetTransport::chooseRelay(const PublicKey& to) const {
  std::optional<PublicKey> best;
  uint64_t bestCost = UINT64_MAX;
  for (const auto& [via, rep] : reports_) {
    const Conn* c = connOf(via);
    if (via == to || !c || !c->channel->established() || now_ > rep.atMs + kReportFreshMs) continue;
    for (const auto& [k, rtt] : rep.rtts) {
      if (k != to) continue;
      const uint64_t cost = uint64_t{rttOf(*c)} + rtt;
      if (cost < bestCost) bestCost = cost, best = via;  // reports_ is ordered by key: ties go to the lower key
    }
  }
  return best;
}

bool EnetTransport::sendRelayed(const PublicKey& to, uint8_t plane, std::span<const uint8_t> bytes, bool reliable) {
  auto via = relays_->via(to);
  if (!via || !relays_->established(to)) return false;
  Conn* r = connOf(*via);
  if (!r || !r->channel->established()) return false;
  std::vector<uint8_t> plain;
  plain.reserve(bytes.size() + 1);
  plain.push_back(plane);
  plain.insert(plain.end(), bytes.begin(), bytes.end());
  auto sealed = relays_->seal(to, plain, reliable ? Stream::Ordered : Stream::Unordered);
  sendSealed(*r, kPlaneMesh, encodeMesh(RelayTo{to, reliable, std::move(sealed)}), reliable);
  ++stats_.relayedSent;
  return true;
}

void EnetTransport::meshTick(uint64_t nowMs) {
  if (nowMs >= nextReportMs_) {
    nextReportMs_ = nowMs + kReportEveryMs;
    // Only table members hear of each other: a spectator or a stranger learns no addresses from us.
    LinkReport rep;
    for (const auto& [key, peer] : byKey_) {
      const Conn* c = connOf(key);
      if (!c || !c->channel->established() || !member(key)) continue;
      const Address seen{ipOf(peer->address), peer->address.port};
      rep.links.push_back(ReportedLink{key, static_cast<uint16_t>(std::min<uint32_t>(rttOf(*c), 65535)), reachable(), seen});
      if (auto& n = probesSent_[key]; n < kProbesPerPeer) {
        ++n;
        sendProbe(seen);
      }
    }
    if (rep.links.size() > kMaxReportedLinks) rep.links.resize(kMaxReportedLinks);
    if (!rep.links.empty()) {
      const auto bytes = encodeMesh(rep);
      for (const auto& l : rep.links) sendSealed(*connOf(l.key), kPlaneMesh, bytes, bytes.size() > kUnreliableMax);
    }
  }
  // A wanted peer still unreached: through the best relay (kept while it still reaches it).
  for (auto& [key, w] : wanted_) {
    const Conn* c = connOf(key);
    if ((c && c->channel->established()) || w.sinceMs == UINT64_MAX || nowMs < w.sinceMs + timing_.relayAfterMs) continue;
    auto current = relays_->via(key);
    const bool currentOk = current && current != key && connOf(*current) && connOf(*current)->channel->established() &&
                           reports_.count(*current) && nowMs <= reports_.at(*current).atMs + kReportFreshMs;
    std::optional<PublicKey> via = currentOk ? current : chooseRelay(key);
    if (!via) continue;
    bool sayHello = false;
    if (!relays_->started(key)) {
      relays_->open(key, *via, nowMs);
      sayHello = true;
    } else if (via != current) {
      relays_->setVia(key, *via);
      sayHello = !relays_->established(key);
    }
    if (!relays_->established(key) && nowMs >= w.nextHelloMs) sayHello = true;
    if (sayHello) {
      w.nextHelloMs = nowMs + kHelloAgainMs;
      sendSealed(*connOf(*via), kPlaneMesh, encodeMesh(RelayTo{key, true, relays_->helloFor(key)}), true);
    }
  }
}

void EnetTransport::receiveMesh(const PublicKey& from, std::span<const uint8_t> body) {
  auto m = decodeMesh(body);
  if (!m) {
    ++stats_.rejectedPackets;
    if (onReject) onReject("mesh message from " + from.fingerprint() + " refused: " + m.message());
    return;
  }
  if (auto* rep = std::get_if<LinkReport>(&*m)) {
    if (!member(from)) return;
    Report& r = reports_[from];
    r.rtts.clear();
    r.atMs = now_;
    for (const auto& l : rep->links) {
      r.rtts.emplace_back(l.key, l.rttMs);
      if (l.key == identity_.publicKey) {
        Reach& x = reach_[from];
        x.theyReachable = l.reachable;
        ++x.reports;
      }
      // An introduction: where `from` sees a peer we want and cannot reach. Both of us learn the other's outside
      // address from the same peer at about the same time, and both dial: the punch.
      auto w = wanted_.find(l.key);
      if (w == wanted_.end() || connected(l.key) || l.seenAt.host.empty() || l.seenAt.port == 0) continue;
      auto& addrs = w->second.addrs;
      const bool known = std::any_of(addrs.begin(), addrs.end(),
                                     [&](const Address& a) { return a.host == l.seenAt.host && a.port == l.seenAt.port; });
      if (known) continue;
      if (addrs.size() >= kMaxWantAddrs) addrs.erase(addrs.begin() + 1);
      addrs.push_back(l.seenAt);
    }
    return;
  }
  if (auto* to = std::get_if<RelayTo>(&*m)) {
    Conn* out = connOf(to->to);
    // Passed on only between two members of our table, each on a direct link of ours, within a byte budget.
    if (!member(from) || !member(to->to) || to->to == from || !out || !out->channel->established()) {
      ++stats_.relayRefused;
      return;
    }
    RelayBudget& b = relayBudget_[from];
    if (now_ >= b.windowMs + 1000) b = RelayBudget{now_, 0};
    if (b.bytes + to->packet.size() > kRelayBytesPerSecond) {
      ++stats_.relayRefused;
      return;
    }
    b.bytes += to->packet.size();
    sendSealed(*out, kPlaneMesh, encodeMesh(RelayFrom{from, to->reliable, std::move(to->packet)}), to->reliable);
    ++stats_.relayedForwarded;
    return;
  }
  auto& rf = std::get<RelayFrom>(*m);
  if (!member(rf.from)) return;  // only the seats of our table reach us through others
  auto got = relays_->receive(rf.from, from, rf.packet, now_);
  if (!got.refused.empty()) {
    ++stats_.rejectedPackets;
    if (onReject) onReject("relayed packet from " + rf.from.fingerprint() + " via " + from.fingerprint() + " refused: " + got.refused);
    return;
  }
  if (!got.helloBack.empty()) {
    // Answer through the relay it came by, unless ours is still good.
    auto via = relays_->via(rf.from);
    if (!via || !connOf(*via) || !connOf(*via)->channel->established()) relays_->setVia(rf.from, from);
    sendSealed(*connOf(*relays_->via(rf.from)), kPlaneMesh, encodeMesh(RelayTo{rf.from, true, got.helloBack}), true);
  }
  if (got.plain && !got.plain->empty() && (*got.plain)[0] != kPlaneMesh)
    deliver(rf.from, *got.plain, [&](const std::string& why) {
      ++stats_.rejectedPackets;
      if (onReject) onReject("relayed packet from " + rf.from.fingerprint() + ": " + why);
    });
}

std::map<PublicKey, LinkInfo> EnetTransport::links() const {
  std::map<PublicKey, LinkInfo> out;
  for (const auto& [key, peer] : byKey_) {
    const Conn* c = connOf(key);
    if (!c || !c->channel->established()) continue;
    auto r = reach_.find(key);
    const bool direct = reachable() || (r != reach_.end() && r->second.theyReachable);
    // Two reports of theirs (the second answers what ours said) settle it; a link that came and went stays settled.
    const bool settled = r != reach_.end() && r->second.reports >= 2;
    out[key] = LinkInfo{direct ? LinkKind::Direct : LinkKind::Punched, rttOf(*c), std::nullopt, settled};
  }
  for (const auto& key : relays_->establishedKeys()) {
    if (out.count(key) || !connected(key)) continue;
    auto via = *relays_->via(key);
    uint32_t rtt = rttOf(*connOf(via));
    if (auto r = reports_.find(via); r != reports_.end())
      for (const auto& [k, t] : r->second.rtts)
        if (k == key) rtt += t;
    out[key] = LinkInfo{LinkKind::Relayed, rtt, via, true};
  }
  return out;
}

}  // namespace concord::net
