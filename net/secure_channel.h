// SecureChannel: the authenticated, encrypted link between two peers, independent of sockets.
// Handshake: each side sends Hello{identity key, fresh X25519 key, Ed25519 signature over both}; the
// session keys come from crypto_kx (the side with the lower identity key is the kx "client"), one key
// per direction. Data packets are XChaCha20-Poly1305 (IETF AEAD) with a 64-bit send counter as nonce;
// the receiver keeps a sliding window of seen counters and refuses replays and packets too old.
// Fresh X25519 keys per process: packets recorded in an earlier run never decrypt in a later one.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/det/result.h"
#include "lockstep/crypto.h"

namespace concord::net {

inline constexpr uint8_t kPacketHello = 1;
inline constexpr uint8_t kPacketData = 2;
inline constexpr size_t kHelloBytes = 2 + 1 + 1 + 32 + 32 + 64;
inline constexpr size_t kDataOverhead = 2 + 1 + 8 + 16;
/// Largest plaintext a data packet may carry (snapshots are the big ones).
inline constexpr size_t kMaxPlaintext = 8u << 20;
/// Counters this far behind the highest seen are refused as too old.
inline constexpr uint64_t kReplayWindow = 1024;
/// Set in the counter of an ordered-stream packet (authenticated: the header is associated data).
inline constexpr uint64_t kOrderedStreamBit = uint64_t{1} << 63;

/// Unordered: may arrive late, twice or never (ENet unsequenced). Ordered: arrives once, in sealing order
/// (ENet reliable), possibly long after later unordered packets.
enum class Stream : uint8_t { Unordered, Ordered };

/// Which kind of packet `bytes` claims to be (0 when it is neither).
uint8_t packetKind(std::span<const uint8_t> bytes);

/// An X25519 key pair for the handshake. A link makes a fresh one; a relayed link keeps one per process, so its hello
/// changes only when the process restarts (net/relay_links.h).
struct KxKeys {
  std::array<uint8_t, 32> publicKey{};
  std::array<uint8_t, 32> secretKey{};
  static KxKeys fresh();
};

class SecureChannel {
 public:
  /// A channel with fresh handshake keys.
  explicit SecureChannel(const lockstep::KeyPair& identity);
  /// A channel with the given handshake keys (never two channels to the same remote hello: the session keys repeat).
  SecureChannel(const lockstep::KeyPair& identity, const KxKeys& kx);

  /// Our Hello, to send once when the connection opens.
  std::vector<uint8_t> hello() const;
  /// Checks the remote Hello and derives the session keys; a second Hello is refused.
  Result<lockstep::PublicKey> acceptHello(std::span<const uint8_t> packet);
  bool established() const { return remote_.has_value(); }
  const std::optional<lockstep::PublicKey>& remote() const { return remote_; }

  /// Encrypts and authenticates one message for `stream`. REQUIRES: established().
  std::vector<uint8_t> seal(std::span<const uint8_t> plaintext, Stream stream = Stream::Unordered);
  /// Authenticates, decrypts and checks the counter; the error says which check failed.
  Result<std::vector<uint8_t>> open(std::span<const uint8_t> packet);

  uint64_t sent() const { return txCounter_ + txOrdered_; }

 private:
  bool checkAndMark(uint64_t counter);  // the unordered stream's window


  lockstep::KeyPair identity_;
  std::array<uint8_t, 32> kxPublic_{};
  std::array<uint8_t, 32> kxSecret_{};
  std::optional<lockstep::PublicKey> remote_;
  std::array<uint8_t, 32> rxKey_{};
  std::array<uint8_t, 32> txKey_{};
  uint64_t txCounter_ = 0;
  uint64_t txOrdered_ = 0;
  uint64_t rxOrdered_ = 0;  // the last ordered counter opened
  uint64_t rxHighest_ = 0;
  bool rxAny_ = false;
  std::bitset<kReplayWindow> rxSeen_;
};

}  // namespace concord::net
