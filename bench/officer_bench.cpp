// RULES §VII officers: one decision (Observation decode + stack, per profile), a Lookahead decision at the
// default budget, and whole two-captain campaigns per second. Numbers: docs/performance.md "Warp AI officers".
#include <benchmark/benchmark.h>

#include "core/warp/ai/campaign.h"
#include "core/warp/ai/officer.h"
#include "core/warp/module.h"

namespace {

using namespace concord;
using namespace concord::warp;

det::Seed seedOf(uint64_t v) {
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  return s;
}

struct Spot {
  Observation obs;
  std::vector<Order> legal;
};

// Decision points of real campaigns (Official preset, 2 and 4 captains) where there is a choice to make.
const std::vector<Spot>& spots() {
  static const std::vector<Spot> all = [] {
    std::vector<Spot> v;
    auto mover = makeBot("lieutenant");
    for (Seat seats : {Seat{2}, Seat{4}}) {
      WarpGame g;
      (void)g.setup(encodeConfig(officialPreset()), seedOf(seats), seats);
      auto rng = det::Rng::fromU64(seats);
      while (!g.over() && v.size() < 400u * seats) {
        Seat s = g.awaiting().front();
        auto legal = g.legalOrders(s);
        auto obs = g.observe(s);
        if (legal.size() > 1) v.push_back(Spot{obs, legal});
        (void)g.act(s, mover->choose(obs, legal, rng).front());
      }
    }
    return v;
  }();
  return all;
}

void decide(benchmark::State& state, const char* kind) {
  auto bot = makeBot(kind);
  const auto& v = spots();
  size_t i = 0;
  auto rng = det::Rng::fromU64(1);
  for (auto _ : state) {
    const auto& s = v[i++ % v.size()];
    benchmark::DoNotOptimize(bot->choose(s.obs, s.legal, rng));
  }
  state.counters["spots"] = static_cast<double>(v.size());
}
void BM_OfficerDecisionEnsign(benchmark::State& st) { decide(st, "ensign"); }
void BM_OfficerDecisionLieutenant(benchmark::State& st) { decide(st, "lieutenant"); }
void BM_OfficerDecisionCommander(benchmark::State& st) { decide(st, "commander"); }
void BM_OfficerDecisionLookahead(benchmark::State& st) { decide(st, "commander+lookahead"); }
BENCHMARK(BM_OfficerDecisionEnsign)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OfficerDecisionLieutenant)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OfficerDecisionCommander)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OfficerDecisionLookahead)->Unit(benchmark::kMillisecond);

// Whole two-captain Points campaigns, as concord calibrate plays them (observe() for every asked seat
// included): campaigns per second on one core.
void campaigns(benchmark::State& state, std::vector<std::string> kinds) {
  uint64_t seed = 1;
  for (auto _ : state) {
    auto r = ai::playCampaign(officialPreset(), kinds, seedOf(seed++));
    if (!r) state.SkipWithError("campaign failed");
  }
  state.counters["campaigns/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
void BM_CampaignCommanderVsEnsign(benchmark::State& st) { campaigns(st, {"commander", "ensign"}); }
void BM_CampaignLookaheadVsCommander(benchmark::State& st) { campaigns(st, {"commander+lookahead", "commander"}); }
BENCHMARK(BM_CampaignCommanderVsEnsign)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CampaignLookaheadVsCommander)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
