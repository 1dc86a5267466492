#include "table/tei_store/rate_finished.h"

#include <filesystem>
#include <utility>

namespace concord::tei {

Result<StoreApplied> applyToStoreAt(const std::string& storePath, const MatchRecord& m) {
  std::error_code ec;
  if (storePath != ":memory:" && !std::filesystem::exists(storePath, ec)) {
    auto dry = TeiStore::open(":memory:");
    if (!dry) return dry.error();
    if (auto r = dry->applyMatch(m); !r) return Err(r.message(), " (no database was created at ", storePath, ")");
  }
  auto store = TeiStore::open(storePath);
  if (!store) return store.error();
  auto res = store->applyMatch(m);
  if (!res) return res.error();
  return StoreApplied{std::move(*store), std::move(*res)};
}

Result<FinishedRating> rateFinishedGame(const std::string& replayPath, const std::string& storePath,
                                        const ReplayMatchOptions& options) {
  auto match = matchFromReplay(replayPath, options);
  if (!match) return match.error();
  std::string path = storePath;
  if (path.empty()) {
    auto d = defaultStorePath();
    if (!d) return d.error();
    path = *d;
  }
  auto applied = applyToStoreAt(path, match->record);
  if (!applied) return applied.error();
  FinishedRating out{path, ReplayApplied{std::move(*match), std::move(applied->outcome)}, {}};
  out.text = describeApplied(out.applied, &applied->store);
  return out;
}

}  // namespace concord::tei
