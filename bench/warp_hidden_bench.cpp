// Issue 26: what hidden hands cost at a Warp table, measured on live play (HiddenTable + HolderAgent, every seat a
// person whose client runs a "greedy" officer, as tests/warp/hidden/hidden_play.h plays it). Numbers and the
// command: docs/performance.md "Hidden hands at the table (issue 26)".
//  (a) BM_ShuffleTurnAgent / BM_ShuffleTurnApply: one holder's shuffle turn, the shuffler's remask (its agent's deck
//      orders) and the table's apply of that turn (what every peer runs for every hop), Warp 12 and 18, 4 and 8 seats.
//  (b) BM_Campaign: a whole hidden campaign against an open WarpGame campaign with the same seed and officers:
//      turns by kind (game turns, deck turns and why the deck was busy), draws taken, extra turns per draw.
//  (c) from the same campaign: the encoded bytes of the shares orders each draw causes (summed over holders) and of
//      the proofs sent in front of each chart.
//  (d) BM_DrawShareTurnApply / BM_DrawShareMake / BM_DrawRead: one draw's share turn at 8 seats (the table's apply,
//      one holder making its share, the captain reading its coordinate).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "tests/warp/hidden/hidden_play.h"

namespace {

using namespace concord;
using namespace concord::warp;
using namespace concord::warp::hidden;
using concord::warp::hidden::testing::keyFor;
using concord::warp::hidden::testing::tableConfig;

det::Seed seedOf(uint64_t v) {
  det::Seed seed{};
  for (size_t i = 0; i < 8; ++i) seed.bytes[i] = static_cast<uint8_t>(v >> (8 * i));
  return seed;
}

size_t encodedSize(const Order& o) {
  det::Writer w;
  o.write(w);
  return w.size();
}

std::vector<Seat> people(int seats) {
  std::vector<Seat> k;
  for (int s = 0; s < seats; ++s) k.push_back(static_cast<Seat>(s));
  return k;
}

std::vector<SeatOrders> bySeat(const std::vector<std::vector<Order>>& orders) {
  std::vector<SeatOrders> in;
  for (Seat s = 0; s < orders.size(); ++s) in.push_back(SeatOrders{s, orders[s]});
  return in;
}

// ---- (a) one holder's shuffle turn -------------------------------------------------------------------------------

// The table after the keys turn: every key in, the deal's open deck waiting for holder 0's shuffle.
struct AtFirstHop {
  std::unique_ptr<HiddenTable> table;
  std::vector<HolderAgent> agents;
  std::vector<std::vector<Order>> hop;  // the turn holder 0's client sends (its shuffle slices)

