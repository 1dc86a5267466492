// Lockstep pipeline cost: a whole 8-seat table (8 Peers over a zero-fault SimNetwork, signed bundles,
// verification, apply, Seal) per turn, with Ed25519 sign and verify measured on their own.
// The game is shed with a 1-card order per turn: rule work is negligible next to the pipeline.
#include <benchmark/benchmark.h>

#include "lockstep/selfplay.h"

using namespace concord;
using namespace concord::lockstep;

static void BM_Sign(benchmark::State& state) {
  auto key = KeyPair::fromLabel("bench");
  std::vector<uint8_t> msg(120, 7);
  for (auto _ : state) benchmark::DoNotOptimize(sign(key, msg));
}
BENCHMARK(BM_Sign)->Unit(benchmark::kMicrosecond);

static void BM_Verify(benchmark::State& state) {
  auto key = KeyPair::fromLabel("bench");
  std::vector<uint8_t> msg(120, 7);
  auto sig = sign(key, msg);
  for (auto _ : state) benchmark::DoNotOptimize(verify(key.publicKey, msg, sig));
}
BENCHMARK(BM_Verify)->Unit(benchmark::kMicrosecond);

// Time per turn for the whole table (all 8 peers' work summed: one process simulates them all).
static void BM_PipelineTurn8Seats(benchmark::State& state) {
  SelfPlayParams p;
  p.seats = 8;
  p.options = {{"hands", "3"}};
  p.net.delayMs = 1;
  p.stepMs = 1;
  uint64_t turns = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    p.seed = seed++;
    auto r = runSelfPlay(p);
    if (!r || !r->agreed) state.SkipWithError("self-play failed");
    else turns += r->stats.turns;
  }
  state.SetItemsProcessed(static_cast<int64_t>(turns));
  state.counters["us_per_turn"] = benchmark::Counter(static_cast<double>(turns),
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_PipelineTurn8Seats)->Unit(benchmark::kMillisecond);

// Issue 9 part 7: the real peer/ledger path at 2..32 seats (one process simulates every peer, so the CPU
// time is the whole table's). Shed capped at 40 turns (deck 7 so 32 seats fit a 255-card deck). Counters:
// table_us_per_turn (whole-table CPU per turn) and peer_us_per_turn (that over the seats).
static void tableTurns(benchmark::State& state, const std::string& maxTurns) {
  SelfPlayParams p;
  p.seats = static_cast<Seat>(state.range(0));
  p.vouchLinks = state.range(1) != 0;  // link-vouched bundles, rotating auditors (docs/lockstep.md "32 seats")
  p.options = {{"deck", "7"}, {"hand", "5"}, {"maxTurns", maxTurns}};
  p.net.delayMs = 1;
  p.stepMs = 1;
  uint64_t turns = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    p.seed = seed++;
    auto r = runSelfPlay(p);
    if (!r || !r->agreed) state.SkipWithError("self-play failed");
    else turns += r->stats.turns;
  }
  double t = static_cast<double>(turns);
  state.counters["turns"] = benchmark::Counter(t, benchmark::Counter::kAvgIterations);
  state.counters["table_us_per_turn"] =
      benchmark::Counter(t * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["peer_us_per_turn"] =
      benchmark::Counter(t * 1e-6 * static_cast<double>(p.seats), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
static void BM_TableTurn(benchmark::State& state) { tableTurns(state, "40"); }
BENCHMARK(BM_TableTurn)->ArgsProduct({{2, 4, 8, 16, 32}, {0, 1}})->Unit(benchmark::kMillisecond);

// The same table in a game of up to 400 turns, vouched links only: the final turn's proof (every vouched bundle of
// the last turn checked by everyone, N(N - 1) verifications once a game) weighs 10x less per turn, nearer a real
// game (a 4-captain Warp campaign runs ~1,550 turns).
static void BM_TableTurnLongGame(benchmark::State& state) { tableTurns(state, "400"); }
BENCHMARK(BM_TableTurnLongGame)->ArgsProduct({{2, 4, 8, 16, 32}, {1}})->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
