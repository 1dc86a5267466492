// Game::orderText / Game::parseOrder: every client names and reads orders through the Game interface (issue 9
// part 3). Every legal order of every registered module, in many seeded positions, reads back from its text
// as the same order; bad text gets an error that names what is wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/game/registry.h"
#include "tests/support/test_scale.h"
#include "tests/support/seed_of.h"

using namespace concord;
using concord::test_support::seedOf;

namespace {

struct Table {
  std::string module;
  ConfigOptions options;
  Seat seats;
};

// Several rule sets, so the rarer orders (flash, shields, keep, spool, give, dig, sweep, pick, overtime,
// catch, announce) come up as legal orders somewhere.
std::vector<Table> tables() {
  return {
      {"shed", {{"hands", "2"}}, 3},
      {"shed", {}, 6},
      {"warp", {}, 4},
      {"warp", {{"preset", "standard"}}, 2},
      {"warp", {{"manualshields", "on"}, {"continuum", "on"}, {"impulse", "on"}, {"catch", "2"}}, 4},
      {"warp", {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "2"}, {"overtime", "offer"}, {"eta", "on"},
                {"kappa", "on"}},
       3},
      {"warp", {{"gamma", "on"}, {"delta", "on"}, {"epsilon", "on"}, {"set", "9"}}, 4},
      {"warp", {{"squadrons", "2"}}, 4},
  };
}

std::unique_ptr<Game> start(const Table& t, uint64_t seed) {
  auto m = findModule(t.module);
  EXPECT_TRUE(m.ok()) << t.module;
  auto cfg = (*m)->parseConfig(t.options);
  EXPECT_TRUE(cfg.ok()) << t.module << ": " << cfg.message();
  if (!cfg) return nullptr;
  auto g = (*m)->create();
  auto s = g->setup(*cfg, seedOf(seed), t.seats);
  EXPECT_TRUE(s.ok()) << s.message();
  return s ? std::move(g) : nullptr;
}

// The round trip for every legal order of every seat in the current position; counts the orders checked.
size_t checkPosition(const Game& g, Seat seats, std::vector<std::string>& kinds) {
  size_t n = 0;
  for (Seat s = 0; s < seats; ++s)
    for (const Order& o : g.legalOrders(s)) {
      const std::string text = g.orderText(s, o);
      auto back = g.parseOrder(s, text);
      EXPECT_TRUE(back.ok()) << "seat " << s << ": '" << text << "' does not parse: " << back.message();
      if (back) {
        EXPECT_EQ(*back, o) << "seat " << s << ": '" << text << "' parses to another order";
      }
      const std::string word = text.substr(0, text.find(' '));
      if (std::find(kinds.begin(), kinds.end(), word) == kinds.end()) kinds.push_back(word);
      ++n;
    }
  return n;
}

}  // namespace

TEST(OrderText, EveryLegalOrderReadsBackFromItsText) {
  const uint64_t games = concord::testing::scaled(12);
  std::vector<std::string> warpKinds;
  for (const auto& t : tables()) {
    std::vector<std::string> kinds;
    size_t checked = 0;
    for (uint64_t seed = 1; seed <= games; ++seed) {
      auto g = start(t, seed * 7919);
      ASSERT_NE(g, nullptr);
      det::Rng rng = det::Rng::fromU64(seed);
      for (uint32_t turn = 0; !g->outcome() && turn < 3000; ++turn) {
        checked += checkPosition(*g, t.seats, kinds);
        std::vector<std::vector<Order>> chosen(t.seats);
        for (Seat s : g->awaiting()) {
          auto legal = g->legalOrders(s);
          if (!legal.empty()) chosen[s].push_back(legal[rng.below(legal.size())]);
        }
        std::vector<SeatOrders> in;
        for (Seat s = 0; s < t.seats; ++s) in.push_back(SeatOrders{s, chosen[s]});
        (void)g->apply(TurnInput{turn, in});  // two awaited seats may clash; the rules reject one, as at a table
        g->seal(turn);
        if (HasFailure()) return;
      }
    }
    EXPECT_GT(checked, 100u) << t.module;
    std::string seen;
    for (const auto& k : kinds) {
      seen += k + " ";
      if (t.module == "warp" && std::find(warpKinds.begin(), warpKinds.end(), k) == warpKinds.end()) warpKinds.push_back(k);
    }
    std::printf("%s %zu options: %zu orders checked; kinds seen: %s\n", t.module.c_str(), t.options.size(), checked, seen.c_str());
  }
  // At full scale the tables reach all 15 Warp order kinds (core/warp/orders.h), so each kind's text is proven.
  if (games == 12) {
    EXPECT_EQ(warpKinds.size(), 15u);
  }
}

