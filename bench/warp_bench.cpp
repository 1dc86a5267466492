// Warp benchmarks: random-legal playouts (Warp 12, 4 captains, Official preset) in actions/second, and the
// canonical write + XXH3-128 state hash per action (what every Seal costs). Numbers: docs/performance.md.
#include <benchmark/benchmark.h>

#include "core/det/hash.h"
#include "core/warp/module.h"
#include "core/warp/state.h"

namespace {

using namespace concord;
using namespace concord::warp;

det::Seed seedOf(uint64_t v) {
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  return s;
}

// Plays whole sectors with the random-legal bot; counts actions.
void BM_WarpRandomPlayout(benchmark::State& state) {
  auto cfg = encodeConfig(officialPreset());
  auto bot = makeBot("random");
  uint64_t seed = 1;
  int64_t actions = 0;
  for (auto _ : state) {
    WarpGame g;
    if (!g.setup(cfg, seedOf(seed), 4).ok()) state.SkipWithError("setup failed");
    auto rng = det::Rng::fromU64(seed++);
    while (!g.over()) {
      Seat s = g.awaiting().front();
      auto legal = g.legalOrders(s);
      auto pick = bot->choose(Observation{}, legal, rng);
      if (!g.act(s, pick.front()).ok()) state.SkipWithError("rejected");
      ++actions;
    }
    benchmark::DoNotOptimize(g.round());
  }
  state.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  state.counters["actions/sector"] =
      benchmark::Counter(static_cast<double>(actions) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_WarpRandomPlayout)->Unit(benchmark::kMillisecond);

// Canonical write + hash after each action of one sector (the per-Seal cost).
void BM_WarpWriteHashPerAction(benchmark::State& state) {
  auto cfg = encodeConfig(officialPreset());
  auto bot = makeBot("random");
  std::vector<WarpGame> snapshots;
  {
    WarpGame g;
    (void)g.setup(cfg, seedOf(7), 4);
    auto rng = det::Rng::fromU64(7);
    while (!g.over()) {
      Seat s = g.awaiting().front();
      auto legal = g.legalOrders(s);
      (void)g.act(s, bot->choose(Observation{}, legal, rng).front());
      if (snapshots.size() < 4000) snapshots.push_back(g);
    }
  }
  size_t i = 0;
  int64_t bytes = 0;
  det::Writer w;
  for (auto _ : state) {
    w.clear();
    snapshots[i++ % snapshots.size()].write(w);
    auto h = w.digest();
    benchmark::DoNotOptimize(h);
    bytes += static_cast<int64_t>(w.size());
  }
  state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_WarpWriteHashPerAction);

}  // namespace

BENCHMARK_MAIN();
