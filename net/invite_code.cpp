// Invite code layout (version 1), before base32:
//   version u8 | host fingerprint 16 | table secret 10 | default port u16 BE | address...
//   address = kind u8 (4: IPv4, 6: IPv6; +0x80: its own port follows) | 4 or 16 bytes | [port u16 BE]
// then 5 checksum symbols: 25 bits of BLAKE2b over the data symbols (a typo is caught before anything is decoded).
#include "net/invite_code.h"

#include <arpa/inet.h>
#include <sodium.h>

#include <cctype>
#include <cstdio>

#include "net/crockford32.h"

namespace concord::net {
namespace {

constexpr size_t kChecksumSymbols = 5;
constexpr uint8_t kOwnPort = 0x80;
constexpr size_t kFixedBytes = 1 + 16 + kTableSecretBytes + 2;
// The shortest code: the fixed part and one IPv4 address on the default port.
constexpr size_t kMinSymbols = (8 * (kFixedBytes + 1 + 4) + 4) / 5 + kChecksumSymbols;

std::vector<uint8_t> checksum(const std::vector<uint8_t>& dataFives) {
  lockstep::ensureSodium();
  static constexpr char kDomain[] = "concord invite checksum v1";  // no other hash of these symbols collides with it
  unsigned char h[8];
  crypto_generichash_state st;
  crypto_generichash_init(&st, nullptr, 0, sizeof h);
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(kDomain), sizeof kDomain);
  crypto_generichash_update(&st, dataFives.data(), dataFives.size());
  crypto_generichash_final(&st, h, sizeof h);
  const uint32_t bits = (uint32_t{h[0]} << 24 | uint32_t{h[1]} << 16 | uint32_t{h[2]} << 8 | h[3]) >> 7;  // 25 bits
  std::vector<uint8_t> out(kChecksumSymbols);
  for (size_t i = 0; i < kChecksumSymbols; ++i) out[i] = static_cast<uint8_t>((bits >> (5 * (kChecksumSymbols - 1 - i))) & 31);
  return out;
}

std::string shown(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(c));
  return buf;
}

void putPort(std::vector<uint8_t>& out, uint16_t port) {
  out.push_back(static_cast<uint8_t>(port >> 8));
  out.push_back(static_cast<uint8_t>(port & 0xFF));
}

}  // namespace

std::string InviteAddress::host() const {
  char buf[INET6_ADDRSTRLEN] = {};
  ::inet_ntop(v6 ? AF_INET6 : AF_INET, ip.data(), buf, sizeof buf);
  return buf;
}

std::string InviteAddress::text() const { return (v6 ? "[" + host() + "]" : host()) + ":" + std::to_string(port); }

std::optional<InviteAddress> InviteAddress::parse(const std::string& host, uint16_t port) {
  InviteAddress a;
  a.port = port;
  if (port == 0) return std::nullopt;
  if (::inet_pton(AF_INET, host.c_str(), a.ip.data()) == 1) return a;
  a.v6 = true;
  if (::inet_pton(AF_INET6, host.c_str(), a.ip.data()) == 1) return a;
  return std::nullopt;
}

HostFingerprint hostFingerprint(const lockstep::PublicKey& key) {
  lockstep::ensureSodium();
  HostFingerprint fp{};
  crypto_generichash(fp.data(), fp.size(), key.bytes.data(), key.bytes.size(), nullptr, 0);
  return fp;
}

std::string fingerprintText(const HostFingerprint& fp) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%02x%02x-%02x%02x-%02x%02x-%02x%02x", fp[0], fp[1], fp[2], fp[3], fp[4], fp[5], fp[6], fp[7]);
  return buf;
}

Result<std::vector<uint8_t>> inviteBytes(const Invite& invite) {
  if (invite.addresses.empty()) return Err("invite code: no address to invite friends to");
  if (invite.addresses.size() > kMaxInviteAddresses)
    return Err("invite code: ", invite.addresses.size(), " addresses; a code carries at most ", kMaxInviteAddresses);
  std::vector<uint8_t> bytes{kInviteVersion};
  bytes.insert(bytes.end(), invite.host.begin(), invite.host.end());
  bytes.insert(bytes.end(), invite.secret.begin(), invite.secret.end());
  const uint16_t defaultPort = invite.addresses.front().port;
  putPort(bytes, defaultPort);
  for (const auto& a : invite.addresses) {
    const bool ownPort = a.port != defaultPort;
    bytes.push_back(static_cast<uint8_t>((a.v6 ? 6 : 4) | (ownPort ? kOwnPort : 0)));
    bytes.insert(bytes.end(), a.ip.begin(), a.ip.begin() + (a.v6 ? 16 : 4));
    if (ownPort) putPort(bytes, a.port);
  }
  return bytes;
}

