// Plays a hidden Warp table to its end with every seat run by an officer through its keeper's agent (issue 26):
// what a table of people and officers sends, turn by turn, with hooks for a cheating client. The tests take
// their vectors from these live games, never from bytes they build themselves.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "core/game/game.h"
#include "core/warp/config.h"
#include "core/warp/hidden/agent.h"
#include "core/warp/hidden/audit.h"
#include "core/warp/hidden/hidden_table.h"
#include "core/warp/module.h"

namespace concord::warp::hidden::testing {

/// A client's orders for one seat and one turn, before they are sent (a cheater rewrites them here).
using Tamper = std::function<void(const HiddenTable& t, Seat seat, uint32_t turn, std::vector<Order>& orders)>;

struct Played {
  std::unique_ptr<HiddenTable> start;           // the table as set up, before turn 0
  std::vector<std::vector<std::vector<Order>>> turns;  // every turn's orders by seat, as sent
  std::unique_ptr<HiddenTable> end;             // after the last turn
  std::vector<std::vector<Rejection>> rejected;  // per turn
  std::vector<HolderAgent> agents;               // by seat (each seat's would-be key; officers' unused)
};

inline DeckKey keyFor(Seat s) {
  DeckKey k{};
  for (size_t i = 0; i < k.size(); ++i) k[i] = static_cast<uint8_t>(0x40u + 7u * s + i);
  return k;
}

inline Config tableConfig(int maxPip) {
  Config c = officialPreset();
  c.maxPip = static_cast<uint8_t>(maxPip);
  return c;
}

/// keeperOf: see HiddenTable; every seat is played by a "greedy" officer from its keeper's view.
/// Lockstep membership events a turn begins with (a person substituted, or back).
using Control = std::function<std::vector<SeatControlEvent>(uint32_t turn)>;

inline Played playHidden(std::vector<Seat> keeperOf, const Config& cfg, uint64_t seedValue, Tamper tamper = {},
                         uint32_t maxTurns = 20000, Control control = {}) {
  Played p;
  det::Seed seed{};
  for (size_t i = 0; i < 8; ++i) seed.bytes[i] = static_cast<uint8_t>(seedValue >> (8 * i));
  auto table = std::make_unique<HiddenTable>(keeperOf);
  auto cfgBytes = encodeConfig(cfg);
  if (auto r = table->setup(cfgBytes, seed, static_cast<Seat>(keeperOf.size())); !r) throw std::runtime_error(r.message());
  p.start = std::make_unique<HiddenTable>(*table);
  for (Seat h = 0; h < keeperOf.size(); ++h) p.agents.emplace_back(h, keyFor(h));
  std::vector<std::unique_ptr<Bot>> bots;
  for (size_t s = 0; s < keeperOf.size(); ++s) bots.push_back(makeBot("greedy"));
  for (uint32_t turn = 0; turn < maxTurns && !table->outcome(); ++turn) {
    if (control)
      if (auto ev = control(turn); !ev.empty()) table->seatControl(turn, ev);
    std::vector<std::vector<Order>> orders(keeperOf.size());
    const auto awaited = table->awaiting();
    for (Seat s = 0; s < keeperOf.size(); ++s) {
      const auto& agent = p.agents[table->keeperOf(s)];
      if (table->keeperOf(s) == s) orders[s] = agent.deckOrders(*table);
      if (table->busy() || std::find(awaited.begin(), awaited.end(), s) == awaited.end()) continue;
      WarpGame view = agent.viewFor(*table, s);
      auto legal = view.legalOrders(s);
      if (legal.empty()) continue;
      det::Rng rng = botStream(seed, s, turn);
      auto chosen = bots[s]->choose(view.observeForOfficer(s), legal, rng);
      auto proved = agent.withProofs(*table, s, chosen);
      orders[s].insert(orders[s].end(), proved.begin(), proved.end());
    }
    for (Seat s = 0; s < keeperOf.size(); ++s)
      if (tamper) tamper(*table, s, turn, orders[s]);
    std::vector<SeatOrders> in;
    for (Seat s = 0; s < keeperOf.size(); ++s) in.push_back(SeatOrders{s, orders[s]});
    p.rejected.push_back(table->apply(TurnInput{turn, in}));
    table->seal(turn);
    p.turns.push_back(std::move(orders));
  }
  p.end = std::move(table);
  return p;
}

/// Re-plays `p` from its start with the audit beside it, using the keys the table revealed at the end.
inline std::vector<Finding> auditPlayed(const Played& p, Control control = {}) {
  std::vector<std::optional<DeckKey>> keys;
  for (Seat s = 0; s < p.end->rules().seats(); ++s) keys.push_back(p.end->secretOf(s));
  FullAudit audit(keys);
  HiddenTable t = *p.start;
  for (uint32_t turn = 0; turn < p.turns.size(); ++turn) {
    if (control)
      if (auto ev = control(turn); !ev.empty()) t.seatControl(turn, ev);
    HiddenTable before = t;
    std::vector<SeatOrders> in;
    for (Seat s = 0; s < p.turns[turn].size(); ++s) in.push_back(SeatOrders{s, p.turns[turn][s]});
    (void)t.apply(TurnInput{turn, in});
    t.seal(turn);
    audit.step(before, t, turn);
  }
  return audit.findings();
}

}  // namespace concord::warp::hidden::testing
