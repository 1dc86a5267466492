// tableOf(): the redacted table observe() appends for the seat (table_view.cpp), read back strictly.
// sharedTableOf(): the officers' path, which takes the table observe() built instead of reading its bytes back.
#include "core/warp/ai/officer.h"

namespace concord::warp::ai {

Result<WarpGame> tableOf(const Observation& obs) {
  const auto& c = obs.canonical;
  if (c.size() < 4) return Err("warp officer: the observation carries no table (", c.size(), " bytes)");
  size_t n = 0;
  for (int i = 0; i < 4; ++i) n |= static_cast<size_t>(c[c.size() - 4 + static_cast<size_t>(i)]) << (8 * i);
  if (n == 0 || n + 4 > c.size()) return Err("warp officer: the observation's table length ", n, " does not fit");
  std::span<const uint8_t> bytes(c.data() + (c.size() - 4 - n), n);
  det::Reader r(bytes, "officer table");
  WarpGame g;
  if (auto ok = g.read(r); !ok) return ok.error();
  if (auto end = r.finish(); !end) return end.error();
  return g;
}

Result<std::shared_ptr<const WarpGame>> sharedTableOf(const Observation& obs) {
  if (auto* own = dynamic_cast<const WarpGame*>(obs.decoded.get())) return std::shared_ptr<const WarpGame>(obs.decoded, own);
  auto t = tableOf(obs);
  if (!t) return t.error();
  return std::make_shared<const WarpGame>(std::move(*t));
}

}  // namespace concord::warp::ai
