// LAN discovery from the node's side (net/lan.h), once a second: the host announces its lobby, and once
// the game runs every seated peer announces it (with the game id and the players' keys), so a crashed
// peer, the host included, finds its table again with `concord join lan` while any peer still plays.
#include "net/node_internal.h"

namespace concord::net {

void Node::openAnnouncer() {
  if (opt_.discoveryAddr == "off" || opt_.spectate) return;
  std::string addr = opt_.discoveryAddr;
  if (addr.empty()) addr = opt_.bind.host.rfind("127.", 0) == 0 ? "127.0.0.1" : "255.255.255.255";
  auto a = LanAnnouncer::open(addr, opt_.discoveryPort);
  if (!a) return log("LAN discovery off: " + a.message());
  announcer_.emplace(std::move(*a));
  log(std::string(opt_.host ? "announcing the lobby" : "announcing the game once it runs") + " on " + addr + ":" +
      std::to_string(opt_.discoveryPort) + " (concord lan)");
}

void Node::announce() {
  if (!announcer_ || now() < nextAnnounceMs_) return;
  if (!opt_.host && !game_) return;  // a joiner announces the running game only
  if (game_ && spectator_) return;   // spectators answer nobody's join
  nextAnnounceMs_ = now() + 1000;
  LanAnnounce a;
  if (game_) {
    a.gameId = session_.gameId();
    for (const auto& s : seats_)
      if (s.kind == SeatKind::Human && a.seatKeys.size() < kMaxAnnouncedSeats) a.seatKeys.push_back(s.key);
  }
  a.hostName = (lobby_.seats.empty() ? opt_.name : lobby_.seats[0].name).substr(0, 32);
  const lockstep::SessionConfig& table = game_ ? session_ : lobby_.session;
  a.moduleId = table.moduleId.substr(0, 32);
  a.configHash = table.configHash();
  a.seats = static_cast<uint8_t>(lobby_.seats.size());
  for (const auto& s : lobby_.seats)
    if (s.kind == SeatKind::Open) ++a.free;
  a.rated = table.rated;
  a.launched = game_ || lobby_.launched;
  a.port = advertisedPort();
  if (a.seats > 0 && !a.moduleId.empty()) announcer_->send(a);
}

}  // namespace concord::net
