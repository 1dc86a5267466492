// Issue 30 ("The record at speed"): each module's canonical write + XXH3-128 of a late-game state, next to raw
// XXH3-128 over the same bytes (goal: the write + hash at least half of raw XXH3's speed). Each state is made by
// playing a seeded game with the module's default bots at its largest table until shortly before it ends (or until
// the turn given), so its sizes and values are a real game's. Numbers: docs/performance.md "Canonical write + hash
// per module (issue 30)".
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "core/det/writer.h"
#include "core/game/registry.h"

namespace {

using namespace concord;

struct Table {
  const char* label;  // the benchmark's argument name
  const char* module;
  ConfigOptions options;
  Seat seats;
  uint32_t stopAt;  // the turn to stop at when the game lasts longer
};

// Each module's largest table (issue 30): shed 32 seats; Every Last City 8 players on its biggest map (64x64, 256
// cities, docs/elc-world.md); W.E.B. 16 empires (kMaxEmpires) on 62 systems each (992 of kMaxSystems = 1000).
const Table kTables[] = {
    {"shed32", "shed", {{"deck", "7"}, {"hands", "4"}}, 32, 100000},
    {"elc8_64x64", "elc", {{"width", "64"}, {"height", "64"}, {"cities", "256"}}, 8, 100000},
    {"web16_992", "web", {{"systems-per-empire", "62"}, {"turns", "40"}}, 16, 100000},
};

det::Seed seedOf(uint64_t v) {
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  return s;
}

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "module_write_bench: %s\n", what.c_str());
  std::exit(1);
}

struct Played {
  std::unique_ptr<Game> game;
  uint32_t turns = 0;
};

// Plays the table's game with the module's first bot kind at every seat and keeps the last state before it ended.
Played play(const Table& t) {
  auto m = findModule(t.module);
  if (!m) fail(m.message());
  auto cfg = (*m)->parseConfig(t.options);
  if (!cfg) fail(cfg.message());
  const det::Seed seed = seedOf(30);
  auto g = (*m)->create();
  if (auto r = g->setup(*cfg, seed, t.seats); !r) fail(r.message());
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < t.seats; ++s) bots.push_back((*m)->makeBot((*m)->botKinds.front(), s));
  Played last{g->clone(), 0};
  for (uint32_t turn = 0; turn < t.stopAt && !g->outcome(); ++turn) {
    last = Played{g->clone(), turn};
    std::vector<std::vector<Order>> orders(t.seats);
    for (Seat s : g->awaiting()) {
      auto rng = botStream(seed, s, turn);
      orders[s] = bots[s]->choose(g->observeForOfficer(s), g->legalOrders(s), rng);
    }
    std::vector<SeatOrders> bySeat;
    for (Seat s = 0; s < t.seats; ++s) bySeat.push_back(SeatOrders{s, orders[s]});
    g->apply(TurnInput{turn, bySeat});
    g->seal(turn);
  }
  if (!g->outcome()) last = Played{std::move(g), t.stopAt};
  return last;
}

const Played& played(size_t table) {
  static std::vector<std::unique_ptr<Played>> cache(std::size(kTables));
  if (!cache[table]) cache[table] = std::make_unique<Played>(play(kTables[table]));
  return *cache[table];
}

void counters(benchmark::State& state, const Played& p, size_t bytes) {
  state.counters["state_bytes"] = static_cast<double>(bytes);
  state.counters["turn"] = static_cast<double>(p.turns);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes));
}

// The Seal's work: the whole state written canonically (as the module writes it every turn) and hashed; without the
// hash, what the write alone costs.
template <bool kHash>
void writeState(benchmark::State& state, size_t table) {
  const Played& p = played(table);
  det::Writer w;
  for (auto _ : state) {
    w.clear();
    p.game->write(w);
    if constexpr (kHash) {
      benchmark::DoNotOptimize(det::hash128(w.data()));
    } else {
      benchmark::DoNotOptimize(w.data().data());
      benchmark::ClobberMemory();
    }
  }
  counters(state, p, w.size());
}

void rawXxh3(benchmark::State& state, size_t table) {
  const Played& p = played(table);
  det::Writer w;
  p.game->write(w);
  const std::vector<uint8_t> bytes(w.data().begin(), w.data().end());
  for (auto _ : state) benchmark::DoNotOptimize(det::hash128(bytes));
  counters(state, p, bytes.size());
}

// Bytes and fields per field path, indices folded ("ship[*].dest"): where a state's bytes and fields are.
void printBreakdown() {
  for (size_t i = 0; i < std::size(kTables); ++i) {
    det::Writer traced(true);
    played(i).game->write(traced);
    std::map<std::string, std::pair<size_t, size_t>> byPath;
    for (const auto& e : traced.trace()) {
      std::string folded;
      bool inIndex = false;
      for (char c : e.path) {
        if (c == '[') folded += "[*", inIndex = true;
        if (c == ']') inIndex = false;
        if (!inIndex) folded += c;
      }
      byPath[folded].first += e.end - e.begin;
      byPath[folded].second += 1;
    }
    std::printf("%s: %zu bytes, %zu fields\n", kTables[i].label, traced.size(), traced.trace().size());
    for (const auto& [path, n] : byPath)
      if (n.first * 100 >= traced.size()) std::printf("  %8zu B %7zu fields  %s\n", n.first, n.second, path.c_str());
  }
}

const bool kRegistered = [] {
  // CONCORD_BENCH_BREAKDOWN=1 prints where each state's bytes are (paths holding 1% or more) instead of timing.
  if (std::getenv("CONCORD_BENCH_BREAKDOWN")) printBreakdown(), std::exit(0);
  // CONCORD_BENCH_ITERATIONS=N runs each benchmark exactly N times (for callgrind: instructions per write).
  const char* fixed = std::getenv("CONCORD_BENCH_ITERATIONS");
  for (size_t i = 0; i < std::size(kTables); ++i) {
    const std::string label = kTables[i].label;
    for (auto* b : {benchmark::RegisterBenchmark(("BM_ModuleWriteHash/" + label).c_str(), writeState<true>, i),
                    benchmark::RegisterBenchmark(("BM_ModuleRawXxh3/" + label).c_str(), rawXxh3, i),
                    benchmark::RegisterBenchmark(("BM_ModuleWriteOnly/" + label).c_str(), writeState<false>, i)})
      if (fixed) b->Iterations(std::atoll(fixed));
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
