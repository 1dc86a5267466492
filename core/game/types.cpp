#include "core/game/types.h"

namespace concord {

void Order::write(det::Writer& w) const {
  w.varu("kind", kind);
  w.bytes("payload", payload);
}

Order Order::read(det::Reader& r) {
  Order o;
  o.kind = static_cast<uint16_t>(r.varu("order.kind", 0xFFFF));
  o.payload = r.bytes("order.payload", kMaxPayload);
  return o;
}

}  // namespace concord
