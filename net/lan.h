// LAN discovery: a hosting peer announces its lobby by UDP broadcast (default 255.255.255.255 on
// kDiscoveryPort, once a second), and once the game runs every peer announces it, so a crashed peer (the
// host too) finds its table again with `concord join lan`; `concord lan` listens and lists the games heard. Announcements are
// plain (unauthenticated) hints, strictly decoded: the handshake with the host proves who it is.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "lockstep/crypto.h"

namespace concord::net {

inline constexpr uint16_t kDiscoveryPort = 27961;

struct LanAnnounce {
  std::string hostName;
  std::string moduleId;
  det::Hash128 configHash;
  uint8_t seats = 0;
  uint8_t free = 0;
  bool rated = false;
  bool launched = false;
  uint16_t port = 0;  // the game port (the address is the datagram's source)
  det::Hash128 gameId;                       // once launched: the running game (zero in the lobby)
  std::vector<lockstep::PublicKey> seatKeys;  // once launched: the players' identities (who may come back)
};

/// Most seat keys an announcement carries (net::kMaxPlayers).
inline constexpr size_t kMaxAnnouncedSeats = 18;

std::vector<uint8_t> encodeAnnounce(const LanAnnounce& a);
Result<LanAnnounce> decodeAnnounce(std::span<const uint8_t> bytes);

/// A UDP socket sending announcements to `addr:port` (broadcast allowed).
class LanAnnouncer {
 public:
  static Result<LanAnnouncer> open(const std::string& addr, uint16_t port);
  LanAnnouncer(LanAnnouncer&& o) noexcept : fd_(o.fd_), addr_(o.addr_), port_(o.port_) { o.fd_ = -1; }
  LanAnnouncer& operator=(LanAnnouncer&&) = delete;
  ~LanAnnouncer();
  /// Sends one announcement (best effort).
  void send(const LanAnnounce& a);

 private:
  LanAnnouncer(int fd, std::string addr, uint16_t port) : fd_(fd), addr_(std::move(addr)), port_(port) {}
  int fd_ = -1;
  std::string addr_;
  uint16_t port_ = 0;
};

struct LanGame {
  std::string address;  // "IP:PORT" to join
  LanAnnounce announce;
};

/// Listens on `bind:port` for `seconds` and returns each game heard (latest announcement per address).
/// Malformed datagrams are counted in `*refused` and skipped.
Result<std::vector<LanGame>> listenLan(const std::string& bind, uint16_t port, uint32_t seconds, uint64_t* refused = nullptr);

/// The running game heard whose announced seat keys include `me`: the table a crashed peer belongs to
/// (`concord join lan`, and `concord host` run again after a crash). Nullopt when none was heard.
std::optional<LanGame> runningGameWith(const std::vector<LanGame>& heard, const lockstep::PublicKey& me);

}  // namespace concord::net
