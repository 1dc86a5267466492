// Warp benchmarks: random-legal playouts (Warp 12, 4 captains, Official preset) in actions/second, and the
// canonical write + XXH3-128 state hash per action (what every Seal costs). Numbers: docs/performance.md.
#include <benchmark/benchmark.h>

#include <algorithm>

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

// A ring of `count` states sampled from many seeded sectors (Official preset, Warp 12, 4 captains; a pool of
// every 4th action's state, at least 4096 of them from ~10 sectors, shuffled with a seeded RNG, first `count` kept): successive
// iterations hash different states, as successive Seals of a table do, so neither the caches nor the branch
// predictor stay warm on one state (issue 9).
std::vector<WarpGame> stateRing(size_t count) {
  auto cfg = encodeConfig(officialPreset());
  auto bot = makeBot("random");
  const size_t pool = std::max<size_t>(count, 4096);
  std::vector<WarpGame> ring;
  ring.reserve(pool);
  uint64_t actions = 0;
  for (uint64_t seed = 100; ring.size() < pool; ++seed) {
    WarpGame g;
    (void)g.setup(cfg, seedOf(seed), 4);
    auto rng = det::Rng::fromU64(seed);
    while (!g.over() && ring.size() < pool) {
      Seat s = g.awaiting().front();
      auto legal = g.legalOrders(s);
      (void)g.act(s, bot->choose(Observation{}, legal, rng).front());
      if (++actions % 4 == 0) ring.push_back(g);
    }
  }
  auto shuffle = det::Rng::fromU64(9);
  for (size_t i = ring.size(); i > 1; --i) std::swap(ring[i - 1], ring[shuffle.below(i)]);
  ring.resize(count);
  return ring;
}

void writeHashLoop(benchmark::State& state, const std::vector<WarpGame>& ring) {
  size_t i = 0;
  int64_t bytes = 0;
  det::Writer w;
  for (auto _ : state) {
    w.clear();
    ring[i++ % ring.size()].write(w);
    auto h = w.digest();
    benchmark::DoNotOptimize(h);
    bytes += static_cast<int64_t>(w.size());
  }
  state.SetBytesProcessed(bytes);
  state.counters["state_bytes"] = benchmark::Counter(static_cast<double>(bytes) / static_cast<double>(state.iterations()));
}

// Canonical write + XXH3-128 of the whole state per action (the per-Seal cost), over a ring of
// range(0) varied states (4096: ~10 sectors' worth, megabytes of heap, beyond the caches; 64: fits in L2).
void BM_WarpWriteHashPerAction(benchmark::State& state) {
  auto ring = stateRing(static_cast<size_t>(state.range(0)));
  writeHashLoop(state, ring);
}
BENCHMARK(BM_WarpWriteHashPerAction)->Arg(64)->Arg(1024)->Arg(4096);

// The old measurement, for comparison only: one state re-hashed, warm in every cache.
void BM_WarpWriteHashOneWarmState(benchmark::State& state) {
  auto one = stateRing(1);
  writeHashLoop(state, one);
}
BENCHMARK(BM_WarpWriteHashOneWarmState);

// The live Seal path: each state is hashed right after the action that made it (varied states, as a peer
// sees them). range(0) = 0 plays the same sectors without hashing, so the difference of the two per-action
// times is what write + hash adds per action.
void BM_WarpPlayoutSealPerAction(benchmark::State& state) {
  auto cfg = encodeConfig(officialPreset());
  auto bot = makeBot("random");
  const bool hash = state.range(0) != 0;
  uint64_t seed = 1;
  int64_t actions = 0;
  det::Writer w;
  for (auto _ : state) {
    WarpGame g;
    if (!g.setup(cfg, seedOf(seed), 4).ok()) state.SkipWithError("setup failed");
    auto rng = det::Rng::fromU64(seed++);
    while (!g.over()) {
      Seat s = g.awaiting().front();
      auto legal = g.legalOrders(s);
      if (!g.act(s, bot->choose(Observation{}, legal, rng).front()).ok()) state.SkipWithError("rejected");
      ++actions;
      if (hash) {
        w.clear();
        g.write(w);
        benchmark::DoNotOptimize(w.digest());
      }
    }
  }
  state.counters["ns/action"] =
      benchmark::Counter(static_cast<double>(actions) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_WarpPlayoutSealPerAction)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
