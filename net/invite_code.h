// Invite codes (issue 25): how a friend finds a table over the internet with no server. One line a person pastes or
// reads over voice chat: Crockford base32 in dash-separated groups of five, ending in a 25-bit checksum, carrying
// every address the host may be reached at, a fingerprint of the host's identity (so a joiner refuses anyone else at
// those addresses) and the table's one-time secret (so the host refuses anyone who was not invited).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "lockstep/crypto.h"
#include "net/table_secret.h"

namespace concord::net {

inline constexpr uint8_t kInviteVersion = 1;
inline constexpr size_t kMaxInviteAddresses = 8;  // public, a few LAN, a few IPv6: more is a malformed code
inline constexpr size_t kMaxInviteText = 512;     // characters a decoder looks at, dashes and spaces included

/// One way to reach the host: an IPv4 or IPv6 address and a UDP port.
struct InviteAddress {
  bool v6 = false;
  std::array<uint8_t, 16> ip{};  // IPv4 in the first 4 bytes
  uint16_t port = 0;
  /// "203.0.113.7" / "2001:db8::1".
  std::string host() const;
  /// "203.0.113.7:27960" / "[2001:db8::1]:27960".
  std::string text() const;
  /// A numeric IPv4 or IPv6 address (no names: a code never resolves anything); nullopt otherwise or for port 0.
  static std::optional<InviteAddress> parse(const std::string& host, uint16_t port);
  friend bool operator==(const InviteAddress&, const InviteAddress&) = default;
};

/// 16 bytes of BLAKE2b of the host's Ed25519 public key: a key matching it is a 2^128 second-preimage search.
using HostFingerprint = std::array<uint8_t, 16>;
HostFingerprint hostFingerprint(const lockstep::PublicKey& key);
/// Its first 8 bytes as "a1b2-c3d4-e5f6-a7b8" (for messages that compare two of them).
std::string fingerprintText(const HostFingerprint& fp);

struct Invite {
  std::vector<InviteAddress> addresses;  // most likely first (the router's mapped public address)
  HostFingerprint host{};
  TableSecret secret{};
  friend bool operator==(const Invite&, const Invite&) = default;
};

/// The code, e.g. "0A1B2-C3D4E-...-7QX2M". Refused: no address, or more than kMaxInviteAddresses.
Result<std::string> encodeInvite(const Invite& invite);
/// Strict: any case, dashes and spaces anywhere, I/L read as 1 and O as 0. Every malformed text is an error that
/// names the problem (a bad character and its position, too short, checksum mismatch, unknown version ...).
Result<Invite> decodeInvite(std::string_view text);
/// The binary layout under the base32 and the checksum (invite_code.cpp's header), for tests and the fuzzer: every
/// field the text decoder checks after the checksum is checked here.
Result<std::vector<uint8_t>> inviteBytes(const Invite& invite);
Result<Invite> decodeInviteBytes(std::span<const uint8_t> bytes);
/// What `concord join` was given: an invite code rather than ADDR[:PORT] or `lan` (no '.' or ':', 20 or more
/// letters and digits). A code with a typo still looks like one, so the person gets the decoder's words.
bool looksLikeInvite(std::string_view text);

}  // namespace concord::net
