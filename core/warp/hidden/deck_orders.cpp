#include "core/warp/hidden/deck_orders.h"

#include <algorithm>

namespace concord::warp::hidden {

namespace {
Order make(uint16_t kind, det::Writer& w) { return Order{kind, w.take()}; }
template <class T>
Result<T> finish(det::Reader& r, T value) {
  if (auto st = r.finish(); !st) return st.error();
  return value;
}
}  // namespace

Order keyOrder(const deck::KeyProof& p) {
  det::Writer w;
  deck::writeKeyProof(w, p);
  return make(kDeckKey, w);
}

std::vector<Order> shuffleOrders(uint32_t epoch, const std::vector<deck::Cipher>& d) {
  std::vector<Order> out;
  for (size_t first = 0; first < d.size(); first += kCiphersPerOrder) {
    det::Writer w;
    w.u32("epoch", epoch);
    w.u16("first", static_cast<uint16_t>(first));
    size_t n = std::min(kCiphersPerOrder, d.size() - first);
    w.u8("count", static_cast<uint8_t>(n));
    for (size_t i = 0; i < n; ++i) deck::writeCipher(w, d[first + i]);
    out.push_back(make(kDeckShuffle, w));
  }
  return out;
}

std::vector<Order> shareOrders(uint32_t epoch, const std::vector<deck::Share>& shares) {
  std::vector<Order> out;
  for (size_t first = 0; first < shares.size(); first += kSharesPerOrder) {
    det::Writer w;
    w.u32("epoch", epoch);
    size_t n = std::min(kSharesPerOrder, shares.size() - first);
    w.u8("count", static_cast<uint8_t>(n));
    for (size_t i = 0; i < n; ++i) deck::writeShare(w, shares[first + i]);
    out.push_back(make(kDeckShares, w));
  }
  return out;
}

Order claimOrder(Claim c) {
  det::Writer w;
  w.u16("seat", c.seat);
  w.boolean("couldChart", c.couldChart);
  return make(kDeckClaim, w);
}

Order secretOrder(const DeckKey& key) {
  det::Writer w;
  w.raw("key", key);
  return make(kDeckSecret, w);
}

Result<deck::KeyProof> readKeyOrder(const Order& o) {
  det::Reader r(o.payload, "deck key order");
  auto p = deck::readKeyProof(r);
  return finish(r, p);
}

Result<ShuffleSlice> readShuffleOrder(const Order& o) {
  det::Reader r(o.payload, "deck shuffle order");
  ShuffleSlice s;
  s.epoch = r.u32("epoch");
  s.first = r.u16("first");
  uint8_t n = r.u8("count");
  if (r.ok() && (n == 0 || n > kCiphersPerOrder)) r.fail("count", "a shuffle slice holds 1..15 ciphers");
  for (uint8_t i = 0; i < n && r.ok(); ++i) s.ciphers.push_back(deck::readCipher(r));
  return finish(r, std::move(s));
}

Result<ShareBatch> readShareOrder(const Order& o) {
  det::Reader r(o.payload, "deck shares order");
  ShareBatch b;
  b.epoch = r.u32("epoch");
  uint8_t n = r.u8("count");
  if (r.ok() && (n == 0 || n > kSharesPerOrder)) r.fail("count", "a shares order holds 1..10 shares");
  for (uint8_t i = 0; i < n && r.ok(); ++i) b.shares.push_back(deck::readShare(r));
  return finish(r, std::move(b));
}

Result<Claim> readClaimOrder(const Order& o) {
  det::Reader r(o.payload, "deck claim order");
  Claim c;
  c.seat = r.u16("seat");
  c.couldChart = r.boolean("couldChart");
  return finish(r, c);
}

Result<DeckKey> readSecretOrder(const Order& o) {
  det::Reader r(o.payload, "deck secret order");
  DeckKey k{};
  auto raw = r.raw("key", 32);
  if (r.ok()) std::copy(raw.begin(), raw.end(), k.begin());
  return finish(r, k);
}

}  // namespace concord::warp::hidden