// parseOrder reads text; whether the order is legal now stays validate()'s answer.
TEST(OrderText, ParsedOrdersAreTheOnesTheGameValidates) {
  auto g = start({"warp", {}, 4}, 5);
  ASSERT_NE(g, nullptr);
  const Seat s = g->awaiting().at(0);
  auto draw = g->parseOrder(s, "draw");
  ASSERT_TRUE(draw.ok()) << draw.message();
  bool anyLegalDraw = false;
  for (const auto& o : g->legalOrders(s)) anyLegalDraw = anyLegalDraw || o == *draw;
  EXPECT_EQ(g->validate(s, *draw).ok(), anyLegalDraw);
  auto sh = start({"shed", {}, 2}, 5);
  ASSERT_NE(sh, nullptr);
  auto p = sh->parseOrder(0, "play 200");
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_FALSE(sh->validate(0, *p).ok()) << "card 200 is in nobody's hand";
}

TEST(OrderText, BadTextGetsAnErrorNamingTheProblem) {
  auto w = start({"warp", {}, 4}, 3);
  ASSERT_NE(w, nullptr);
  struct Case {
    std::string text, mentions;
  };
  const std::vector<Case> warpCases = {
      {"", "empty order"},
      {"   ", "empty order"},
      {"fly 12-5", "unknown order 'fly'"},
      {"fly", "chart, draw"},  // the error lists the orders there are
      {"chart 13-5 own", "'13-5' is not a coordinate"},
      {"chart 12-5", "'chart' takes 2 argument(s)"},
      {"chart 12-5 sideways", "route 'sideways' is not own, nz or seat:N"},
      {"draw now", "'draw' takes 0 argument(s)"},
      {"catch x", "catch needs a seat number"},
      {"flash warpspeed", "unknown Continuum directive 'warpspeed'"},
      {"shields sideways", "shields up|down"},
      {"overtime maybe", "overtime accept|decline"},
      {"keep 99-99", "'99-99' is not a coordinate"},
  };
  for (const auto& c : warpCases) {
    auto r = w->parseOrder(0, c.text);
    ASSERT_FALSE(r.ok()) << "'" << c.text << "' parsed";
    EXPECT_NE(r.message().find(c.mentions), std::string::npos) << "'" << c.text << "': " << r.message();
  }
  auto s = start({"shed", {}, 3}, 3);
  ASSERT_NE(s, nullptr);
  const std::vector<Case> shedCases = {
      {"", "empty order"},
      {"dance", "unknown order 'dance' (shed orders: play N, pass)"},
      {"play", "unknown order 'play'"},
      {"play x", "'play' takes a card number"},
      {"play 0", "card 0 does not exist"},
      {"play 256", "card 256 does not exist"},
      {"play 12345", "'play' takes a card number"},
      {"pass 3", "unknown order 'pass 3'"},
  };
  for (const auto& c : shedCases) {
    auto r = s->parseOrder(0, c.text);
    ASSERT_FALSE(r.ok()) << "'" << c.text << "' parsed";
    EXPECT_NE(r.message().find(c.mentions), std::string::npos) << "'" << c.text << "': " << r.message();
  }
}
