// Helpers for the Every Last City tests: seeds, configs and a direct (pipeline-free) bot game driver.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/elc/module.h"
#include "core/elc/state.h"
#include "core/elc/view.h"
#include "tests/support/seed_of.h"

namespace concord::elc::testing {

using ::concord::test_support::seedOf;

/// VC-260/VC-330: the game saved and loaded again, checking the save reads strictly and writes back the same bytes.
inline ElcGame reloaded(const ElcGame& g) {
  det::Writer w;
  g.write(w);
  auto bytes = w.take();
  ElcGame loaded;
  det::Reader r(bytes, "save");
  EXPECT_TRUE(loaded.read(r).ok());
  EXPECT_TRUE(r.finish().ok());
  det::Writer again;
  loaded.write(again);
  EXPECT_EQ(again.take(), bytes);
  return loaded;
}

/// A configuration from option pairs (as `concord play elc key=value` parses them); a bad option fails the test.
inline Config cfg(std::vector<std::pair<std::string, std::string>> opts) {
  auto c = parseOptions(opts);
  EXPECT_TRUE(c.ok()) << c.message();
  return *c;
}

inline Config preset(Preset p) { return presetConfig(p); }

inline ElcGame started(const Config& c, uint64_t seed, Seat seats) {
  ElcGame g;
  auto r = g.setup(encodeConfig(c), seedOf(seed), seats);
  EXPECT_TRUE(r.ok()) << r.message();
  return g;
}

/// A configuration with these teams (letters per seat, as `teams=` takes them).
inline Config teamsOf(const char* letters) { return cfg({{"teams", letters}}); }

/// A started game with its opening units cleared: a board where only what the test places happens.
inline ElcGame quiet(const Config& c, uint64_t seed, Seat seats) {
  ElcGame g = started(c, seed, seats);
  g.unitsForScenario().clear();
  return g;
}

/// Hands `n` neutral non-Landmark cities to `seat` at Integration 100 (a board placed by hand), lowest first.
inline std::vector<int32_t> giveCities(ElcGame& g, Seat seat, int n) {
  std::vector<int32_t> got;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()) && static_cast<int>(got.size()) < n; ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) {
      g.setOwner(c, seat);
      g.cityForScenario(c).integration = 100;
      got.push_back(c);
    }
  return got;
}

/// The chronicle holds an entry of class `cls` whose text contains `text`.
inline bool chronicleHas(const ElcGame& g, Chron cls, const std::string& text = "") {
  return std::any_of(g.chronicle().begin(), g.chronicle().end(),
                     [&](const ChronEntry& e) { return e.cls == cls && e.text.find(text) != std::string::npos; });
}

/// One turn: every live seat's orders (none when `orders` has no entry for it), then the Seal.
inline std::vector<Rejection> playTurn(ElcGame& g, const std::vector<std::vector<Order>>& orders) {
  std::vector<SeatOrders> so;
  for (Seat s = 0; s < g.players().size(); ++s)
    so.push_back(SeatOrders{s, s < orders.size() ? std::span<const Order>(orders[s]) : std::span<const Order>()});
  auto rej = g.apply(TurnInput{g.turn(), so});
  g.seal(g.turn());
  return rej;
}

/// Bots play the game to its end (or `maxTurns`); `onSeal` sees the game after every Seal.
template <class F>
void playOut(ElcGame& g, uint64_t seed, uint32_t maxTurns, F onSeal, const char* kind = "conqueror") {
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < g.players().size(); ++s) bots.push_back(makeBot(kind));
  while (!g.over() && g.turn() < maxTurns) {
    std::vector<std::vector<Order>> orders(g.players().size());
    for (Seat s : g.awaiting()) {
      auto rng = det::Rng::fromU64(seed * 7919 + g.turn() * 31 + s);
      orders[s] = bots[s]->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
    }
    auto rej = playTurn(g, orders);
    EXPECT_TRUE(rej.empty()) << "turn " << g.turn() << ": " << rej.front().reason;
    onSeal(g);
  }
}

}  // namespace concord::elc::testing
