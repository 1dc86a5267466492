#include "lockstep/bundle.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::lockstep {

void writeBundleBody(det::Writer& w, const Bundle& b) {
  w.hash("gameId", b.gameId);
  w.varu("turn", b.turn);
  w.varu("seat", b.seat);
  w.varu("orderCount", b.orders.size());
  for (const auto& o : b.orders) o.write(w);
  w.hash("prevSeal", b.prevSeal);
  w.hash("prevDigest", b.prevDigest);
  w.hash("chain", b.chain);
}

void readBundleBody(det::Reader& r, Bundle& b) {
  b.gameId = r.hash("gameId");
  b.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
  b.seat = static_cast<Seat>(r.varu("seat", kMaxSeats - 1));
  uint64_t n = r.count("orderCount", kMaxOrdersPerBundle, 2);
  b.orders.clear();
  for (uint64_t i = 0; i < n && r.ok(); ++i) b.orders.push_back(Order::read(r));
  b.prevSeal = r.hash("prevSeal");
  b.prevDigest = r.hash("prevDigest");
  b.chain = r.hash("chain");
}

std::vector<uint8_t> Bundle::body() const {
  det::Writer w;
  writeBundleBody(w, *this);
  return w.take();
}

det::Hash128 Bundle::bodyHash() const { return blake128(body()); }

det::Hash128 Bundle::signWith(const KeyPair& key) {
  const auto bytes = body();
  signature = sign(key, bytes);
  return blake128(bytes);
}

bool Bundle::verifySignature(const PublicKey& key) const { return verify(key, body(), signature); }

std::optional<size_t> Bundle::firstSigner(std::span<const PublicKey> keys) const {
  const auto bytes = body();
  for (size_t i = 0; i < keys.size(); ++i)
    if (verify(keys[i], bytes, signature)) return i;
  return std::nullopt;
}

std::vector<uint8_t> Bundle::encode() const {
  det::Writer w;
  w.u16("magic", kBundleMagic);
  writeBundleBody(w, *this);
  w.raw("signature", signature.bytes);
  return w.take();
}

Result<Bundle> Bundle::decode(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "bundle");
  uint16_t magic = r.u16("magic");
  if (r.ok() && magic != kBundleMagic) r.fail("magic", "not a Concord bundle (bad magic)");
  Bundle b;
  readBundleBody(r, b);
  auto sig = r.raw("signature", 64);
  if (r.ok()) std::copy(sig.begin(), sig.end(), b.signature.bytes.begin());
  if (auto f = r.finish(); !f) return f.error();
  return b;
}

det::Hash128 turnDigest(std::span<const det::Hash128> bodyHashes) {
  std::vector<uint8_t> buf;
  buf.reserve(bodyHashes.size() * 16);
  det::Writer w;
  for (const auto& h : bodyHashes) w.hash("", h);
  return blake128(w.data());
}

}  // namespace concord::lockstep
