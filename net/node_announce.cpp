// LAN discovery from the node's side: the host announces its lobby once a second (net/lan.h);
// `concord lan` and `concord join lan` listen.
#include "net/node_internal.h"

namespace concord::net {

void Node::openAnnouncer() {
  if (!opt_.host || opt_.discoveryAddr == "off") return;
  std::string addr = opt_.discoveryAddr;
  if (addr.empty()) addr = opt_.bind.host.rfind("127.", 0) == 0 ? "127.0.0.1" : "255.255.255.255";
  auto a = LanAnnouncer::open(addr, opt_.discoveryPort);
  if (!a) return log("LAN discovery off: " + a.message());
  announcer_.emplace(std::move(*a));
  log("announcing the lobby on " + addr + ":" + std::to_string(opt_.discoveryPort) + " (concord lan)");
}

void Node::announce() {
  if (!announcer_ || now() < nextAnnounceMs_) return;
  nextAnnounceMs_ = now() + 1000;
  LanAnnounce a;
  a.hostName = opt_.name.substr(0, 32);
  a.moduleId = lobby_.session.moduleId.substr(0, 32);
  a.configHash = lobby_.session.configHash();
  a.seats = static_cast<uint8_t>(lobby_.seats.size());
  for (const auto& s : lobby_.seats)
    if (s.kind == SeatKind::Open) ++a.free;
  a.rated = lobby_.session.rated;
  a.launched = lobby_.launched;
  a.port = advertisedPort();
  if (a.seats > 0 && !a.moduleId.empty()) announcer_->send(a);
}

}  // namespace concord::net
