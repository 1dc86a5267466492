// Rejoin backfill benchmark (docs/performance.md): HistoryBackfill taking a whole history before a snapshot,
// every bundle offered twice in shuffled order (as relays and rotating answers deliver them), anchored from the
// live record, with the backwards walk choosing each slot: the cost per offered bundle at 4 and 32 seats.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "core/det/rng.h"
#include "lockstep/local_signing.h"
#include "lockstep/peer.h"
#include "replay/backfill.h"
#include "table/record_bots.h"

using namespace concord;

namespace {

struct Game {
  lockstep::SessionConfig session;
  std::vector<lockstep::TurnRecord> records;
};

// A shed bot game of `turns` turns, every bundle signed as the live table signs it.
const Game& game(Seat seats, uint32_t turns) {
  static std::map<std::pair<Seat, uint32_t>, std::unique_ptr<Game>> games;
  auto& g = games[{seats, turns}];
  if (g) return *g;
  g = std::make_unique<Game>();
  const std::string label = "backfill-bench-" + std::to_string(seats);
  ConfigOptions config = {{"hands", "10000"}, {"maxTurns", std::to_string(turns)}};
  if (seats > 8) config.emplace_back("deck", "7");  // 32 seats fit a 255-card deck (lockstep_bench)
  auto session = table::makeBotSession("shed", config, seats, label);
  if (!session.ok()) std::abort();
  g->session = std::move(*session);
  const auto keys = table::botSessionKeys(label, seats);
  auto ledger = lockstep::TurnLedger::create(g->session).value();
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < seats; ++s) bots.push_back(lockstep::makeSeatBot(g->session, s));
  while (!ledger->over() && ledger->turn() < turns) {
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s = 0; s < seats; ++s)
      if (bots[s]) orders[s] = lockstep::botOrdersFor(ledger->engine(), s, *bots[s]);
    auto rec = lockstep::applySignedLocally(*ledger, std::move(orders), keys);
    if (!rec.ok()) std::abort();
    rec->state.reset();
    g->records.push_back(std::move(*rec));
  }
  return *g;
}

void BM_BackfillOfferAndWalk(benchmark::State& state) {
  const auto seats = static_cast<Seat>(state.range(0));
  const auto& g = game(seats, static_cast<uint32_t>(state.range(1)));
  const auto k = static_cast<uint32_t>(g.records.size() - 1);
  std::vector<lockstep::Bundle> offers;
  for (uint32_t t = 0; t < k; ++t)
    for (const auto& b : g.records[t].bundles) offers.insert(offers.end(), {b, b});
  auto rng = det::Rng::fromU64(7);
  rng.shuffle(offers);
  std::vector<det::Hash128> heads;
  for (const auto& b : g.records[k].bundles) heads.push_back(b.chain);
  for (auto _ : state) {
    replay::HistoryBackfill bf(g.session, k);
    if (!bf.anchor(heads).ok()) std::abort();
    for (const auto& b : offers) bf.offer(b);
    if (!bf.complete()) state.SkipWithError("incomplete");
    benchmark::DoNotOptimize(bf.missing(64));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(offers.size()));
  state.counters["turns"] = k;
}
BENCHMARK(BM_BackfillOfferAndWalk)->Args({4, 2000})->Args({32, 500})->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
