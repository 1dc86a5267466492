// How this peer reaches each other seat (issue 25). From the lobby on, every seated person wants every other (the
// mesh forms while people wait, so links are up at launch); each change of a link's kind (direct, punched through
// NATs, relayed through a third peer) is said once, and the lobby lists each seat's link with its round trip.
#include <algorithm>

#include "net/node_internal.h"

namespace concord::net {
namespace {

std::string printable(std::string n) {
  for (char& c : n)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return n;
}

}  // namespace

// A joiner dials the other seated people (the lower key first, the other after MeshTiming::punchAfterMs); the host
// only names them, so its reports and relays count them as members of the table.
void Node::formLobbyMesh() {
  if (opt_.spectate || lobby_.launched) return;
  for (size_t i = 0; i < lobby_.seats.size(); ++i) {
    const auto& s = lobby_.seats[i];
    if (s.kind != SeatKind::Human || s.key == opt_.key.publicKey) continue;
    if (transport_.idOf(s.key) != static_cast<PeerId>(i)) transport_.assign(s.key, static_cast<PeerId>(i));
    if (opt_.host || s.host.empty() || s.port == 0) continue;  // the host: reached by our join
    auto& asked = lobbyWants_[s.key];
    const std::string at = s.host + ":" + std::to_string(s.port);
    if (asked == at) continue;
    asked = at;
    transport_.want(s.key, Address{s.host, s.port}, opt_.key.publicKey < s.key);
  }
}

std::string Node::linkKindText(const LinkInfo& l) const {
  std::string how = linkKindName(l.kind);
  if (!l.via) return how;
  auto viaSeat = seatOf(*l.via);
  return how + " via " + (viaSeat ? "seat " + std::to_string(*viaSeat) : "[" + l.via->fingerprint() + "]");
}

std::string Node::linkText(const lockstep::PublicKey& key) const {
  const auto links = transport_.links();
  auto it = links.find(key);
  if (it == links.end()) return "not linked yet";
  return linkKindText(it->second) + ", rtt " + std::to_string(it->second.rttMs) + " ms";
}

void Node::noteLinks() {
  if (now() < nextLinkNoteMs_) return;
  nextLinkNoteMs_ = now() + 500;
  if (!game_) formLobbyMesh();
  const auto& seats = game_ ? seats_ : lobby_.seats;
  const auto links = transport_.links();
  std::vector<SeatLink> current;
  for (size_t i = 0; i < seats.size(); ++i) {
    const auto& seat = seats[i];
    if (seat.kind != SeatKind::Human || seat.key == opt_.key.publicKey) continue;
    auto it = links.find(seat.key);
    auto& link = current.emplace_back(SeatLink{static_cast<Seat>(i), std::nullopt, std::nullopt});
    if (it != links.end()) link.link = it->second;
    if (it != links.end() && it->second.via)
      if (auto via = seatOf(*it->second.via)) link.viaSeat = static_cast<Seat>(*via);
    if (it != links.end() && !it->second.settled) continue;  // named once both ends' reports say what it is
    const std::string how = it == links.end() ? "lost" : linkKindText(it->second);
    auto& shown = linksShown_[seat.key];
    if (shown == how || (shown.empty() && how == "lost")) continue;
    shown = how;
    std::string line = "link seat " + std::to_string(i) + " (" + printable(seat.name) + "): " + how;
    if (it != links.end()) line += ", rtt " + std::to_string(it->second.rttMs) + " ms";
    log(line);
  }
  // A client's seat rows (the Qt lobby) follow every change, round trips included.
  if (opt_.onLinks && current != linksSent_) opt_.onLinks(current);
  linksSent_ = std::move(current);
}

// A bundle resent or asked for before a round trip has passed is one the network still carries: on a 150 ms link a
// 100 ms period doubled the traffic and flooded requests. The period is the slowest seat link's round trip and a
// quarter (jitter), never below the configured one nor above a second.
void Node::paceResends(GameInProgress& g, uint64_t nowMs) {
  if (!g.peer || nowMs < nextPaceMs_) return;
  nextPaceMs_ = nowMs + 2000;
  uint64_t slowest = 0;
  for (const auto& [key, l] : transport_.links())
    if (seatOf(key)) slowest = std::max<uint64_t>(slowest, l.rttMs);
  const uint64_t paced = std::clamp<uint64_t>((slowest + slowest / 4 + 20) * clockScale_, opt_.resendMs, 1000 * clockScale_);
  if (paced != g.peer->resendMs()) g.peer->setResendMs(paced);
}

}  // namespace concord::net
