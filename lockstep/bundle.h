// A signed bundle: one seat's orders for one turn (DESIGN: The turn pipeline, step 2).
// Each seat's bundles form a BLAKE2b hash chain through `chain`, so a signature on one chain head
// vouches for every earlier bundle of that seat; replays keep only periodic and final signatures.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/crypto.h"

namespace concord::lockstep {

/// Order kinds at or above this are system orders (membership) that the pipeline handles itself.
inline constexpr uint16_t kSystemOrderBase = 0xFF00;
/// The most orders one bundle may carry.
inline constexpr size_t kMaxOrdersPerBundle = 64;
/// Wire magic of an encoded bundle ("CB" + format 1).
inline constexpr uint16_t kBundleMagic = 0xCB01;

struct Bundle {
  det::Hash128 gameId;
  uint32_t turn = 0;
  Seat seat = 0;
  std::vector<Order> orders;
  det::Hash128 prevSeal;    // the sender's Seal hash of turn-1 (zero at turn 0)
  det::Hash128 prevDigest;  // BLAKE2b of every bundle body of turn-1, ascending seat (zero at turn 0)
  det::Hash128 chain;       // bodyHash() of this seat's bundle for turn-1 (zero at turn 0)
  Signature signature;

  /// Canonical bytes of everything except the signature: what is signed and chained.
  std::vector<uint8_t> body() const;
  /// BLAKE2b-128 of body(): the next bundle's `chain`.
  det::Hash128 bodyHash() const;
  /// Signs body() and returns bodyHash(), both from one serialization.
  det::Hash128 signWith(const KeyPair& key);
  bool verifySignature(const PublicKey& key) const;
  /// The first of `keys` whose signature this is (body() serialized once for all of them), or none.
  std::optional<size_t> firstSigner(std::span<const PublicKey> keys) const;

  /// Wire form: magic, body, signature.
  std::vector<uint8_t> encode() const;
  /// Strict decode of the wire form; the error names the field and byte offset.
  static Result<Bundle> decode(std::span<const uint8_t> bytes);

  friend bool operator==(const Bundle&, const Bundle&) = default;
};

/// Writes the body fields (shared by body() and encode()).
void writeBundleBody(det::Writer& w, const Bundle& b);
/// Reads the body fields into `b`; errors are sticky in `r`.
void readBundleBody(det::Reader& r, Bundle& b);

/// BLAKE2b-128 over the body hashes of one turn's bundles in ascending seat order (a bundle's prevDigest).
det::Hash128 turnDigest(std::span<const det::Hash128> bodyHashesAscendingSeat);

}  // namespace concord::lockstep
