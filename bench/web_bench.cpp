// W.E.B. benchmarks (issue 15): one whole §8 turn for 9 empires, ~400 systems and ~10,000 ships with battles at
// nine home systems and the AI empires' build orders; and the canonical write + XXH3-128 hash of that state (each Seal).
// Numbers: docs/performance.md "W.E.B.".
#include <benchmark/benchmark.h>

#include "core/det/hash.h"
#include "core/web/module.h"
#include "core/web/state.h"

namespace {

using namespace concord;
using namespace concord::web;

det::Seed seedOf(uint64_t v) {
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  return s;
}

// 9 empires on 405 systems; each empire gets a large home fleet and an attacking fleet at its neighbour's home.
WebGame bigGame() {
  Config c;
  c.systemsPerEmpire = 45;
  WebGame gen;
  if (!gen.setup(encodeConfig(c), seedOf(7), 9).ok()) return gen;
  Position p;
  p.config = c;
  p.empires = 9;
  p.systems = gen.systems();
  p.ships = gen.ships();
  auto add = [&](uint8_t owner, Ship t, uint16_t at, int n) {
    ShipRec r;
    r.owner = owner, r.type = t, r.sys = at;
    for (int i = 0; i < n; ++i) p.ships.push_back(r);
  };
  for (uint8_t e = 0; e < 9; ++e) {
    const uint16_t home = gen.empire(e).home, target = gen.empire(static_cast<uint8_t>((e + 1) % 9)).home;
    add(e, Ship::Destroyer, home, 550);
    add(e, Ship::Cruiser, home, 120);
    add(e, Ship::Missile, home, 60);
    add(e, Ship::Nova, home, 20);
    add(e, Ship::Freighter, home, 50);
    add(e, Ship::Destroyer, target, 220);
    add(e, Ship::Cruiser, target, 40);
    StanceRec st;
    st.sys = target, st.owner = e, st.stance = Stance::Attack, st.targets = targetBit(static_cast<uint8_t>((e + 1) % 9));
    p.stances.push_back(st);
  }
  WebGame g;
  if (!g.loadPosition(p, seedOf(7)).ok()) return gen;
  return g;
}

std::vector<std::vector<Order>> aiOrders(const WebGame& g) {
  std::vector<std::vector<Order>> out(g.empires());
  for (Seat s = 0; s < g.empires(); ++s) {
    auto rng = det::Rng::fromU64(s);
    // The AI's builds; its moves are dropped so that the nine attacking fleets stay and fight.
    for (auto& o : makeBot("ai", s)->choose(g.observeForOfficer(s), {}, rng))
      if (o.kind == kBuild) out[s].push_back(o);
  }
  return out;
}

void BM_WebTurn9Empires400Systems10kShips(benchmark::State& state) {
  const WebGame base = bigGame();
  const auto orders = aiOrders(base);
  std::vector<SeatOrders> by;
  for (Seat s = 0; s < base.empires(); ++s) by.push_back({s, orders[s]});
  size_t events = 0;
  for (auto _ : state) {
    state.PauseTiming();
    WebGame g = base;
    state.ResumeTiming();
    g.apply(TurnInput{g.turn(), by});
    events = g.events().size();
    benchmark::DoNotOptimize(g.turn());
  }
  state.counters["systems"] = static_cast<double>(base.systems().size());
  state.counters["ships"] = static_cast<double>(base.ships().size());
  state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_WebTurn9Empires400Systems10kShips)->Unit(benchmark::kMillisecond);

void BM_WebStateWriteAndHash(benchmark::State& state) {
  WebGame g = bigGame();
  const auto orders = aiOrders(g);
  std::vector<SeatOrders> by;
  for (Seat s = 0; s < g.empires(); ++s) by.push_back({s, orders[s]});
  g.apply(TurnInput{g.turn(), by});  // a state with a full turn report, as at a real Seal
  det::Writer w;
  for (auto _ : state) {
    w.clear();
    g.write(w);
    benchmark::DoNotOptimize(det::hash128(w.data()));
  }
  state.counters["bytes"] = static_cast<double>(w.size());
}
BENCHMARK(BM_WebStateWriteAndHash)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
