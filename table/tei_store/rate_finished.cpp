#include "table/tei_store/rate_finished.h"

#include <utility>

#include "table/tei_store/store.h"

namespace concord::tei {

Result<FinishedRating> rateFinishedGame(const std::string& replayPath, const std::string& storePath) {
  auto match = matchFromReplay(replayPath);
  if (!match) return match.error();
  std::string path = storePath;
  if (path.empty()) {
    auto d = defaultStorePath();
    if (!d) return d.error();
    path = *d;
  }
  auto store = TeiStore::open(path);
  if (!store) return store.error();
  auto res = store->applyMatch(match->record);
  if (!res) return res.error();
  FinishedRating out{path, ReplayApplied{std::move(*match), std::move(*res)}, {}};
  out.text = describeApplied(out.applied, &*store);
  return out;
}

}  // namespace concord::tei
