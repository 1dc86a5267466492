// The Warp games ui_bench draws (an Official game of `seats` captains played by greedy bots, deterministic) and the
// frame a seat sees of one.
#pragma once

#include <functional>
#include <memory>

#include "core/game/registry.h"
#include "core/warp/module.h"
#include "ui/shell/module_ui.h"

namespace concord::ui::bench {

/// Up to `turns` turns of greedy play from the deal of seed byte `seedByte` (bots' rng `rngSeed`); `each` sees the
/// game before every turn.
inline std::unique_ptr<Game> greedyWarp(Seat seats, uint8_t seedByte, uint64_t rngSeed, uint32_t turns,
                                        const std::function<void(const Game&)>& each = {}) {
  auto mod = findModule("warp");
  auto cfg = (*mod)->parseConfig({});
  auto g = (*mod)->create();
  det::Seed seed;
  seed.bytes[0] = seedByte;
  (void)g->setup(*cfg, seed, seats);
  auto bot = warp::makeBot("greedy");
  auto rng = det::Rng::fromU64(rngSeed);
  for (uint32_t turn = 0; turn < turns && !g->outcome(); ++turn) {
    if (each) each(*g);
    // SeatOrders holds a span: the orders live here for the turn (a vector returned by choose() would dangle).
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s : g->awaiting()) orders[s] = bot->choose(g->observeForOfficer(s), g->legalOrders(s), rng);
    std::vector<SeatOrders> bySeat;
    for (Seat s = 0; s < seats; ++s) bySeat.push_back({s, orders[s]});
    g->apply(TurnInput{turn, bySeat});
    g->seal(turn);
  }
  return g;
}

/// The frame the table view draws for the person at `me`: the seat's Observation and its legal orders.
inline TableFrame seatFrame(const Game& g, Seat me) {
  TableFrame f;
  f.me = me;
  f.obs = g.observe(me);
  f.game = &g;
  f.legal = g.legalOrders(me);
  return f;
}

}  // namespace concord::ui::bench
