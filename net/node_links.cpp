// How this peer reaches each other seat (issue 25), said once per change: direct, punched through NATs, or relayed
// through a third peer; the person reads it in the log, a test greps it.
#include "net/node_internal.h"

namespace concord::net {

void Node::noteLinks() {
  if (now() < nextLinkNoteMs_) return;
  nextLinkNoteMs_ = now() + 500;
  const auto links = transport_.links();
  for (size_t i = 0; i < seats_.size(); ++i) {
    const auto& seat = seats_[i];
    if (seat.kind != SeatKind::Human || seat.key == opt_.key.publicKey) continue;
    auto it = links.find(seat.key);
    std::string how = "lost";
    if (it != links.end()) {
      how = linkKindName(it->second.kind);
      if (it->second.via) {
        auto viaSeat = seatOf(*it->second.via);
        how += " via " + (viaSeat ? seatCalled(static_cast<Seat>(*viaSeat)) : "[" + it->second.via->fingerprint() + "]");
      }
    }
    auto& shown = linksShown_[seat.key];
    if (shown == how || (shown.empty() && how == "lost")) continue;
    shown = how;
    std::string line = "link " + seatCalled(static_cast<Seat>(i)) + ": " + how;
    if (it != links.end()) line += ", rtt " + std::to_string(it->second.rttMs) + " ms";
    log(line);
  }
}

}  // namespace concord::net
