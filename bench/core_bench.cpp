// Canonical write + XXH3-128 of a state, next to raw XXH3-128 over the same bytes
// (issue 2 goal: the canonical path at least half of raw XXH3's throughput).
#include <benchmark/benchmark.h>

#include <algorithm>

#include "core/det/hash.h"
#include "core/det/rng.h"
#include "core/det/writer.h"

namespace {

using namespace concord::det;

// A state shaped like a game's: many seats, small integer fields, byte lists.
struct FakeSeat {
  uint32_t score;
  uint16_t flags;
  uint8_t beacon;
  std::vector<uint8_t> hand;
};

std::vector<FakeSeat> makeState(size_t seats) {
  Rng r = Rng::fromU64(7);
  std::vector<FakeSeat> v(seats);
  for (auto& s : v) {
    s.score = static_cast<uint32_t>(r.below(1000));
    s.flags = static_cast<uint16_t>(r.below(65536));
    s.beacon = static_cast<uint8_t>(r.below(2));
    for (int i = 0; i < 24; ++i) s.hand.push_back(static_cast<uint8_t>(r.below(256)));
  }
  return v;
}

void writeState(Writer& w, const std::vector<FakeSeat>& st) {
  for (size_t i = 0; i < st.size(); ++i) {
    w.begin("seat", i);
    w.u32("score", st[i].score);
    w.u16("flags", st[i].flags);
    w.u8("beacon", st[i].beacon);
    w.bytes("hand", st[i].hand);
    w.end();
  }
}

// The same state written as hot state is: one Writer::Block, each seat's fixed fields in one pack (a bulk
// layout: one 8-byte store instead of three calls). Identical bytes and, traced, identical field paths.
void writeStateBlock(Writer& w, const std::vector<FakeSeat>& st) {
  w.block(st.size() * 48, [&](auto& b) {
    uint64_t i = 0;
    for (const FakeSeat& s : st) {
      b.begin("seat", i++);
      b.pack(U32{"score", s.score}, U16{"flags", s.flags}, U8{"beacon", s.beacon});
      b.bytes("hand", s.hand);
      b.end();
    }
  });
}

// Field by field through the Writer's own calls.
void BM_CanonicalWriteAndHash(benchmark::State& state) {
  auto st = makeState(static_cast<size_t>(state.range(0)));
  Writer w;
  size_t bytes = 0;
  for (auto _ : state) {
    w.clear();
    writeState(w, st);
    benchmark::DoNotOptimize(w.digest());
    bytes += w.size();
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.counters["state_bytes"] = static_cast<double>(w.size());
}
BENCHMARK(BM_CanonicalWriteAndHash)->Arg(4)->Arg(64)->Arg(1024);

void BM_CanonicalBlockWriteAndHash(benchmark::State& state) {
  auto st = makeState(static_cast<size_t>(state.range(0)));
  Writer w, check;
  writeState(check, st);
  writeStateBlock(w, st);
  if (!std::equal(w.data().begin(), w.data().end(), check.data().begin(), check.data().end()))
    state.SkipWithError("block bytes differ from field-by-field bytes");
  size_t bytes = 0;
  for (auto _ : state) {
    w.clear();
    writeStateBlock(w, st);
    benchmark::DoNotOptimize(w.digest());
    bytes += w.size();
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.counters["state_bytes"] = static_cast<double>(w.size());
}
BENCHMARK(BM_CanonicalBlockWriteAndHash)->Arg(4)->Arg(64)->Arg(1024);

// The Block write alone (no hash): write + hash minus this is what hashing the just-written bytes costs,
// to compare with BM_RawXxh3SameBytes (docs/performance.md: why the 128-byte state stays under 0.5).
void BM_CanonicalBlockWriteOnly(benchmark::State& state) {
  auto st = makeState(static_cast<size_t>(state.range(0)));
  Writer w;
  for (auto _ : state) {
    w.clear();
    writeStateBlock(w, st);
    benchmark::DoNotOptimize(w.data().data());
    benchmark::ClobberMemory();
  }
  state.counters["state_bytes"] = static_cast<double>(w.size());
}
BENCHMARK(BM_CanonicalBlockWriteOnly)->Arg(0)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(64)->Arg(1024);

void BM_RawXxh3SameBytes(benchmark::State& state) {
  auto st = makeState(static_cast<size_t>(state.range(0)));
  Writer w;
  writeState(w, st);
  auto data = w.data();
  for (auto _ : state) benchmark::DoNotOptimize(hash128(data));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(data.size()));
  state.counters["state_bytes"] = static_cast<double>(data.size());
}
BENCHMARK(BM_RawXxh3SameBytes)->Arg(4)->Arg(64)->Arg(1024);

void BM_RngNext(benchmark::State& state) {
  Rng r = Rng::fromU64(1);
  for (auto _ : state) benchmark::DoNotOptimize(r.next());
}
BENCHMARK(BM_RngNext);

}  // namespace

BENCHMARK_MAIN();
