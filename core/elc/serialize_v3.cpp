// Reads the canonical bytes of the v3 state (§10 Charters, Sealed Orders and Ambition; serialize.cpp writes them),
// present only when the configuration uses them (VC-260: the hash covers them; v2 games keep their exact bytes).
#include "core/elc/state.h"

namespace concord::elc {

Result<void> ElcGame::readV3(det::Reader& r) {
  const auto np = static_cast<int64_t>(players_.size());
  for (int64_t s = 0; s < np; ++s) {
    Player& p = players_[s];
    p.charter = static_cast<Track>(r.u8("charter"));
    if (static_cast<int>(p.charter) >= kTracks) r.fail("charter", "names no Track (VC-1630)");
    p.orderShortfall = r.u8("orderShortfall");
    const uint64_t n = r.count("orders", 2, 5);  // VC-1740: SO <= 2
    p.sealedOrders.clear();
    for (uint64_t i = 0; i < n && r.ok(); ++i) {
      SealedOrder o;
      o.form = static_cast<OrderForm>(r.u8("form"));
      if (static_cast<int>(o.form) >= kOrderForms) r.fail("form", "names no Sealed Order form (VC-1750)");
      o.subject = static_cast<int32_t>(r.vari("subject", -1, std::max<int64_t>(np, 64)));
      o.progress = r.vari("progress", 0, 100000);
      o.revealed = r.boolean("revealed");
      o.done = r.boolean("done");
      if (r.ok() && !unsatisfiable(o.form, o.subject, world_, static_cast<int>(np), static_cast<int>(s)).empty())
        r.fail("subject", "a Sealed Order names a subject this map does not have (VC-1750)");
      p.sealedOrders.push_back(o);
    }
    p.ambition = r.vari("ambition", 0, 1000000);
    p.ambitionPending = r.vari("ambitionPending", 0, 1000000);
  }
  if (r.ok() && cfg_.teams()) return readTeams(r);
  return r.status();
}

}  // namespace concord::elc
