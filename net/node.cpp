// net::runNode: one peer process from lobby to the end of the game. This file holds the run order,
// the transport service every phase shares (pump) and seat lookups; see node_internal.h for the rest.
#include "net/node.h"

#include <algorithm>
#include <cstdlib>

#include "net/node_internal.h"

namespace concord::net {

Node::Node(const NodeOptions& o, EnetTransport& t) : opt_(o), transport_(t), startMs_(steadyMs()), outbox_(o.key, o.key.publicKey) {
  // Tests only: a 15-minute table in scaled time stands in for a real one (tests/net/time_limit.sh). The
  // transport keeps real time (ENet's handshakes and retries are not ours to hurry).
  if (const char* s = std::getenv("CONCORD_TEST_CLOCK_SCALE")) clockScale_ = std::clamp<uint64_t>(std::strtoull(s, nullptr, 10), 1, 1000);
}

Result<NodeResult> Node::run() {
  openAnnouncer();
  auto lobby = opt_.host ? hostLobby() : joinLobby();
  if (!lobby) return lobby.error();
  return play();
}

// Services the transport, the requests typed (or clicked) meanwhile and the LAN announcement.
void Node::pump(uint32_t waitMs) {
  transport_.pump(steadyMs() - startMs_, waitMs);
  if (opt_.requests)
    for (int i = 0; i < 16; ++i) {
      auto r = opt_.requests();
      if (!r) break;
      handle(*r);
    }
  announce();
  noteLinks();
}

// The next control message that is not comms (comms are handled here, in every phase).
std::optional<ControlMessage> Node::pollNonComms() {
  while (auto c = transport_.pollControl()) {
    if (!isComms(c->bytes)) return c;
    onComms(*c);
  }
  return std::nullopt;
}

std::optional<size_t> Node::seatOf(const lockstep::PublicKey& k) const {
  for (size_t i = 0; i < lobby_.seats.size(); ++i)
    if (lobby_.seats[i].kind == SeatKind::Human && lobby_.seats[i].key == k) return i;
  return std::nullopt;
}

std::optional<size_t> Node::seatByName(const std::string& n) const {
  for (size_t i = 0; i < lobby_.seats.size(); ++i)
    if (lobby_.seats[i].kind == SeatKind::Human && (lobby_.seats[i].name == n || lobby_.seats[i].key.fingerprint() == n)) return i;
  return std::nullopt;
}

std::vector<size_t> Node::humanSeats() const {
  std::vector<size_t> h;
  for (size_t i = 0; i < lobby_.seats.size(); ++i)
    if (lobby_.seats[i].kind == SeatKind::Human) h.push_back(i);
  return h;
}

std::string Node::who(const lockstep::PublicKey& k) const {
  auto s = seatOf(k);
  return s ? "seat " + std::to_string(*s) + " " + lobby_.seats[*s].name + " [" + k.fingerprint() + "]" : "[" + k.fingerprint() + "]";
}

Result<NodeResult> runNode(const NodeOptions& opt, NetErrorKind* failure) {
  auto failed = [&](NetErrorKind k, Error e) {
    if (failure) *failure = k;
    return e;
  };
  if (opt.host && (opt.seats < 1 || opt.seats > kMaxPlayers)) return failed(NetErrorKind::RulesRefused, Err("--seats must be 1..", kMaxPlayers));
  NetErrorKind transportKind = NetErrorKind::Other;
  auto t = EnetTransport::create(opt.key, opt.bind, &transportKind);
  if (!t) return failed(transportKind, t.error());
  (*t)->setPortMapped(opt.portMapped);
  (*t)->onReject = [&](const std::string& l) {
    if (opt.log) opt.log(l);
  };
  Node node(opt, **t);
  auto r = node.run();
  if (!r && failure) *failure = node.failureKind();
  return r;
}

}  // namespace concord::net
