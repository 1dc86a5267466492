// Order codecs (VC-320): every order reaches the simulation through the log as these bytes.
#include "core/elc/orders.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::elc {

Order makeOrder(uint16_t kind, uint32_t a) {
  det::Writer w;
  w.varu("a", a);
  return Order{kind, w.take()};
}

Order makeMove(uint32_t unit, uint32_t tile) {
  det::Writer w;
  w.varu("unit", unit);
  w.varu("tile", tile);
  return Order{kMove, w.take()};
}

Result<Decoded> decodeOrder(const Order& o) {
  if (o.kind < kMove || o.kind > kClaimWarrant) return Err("unknown order kind ", o.kind, " (VC-320 lists the orders)");
  det::Reader r(o.payload, "elc order");
  Decoded d;
  d.kind = o.kind;
  d.a = static_cast<uint32_t>(r.varu("a", UINT32_MAX));
  if (o.kind == kMove) d.b = static_cast<uint32_t>(r.varu("tile", UINT32_MAX));
  if (auto f = r.finish(); !f) return Err("malformed order payload: ", f.message());
  return d;
}

}  // namespace concord::elc