  AtFirstHop(int seats, int maxPip) {
    const auto keepers = people(seats);
    table = std::make_unique<HiddenTable>(keepers);
    if (auto r = table->setup(encodeConfig(tableConfig(maxPip)), seedOf(7), static_cast<Seat>(seats)); !r)
      throw std::runtime_error(r.message());
    for (Seat h : table->holders()) agents.emplace_back(h, keyFor(h));
    std::vector<std::vector<Order>> keys(keepers.size());
    for (Seat s = 0; s < keepers.size(); ++s) keys[s] = agents[s].deckOrders(*table);
    (void)table->apply(TurnInput{0, bySeat(keys)});
    if (!table->owed(0).shuffle) throw std::runtime_error("holder 0 does not owe the first shuffle");
    hop.assign(keepers.size(), {});
    hop[0] = agents[0].deckOrders(*table);
  }
};

void BM_ShuffleTurnAgent(benchmark::State& state) {
  const AtFirstHop t(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(t.agents[0].deckOrders(*t.table));
  size_t bytes = 0;
  for (const auto& o : t.hop[0]) bytes += encodedSize(o);
  state.counters["positions"] = static_cast<double>(t.table->deck().size());
  state.counters["hop_bytes"] = static_cast<double>(bytes);
  state.counters["hop_orders"] = static_cast<double>(t.hop[0].size());
}

void BM_ShuffleTurnApply(benchmark::State& state) {
  const AtFirstHop t(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) {
    state.PauseTiming();
    HiddenTable copy = *t.table;
    state.ResumeTiming();
    auto rj = copy.apply(TurnInput{1, bySeat(t.hop)});
    if (!rj.empty() || copy.hops() != 1) state.SkipWithError("the shuffle turn was not taken");
    benchmark::DoNotOptimize(copy.hops());
  }
}
BENCHMARK(BM_ShuffleTurnAgent)->ArgsProduct({{4, 8}, {12, 18}})->ArgNames({"seats", "warp"})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ShuffleTurnApply)->ArgsProduct({{4, 8}, {12, 18}})->ArgNames({"seats", "warp"})->Unit(benchmark::kMillisecond);

// ---- (b), (c) whole campaigns ------------------------------------------------------------------------------------

struct HiddenRun {
  uint32_t turns = 0, gameTurns = 0;
  uint32_t keyTurns = 0, shuffleTurns = 0, dealShareTurns = 0, drawShareTurns = 0, pollTurns = 0, otherShareTurns = 0,
           secretTurns = 0;
  uint32_t draws = 0, charts = 0, provedCharts = 0, deals = 0;
  uint64_t drawShareBytes = 0, drawShares = 0, proofBytes = 0;
  bool over = false;
  // (d): the first draw's share turn, kept to replay.
  std::optional<HiddenTable> beforeDrawShares;
  std::vector<std::vector<Order>> drawShareOrders;
  Seat drawer = 0;
};

HiddenRun playHiddenCounted(int seats, int maxPip, uint64_t seedValue, uint32_t maxTurns = 40000) {
  HiddenRun run;
  const auto keepers = people(seats);
  const det::Seed seed = seedOf(seedValue);
  HiddenTable table(keepers);
  if (auto r = table.setup(encodeConfig(tableConfig(maxPip)), seed, static_cast<Seat>(seats)); !r)
    throw std::runtime_error(r.message());
  std::vector<HolderAgent> agents;
  for (Seat h : table.holders()) agents.emplace_back(h, keyFor(h));
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < seats; ++s) bots.push_back(makeBot("greedy"));
  bool drewLastTurn = false, shuffledLastTurn = false;
  std::optional<Seat> lastDrawer;
  for (uint32_t turn = 0; turn < maxTurns && !table.outcome(); ++turn) {
    // Why the table waits this turn (nothing: a game turn).
    bool key = false, shuffle = false, secret = false, claims = false, shares = false;
    for (Seat h : table.holders()) {
      const auto o = table.owed(h);
      key |= o.key;
      shuffle |= o.shuffle;
      secret |= o.secret;
      claims |= !o.claims.empty();
      shares |= !o.shares.empty();
    }
    const bool busy = table.busy();
    const bool drawShareTurn = busy && shares && drewLastTurn && !key && !shuffle && !claims && !secret;
    if (!busy) ++run.gameTurns;
    else if (key) ++run.keyTurns;
    else if (shuffle) ++run.shuffleTurns;
    else if (secret) ++run.secretTurns;
    else if (claims) ++run.pollTurns;
    else if (drawShareTurn) ++run.drawShareTurns;
    else if (shares && shuffledLastTurn) ++run.dealShareTurns;
    else ++run.otherShareTurns;

    std::vector<std::vector<Order>> orders(keepers.size());
    const auto awaited = table.awaiting();
    for (Seat s = 0; s < keepers.size(); ++s) {
      const auto& agent = agents[static_cast<size_t>(table.holderIndex(s))];
      orders[s] = agent.deckOrders(table);
      if (busy || std::find(awaited.begin(), awaited.end(), s) == awaited.end()) continue;
      WarpGame view = agent.viewFor(table, s);
      auto legal = view.legalOrders(s);
      if (legal.empty()) continue;
      det::Rng rng = botStream(seed, s, turn);
      auto chosen = bots[s]->choose(view.observeForOfficer(s), legal, rng);
      auto proved = agent.withProofs(table, s, chosen);
      orders[s].insert(orders[s].end(), proved.begin(), proved.end());
    }
    if (drawShareTurn) {
      uint64_t n = 0;
      for (const auto& v : orders)
        for (const auto& o : v)
          if (o.kind == kDeckShares) {
            run.drawShareBytes += encodedSize(o);
            if (auto b = readShareOrder(o)) n += b->shares.size();
          }
      run.drawShares += n;
      if (seats == 8 && !run.beforeDrawShares) {
        run.beforeDrawShares.emplace(table);
        run.drawShareOrders = orders;
        run.drawer = *lastDrawer;
      }
    }
    const uint32_t dealsBefore = table.rules().deals();
    const size_t hopsBefore = table.hops();
    auto rejected = table.apply(TurnInput{turn, bySeat(orders)});
    table.seal(turn);
    if (!rejected.empty()) throw std::runtime_error("turn " + std::to_string(turn) + ": " + rejected.front().reason);
    ++run.turns;
    run.deals += table.rules().deals() != dealsBefore ? 1u : 0u;
    shuffledLastTurn = table.hops() == table.holders().size() && hopsBefore + 1 == table.hops();
    drewLastTurn = false;
    const auto& taken = table.lastRulesTurn();
    for (Seat s = 0; s < taken.size(); ++s) {
      bool charted = false;
      for (const auto& o : taken[s]) {
        if (o.kind == kDraw) {
          ++run.draws;
          drewLastTurn = true;
          lastDrawer = s;
        }
        if (o.kind == kChart) {
          ++run.charts;
          charted = true;
        }
      }
      // The proofs of a chart travel in front of it in the same bundle.
      if (!charted) continue;
      uint64_t proof = 0;
      for (const auto& o : orders[s])
        if (o.kind == kDeckShares) proof += encodedSize(o);
      if (proof > 0) ++run.provedCharts;
      run.proofBytes += proof;
    }
  }
  run.over = table.outcome().has_value();
  return run;
}

