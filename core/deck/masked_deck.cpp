// The masked deck's tiles, keys and shares (masked_deck.h). Every nonce is derived from the secret and the
// statement it proves (keyed BLAKE2b-512), every Fiat–Shamir challenge hashes bindContext(ctx) and every public
// point of the statement, and no function here produces the identity point: every derived scalar is nonzero and
// reduced, and a result that is not a valid point comes back as Point{}, which every check refuses.
#include <algorithm>

#include "core/deck/group.h"
#include "core/deck/masked_deck.h"

namespace concord::deck {

namespace {

// Domain tags: a hash made for one purpose is never an input of another.
constexpr std::string_view kTileTag = "concord.deck.tile";
constexpr std::string_view kContextTag = "concord.deck.context";
constexpr std::string_view kKeyNonceTag = "concord.deck.key.nonce";
constexpr std::string_view kKeyChallengeTag = "concord.deck.key.challenge";
constexpr std::string_view kShareNonceTag = "concord.deck.share.nonce";
constexpr std::string_view kShareChallengeTag = "concord.deck.share.challenge";

// A nonzero nonce keyed by the secret over the statement's binding (everything the challenge hashes is fixed by
// x, the context and `extra`, so one nonce never answers two challenges); a zero scalar moves on to the next counter.
Scalar nonce(const Scalar& x, std::string_view tag, const std::array<uint8_t, 32>& bound, const Point* extra) {
  for (uint32_t counter = 0;; ++counter) {
    group::Blake h(x);
    h.label(tag).bytes(bound);
    if (extra) h.point(*extra);
    Scalar k = h.u32(counter).scalar();
    if (!group::isZero(k)) return k;
  }
}

Scalar keyChallenge(const std::array<uint8_t, 32>& bound, const Point& X, const Point& R) {
  group::Blake h;
  return h.label(kKeyChallengeTag).bytes(bound).point(group::generator()).point(X).point(R).scalar();
}

Scalar shareChallenge(const std::array<uint8_t, 32>& bound, const Point& X, const Point& c1, const Point& d,
                      const Point& A, const Point& B) {
  group::Blake h;
  return h.label(kShareChallengeTag).bytes(bound).point(group::generator()).point(X).point(c1).point(d).point(A)
      .point(B).scalar();
}

}  // namespace

Point tilePoint(uint16_t t) {
  group::Blake h;
  auto wide = h.bytes({reinterpret_cast<const uint8_t*>(kTileTag.data()), kTileTag.size()}).u16(t).finish();
  Point p{};
  crypto_core_ristretto255_from_hash(p.data(), wide.data());
  return p;
}

TileTable::TileTable(uint16_t count) : count_(count) {
  sorted_.reserve(count);
  for (uint32_t t = 0; t < count; ++t) sorted_.emplace_back(tilePoint(static_cast<uint16_t>(t)), static_cast<uint16_t>(t));
  std::sort(sorted_.begin(), sorted_.end());
}

std::optional<uint16_t> TileTable::tileOf(const Point& p) const {
  auto it = std::lower_bound(sorted_.begin(), sorted_.end(), p,
                             [](const std::pair<Point, uint16_t>& e, const Point& q) { return e.first < q; });
  if (it == sorted_.end() || it->first != p) return std::nullopt;
  return it->second;
}

Scalar deriveScalar(std::span<const uint8_t, 32> key, std::string_view label, uint32_t a, uint32_t b) {
  uint32_t counter = 0;
  return group::deriveFrom(key, label, a, b, counter);
}

Point publicKey(const Scalar& x) {
  Point X{};
  group::mulBase(X, x);
  return X;
}

std::array<uint8_t, 32> bindContext(const Context& ctx) {
  crypto_generichash_blake2b_state st;
  crypto_generichash_blake2b_init(&st, nullptr, 0, 32);
  const auto tag = reinterpret_cast<const uint8_t*>(kContextTag.data());
  crypto_generichash_blake2b_update(&st, tag, kContextTag.size());
  const uint8_t fields[9] = {static_cast<uint8_t>(ctx.epoch),        static_cast<uint8_t>(ctx.epoch >> 8),
                             static_cast<uint8_t>(ctx.epoch >> 16),  static_cast<uint8_t>(ctx.epoch >> 24),
                             static_cast<uint8_t>(ctx.holder),       static_cast<uint8_t>(ctx.holder >> 8),
                             static_cast<uint8_t>(ctx.position),     static_cast<uint8_t>(ctx.position >> 8),
                             ctx.purpose};
  crypto_generichash_blake2b_update(&st, ctx.gameId.data(), ctx.gameId.size());
  crypto_generichash_blake2b_update(&st, fields, sizeof fields);
  std::array<uint8_t, 32> out{};
  crypto_generichash_blake2b_final(&st, out.data(), out.size());
  return out;
}

KeyProof proveKey(const Scalar& x, const Context& ctx) {
  KeyProof p;
  p.X = publicKey(x);
  const auto bound = bindContext(ctx);
  // k is nonzero and reduced, so k·G is never the identity (a prime-order group).
  Scalar k = nonce(x, kKeyNonceTag, bound, nullptr);
  group::mulBase(p.R, k);
  p.s = group::scalarAdd(k, group::scalarMul(keyChallenge(bound, p.X, p.R), x));
  sodium_memzero(k.data(), k.size());
  return p;
}

Result<void> verifyKey(const KeyProof& p, const Context& ctx) {
  if (!group::isValidPoint(p.X)) return Err("key X is not a valid ristretto255 point");
  if (!group::isValidPoint(p.R)) return Err("key proof commitment R is not a valid ristretto255 point");
  if (!group::isCanonicalScalar(p.s)) return Err("key proof response s is not a reduced scalar");
  const Scalar c = keyChallenge(bindContext(ctx), p.X, p.R);
  // s·G = R + c·X
  Point sG{}, cX{}, rhs{};
  if (!group::mulBase(sG, p.s) || !group::mul(cX, c, p.X) || !group::add(rhs, p.R, cX) || sG != rhs)
    return Err("key proof does not verify for this context (s·G differs from R + c·X)");
  return Ok();
}

Point jointKey(std::span<const Point> keys) {
  if (keys.empty()) return Point{};
  Point H = keys[0];
  if (!group::isValidPoint(H)) return Point{};
  for (size_t j = 1; j < keys.size(); ++j)
    if (!group::isValidPoint(keys[j]) || !group::add(H, H, keys[j])) return Point{};
  return group::isValidPoint(H) ? H : Point{};
}

Share makeShare(const Scalar& x, const Cipher& c, const Context& ctx) {
  Share sh;
  sh.position = ctx.position;
  if (!group::mul(sh.d, x, c.c1)) return sh;  // an invalid c1: d stays Point{}, which verifyShare refuses
  const Point X = publicKey(x);
  const auto bound = bindContext(ctx);
  // k nonzero and c1 a valid point: neither commitment can be the identity.
  Scalar k = nonce(x, kShareNonceTag, bound, &c.c1);
  Point A{}, B{};
  group::mulBase(A, k);
  group::mul(B, k, c.c1);
  sh.proof.c = shareChallenge(bound, X, c.c1, sh.d, A, B);
  sh.proof.s = group::scalarAdd(k, group::scalarMul(sh.proof.c, x));
  sodium_memzero(k.data(), k.size());
  return sh;
}

Point ownShare(const Scalar& x, const Cipher& c) {
  Point d{};
  group::mul(d, x, c.c1);
  return d;
}

Result<void> verifyShare(const Share& sh, const Point& X, const Cipher& c, const Context& ctx) {
  if (sh.position != ctx.position)
    return Err("share is for position ", sh.position, ", not position ", ctx.position);
  if (!group::isValidPoint(X)) return Err("holder key is not a valid ristretto255 point");
  if (!group::isValidPoint(c.c1)) return Err("cipher c1 of position ", ctx.position, " is not a valid ristretto255 point");
  if (!group::isValidPoint(sh.d)) return Err("share d of position ", ctx.position, " is not a valid ristretto255 point");
  if (!group::isCanonicalScalar(sh.proof.c) || !group::isCanonicalScalar(sh.proof.s))
    return Err("share proof of position ", ctx.position, " has a scalar that is not reduced");
  // A = s·G − c·X, B = s·c1 − c·d; the challenge recomputed over them must be c.
  Point sG{}, cX{}, A{}, sC1{}, cD{}, B{};
  const bool ok = group::mulBase(sG, sh.proof.s) && group::mul(cX, sh.proof.c, X) && group::sub(A, sG, cX) &&
                  group::mul(sC1, sh.proof.s, c.c1) && group::mul(cD, sh.proof.c, sh.d) && group::sub(B, sC1, cD);
  if (!ok || shareChallenge(bindContext(ctx), X, c.c1, sh.d, A, B) != sh.proof.c)
    return Err("share of position ", ctx.position, " does not match holder key (proof challenge mismatch)");
  return Ok();
}

Point unmask(const Cipher& c, std::span<const Point> shares) {
  Point m = c.c2;
  if (!group::isValidPoint(m)) return Point{};
  for (const Point& d : shares)
    if (!group::isValidPoint(d) || !group::sub(m, m, d)) return Point{};
  return group::isValidPoint(m) ? m : Point{};
}

}  // namespace concord::deck
