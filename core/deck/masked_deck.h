// The masked deck: a jointly shuffled deck no single peer can read (issue 26, docs/net-security.md "Hidden
// information"). ElGamal over ristretto255 (Barnett–Smart VTMF): every key holder publishes X_j = x_j·G with a
// Schnorr proof of knowledge; the joint key is H = ΣX_j; a tile t is the public point M_t; a masked tile is
// (c1, c2) = (r·G, M_t + r·H). Each holder in turn re-masks every position with its own secret scalars and
// permutes the deck; a position is opened by every holder's share d_j = x_j·c1, each proved by a Chaum–Pedersen
// (DLEQ) proof, and M_t = c2 − Σd_j. The drawing captain computes its own share privately, so only it can
// remove the last layer; a play publishes that share with its proof, and anyone checks the tile at once.
// Pure group math (libsodium's ristretto255): no randomness source, no clock, so every peer and replay verify
// compute the same. Secrets are derived from a holder's 32-byte key by deriveScalar.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/det/reader.h"
#include "core/det/result.h"
#include "core/det/writer.h"

namespace concord::deck {

using Point = std::array<uint8_t, 32>;   // a canonical ristretto255 encoding
using Scalar = std::array<uint8_t, 32>;  // a reduced scalar (little-endian, < the group order)

/// One masked position.
struct Cipher {
  Point c1{}, c2{};
  friend bool operator==(const Cipher&, const Cipher&) = default;
};

/// What a proof is bound to, so a proof made for one game, round, position, holder or purpose verifies for no
/// other: BLAKE2b-256 over these fields (bindContext).
struct Context {
  std::array<uint8_t, 16> gameId{};
  uint32_t epoch = 0;     // the deck's number in the game (Warp: one a deal)
  uint16_t holder = 0;    // the seat whose key made the proof
  uint16_t position = 0;  // deck position (0 for key proofs)
  uint8_t purpose = 0;    // Purpose below
};
enum class Purpose : uint8_t { Key = 1, Share = 2 };

/// Schnorr proof that the publisher knows x for X = x·G (stops a rogue key that cancels the others').
struct KeyProof {
  Point X{};
  Point R{};
  Scalar s{};
  friend bool operator==(const KeyProof&, const KeyProof&) = default;
};

/// Chaum–Pedersen proof that log_G X = log_c1 d (the share d was made with the holder's published key).
struct Dleq {
  Scalar c{}, s{};
  friend bool operator==(const Dleq&, const Dleq&) = default;
};

/// One holder's unmasking share of one position.
struct Share {
  uint16_t position = 0;
  Point d{};
  Dleq proof;
  friend bool operator==(const Share&, const Share&) = default;
};

/// The public point of tile index t (0..65535): BLAKE2b-512("concord.deck.tile" ‖ u16 t) mapped by from_hash.
Point tilePoint(uint16_t t);
/// Tile points 0..count-1 sorted by point bytes for lookup (tileOf).
class TileTable {
 public:
  explicit TileTable(uint16_t count);
  /// The tile whose point is p, if any.
  std::optional<uint16_t> tileOf(const Point& p) const;
  uint16_t count() const { return count_; }