struct OpenRun {
  uint32_t turns = 0, draws = 0, charts = 0;
  bool over = false;
};

// The same officers on an open table (WarpGame alone), same seed and botStream, one apply a turn.
OpenRun playOpenCounted(int seats, int maxPip, uint64_t seedValue, uint32_t maxTurns = 40000) {
  OpenRun run;
  const det::Seed seed = seedOf(seedValue);
  WarpGame g;
  if (auto r = g.setup(encodeConfig(tableConfig(maxPip)), seed, static_cast<Seat>(seats)); !r)
    throw std::runtime_error(r.message());
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < seats; ++s) bots.push_back(makeBot("greedy"));
  for (uint32_t turn = 0; turn < maxTurns && !g.over(); ++turn) {
    std::vector<std::vector<Order>> orders(static_cast<size_t>(seats));
    for (Seat s : g.awaiting()) {
      auto legal = g.legalOrders(s);
      if (legal.empty()) continue;
      det::Rng rng = botStream(seed, s, turn);
      orders[s] = bots[s]->choose(g.observeForOfficer(s), legal, rng);
    }
    auto rejected = g.apply(TurnInput{turn, bySeat(orders)});
    g.seal(turn);
    ++run.turns;
    for (Seat s = 0; s < orders.size(); ++s)
      for (uint32_t i = 0; i < orders[s].size(); ++i) {
        bool refused = std::any_of(rejected.begin(), rejected.end(),
                                   [&](const Rejection& rj) { return rj.seat == s && rj.index == i; });
        if (refused) continue;
        run.draws += orders[s][i].kind == kDraw ? 1u : 0u;
        run.charts += orders[s][i].kind == kChart ? 1u : 0u;
      }
  }
  run.over = g.over();
  return run;
}

