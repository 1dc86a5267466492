// Issue 26: what the masked deck costs (core/deck/masked_deck.h; libsodium ristretto255, no multi-scalar mult).
// A Warp 12 deck is 90 positions, a Warp 18 deck 189. The shuffle is sequential: holder j re-masks what holder j−1
// published, so the table waits for every holder's remask in turn (BM_ShuffleSequential); each peer's own CPU is
// checking every holder's key proof and one remask (BM_ShufflePerPeer). A draw at 8 seats needs 7 shares, one
// from each seat but the captain's; every peer checks the shares it did not make.
#include <benchmark/benchmark.h>

#include <array>
#include <numeric>
#include <vector>

#include "core/deck/masked_deck.h"

namespace {

using namespace concord;
using namespace concord::deck;

constexpr uint32_t kEpoch = 1;

struct Table {
  std::vector<std::array<uint8_t, 32>> keys;
  std::vector<Scalar> x;
  std::vector<KeyProof> proofs;
  std::vector<Point> X;
  Point H{};
  std::vector<Cipher> open;

  Table(int holders, int positions) {
    for (int j = 0; j < holders; ++j) {
      std::array<uint8_t, 32> k{};
      k.fill(static_cast<uint8_t>(j + 1));
      keys.push_back(k);
      x.push_back(deriveScalar(k, "key", kEpoch, static_cast<uint32_t>(j)));
      proofs.push_back(proveKey(x.back(), context(j, 0, Purpose::Key)));
      X.push_back(proofs.back().X);
    }
    H = jointKey(X);
    std::vector<uint16_t> tiles(static_cast<size_t>(positions));
    std::iota(tiles.begin(), tiles.end(), uint16_t{0});
    open = openDeck(tiles, H);
  }
  static Context context(int holder, int position, Purpose p) {
    Context c;
    c.gameId.fill(9);
    c.epoch = kEpoch;
    c.holder = static_cast<uint16_t>(holder);
    c.position = static_cast<uint16_t>(position);
    c.purpose = static_cast<uint8_t>(p);
    return c;
  }
  std::vector<Cipher> shuffled() const {
    auto d = open;
    for (const auto& k : keys) d = remask(d, H, k, kEpoch);
    return d;
  }
};

void BM_Remask(benchmark::State& state) {
  const Table t(2, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(remask(t.open, t.H, t.keys[0], kEpoch));
  state.counters["positions"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_Remask)->Arg(90)->Arg(189)->Unit(benchmark::kMillisecond);

// Every holder's remask in turn: what the table waits for (network hops not counted).
void BM_ShuffleSequential(benchmark::State& state) {
  const Table t(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(t.shuffled());
}
BENCHMARK(BM_ShuffleSequential)->ArgsProduct({{4, 8}, {90, 189}})->ArgNames({"holders", "positions"})
    ->Unit(benchmark::kMillisecond);

// One peer's CPU for the shuffle: every other holder's key proof checked, its own remask.
void BM_ShufflePerPeer(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Table t(n, static_cast<int>(state.range(1)));
  for (auto _ : state) {
    for (int j = 1; j < n; ++j)
      if (!verifyKey(t.proofs[static_cast<size_t>(j)], Table::context(j, 0, Purpose::Key)).ok()) state.SkipWithError("key refused");
    benchmark::DoNotOptimize(remask(t.open, t.H, t.keys[0], kEpoch));
  }
}
BENCHMARK(BM_ShufflePerPeer)->ArgsProduct({{4, 8}, {90, 189}})->ArgNames({"holders", "positions"})
    ->Unit(benchmark::kMillisecond);

void BM_ProveKey(benchmark::State& state) {
  const Table t(1, 1);
  for (auto _ : state) benchmark::DoNotOptimize(proveKey(t.x[0], Table::context(0, 0, Purpose::Key)));
}
BENCHMARK(BM_ProveKey)->Unit(benchmark::kMicrosecond);

void BM_VerifyKeys(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Table t(n, 1);
  for (auto _ : state)
    for (int j = 0; j < n; ++j)
      if (!verifyKey(t.proofs[static_cast<size_t>(j)], Table::context(j, 0, Purpose::Key)).ok()) state.SkipWithError("key refused");
}
BENCHMARK(BM_VerifyKeys)->Arg(8)->ArgName("holders")->Unit(benchmark::kMicrosecond);

void BM_MakeShare(benchmark::State& state) {
  const Table t(2, 189);
  const auto deck = t.shuffled();
  const auto ctx = Table::context(1, 40, Purpose::Share);
  for (auto _ : state) benchmark::DoNotOptimize(makeShare(t.x[1], deck[40], ctx));
  det::Writer w;
  writeShare(w, makeShare(t.x[1], deck[40], ctx));
  state.counters["share_bytes"] = static_cast<double>(w.size());
}
BENCHMARK(BM_MakeShare)->Unit(benchmark::kMicrosecond);

void BM_VerifyShare(benchmark::State& state) {
  const Table t(2, 189);
  const auto deck = t.shuffled();
  const auto ctx = Table::context(1, 40, Purpose::Share);
  const Share sh = makeShare(t.x[1], deck[40], ctx);
  for (auto _ : state)
    if (!verifyShare(sh, t.X[1], deck[40], ctx).ok()) state.SkipWithError("share refused");
}
BENCHMARK(BM_VerifyShare)->Unit(benchmark::kMicrosecond);

// A draw at 8 seats: the captain (seat 0) checks the 7 others' shares, adds its own and looks the tile up.
struct Draw {
  Table t{8, 189};
  std::vector<Cipher> deck = t.shuffled();
  TileTable tiles{189};
  static constexpr int kPos = 40;
  std::vector<Share> shares;  // seats 1..7
  Draw() {
    for (int j = 1; j < 8; ++j)
      shares.push_back(makeShare(t.x[static_cast<size_t>(j)], deck[kPos], Table::context(j, kPos, Purpose::Share)));
  }
  bool check(int j) const {
    return verifyShare(shares[static_cast<size_t>(j - 1)], t.X[static_cast<size_t>(j)], deck[kPos],
                       Table::context(j, kPos, Purpose::Share)).ok();
  }
};

void BM_DrawAt8Seats_Captain(benchmark::State& state) {
  const Draw d;
  for (auto _ : state) {
    std::vector<Point> ds;
    for (int j = 1; j < 8; ++j) {
      if (!d.check(j)) state.SkipWithError("share refused");
      ds.push_back(d.shares[static_cast<size_t>(j - 1)].d);
    }
    ds.push_back(ownShare(d.t.x[0], d.deck[Draw::kPos]));
    if (!d.tiles.tileOf(unmask(d.deck[Draw::kPos], ds))) state.SkipWithError("no tile");
  }
  state.counters["bytes_per_draw"] = 7 * 98;
}
BENCHMARK(BM_DrawAt8Seats_Captain)->Unit(benchmark::kMicrosecond);

// Any other seat: makes its share and checks the 6 shares of the seats that are neither it nor the captain.
void BM_DrawAt8Seats_OtherPeer(benchmark::State& state) {
  const Draw d;
  for (auto _ : state) {
    benchmark::DoNotOptimize(makeShare(d.t.x[1], d.deck[Draw::kPos], Table::context(1, Draw::kPos, Purpose::Share)));
    for (int j = 2; j < 8; ++j)
      if (!d.check(j)) state.SkipWithError("share refused");
  }
}
BENCHMARK(BM_DrawAt8Seats_OtherPeer)->Unit(benchmark::kMicrosecond);

// The whole table's CPU for one draw: 7 shares made, each checked by the 7 seats that did not make it (49 checks).
void BM_DrawAt8Seats_TableTotal(benchmark::State& state) {
  const Draw d;
  for (auto _ : state) {
    for (int j = 1; j < 8; ++j)
      benchmark::DoNotOptimize(makeShare(d.t.x[static_cast<size_t>(j)], d.deck[Draw::kPos], Table::context(j, Draw::kPos, Purpose::Share)));
    for (int checker = 0; checker < 7; ++checker)
      for (int j = 1; j < 8; ++j)
        if (!d.check(j)) state.SkipWithError("share refused");
  }
}
BENCHMARK(BM_DrawAt8Seats_TableTotal)->Unit(benchmark::kMillisecond);

}  // namespace
BENCHMARK_MAIN();
