#include "net/comms.h"

#include <algorithm>
#include <array>

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::net {
namespace {

constexpr uint16_t kCommsMagic = 0xC0C3;
constexpr std::string_view kSignContext = "concord-comms-v1";

constexpr std::array<Hail, 25> kHails{{
    {101, "Acknowledge", "Aye Captain"},
    {102, "Acknowledge", "Acknowledged"},
    {103, "Acknowledge", "Make it so"},
    {104, "Acknowledge", "Course laid in"},
    {201, "Get moving", "Engage!"},
    {202, "Get moving", "Punch it"},
    {203, "Get moving", "Warp speed"},
    {204, "Get moving", "Ahead full"},
    {205, "Get moving", "Steady as she goes"},
    {301, "Sportsmanship", "Well played"},
    {302, "Sportsmanship", "A fine maneuver"},
    {303, "Sportsmanship", "The needs of the many\u2026"},
    {304, "Sportsmanship", "Fly well, Captain"},
    {401, "Drama", "Red Alert!"},
    {402, "Drama", "Shields up!"},
    {403, "Drama", "All Stop!"},
    {404, "Drama", "Distress beacon away"},
    {405, "Drama", "She's breaking up!"},
    {406, "Drama", "Fascinating\u2026"},
    {407, "Drama", "Bold. Very bold."},
    {501, "Cheeky", "You're playing a dangerous game"},
    {502, "Cheeky", "Persistence is futile"},
    {503, "Cheeky", "Resistance is\u2026 noted"},
    {504, "Cheeky", "I have the conn now"},
    {505, "Cheeky", "Q would be proud"},
}};

void putBody(det::Writer& w, const CommsMsg& m) {
  w.u8("kind", static_cast<uint8_t>(m.kind));
  w.raw("table", m.table.bytes);
  w.raw("from", m.from.bytes);
  w.u64("seq", m.seq);
  if (m.kind == CommsKind::Hail) w.u16("hail", m.hail);
  if (m.kind == CommsKind::Direct) w.u8("to", m.toSeat);
  if (m.kind != CommsKind::Hail) w.str("text", m.text);
}

std::vector<uint8_t> signedBytes(const CommsMsg& m) {
  det::Writer w;
  w.raw("context", std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(kSignContext.data()), kSignContext.size()));
  putBody(w, m);
  return w.take();
}

bool validUtf8Text(const std::string& s) {
  // Printable text only: no control characters (a terminal escape could hide or forge lines).
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) return false;
  }
  return true;
}

}  // namespace

std::string_view modeName(CommsMode m) {
  switch (m) {
    case CommsMode::Lobby: return "lobby";
    case CommsMode::Active: return "active play";
    case CommsMode::PostGame: return "post-game";
  }
  return "?";
}

std::span<const Hail> hailCatalogue() { return kHails; }

const Hail* findHail(uint16_t id) {
  for (const auto& h : kHails)
    if (h.id == id) return &h;
  return nullptr;
}

CommsMsg makeComms(const lockstep::KeyPair& key, const lockstep::PublicKey& table, uint64_t seq, CommsKind kind,
                   uint16_t hail, uint8_t toSeat, std::string text) {
  CommsMsg m;
  m.kind = kind;
  m.table = table;
  m.from = key.publicKey;
  m.seq = seq;
  if (kind == CommsKind::Hail) m.hail = hail;
  if (kind == CommsKind::Direct) m.toSeat = toSeat;
  if (kind != CommsKind::Hail) m.text = std::move(text);
  m.sig = lockstep::sign(key, signedBytes(m));
  return m;
}

bool verifyComms(const CommsMsg& m) { return lockstep::verify(m.from, signedBytes(m), m.sig); }

std::vector<uint8_t> commsSignedBytes(const CommsMsg& m) { return signedBytes(m); }

Result<CommsMsg> commsFromSigned(std::span<const uint8_t> bytes, const lockstep::Signature& sig) {
  const auto ctx = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(kSignContext.data()), kSignContext.size());
  if (bytes.size() < ctx.size() || !std::equal(ctx.begin(), ctx.end(), bytes.begin()))
    return Err("comms message: not signed comms bytes (no \"concord-comms-v1\" context)");
  std::vector<uint8_t> wire{static_cast<uint8_t>(kCommsMagic & 0xFF), static_cast<uint8_t>(kCommsMagic >> 8)};
  wire.insert(wire.end(), bytes.begin() + static_cast<std::ptrdiff_t>(ctx.size()), bytes.end());
  wire.insert(wire.end(), sig.bytes.begin(), sig.bytes.end());
  return decodeComms(wire);
}

std::vector<uint8_t> encodeComms(const CommsMsg& m) {
  det::Writer w;
  w.u16("magic", kCommsMagic);
  putBody(w, m);
  w.raw("sig", m.sig.bytes);
  return w.take();
}

bool isComms(std::span<const uint8_t> bytes) {
  return bytes.size() >= 2 && (bytes[0] | (bytes[1] << 8)) == kCommsMagic;
}