 private:
  uint16_t count_ = 0;
  std::vector<std::pair<Point, uint16_t>> sorted_;
};

/// A nonzero scalar from a 32-byte secret key and a label with two numbers: keyed BLAKE2b-512 over (u32 label
/// length ‖ label ‖ u32 a ‖ u32 b ‖ u32 counter), reduced; the counter counts up from 0 past a zero scalar.
Scalar deriveScalar(std::span<const uint8_t, 32> key, std::string_view label, uint32_t a, uint32_t b);
/// x·G (Point{} for a zero or unreduced x).
Point publicKey(const Scalar& x);
/// BLAKE2b-256 of the context's fields (the Fiat–Shamir prefix of every proof).
std::array<uint8_t, 32> bindContext(const Context& ctx);

/// Proof of knowledge of x; deterministic (its nonce comes from x and the context).
KeyProof proveKey(const Scalar& x, const Context& ctx);
/// Whether `p` is a valid point with a valid proof for this context; the error says which check failed.
Result<void> verifyKey(const KeyProof& p, const Context& ctx);
/// H = ΣX_j (the joint masking key); Point{} (refused by every check) if there is no key, a key is not a valid
/// point or the sum is the identity.
Point jointKey(std::span<const Point> keys);

/// The open deck: tile t at position i, masked with r = 1: (G, M_t + H). Empty if H is not a valid point.
std::vector<Cipher> openDeck(std::span<const uint16_t> tiles, const Point& H);
/// One holder's shuffle step: position i of the result is position perm[i] of `in` re-masked with scalar r_i
/// (c1 + r_i·G, c2 + r_i·H); perm is remaskPermutation(in.size(), key, epoch) and r_i = deriveScalar(key,
/// "shuffle", epoch, i) (the next of its derivation's scalars should a sum be the identity), so the step is
/// re-computable once the key is revealed (verifyRemask). Empty if H or an input point is not a valid point
/// (what readCipher and jointKey return always is), or if `in` has more than 65536 positions.
std::vector<Cipher> remask(std::span<const Cipher> in, const Point& H, std::span<const uint8_t, 32> key, uint32_t epoch);
/// The permutation remask uses (perm[i] = source position of result position i): Fisher–Yates driven by a keyed
/// BLAKE2b-512 stream (label "perm", epoch, block number), unbiased by rejection sampling. Empty if n > 65536.
std::vector<uint16_t> remaskPermutation(size_t n, std::span<const uint8_t, 32> key, uint32_t epoch);
/// The audit of one shuffle step once its holder's key is revealed: `out` must be remask(in, H, key, epoch); the
/// error names the first position that is not.
Result<void> verifyRemask(std::span<const Cipher> in, std::span<const Cipher> out, const Point& H,
                          std::span<const uint8_t, 32> key, uint32_t epoch);

/// Holder's share of `c` at ctx.position with its DLEQ proof; deterministic (its nonce comes from x, c1 and the
/// context). If c1 is not a valid point, d is Point{} and verifyShare refuses the share.
Share makeShare(const Scalar& x, const Cipher& c, const Context& ctx);
/// d = x·c1 without a proof (a holder's own last layer, computed privately); Point{} if c1 is not a valid point.
Point ownShare(const Scalar& x, const Cipher& c);
/// Checks a share against the holder's key X and the cipher at its position (sh.position must be ctx.position);
/// the error names the failed check, e.g. "share of position 12 does not match holder key (proof challenge mismatch)".
Result<void> verifyShare(const Share& sh, const Point& X, const Cipher& c, const Context& ctx);
/// c2 − Σd: the tile point once every holder's share is in; Point{} (no tile) if a point is not valid or the
/// result is the identity.
Point unmask(const Cipher& c, std::span<const Point> shares);

// Canonical encodings (strict: every point must be a valid ristretto255 encoding other than the identity, every
// scalar reduced; the reader's error names the field, e.g. 'share.d'). A Share is 98 bytes, a KeyProof 96, a Cipher 64.
void writePoint(det::Writer& w, std::string_view name, const Point& p);
Point readPoint(det::Reader& r, std::string_view name);
void writeScalar(det::Writer& w, std::string_view name, const Scalar& s);
Scalar readScalar(det::Reader& r, std::string_view name);
void writeCipher(det::Writer& w, const Cipher& c);
Cipher readCipher(det::Reader& r);
void writeKeyProof(det::Writer& w, const KeyProof& p);
KeyProof readKeyProof(det::Reader& r);
void writeShare(det::Writer& w, const Share& s);
Share readShare(det::Reader& r);

}  // namespace concord::deck
