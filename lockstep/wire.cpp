#include "lockstep/wire.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::lockstep {
namespace {

// Tags are the variant index + 1; 0 is never valid.
void writeBundle(det::Writer& w, const Bundle& b) { w.bytes("bundle", b.encode()); }

Bundle readBundle(det::Reader& r) {
  auto bytes = r.bytes("bundle", 2 + 16 + 5 + 3 + kMaxOrdersPerBundle * (3 + 2 + Order::kMaxPayload) + 48 + 64);
  if (!r.ok()) return {};
  auto b = Bundle::decode(bytes);
  if (!b) {
    r.fail("bundle", b.message());
    return {};
  }
  return *b;
}

void writeBundles(det::Writer& w, const char* name, const std::vector<Bundle>& v) {
  w.varu(name, v.size());
  for (const auto& b : v) writeBundle(w, b);
}

std::vector<Bundle> readBundles(det::Reader& r, const char* name) {
  uint64_t n = r.count(name, kMaxTailBundles, 100);
  std::vector<Bundle> v;
  for (uint64_t i = 0; i < n && r.ok(); ++i) v.push_back(readBundle(r));
  return v;
}

struct Encoder {
  det::Writer& w;
  void operator()(const BundleMsg& m) { writeBundle(w, m.bundle); }
  void operator()(const BundleRequest& m) {
    w.varu("turn", m.turn);
    w.varu("seat", m.seat);
  }
  void operator()(const DesyncNotice& m) { w.varu("turn", m.turn); }
  void operator()(const StateDump& m) {
    w.varu("turn", m.turn);
    w.hash("seal", m.seal);
    w.varu("seatCount", m.seats.size());
    for (Seat s : m.seats) w.varu("seat", s);
    w.bytes("state", m.state);
  }
  void operator()(const SnapshotRequest& m) { w.varu("seat", m.seat); }
  void operator()(const Snapshot& m) {
    w.varu("turn", m.turn);
    w.bytes("state", m.state);
    writeBundles(w, "prevCount", m.prev);
    writeBundles(w, "tailCount", m.tail);
  }
  void operator()(const ReclaimRequest& m) {
    w.varu("seat", m.seat);
    w.varu("turn", m.turn);
    w.hash("seal", m.seal);
    m.reclaim.write(w);
  }
  void operator()(const Deciding& m) {
    w.varu("turn", m.turn);
    w.varu("seat", m.seat);
  }
  void operator()(const Finished& m) { w.varu("turn", m.turn); }
};

}  // namespace

std::vector<uint8_t> encodeWire(const WireMessage& m) {
  det::Writer w;
  w.u16("magic", kWireMagic);
  w.u8("version", kWireVersion);
  w.varu("tag", m.index() + 1);
  std::visit(Encoder{w}, m);
  return w.take();
}

Result<WireMessage> decodeWire(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "wire message");
  uint16_t magic = r.u16("magic");
  if (r.ok() && magic != kWireMagic) r.fail("magic", "not a Concord wire message");
  uint8_t version = r.u8("version");
  if (r.ok() && version != kWireVersion) r.fail("version", "unsupported wire version (this build speaks 1)");
  uint64_t tag = r.varu("tag", std::variant_size_v<WireMessage>);
  if (r.ok() && tag == 0) r.fail("tag", "tag 0 is not a message");
  if (!r.ok()) return r.finish().error();
  WireMessage out = BundleMsg{};
  switch (tag) {
    case 1: out = BundleMsg{readBundle(r)}; break;
    case 2: {
      BundleRequest m;
      m.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
      m.seat = static_cast<Seat>(r.varu("seat", kMaxSeats - 1));
      out = m;
      break;
    }
    case 3: out = DesyncNotice{static_cast<uint32_t>(r.varu("turn", UINT32_MAX))}; break;
    case 4: {
      StateDump m;
      m.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
      m.seal = r.hash("seal");
      uint64_t n = r.count("seatCount", kMaxSeats, 1);
      for (uint64_t i = 0; i < n && r.ok(); ++i) m.seats.push_back(static_cast<Seat>(r.varu("seat", kMaxSeats - 1)));
      m.state = r.bytes("state", kMaxStateBytes);
      out = std::move(m);
      break;
    }
    case 5: out = SnapshotRequest{static_cast<Seat>(r.varu("seat", kMaxSeats - 1))}; break;
    case 6: {
      Snapshot m;
      m.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
      m.state = r.bytes("state", kMaxStateBytes);
      m.prev = readBundles(r, "prevCount");
      m.tail = readBundles(r, "tailCount");
      out = std::move(m);
      break;
    }
    case 7: {
      ReclaimRequest m;
      m.seat = static_cast<Seat>(r.varu("seat", kMaxSeats - 1));
      m.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
      m.seal = r.hash("seal");
      m.reclaim = Order::read(r);
      out = std::move(m);
      break;
    }
    case 8: {
      Deciding m;
      m.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
      m.seat = static_cast<Seat>(r.varu("seat", kMaxSeats - 1));
      out = m;
      break;
    }
    case 9: out = Finished{static_cast<uint32_t>(r.varu("turn", UINT32_MAX))}; break;
    default: r.fail("tag", "unknown message tag");
  }
  if (auto f = r.finish(); !f) return f.error();
  return out;
}

}  // namespace concord::lockstep
