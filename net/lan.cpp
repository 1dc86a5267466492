#include "net/lan.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/game/types.h"
#include "net/steady_ms.h"

namespace concord::net {
namespace {

constexpr uint32_t kLanMagic = 0x414C4E43;  // "CNLA"
constexpr uint8_t kVersion = 2;  // 2: game id and seat keys of a running game

bool printable(const std::string& s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) return false;
  }
  return true;
}

}  // namespace

std::vector<uint8_t> encodeAnnounce(const LanAnnounce& a) {
  det::Writer w;
  w.u32("magic", kLanMagic);
  w.u8("version", kVersion);
  w.str("host", a.hostName);
  w.str("module", a.moduleId);
  w.hash("config", a.configHash);
  w.u8("seats", a.seats);
  w.u8("free", a.free);
  w.boolean("rated", a.rated);
  w.boolean("launched", a.launched);
  w.u16("port", a.port);
  w.hash("game", a.gameId);
  w.u8("keys", static_cast<uint8_t>(std::min(a.seatKeys.size(), kMaxAnnouncedSeats)));
  for (size_t i = 0; i < a.seatKeys.size() && i < kMaxAnnouncedSeats; ++i) w.raw("key", a.seatKeys[i].bytes);
  return w.take();
}

Result<LanAnnounce> decodeAnnounce(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "LAN announcement");
  if (r.u32("magic") != kLanMagic && r.ok()) r.fail("magic", "not a Concord announcement");
  if (r.u8("version") != kVersion && r.ok()) r.fail("version", "unknown announcement version");
  LanAnnounce a;
  a.hostName = r.str("host", 32);
  a.moduleId = r.str("module", 32);
  if (r.ok() && (!printable(a.hostName) || !printable(a.moduleId) || a.moduleId.empty())) r.fail("text", "bad name");
  a.configHash = r.hash("config");
  a.seats = r.u8("seats");
  a.free = r.u8("free");
  if (r.ok() && (a.seats < 1 || a.seats > kMaxSeats || a.free > a.seats)) r.fail("seats", "seat counts out of range");
  a.rated = r.boolean("rated");
  a.launched = r.boolean("launched");
  a.port = r.u16("port");
  if (r.ok() && a.port == 0) r.fail("port", "no game port");
  a.gameId = r.hash("game");
  const uint8_t keys = r.u8("keys");
  // The encoder announces at most kMaxAnnouncedSeats keys: more is not a message we could have sent.
  if (r.ok() && (keys > a.seats || keys > kMaxAnnouncedSeats)) r.fail("keys", "more seat keys than seats or than announced");
  for (uint8_t i = 0; i < keys && r.ok(); ++i) {
    auto k = r.raw("key", 32);
    if (!r.ok()) break;
    lockstep::PublicKey key;
    std::copy(k.begin(), k.end(), key.bytes.begin());
    a.seatKeys.push_back(key);
  }
  if (auto f = r.finish(); !f) return f.error();
  return a;
}

Result<LanAnnouncer> LanAnnouncer::open(const std::string& addr, uint16_t port) {
  in_addr ia{};
  if (inet_pton(AF_INET, addr.c_str(), &ia) != 1) return Err("discovery address '", addr, "' is not an IPv4 address");
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return Err("discovery socket: ", std::strerror(errno));
  int yes = 1;
  (void)::setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &yes, sizeof yes);
  return LanAnnouncer(fd, addr, port);
}

LanAnnouncer::~LanAnnouncer() {
  if (fd_ >= 0) ::close(fd_);
}

void LanAnnouncer::send(const LanAnnounce& a) {
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port_);
  if (inet_pton(AF_INET, addr_.c_str(), &to.sin_addr) != 1) return;
  auto bytes = encodeAnnounce(a);
  (void)::sendto(fd_, bytes.data(), bytes.size(), 0, reinterpret_cast<const sockaddr*>(&to), sizeof to);
}

Result<std::vector<LanGame>> listenLan(const std::string& bind, uint16_t port, uint32_t seconds, uint64_t* refused) {
  sockaddr_in me{};
  me.sin_family = AF_INET;
  me.sin_port = htons(port);
  if (inet_pton(AF_INET, bind.c_str(), &me.sin_addr) != 1) return Err("--bind '", bind, "' is not an IPv4 address");
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return Err("discovery socket: ", std::strerror(errno));
  int yes = 1;
  (void)::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  (void)::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &yes, sizeof yes);
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&me), sizeof me) != 0) {
    std::string why = std::strerror(errno);
    ::close(fd);
    return Err("cannot listen on UDP ", bind, ":", port, ": ", why);
  }
  std::map<std::string, LanGame> games;
  const uint64_t end = steadyMs() + uint64_t{seconds} * 1000;
  std::vector<uint8_t> buf(2048);
  for (uint64_t now = steadyMs(); now < end; now = steadyMs()) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(std::min<uint64_t>(end - now, 200))) <= 0) continue;
    sockaddr_in from{};
    socklen_t len = sizeof from;
    ssize_t n = ::recvfrom(fd, buf.data(), buf.size(), MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), &len);
    if (n <= 0) continue;
    auto a = decodeAnnounce(std::span<const uint8_t>(buf.data(), static_cast<size_t>(n)));
    if (!a) {
      if (refused) ++*refused;
      continue;
    }
    char ip[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, &from.sin_addr, ip, sizeof ip);
    std::string addr = std::string(ip) + ":" + std::to_string(a->port);
    games[addr] = LanGame{addr, *a};
  }
  ::close(fd);
  std::vector<LanGame> out;
  for (auto& [k, g] : games) out.push_back(std::move(g));
  return out;
}

std::optional<LanGame> runningGameWith(const std::vector<LanGame>& heard, const lockstep::PublicKey& me) {
  for (const auto& g : heard)
    if (g.announce.launched && std::find(g.announce.seatKeys.begin(), g.announce.seatKeys.end(), me) != g.announce.seatKeys.end()) return g;
  return std::nullopt;
}

}  // namespace concord::net
