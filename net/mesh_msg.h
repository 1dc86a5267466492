// Mesh messages: what peers tell each other about their links (issue 25). They travel on the transport's own plane,
// below the lobby and the game: a LinkReport lists the sender's direct links with their round-trip times and the
// addresses it observes them at (an introduction: two peers that cannot reach each other learn where the other is
// seen from outside its NAT, and both dial at once); a RelayTo/RelayFrom envelope carries one end-to-end
// SecureChannel packet through a peer connected to both ends, which it can delay but not read, forge or alter.
#pragma once

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "core/det/result.h"
#include "lockstep/crypto.h"
#include "net/enet_transport.h"

namespace concord::net {

/// Most links one report lists: every seat of the largest table plus spectators.
inline constexpr size_t kMaxReportedLinks = 96;
/// Largest end-to-end packet an envelope carries (a snapshot, sealed).
inline constexpr size_t kMaxRelayedPacket = kMaxPlaintext + kDataOverhead;

struct ReportedLink {
  lockstep::PublicKey key;
  uint16_t rttMs = 0;
  /// The reporter can be reached by this peer without dialling it: it sees the reporter at one of the reporter's own
  /// addresses (no NAT between them), or the reporter's router maps its port. A link is direct when either end is.
  bool reachable = false;
  Address seenAt;  // where the reporter sees this peer (its NAT's public side, for a peer behind one)
};
struct LinkReport {
  std::vector<ReportedLink> links;
};
/// Sender → relay: please pass `packet` to `to`.
struct RelayTo {
  lockstep::PublicKey to;
  bool reliable = false;
  std::vector<uint8_t> packet;
};
/// Relay → receiver: `packet` comes from `from` (as the relay's link to it authenticated it).
struct RelayFrom {
  lockstep::PublicKey from;
  bool reliable = false;
  std::vector<uint8_t> packet;
};

using MeshMessage = std::variant<LinkReport, RelayTo, RelayFrom>;

std::vector<uint8_t> encodeMesh(const MeshMessage& m);
/// Strict: unknown kinds, bad addresses, oversized packets and trailing bytes are errors that name the field.
Result<MeshMessage> decodeMesh(std::span<const uint8_t> bytes);

}  // namespace concord::net