void BM_Campaign(benchmark::State& state) {
  const int seats = static_cast<int>(state.range(0)), warp = static_cast<int>(state.range(1));
  constexpr uint64_t kSeed = 7;
  HiddenRun h;
  for (auto _ : state) h = playHiddenCounted(seats, warp, kSeed);
  const OpenRun o = playOpenCounted(seats, warp, kSeed);
  if (!h.over || !o.over) state.SkipWithError("a campaign did not end");
  auto c = [&](const char* name, double v) { state.counters[name] = v; };
  c("h_turns", h.turns);
  c("h_game_turns", h.gameTurns);
  c("h_key", h.keyTurns);
  c("h_shuffle", h.shuffleTurns);
  c("h_deal_shares", h.dealShareTurns);
  c("h_draw_shares", h.drawShareTurns);
  c("h_poll", h.pollTurns);
  c("h_other_shares", h.otherShareTurns);  // a round's hands opened before it scores, peeks, wagers
  c("h_secret", h.secretTurns);
  c("h_deals", h.deals);
  c("h_draws", h.draws);
  c("h_extra_turns_per_draw", h.draws ? static_cast<double>(h.drawShareTurns) / h.draws : 0);
  c("h_game_turns_per_draw", h.draws ? static_cast<double>(h.gameTurns) / h.draws : 0);
  c("h_bytes_per_draw", h.drawShareTurns ? static_cast<double>(h.drawShareBytes) / h.drawShareTurns : 0);
  c("h_shares_per_draw", h.drawShareTurns ? static_cast<double>(h.drawShares) / h.drawShareTurns : 0);
  c("h_charts", h.charts);
  c("h_proved_charts", h.provedCharts);
  c("h_proof_bytes_per_chart", h.provedCharts ? static_cast<double>(h.proofBytes) / h.provedCharts : 0);
  c("o_turns", o.turns);
  c("o_draws", o.draws);
  c("o_charts", o.charts);
  c("o_turns_per_draw", o.draws ? static_cast<double>(o.turns) / o.draws : 0);
}
BENCHMARK(BM_Campaign)->ArgsProduct({{4, 8}, {12, 18}})->ArgNames({"seats", "warp"})->Iterations(1)
    ->Unit(benchmark::kSecond);

// ---- (d) one draw's share turn at 8 seats ------------------------------------------------------------------------

const HiddenRun& eightSeatRun(int warp) {
  static std::optional<HiddenRun> r12, r18;
  auto& r = warp == 12 ? r12 : r18;
  // Only up to the first draw's share turn is needed; a capped game keeps the fixture short.
  if (!r) r = playHiddenCounted(8, warp, 7, 400);
  if (!r->beforeDrawShares) throw std::runtime_error("no draw in the first 400 turns");
  return *r;
}

void BM_DrawShareTurnApply(benchmark::State& state) {
  const auto& run = eightSeatRun(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    state.PauseTiming();
    HiddenTable copy = *run.beforeDrawShares;
    state.ResumeTiming();
    auto rj = copy.apply(TurnInput{0, bySeat(run.drawShareOrders)});
    if (!rj.empty() || copy.busy()) state.SkipWithError("the draw's shares were not taken");
    benchmark::DoNotOptimize(copy.busy());
  }
  size_t shares = 0;
  for (const auto& v : run.drawShareOrders)
    for (const auto& o : v) {
      if (o.kind != kDeckShares) continue;
      if (auto b = readShareOrder(o)) shares += b->shares.size();
    }
  state.counters["shares"] = static_cast<double>(shares);
}

// One holder (not the captain) making its share of the drawn position: its agent's deck orders that turn.
void BM_DrawShareMake(benchmark::State& state) {
  const auto& run = eightSeatRun(static_cast<int>(state.range(0)));
  const Seat other = run.drawer == 0 ? 1 : 0;
  HolderAgent agent(other, keyFor(other));
  for (auto _ : state) benchmark::DoNotOptimize(agent.deckOrders(*run.beforeDrawShares));
}

// The captain reading its hand once the shares are in (its own layer on every unseen coordinate it holds).
void BM_DrawRead(benchmark::State& state) {
  const auto& run = eightSeatRun(static_cast<int>(state.range(0)));
  HiddenTable after = *run.beforeDrawShares;
  (void)after.apply(TurnInput{0, bySeat(run.drawShareOrders)});
  HolderAgent agent(run.drawer, keyFor(run.drawer));
  for (auto _ : state) benchmark::DoNotOptimize(agent.readable(after, run.drawer));
  state.counters["hand_unseen"] = static_cast<double>(agent.readable(after, run.drawer).size());
}
BENCHMARK(BM_DrawShareTurnApply)->Arg(12)->Arg(18)->ArgName("warp")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DrawShareMake)->Arg(12)->Arg(18)->ArgName("warp")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DrawRead)->Arg(12)->Arg(18)->ArgName("warp")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