Result<std::string> encodeInvite(const Invite& invite) {
  auto bytes = inviteBytes(invite);
  if (!bytes) return bytes.error();
  auto fives = bytesToFives(*bytes);
  const auto sum = checksum(fives);
  fives.insert(fives.end(), sum.begin(), sum.end());
  std::string out;
  for (size_t i = 0; i < fives.size(); ++i) {
    if (i && i % 5 == 0) out += '-';
    out += crockfordSymbol(fives[i]);
  }
  return out;
}

Result<Invite> decodeInvite(std::string_view text) {
  if (text.size() > kMaxInviteText) return Err("invite code too long (", text.size(), " characters; a code has at most ", kMaxInviteText, ")");
  std::vector<uint8_t> fives;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '-' || c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;  // groups, however they were pasted
    auto v = crockfordValue(c);
    if (!v)
      return Err("invite code: bad character '", shown(c), "' at position ", i + 1,
                 " (a code has only digits and letters, no U; I and L read as 1, O as 0)");
    fives.push_back(*v);
  }
  if (fives.size() < kMinSymbols)
    return Err("invite code too short (", fives.size(), " characters; a code has at least ", kMinSymbols, "): was part of it cut off?");
  const std::vector<uint8_t> data(fives.begin(), fives.end() - kChecksumSymbols);
  if (checksum(data) != std::vector<uint8_t>(fives.end() - kChecksumSymbols, fives.end()))
    return Err("invite code checksum mismatch: a character was mistyped, left out or added; compare it with the host's code");
  auto bytes = fivesToBytes(data);
  if (!bytes) return Err("invite code malformed: its length is not that of any code");
  return decodeInviteBytes(*bytes);
}

Result<Invite> decodeInviteBytes(std::span<const uint8_t> b) {
  if (b.empty()) return Err("invite code malformed: empty");
  if (b[0] != kInviteVersion)
    return Err("this invite code is version ", b[0], "; this Concord reads version ", kInviteVersion,
               " (the host and you need the same Concord version)");
  if (b.size() < kFixedBytes) return Err("invite code malformed: cut short before its first address");
  Invite inv;
  std::copy(b.begin() + 1, b.begin() + 17, inv.host.begin());
  std::copy(b.begin() + 17, b.begin() + 17 + kTableSecretBytes, inv.secret.begin());
  const uint16_t defaultPort = static_cast<uint16_t>(b[kFixedBytes - 2] << 8 | b[kFixedBytes - 1]);
  size_t at = kFixedBytes;
  while (at < b.size()) {
    if (inv.addresses.size() == kMaxInviteAddresses)
      return Err("invite code malformed: more than ", kMaxInviteAddresses, " addresses");
    const uint8_t kind = b[at++];
    const uint8_t family = kind & static_cast<uint8_t>(~kOwnPort);
    if (family != 4 && family != 6) return Err("invite code malformed: address ", inv.addresses.size() + 1, " has unknown kind ", kind);
    InviteAddress a;
    a.v6 = family == 6;
    const size_t len = a.v6 ? 16 : 4, need = len + ((kind & kOwnPort) ? 2 : 0);
    if (b.size() - at < need) return Err("invite code malformed: address ", inv.addresses.size() + 1, " is cut short");
    std::copy(b.begin() + static_cast<std::ptrdiff_t>(at), b.begin() + static_cast<std::ptrdiff_t>(at + len), a.ip.begin());
    at += len;
    a.port = defaultPort;
    if (kind & kOwnPort) {
      a.port = static_cast<uint16_t>(b[at] << 8 | b[at + 1]);
      at += 2;
      if (a.port == defaultPort) return Err("invite code malformed: address ", inv.addresses.size() + 1, " repeats the default port");
    }
    if (a.port == 0) return Err("invite code malformed: address ", inv.addresses.size() + 1, " has port 0");
    inv.addresses.push_back(a);
  }
  if (inv.addresses.empty()) return Err("invite code malformed: it has no address");
  return inv;
}

bool looksLikeInvite(std::string_view text) {
  size_t alnum = 0;
  for (char c : text) {
    if (c == '.' || c == ':' || c == '[') return false;  // an address or a host name
    alnum += std::isalnum(static_cast<unsigned char>(c)) ? 1 : 0;
  }
  return alnum >= 20;
}

}  // namespace concord::net
