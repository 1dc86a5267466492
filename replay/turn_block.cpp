#include "replay/turn_block.h"

#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "lockstep/bundle.h"

namespace concord::replay {

std::array<uint8_t, kSealTagBytes> sealTag(const det::Hash128& seal) {
  std::array<uint8_t, kSealTagBytes> t{};
  for (size_t i = 0; i < kSealTagBytes; ++i) t[i] = static_cast<uint8_t>(seal.lo >> (8 * i));
  return t;
}

std::vector<uint8_t> encodeBlock(const TurnBlock& b) {
  det::Writer w;
  for (const auto& t : b.turns) {
    uint64_t bitmap = 0;
    for (size_t s = 0; s < t.ordersBySeat.size(); ++s)
      if (!t.ordersBySeat[s].empty()) bitmap |= uint64_t{1} << s;
    w.varu("withOrders", bitmap);
    for (const auto& list : t.ordersBySeat) {
      if (list.empty()) continue;
      w.varu("orderCount", list.size() - 1);
      for (const auto& o : list) o.write(w);
    }
    w.raw("sealTag", t.sealTag);
  }
  w.hash("lastSeal", b.lastSeal);
  for (const auto& sig : b.signatures) w.raw("signature", sig.bytes);
  return w.take();
}

Result<TurnBlock> decodeBlock(std::span<const uint8_t> raw, uint32_t firstTurn, uint32_t count, Seat seats) {
  det::Reader r(raw, "turn block");
  TurnBlock b;
  if (count > raw.size()) return Err("turn block claims ", count, " turns in ", raw.size(), " bytes");
  const uint64_t allSeats = seats >= 64 ? UINT64_MAX : (uint64_t{1} << seats) - 1;
  for (uint32_t i = 0; i < count && r.ok(); ++i) {
    TurnRecord t;
    t.turn = firstTurn + i;
    t.ordersBySeat.resize(seats);
    uint64_t bitmap = r.varu("withOrders", allSeats);
    for (Seat s = 0; s < seats && r.ok(); ++s) {
      if (!(bitmap & (uint64_t{1} << s))) continue;
      uint64_t n = r.count("orderCount", lockstep::kMaxOrdersPerBundle - 1, 2) + 1;
      for (uint64_t k = 0; k < n && r.ok(); ++k) t.ordersBySeat[s].push_back(Order::read(r));
    }
    auto tag = r.raw("sealTag", kSealTagBytes);
    if (r.ok()) std::copy(tag.begin(), tag.end(), t.sealTag.begin());
    b.turns.push_back(std::move(t));
  }
  b.lastSeal = r.hash("lastSeal");
  for (Seat s = 0; s < seats && r.ok(); ++s) {
    auto sig = r.raw("signature", 64);
    lockstep::Signature g;
    if (r.ok()) std::copy(sig.begin(), sig.end(), g.bytes.begin());
    b.signatures.push_back(g);
  }
  if (auto f = r.finish(); !f) return f.error();
  return b;
}

}  // namespace concord::replay
