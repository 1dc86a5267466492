#include "net/lobby_msg.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::net {
namespace {

constexpr uint16_t kMagic = 0xC0C2;
constexpr size_t kMaxName = 64;

void putSeats(det::Writer& w, const std::vector<LobbySeat>& seats) {
  w.varu("seats", seats.size());
  for (const auto& s : seats) {
    w.u8("kind", static_cast<uint8_t>(s.kind));
    w.str("name", s.name);
    w.raw("key", s.key.bytes);
    w.boolean("ready", s.ready);
    w.str("host", s.host);
    w.u16("port", s.port);
    w.boolean("officer", s.officer);
  }
}

std::vector<LobbySeat> getSeats(det::Reader& r) {
  std::vector<LobbySeat> out;
  uint64_t n = r.count("seats", kMaxSeats, 39);
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    LobbySeat s;
    uint8_t k = r.u8("kind");
    if (k > 2) r.fail("kind", "unknown seat kind");
    s.kind = static_cast<SeatKind>(k);
    s.name = r.str("name", kMaxName);
    auto key = r.raw("key", 32);
    if (r.ok()) std::copy(key.begin(), key.end(), s.key.bytes.begin());
    s.ready = r.boolean("ready");
    s.host = r.str("host", 64);
    s.port = r.u16("port");
    s.officer = r.boolean("officer");
    out.push_back(std::move(s));
  }
  return out;
}

void putNonces(det::Writer& w, const std::vector<Nonce>& v) {
  w.varu("count", v.size());
  for (const auto& n : v) w.raw("nonce", n);
}

std::vector<Nonce> getNonces(det::Reader& r) {
  std::vector<Nonce> out;
  uint64_t n = r.count("count", kMaxSeats, 32);
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    auto b = r.raw("nonce", 32);
    Nonce x{};
    if (r.ok()) std::copy(b.begin(), b.end(), x.begin());
    out.push_back(x);
  }
  return out;
}

// A table secret is written only when there is one (issue 25): a message without one has the bytes it had before.
void putSecret(det::Writer& w, const std::optional<TableSecret>& secret) {
  if (secret) w.raw("secret", *secret);
}

std::optional<TableSecret> getSecret(det::Reader& r) {
  if (!r.ok() || r.atEnd()) return std::nullopt;
  auto b = r.raw("secret", kTableSecretBytes);
  if (!r.ok()) return std::nullopt;
  TableSecret s{};
  std::copy(b.begin(), b.end(), s.begin());
  return s;
}

Nonce getNonce(det::Reader& r) {
  Nonce x{};
  auto b = r.raw("nonce", 32);
  if (r.ok()) std::copy(b.begin(), b.end(), x.begin());
  return x;
}

}  // namespace

std::vector<uint8_t> encodeLobby(const LobbyMessage& m) {
  det::Writer w;
  w.u16("magic", kMagic);
  w.varu("tag", m.index() + 1);
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, JoinMsg>) {
          w.str("name", x.name);
          w.u16("port", x.port);
          w.boolean("officer", x.officer);
          putSecret(w, x.secret);
        } else if constexpr (std::is_same_v<T, LobbyMsg>) {
          x.session.write(w);
          putSeats(w, x.seats);
          w.boolean("launched", x.launched);
        } else if constexpr (std::is_same_v<T, ReadyMsg>) {
          w.boolean("ready", x.ready);
          w.u64("rules.lo", x.rules.lo);
          w.u64("rules.hi", x.rules.hi);
        } else if constexpr (std::is_same_v<T, CommitMsg>) {
          w.raw("commit", x.commit);
        } else if constexpr (std::is_same_v<T, CommitsMsg>) {
          putNonces(w, x.commits);
        } else if constexpr (std::is_same_v<T, RevealMsg>) {
          w.raw("nonce", x.nonce);
        } else if constexpr (std::is_same_v<T, RevealsMsg>) {
          putNonces(w, x.nonces);
        } else if constexpr (std::is_same_v<T, GameMsg>) {
          x.session.write(w);
          putSeats(w, x.seats);
        } else if constexpr (std::is_same_v<T, SpectateMsg>) {
          w.str("name", x.name);
          putSecret(w, x.secret);
        } else if constexpr (std::is_same_v<T, GoodbyeMsg>) {
          w.u32("turn", x.turn);
        } else {
          w.str("why", x.why);
          // Other is no reason at all: the same bytes as a refusal from before the reason existed.
          if (x.reason != RefuseReason::Other) w.varu("reason", static_cast<uint64_t>(x.reason));
        }
      },
      m);
  return w.take();
}

Result<LobbyMessage> decodeLobby(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "lobby message");
  if (r.u16("magic") != kMagic && r.ok()) r.fail("magic", "not a Concord lobby message");
  uint64_t tag = r.varu("tag", 11);
  if (!r.ok()) return Err(r.errorMessage());
  LobbyMessage out = RefuseMsg{};
  switch (tag) {
    case 1: {
      JoinMsg j;
      j.name = r.str("name", kMaxName);
      j.port = r.u16("port");
      j.officer = r.boolean("officer");
      j.secret = getSecret(r);
      out = j;
      break;
    }
    case 2:
    case 8: {
      auto s = lockstep::SessionConfig::read(r);
      if (!s) return s.error();
      auto seats = getSeats(r);
      if (r.ok() && seats.size() != s->seats.size()) r.fail("seats", "seat list does not match the session");
      if (tag == 2) out = LobbyMsg{*s, seats, r.boolean("launched")};
      else out = GameMsg{*s, seats};
      break;
    }
    case 3: {
      ReadyMsg ready{r.boolean("ready"), {}};
      ready.rules.lo = r.u64("rules.lo");
      ready.rules.hi = r.u64("rules.hi");
      out = ready;
      break;
    }
    case 4: out = CommitMsg{getNonce(r)}; break;
    case 5: out = CommitsMsg{getNonces(r)}; break;
    case 6: out = RevealMsg{getNonce(r)}; break;
    case 7: out = RevealsMsg{getNonces(r)}; break;
    case 9: {
      RefuseMsg refuse{r.str("why", 256)};
      if (r.ok() && !r.atEnd()) {  // absent: Other; written out, Other would be a second encoding (canonical bytes)
        const uint64_t reason = r.varu("reason", 4);
        if (reason == 0) r.fail("reason", "Other is written as no reason");
        refuse.reason = static_cast<RefuseReason>(reason);
      }
      out = refuse;
      break;
    }
    case 10: {
      SpectateMsg s{r.str("name", kMaxName), std::nullopt};
      s.secret = getSecret(r);
      out = s;
      break;
    }
    case 11: out = GoodbyeMsg{r.u32("turn")}; break;
    default: r.fail("tag", "unknown lobby message");
  }
  if (auto f = r.finish(); !f) return f.error();
  return out;
}

}  // namespace concord::net
