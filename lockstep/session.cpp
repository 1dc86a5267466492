#include "lockstep/session.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::lockstep {

void SessionConfig::write(det::Writer& w) const {
  w.begin("session");
  w.str("module", moduleId);
  w.varu("rulesVersion", rulesVersion);
  w.bytes("config", config);
  w.varu("seatCount", seats.size());
  for (size_t i = 0; i < seats.size(); ++i) {
    w.begin("seat", i);
    w.str("name", seats[i].name);
    w.raw("key", seats[i].key.bytes);
    w.boolean("ai", seats[i].ai);
    w.str("botKind", seats[i].botKind);
    w.end();
  }
  w.raw("seed", seed.bytes);
  w.boolean("rated", rated);
  w.end();
}

Result<SessionConfig> SessionConfig::read(det::Reader& r) {
  SessionConfig s;
  s.moduleId = r.str("module", 64);
  s.rulesVersion = static_cast<uint32_t>(r.varu("rulesVersion", UINT32_MAX));
  s.config = r.bytes("config", 1 << 16);
  uint64_t n = r.count("seatCount", kMaxSeats, 34);
  if (r.ok() && n == 0) r.fail("seatCount", "a session needs at least one seat");
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    SeatInfo si;
    si.name = r.str("seat.name", 64);
    auto k = r.raw("seat.key", 32);
    if (r.ok()) std::copy(k.begin(), k.end(), si.key.bytes.begin());
    si.ai = r.boolean("seat.ai");
    si.botKind = r.str("seat.botKind", 32);
    s.seats.push_back(std::move(si));
  }
  auto seed = r.raw("seed", 32);
  if (r.ok()) std::copy(seed.begin(), seed.end(), s.seed.bytes.begin());
  s.rated = r.boolean("rated");
  if (auto st = r.status(); !st) return st.error();
  return s;
}

det::Hash128 SessionConfig::configHash() const {
  det::Writer w;
  w.str("module", moduleId);
  w.varu("rulesVersion", rulesVersion);
  w.bytes("config", config);
  w.boolean("rated", rated);
  return blake128(w.data());
}

det::Hash128 SessionConfig::gameId() const {
  det::Writer w;
  write(w);
  return blake128(w.data());
}

std::array<uint8_t, 32> commitNonce(std::span<const uint8_t, 32> nonce) {
  std::array<uint8_t, 40> msg{'c', 'o', 'n', 'c', 'o', 'r', 'd', ':'};
  std::copy(nonce.begin(), nonce.end(), msg.begin() + 8);
  return blake256(msg);
}

det::Seed seedFromNonces(std::span<const std::array<uint8_t, 32>> nonces) {
  std::vector<uint8_t> all;
  for (const auto& n : nonces) all.insert(all.end(), n.begin(), n.end());
  det::Seed s;
  s.bytes = blake256(all);
  return s;
}

Result<void> checkReveals(std::span<const std::array<uint8_t, 32>> commitments,
                          std::span<const std::array<uint8_t, 32>> nonces) {
  if (commitments.size() != nonces.size())
    return Err("commit-reveal: ", commitments.size(), " commitments but ", nonces.size(), " reveals");
  for (size_t i = 0; i < nonces.size(); ++i)
    if (commitNonce(nonces[i]) != commitments[i])
      return Err("commit-reveal: seat ", i, "'s revealed nonce does not match its commitment");
  return Ok();
}

}  // namespace concord::lockstep
