// The masked deck's canonical encodings (masked_deck.h): points and scalars as their 32 raw bytes, decoded
// strictly — a point must be a valid ristretto255 encoding other than the identity, a scalar reduced — with the
// failing field named in the reader's error.
#include <algorithm>

#include "core/deck/group.h"
#include "core/deck/masked_deck.h"

namespace concord::deck {

void writePoint(det::Writer& w, std::string_view name, const Point& p) { w.raw(name, p); }

Point readPoint(det::Reader& r, std::string_view name) {
  auto b = r.raw(name, 32);
  if (!r.ok()) return Point{};
  Point p{};
  std::copy(b.begin(), b.end(), p.begin());
  if (!group::isValidPoint(p)) {
    r.fail(name, sodium_is_zero(p.data(), p.size()) ? "not a valid ristretto255 point (the identity)"
                                                     : "not a valid ristretto255 point");
    return Point{};
  }
  return p;
}

void writeScalar(det::Writer& w, std::string_view name, const Scalar& s) { w.raw(name, s); }

Scalar readScalar(det::Reader& r, std::string_view name) {
  auto b = r.raw(name, 32);
  if (!r.ok()) return Scalar{};
  Scalar s{};
  std::copy(b.begin(), b.end(), s.begin());
  if (!group::isCanonicalScalar(s)) {
    r.fail(name, "not a reduced scalar (at least the group order)");
    return Scalar{};
  }
  return s;
}

void writeCipher(det::Writer& w, const Cipher& c) {
  writePoint(w, "cipher.c1", c.c1);
  writePoint(w, "cipher.c2", c.c2);
}

Cipher readCipher(det::Reader& r) {
  Cipher c;
  c.c1 = readPoint(r, "cipher.c1");
  c.c2 = readPoint(r, "cipher.c2");
  return c;
}

void writeKeyProof(det::Writer& w, const KeyProof& p) {
  writePoint(w, "keyProof.X", p.X);
  writePoint(w, "keyProof.R", p.R);
  writeScalar(w, "keyProof.s", p.s);
}

KeyProof readKeyProof(det::Reader& r) {
  KeyProof p;
  p.X = readPoint(r, "keyProof.X");
  p.R = readPoint(r, "keyProof.R");
  p.s = readScalar(r, "keyProof.s");
  return p;
}

void writeShare(det::Writer& w, const Share& s) {
  w.u16("share.position", s.position);
  writePoint(w, "share.d", s.d);
  writeScalar(w, "share.proof.c", s.proof.c);
  writeScalar(w, "share.proof.s", s.proof.s);
}

Share readShare(det::Reader& r) {
  Share s;
  s.position = r.u16("share.position");
  s.d = readPoint(r, "share.d");
  s.proof.c = readScalar(r, "share.proof.c");
  s.proof.s = readScalar(r, "share.proof.s");
  return s;
}

}  // namespace concord::deck
