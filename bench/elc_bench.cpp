// Every Last City Seal benchmarks (VC-310, VC-3260); results and commands in docs/performance.md.
#include <benchmark/benchmark.h>

#include "core/elc/state.h"

using namespace concord;
using namespace concord::elc;

namespace {

// 8 players, a 64x64 map with 256 cities (32 each), and `units` Legions on distinct tiles, owners in turn.
ElcGame board(uint16_t horizon, int units) {
  auto c = parseOptions({{"width", "64"}, {"height", "64"}, {"cities", "256"}, {"horizon", std::to_string(horizon)}});
  ElcGame g;
  det::Seed seed;
  seed.bytes[0] = 7;
  if (!c || !g.setup(encodeConfig(*c), seed, 8).ok()) std::abort();
  g.unitsForScenario().clear();
  for (int32_t city = 0; city < 256; ++city) g.setOwner(city, city % 8);
  for (int32_t i = 0; i < units; ++i) g.addUnitForScenario(i % 8, i * 4096 / units);
  return g;
}

// Times one Seal of a fresh copy of `base` per iteration (the copy is not timed).
void timeSeals(benchmark::State& state, const ElcGame& base) {
  for (auto _ : state) {
    state.PauseTiming();
    ElcGame g = base;
    state.ResumeTiming();
    g.seal(0);
    benchmark::DoNotOptimize(g.sealRecords().size());
  }
}

// VC-310: the Seal for 8 players, 256 cities, 3,200 units; the reach bound is skipped by its guard (H = 200).
void BM_ElcSeal8p256c3200u(benchmark::State& state) { timeSeals(state, board(200, 3200)); }
BENCHMARK(BM_ElcSeal8p256c3200u)->Unit(benchmark::kMicrosecond);

// VC-3260: the same Seal with the reach bound computed for every player (H = 20: R × 2 < MAP_SPAN = 63),
// 4,096 occupied tiles (every tile of the map holds a Legion).
void BM_ElcSealWithReach8p256c4096tiles(benchmark::State& state) { timeSeals(state, board(20, 4096)); }
BENCHMARK(BM_ElcSealWithReach8p256c4096tiles)->Unit(benchmark::kMicrosecond);

// The same board with the guard closed (H = 200): the difference is the reach bound's cost.
void BM_ElcSealNoReach8p256c4096tiles(benchmark::State& state) { timeSeals(state, board(200, 4096)); }
BENCHMARK(BM_ElcSealNoReach8p256c4096tiles)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