Result<CommsMsg> decodeComms(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "comms message");
  if (r.u16("magic") != kCommsMagic && r.ok()) r.fail("magic", "not a Concord comms message");
  CommsMsg m;
  uint8_t kind = r.u8("kind");
  if (r.ok() && (kind < 1 || kind > 3)) r.fail("kind", "unknown comms kind");
  m.kind = static_cast<CommsKind>(kind);
  auto t = r.raw("table", 32);
  if (r.ok()) std::copy(t.begin(), t.end(), m.table.bytes.begin());
  auto f = r.raw("from", 32);
  if (r.ok()) std::copy(f.begin(), f.end(), m.from.bytes.begin());
  m.seq = r.u64("seq");
  if (r.ok() && m.seq == 0) r.fail("seq", "sequence numbers start at 1");
  if (r.ok() && m.kind == CommsKind::Hail) {
    m.hail = r.u16("hail");
    if (r.ok() && !findHail(m.hail)) r.fail("hail", "not a hail of the catalogue");
  }
  if (r.ok() && m.kind == CommsKind::Direct) m.toSeat = r.u8("to");
  if (r.ok() && m.kind != CommsKind::Hail) {
    m.text = r.str("text", kMaxCommsText);
    if (r.ok() && m.text.empty()) r.fail("text", "empty message");
    if (r.ok() && !validUtf8Text(m.text)) r.fail("text", "control characters in the text");
  }
  auto s = r.raw("sig", 64);
  if (r.ok()) std::copy(s.begin(), s.end(), m.sig.bytes.begin());
  if (auto fin = r.finish(); !fin) return fin.error();
  return m;
}

std::string describeComms(const CommsMsg& m) {
  switch (m.kind) {
    case CommsKind::Hail: {
      const Hail* h = findHail(m.hail);
      return "hail " + std::to_string(m.hail) + " \"" + std::string(h ? h->phrase : "?") + "\"";
    }
    case CommsKind::Text: return "says: " + m.text;
    case CommsKind::Direct: return "to seat " + std::to_string(m.toSeat) + " (DM, visible to all): " + m.text;
  }
  return "?";
}

Result<void> commsAllowed(CommsMode mode, bool rated, const CommsMsg& m) {
  if (m.kind == CommsKind::Hail) {
    if (!findHail(m.hail)) return Err("hail ", m.hail, " is not in the catalogue (see /hails)");
    return Ok();
  }
  if (m.text.empty()) return Err("empty message");
  if (m.text.size() > kMaxCommsText) return Err("message longer than ", kMaxCommsText, " bytes");
  if (!validUtf8Text(m.text)) return Err("control characters in the message");
  if (rated && mode == CommsMode::Active)
    return Err(m.kind == CommsKind::Direct ? "DMs are" : "free text is",
               " not allowed in a rated game during active play (quick hails only)");
  return Ok();
}

int64_t RateLimiter::creditAt(const Bucket& b, uint64_t nowMs) const {
  const int64_t cap = static_cast<int64_t>(burst_ * interval_);
  if (!b.init) return cap;
  const uint64_t dt = nowMs > b.at ? nowMs - b.at : 0;
  return std::min<int64_t>(cap, b.credit + static_cast<int64_t>(std::min<uint64_t>(dt, burst_ * interval_ + 1)));
}

bool RateLimiter::take(const lockstep::PublicKey& who, uint64_t nowMs) {
  Bucket& b = buckets_[who];
  int64_t c = creditAt(b, nowMs);
  if (c + static_cast<int64_t>(grace_) < static_cast<int64_t>(interval_)) return false;
  b.credit = c - static_cast<int64_t>(interval_);
  b.at = std::max(nowMs, b.at);
  b.init = true;
  return true;
}

uint64_t RateLimiter::waitMs(const lockstep::PublicKey& who, uint64_t nowMs) const {
  auto it = buckets_.find(who);
  if (it == buckets_.end()) return 0;
  int64_t need = static_cast<int64_t>(interval_) - static_cast<int64_t>(grace_) - creditAt(it->second, nowMs);
  return need > 0 ? static_cast<uint64_t>(need) : 0;
}

Result<void> CommsPolicy::accept(CommsMode mode, bool rated, const CommsMsg& msg, const lockstep::PublicKey& sender,
                                 uint64_t nowMs) {
  (void)sender;  // the connection it came over: the sender itself, or the host relaying in the lobby
  if (!verifyComms(msg)) return Err("bad signature (not signed by ", msg.from.fingerprint(), ")");
  if (msg.table != table_) return Err("signed for another table");
  auto& last = lastSeq_[msg.from];
  if (msg.seq <= last) return Err("duplicate or replayed message ", msg.seq);
  last = msg.seq;
  if (auto ok = commsAllowed(mode, rated, msg); !ok) return ok.error();
  if (!limiter_.take(msg.from, nowMs)) return Err("rate limit: more than ", kRateBurst, " messages, then one per ", kRateIntervalMs / 1000, " s");
  if (muted(msg.from)) return Err("muted");
  return Ok();
}

Result<CommsMsg> CommsOutbox::compose(CommsMode mode, bool rated, CommsKind kind, uint16_t hail, uint8_t toSeat,
                                      std::string text, uint64_t nowMs) {
  CommsMsg probe;
  probe.kind = kind;
  probe.hail = hail;
  probe.toSeat = toSeat;
  probe.text = text;
  if (auto ok = commsAllowed(mode, rated, probe); !ok) return ok.error();
  if (auto w = limiter_.waitMs(key_.publicKey, nowMs); w > 0) return Err("rate limit: wait ", (w + 999) / 1000, " s");
  (void)limiter_.take(key_.publicKey, nowMs);
  return makeComms(key_, table_, ++seq_, kind, hail, toSeat, std::move(text));
}

CommsMsg CommsOutbox::composeUnchecked(CommsKind kind, uint16_t hail, uint8_t toSeat, std::string text) {
  return makeComms(key_, table_, ++seq_, kind, hail, toSeat, std::move(text));
}

}  // namespace concord::net
