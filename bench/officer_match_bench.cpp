// Issue 30: the officer match rate over a whole Warp replay (what `replay info` and `tei apply` add), against
// `replay verify` of the same file; docs/performance.md "Officer match rate".
#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <string>

#include "replay/officer_match.h"
#include "replay/reader.h"
#include "replay/verify.h"
#include "table/record_bots.h"

using namespace concord;

namespace {

// A full Warp points campaign of `kind` officers (random: about 2,000 turns at two seats, the longest games).
const replay::ReplayReader& warpGame(const std::string& kind, Seat seats) {
  static std::map<std::string, replay::ReplayReader> games;
  const std::string name = "bench-match-" + kind + "-" + std::to_string(seats) + ".ccr";
  auto it = games.find(name);
  if (it != games.end()) return it->second;
  auto path = (std::filesystem::temp_directory_path() / name).string();
  auto session = table::makeBotSession("warp", {}, seats, name, kind).value();
  if (!table::recordBotGame(path, session, table::botSessionKeys(name, seats)).ok()) std::abort();
  return games.emplace(name, replay::ReplayReader::open(path).value()).first->second;
}

template <class Run>
void perTurn(benchmark::State& state, const replay::ReplayReader& r, Run run) {
  for (auto _ : state) benchmark::DoNotOptimize(run(r));
  state.counters["turns"] = r.turnCount();
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(r.turnCount()), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_OfficerMatchRates(benchmark::State& state) {
  const auto& r = warpGame(state.range(0) ? "lieutenant" : "random", static_cast<Seat>(state.range(1)));
  perTurn(state, r, [](const replay::ReplayReader& g) { return replay::officerMatchRates(g).value().seats.size(); });
}
BENCHMARK(BM_OfficerMatchRates)->Args({0, 2})->Args({1, 4})->Unit(benchmark::kMillisecond);

void BM_VerifySameGame(benchmark::State& state) {
  const auto& r = warpGame(state.range(0) ? "lieutenant" : "random", static_cast<Seat>(state.range(1)));
  perTurn(state, r, [](const replay::ReplayReader& g) { return replay::verifyReplay(g).value().turns; });
}
BENCHMARK(BM_VerifySameGame)->Args({0, 2})->Args({1, 4})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
