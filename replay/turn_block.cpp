#include "replay/turn_block.h"

#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "lockstep/bundle.h"

namespace concord::replay {

uint32_t sealTagOf(const det::Hash128& seal, size_t bytes) {
  return static_cast<uint32_t>(seal.lo & ((uint64_t{1} << (8 * bytes)) - 1));
}

bool TurnRecord::sealMatches(const det::Hash128& seal) const { return sealTagOf(seal, sealTagBytes) == sealTag; }

std::vector<uint8_t> encodeBlock(const TurnBlock& b, size_t tagBytes) {
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
    std::array<uint8_t, 4> tag{};
    for (size_t i = 0; i < tagBytes; ++i) tag[i] = static_cast<uint8_t>(t.sealTag >> (8 * i));
    w.raw("sealTag", std::span<const uint8_t>(tag.data(), tagBytes));
  }
  w.hash("lastSeal", b.lastSeal);
  for (const auto& sig : b.signatures) w.raw("signature", sig.bytes);
  return w.take();
}

Result<TurnBlock> decodeBlock(std::span<const uint8_t> raw, uint32_t firstTurn, uint32_t count, Seat seats,
                              size_t tagBytes) {
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
    auto tag = r.raw("sealTag", tagBytes);
    t.sealTagBytes = static_cast<uint8_t>(tagBytes);
    for (size_t k = 0; r.ok() && k < tagBytes; ++k) t.sealTag |= uint32_t{tag[k]} << (8 * k);
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
