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
  // Bit 0: rated; bit 1: a charter follows (issue 11 point 4); bit 2: hidden hands (issue 26). Without either the
  // byte is the old boolean.
  w.varu("rated", (rated ? 1u : 0u) | (charter.id.empty() ? 0u : 2u) | (hiddenHands ? 4u : 0u));
  if (!charter.id.empty()) {
    w.begin("charter");
    w.str("id", charter.id);
    w.varu("memberCount", charter.members.size());
    for (const auto& m : charter.members) w.raw("member", m.bytes);
    w.str("rulesProfile", charter.rulesProfile);
    w.varu("seats", charter.seats);
    w.bytes("config", charter.config);
    w.end();
  }
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
  const uint64_t flags = r.varu("rated", 7);
  s.rated = (flags & 1) != 0;
  s.hiddenHands = (flags & 4) != 0;
  if (r.ok() && (flags & 2) != 0) {
    s.charter.id = r.str("charter.id", 64);
    if (r.ok() && s.charter.id.empty()) r.fail("charter.id", "a charter needs an id");
    const uint64_t members = r.count("charter.memberCount", 4096, 32);
    for (uint64_t i = 0; i < members && r.ok(); ++i) {
      auto k = r.raw("charter.member", 32);
      PublicKey pk;
      if (r.ok()) std::copy(k.begin(), k.end(), pk.bytes.begin());
      s.charter.members.push_back(pk);
    }
    s.charter.rulesProfile = r.str("charter.rulesProfile", 64);
    s.charter.seats = static_cast<uint32_t>(r.varu("charter.seats", kMaxSeats));
    s.charter.config = r.bytes("charter.config", 1 << 16);
  }
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
