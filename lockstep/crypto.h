// Ed25519 identities, signatures and BLAKE2b digests (libsodium). The one place lockstep touches crypto.
// Chains, game ids and commit-reveal use BLAKE2b, never XXH3: they must resist a hostile peer.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "core/det/hash.h"
#include "core/det/result.h"

namespace concord::lockstep {

struct PublicKey {
  std::array<uint8_t, 32> bytes{};
  friend bool operator==(const PublicKey&, const PublicKey&) = default;
  friend auto operator<=>(const PublicKey&, const PublicKey&) = default;
  /// Short human fingerprint "ab12-cd34-ef56" (first 6 bytes of BLAKE2b of the key).
  std::string fingerprint() const;
};

struct Signature {
  std::array<uint8_t, 64> bytes{};
  friend bool operator==(const Signature&, const Signature&) = default;
};

/// An Ed25519 key pair. The secret key never leaves the peer that owns the seat.
struct KeyPair {
  PublicKey publicKey;
  std::array<uint8_t, 64> secretKey{};

  /// A fresh random identity.
  static KeyPair generate();
  /// A deterministic identity from a 32-byte seed (tests, self-play, AI seats).
  static KeyPair fromSeed(std::span<const uint8_t, 32> seed);
  /// A deterministic identity from a label ("selfplay:3"): tests and tools only.
  static KeyPair fromLabel(std::string_view label);
};

/// Initialises libsodium once; safe to call from anywhere, any number of times.
void ensureSodium();

Signature sign(const KeyPair& key, std::span<const uint8_t> message);
bool verify(const PublicKey& key, std::span<const uint8_t> message, const Signature& sig);

/// BLAKE2b with a 16-byte output, as a Hash128 (chains, bundle digests, game ids).
det::Hash128 blake128(std::span<const uint8_t> bytes);
/// BLAKE2b with a 32-byte output (commit-reveal, the game seed).
std::array<uint8_t, 32> blake256(std::span<const uint8_t> bytes);
/// 32 random bytes from the OS (commit-reveal nonces; never inside a turn).
std::array<uint8_t, 32> randomBytes32();

}  // namespace concord::lockstep
