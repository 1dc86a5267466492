#include "net/mesh_msg.h"

#include <arpa/inet.h>

#include <cstring>

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::net {
namespace {

constexpr uint16_t kMagic = 0xC0C3;
enum Kind : uint8_t { kReport = 1, kRelayTo = 2, kRelayFrom = 3 };

void putKey(det::Writer& w, const lockstep::PublicKey& k) { w.raw("key", k.bytes); }
lockstep::PublicKey getKey(det::Reader& r) {
  lockstep::PublicKey k;
  auto b = r.raw("key", 32);
  if (r.ok()) std::memcpy(k.bytes.data(), b.data(), 32);
  return k;
}

// Addresses travel as 4 or 16 raw bytes (family byte first), never as text a peer could make arbitrary.
void putAddress(det::Writer& w, const Address& a) {
  uint8_t v6[16];
  in_addr v4{};
  if (inet_pton(AF_INET, a.host.c_str(), &v4) == 1) {
    w.u8("family", 4);
    w.raw("ip", std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(&v4), 4));
  } else if (inet_pton(AF_INET6, a.host.c_str(), v6) == 1) {
    w.u8("family", 6);
    w.raw("ip", std::span<const uint8_t>(v6, 16));
  } else {
    w.u8("family", 0);
  }
  w.u16("port", a.port);
}
Address getAddress(det::Reader& r) {
  Address a;
  const uint8_t family = r.u8("family");
  char text[INET6_ADDRSTRLEN] = "";
  if (family == 4 || family == 6) {
    auto ip = r.raw("ip", family == 4 ? 4 : 16);
    if (r.ok()) inet_ntop(family == 4 ? AF_INET : AF_INET6, ip.data(), text, sizeof text);
  } else if (family != 0) {
    r.fail("family", "address family must be 0, 4 or 6");
  }
  a.host = text;
  a.port = r.u16("port");
  return a;
}

}  // namespace

std::vector<uint8_t> encodeMesh(const MeshMessage& m) {
  det::Writer w;
  w.u16("magic", kMagic);
  if (auto* rep = std::get_if<LinkReport>(&m)) {
    w.u8("kind", kReport);
    w.varu("links", rep->links.size());
    for (const auto& l : rep->links) {
      putKey(w, l.key);
      w.u16("rtt", l.rttMs);
      w.u8("flags", l.reachable ? 1 : 0);
      putAddress(w, l.seenAt);
    }
  } else if (auto* to = std::get_if<RelayTo>(&m)) {
    w.u8("kind", kRelayTo);
    putKey(w, to->to);
    w.boolean("reliable", to->reliable);
    w.bytes("packet", to->packet);
  } else {
    const auto& from = std::get<RelayFrom>(m);
    w.u8("kind", kRelayFrom);
    putKey(w, from.from);
    w.boolean("reliable", from.reliable);
    w.bytes("packet", from.packet);
  }
  return w.take();
}

Result<MeshMessage> decodeMesh(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "mesh message");
  if (r.u16("magic") != kMagic && r.ok()) r.fail("magic", "not a mesh message");
  const uint8_t kind = r.u8("kind");
  MeshMessage out;
  if (kind == kReport) {
    LinkReport rep;
    const uint64_t n = r.count("links", kMaxReportedLinks, 32 + 2 + 1 + 1 + 2);
    for (uint64_t i = 0; i < n && r.ok(); ++i) {
      ReportedLink l;
      l.key = getKey(r);
      l.rttMs = r.u16("rtt");
      const uint8_t flags = r.u8("flags");
      if (flags > 1) r.fail("flags", "unknown link flags");
      l.reachable = flags == 1;
      l.seenAt = getAddress(r);
      rep.links.push_back(std::move(l));
    }
    out = std::move(rep);
  } else if (kind == kRelayTo || kind == kRelayFrom) {
    const auto key = getKey(r);
    const bool reliable = r.boolean("reliable");
    auto packet = r.bytes("packet", kMaxRelayedPacket);
    if (kind == kRelayTo) out = RelayTo{key, reliable, std::move(packet)};
    else out = RelayFrom{key, reliable, std::move(packet)};
  } else if (r.ok()) {
    r.fail("kind", "unknown mesh message kind");
  }
  if (auto done = r.finish(); !done) return done.error();
  return out;
}

}  // namespace concord::net
