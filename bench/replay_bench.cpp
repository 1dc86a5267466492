// Replay benchmarks (docs/performance.md): seek time in a 10,000-turn game forwards and backwards,
// `replay verify` speed in turns per second, and replay size in bytes per seat-turn.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "replay/reader.h"
#include "table/record_bots.h"
#include "replay/verify.h"

using namespace concord;
using namespace concord::replay;

namespace {

std::string recordGame(Seat seats, uint32_t turns, WriterOptions w, const std::string& name) {
  auto path = (std::filesystem::temp_directory_path() / name).string();
  auto session = table::makeBotSession("shed", {{"hands", "10000"}, {"maxTurns", std::to_string(turns)}}, seats, name).value();
  table::RecordOptions opt;
  opt.writer = w;
  opt.maxTurns = turns;
  auto sum = table::recordBotGame(path, session, table::botSessionKeys(name, seats), opt);
  if (!sum.ok() || sum->turns != turns) std::abort();
  return path;
}

const ReplayReader& game10k() {
  static const ReplayReader r = ReplayReader::open(recordGame(4, 10000, {64, 256}, "bench10k.ccr")).value();
  return r;
}

void BM_SeekForward(benchmark::State& state) {
  const auto& r = game10k();
  uint32_t pos = 0;
  for (auto _ : state) {
    auto e = r.seek(pos);
    if (!e.ok()) state.SkipWithError(e.message().c_str());
    benchmark::DoNotOptimize(e);
    pos = (pos + 1237) % (r.turnCount() + 1);  // jumps landing anywhere relative to snapshots
  }
}
BENCHMARK(BM_SeekForward)->Unit(benchmark::kMillisecond);

// Stepping backward one turn at a time from the end: the worst case is just past a snapshot's
// predecessor (255 turns to re-simulate).
void BM_StepBackward(benchmark::State& state) {
  const auto& r = game10k();
  uint32_t pos = r.turnCount();
  for (auto _ : state) {
    pos = pos == 0 ? r.turnCount() : pos - 1;
    auto e = r.seek(pos);
    if (!e.ok()) state.SkipWithError(e.message().c_str());
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_StepBackward)->Unit(benchmark::kMillisecond);

void BM_SeekWorstCase(benchmark::State& state) {
  const auto& r = game10k();
  for (auto _ : state) {
    auto e = r.seek(9983);  // snapshot at 9728, then 255 turns to re-simulate: the most a seek does
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_SeekWorstCase)->Unit(benchmark::kMillisecond);

// `replay verify` of one file, repeated: turns per second.
void verifyRepeatedly(benchmark::State& state, const ReplayReader& r) {
  for (auto _ : state) {
    auto rep = verifyReplay(r);
    if (!rep.ok() || !rep->ok) state.SkipWithError("verify failed");
    benchmark::DoNotOptimize(rep);
  }
  state.counters["turns"] = static_cast<double>(r.turnCount());
  state.counters["turns_per_s"] =
      benchmark::Counter(static_cast<double>(r.turnCount()) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_Verify(benchmark::State& state) { verifyRepeatedly(state, game10k()); }
BENCHMARK(BM_Verify)->Unit(benchmark::kMillisecond);

// Issue 30: a long Warp game of one person (seat 0, unmarked) and three Lieutenant officers, whose orders verify
// re-derives on every turn an AI seat has a decision to make.
const ReplayReader& warpSolo() {
  static const ReplayReader r = [] {
    const std::string name = "bench_warp_solo.ccr";
    auto path = (std::filesystem::temp_directory_path() / name).string();
    auto session = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "60"}}, 4,
                                         name, "lieutenant").value();
    session.seats[0].ai = false;
    session.rated = true;
    if (!table::recordBotGame(path, session, table::botSessionKeys(name, 4)).ok()) std::abort();
    return ReplayReader::open(path).value();
  }();
  return r;
}

void BM_VerifyWarpSolo(benchmark::State& state) { verifyRepeatedly(state, warpSolo()); }
BENCHMARK(BM_VerifyWarpSolo)->Unit(benchmark::kMillisecond);

// Args: seats, turns per block (= signature interval). 10,000 turns of shed.
void BM_BytesPerSeatTurn(benchmark::State& state) {
  auto seats = static_cast<Seat>(state.range(0));
  auto block = static_cast<uint32_t>(state.range(1));
  std::string path;
  for (auto _ : state) path = recordGame(seats, 10000, {block, 256}, "bench_size.ccr");
  auto r = ReplayReader::open(path).value();
  double seatTurns = 10000.0 * seats;
  double headerBytes = static_cast<double>(r.frames().front().offset);
  double snapBytes = 0;
  for (const auto& f : r.frames())
    if (f.kind == FrameKind::Snapshot) snapBytes += static_cast<double>(f.size);
  state.counters["bytes_per_seat_turn"] = static_cast<double>(r.fileSize()) / seatTurns;
  state.counters["excl_snapshots"] = (static_cast<double>(r.fileSize()) - snapBytes) / seatTurns;
  state.counters["header_bytes"] = headerBytes;
  state.counters["file_bytes"] = static_cast<double>(r.fileSize());
}
BENCHMARK(BM_BytesPerSeatTurn)
    ->Args({2, 64})->Args({4, 64})->Args({8, 64})->Args({4, 256})->Args({4, 16})
    ->Iterations(1)->Unit(benchmark::kMillisecond);

// Issue 30, the record at speed: a Warp campaign of AI captains (Commander), recorded as a table records it.
std::string recordWarp(Seat seats, const std::string& set, const std::string& name, WriterOptions w = {}) {
  auto path = (std::filesystem::temp_directory_path() / name).string();
  auto session = table::makeBotSession("warp", {{"set", set}}, seats, name, "commander").value();
  table::RecordOptions opt;
  opt.writer = w;
  auto sum = table::recordBotGame(path, session, table::botSessionKeys(name, seats), opt);
  if (!sum.ok()) std::abort();
  return path;
}

// `replay verify` of a long Warp game: a Warp 18 campaign, two Commander seats (every decision an officer's).
void BM_VerifyWarp(benchmark::State& state) {
  static const ReplayReader r = ReplayReader::open(recordWarp(2, "18", "bench_warp18.cwr")).value();
  verifyRepeatedly(state, r);
}
BENCHMARK(BM_VerifyWarp)->Unit(benchmark::kMillisecond);

// Whole-file bytes per seat-turn of a Warp 12 campaign (Args: seats), with the writer's defaults.
void BM_BytesPerSeatTurnWarp(benchmark::State& state) {
  auto seats = static_cast<Seat>(state.range(0));
  std::string path;
  WriterOptions w;
  if (state.range(1)) w.blockTurns = static_cast<uint32_t>(state.range(1));
  if (state.range(2)) w.snapshotEvery = static_cast<uint32_t>(state.range(2));
  for (auto _ : state) path = recordWarp(seats, "12", "bench_warp_size.cwr", w);
  auto r = ReplayReader::open(path).value();
  const double seatTurns = static_cast<double>(r.turnCount()) * seats;
  double snapBytes = 0;
  for (const auto& f : r.frames())
    if (f.kind == FrameKind::Snapshot) snapBytes += static_cast<double>(f.size);
  state.counters["turns"] = r.turnCount();
  state.counters["bytes_per_seat_turn"] = static_cast<double>(r.fileSize()) / seatTurns;
  state.counters["excl_snapshots"] = (static_cast<double>(r.fileSize()) - snapBytes) / seatTurns;
  state.counters["file_bytes"] = static_cast<double>(r.fileSize());
}
// Args: seats, turns per block, snapshot interval (0: the writer's defaults).
BENCHMARK(BM_BytesPerSeatTurnWarp)
    ->Args({2, 0, 0})->Args({4, 0, 0})->Args({2, 64, 256})->Args({4, 64, 256})->Args({2, 128, 256})
    ->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
