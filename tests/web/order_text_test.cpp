// W.E.B. orders as text both ways (Game::orderText / parseOrder): every legal order of every empire in seeded
// AI games reads back as itself, every order the AI gives too, and bad text gets an error naming the problem.
#include <gtest/gtest.h>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/web/module.h"
#include "core/web/state.h"
#include "tests/support/test_scale.h"
#include "tests/support/seed_of.h"

namespace concord::web {
namespace {

using test_support::seedOf;

WebGame newGame(Seat seats, uint64_t seed, uint16_t turns) {
  Config c;
  c.turnLimit = turns;
  WebGame g;
  auto ok = g.setup(encodeConfig(c), seedOf(seed), seats);
  EXPECT_TRUE(ok) << ok.message();
  return g;
}

void expectRoundTrip(const WebGame& g, Seat s, const Order& o, size_t& checked) {
  const std::string text = g.orderText(s, o);
  auto back = g.parseOrder(s, text);
  ASSERT_TRUE(back.ok()) << "'" << text << "': " << back.message();
  ASSERT_EQ(*back, o) << "'" << text << "' read back as another order";
  ++checked;
}

TEST(WebOrderText, EveryLegalAndEveryAiOrderInSeededGamesRoundTrips) {
  size_t checked = 0;
  for (uint64_t seed = 1; seed <= testing::scaled(3); ++seed) {
    const Seat seats = static_cast<Seat>(2 + seed % 3);
    WebGame g = newGame(seats, seed, 25);
    while (!g.over()) {
      std::vector<std::vector<Order>> orders(seats);
      for (Seat s : g.awaiting()) {
        const auto legal = g.legalOrders(s);
        for (const auto& o : legal) expectRoundTrip(g, s, o, checked);
        auto rng = det::Rng::fromU64(seed * 1000 + g.turn() * 16 + s);
        orders[s] = makeBot("ai", s)->choose(g.observeForOfficer(s), legal, rng);
        for (const auto& o : orders[s]) expectRoundTrip(g, s, o, checked);
      }
      std::vector<SeatOrders> by;
      for (Seat s = 0; s < seats; ++s) by.push_back({s, orders[s]});
      (void)g.apply(TurnInput{g.turn(), by});
      g.seal(g.turn());
    }
  }
  EXPECT_GT(checked, 1000u);
}

TEST(WebOrderText, EveryKindHasItsForm) {
  WebGame g = newGame(2, 1, 10);
  MoveCounts m;
  m.cruisers = 1, m.destroyers = 2, m.freighters[2] = 3;
  EXPECT_EQ(g.orderText(0, moveOrder(4, 7, m)), "move 4 7 CR=1 DD=2 FrPopulation=3");
  EXPECT_EQ(g.orderText(0, loadOrder(3, Cargo::Pop, 2)), "load 3 population 2");
  EXPECT_EQ(g.orderText(0, unloadOrder(3, Cargo::Minerals, 5)), "unload 3 minerals 5");
  EXPECT_EQ(g.orderText(0, placeOrder(9)), "place 9");
  EXPECT_EQ(g.orderText(0, stanceOrder(5, Stance::Conditional)), "conditional 5");
  EXPECT_EQ(g.orderText(0, stanceOrder(5, Stance::Attack, (1u << 1) | kTargetPirates)), "attack 5 1 pirates");
  EXPECT_EQ(g.orderText(0, stanceOrder(5, Stance::Ambush, 0, {2, 8})), "ambush 5 2 8");
  EXPECT_EQ(g.orderText(0, buildOrder(3, Item::Cruiser, 2)), "build 3 cruiser 2");
  EXPECT_EQ(g.orderText(0, cancelOrder(1)), "cancel 1");
  EXPECT_EQ(g.orderText(0, treatyOrder(Treaty::War, 1)), "war 1");  // §2i
  EXPECT_EQ(g.orderText(0, treatyOrder(Treaty::Nap, 1)), "nap 1");
  EXPECT_EQ(g.orderText(0, treatyOrder(Treaty::EndNap, 1)), "endnap 1");
  EXPECT_EQ(g.orderText(0, treatyOrder(Treaty::Peace, 1)), "peace 1");
  EXPECT_EQ(g.orderText(0, giftOrder(1, 5)), "send 1 5");  // §2j
  EXPECT_EQ(g.orderText(0, routeOrder(4, {2, 9})), "route 4 2 9");  // §3i
  size_t checked = 0;
  for (const auto& o : {moveOrder(4, 7, m), loadOrder(3, Cargo::Starbase, 1), stanceOrder(5, Stance::Attack, kTargetIndependents),
                        buildOrder(3, Item::Crystal, 1), stanceOrder(5, Stance::Ambush, 0, {}), moveOrder(1, 2, MoveCounts{}),
                        treatyOrder(Treaty::Peace, 15), giftOrder(3, 60000), routeOrder(7, {}), routeOrder(7, {1, 3})})
    expectRoundTrip(g, 0, o, checked);
  // Ambush lanes are a set: typed in any order, once or twice, they read as the canonical ascending list (§4a).
  auto lanes = g.parseOrder(0, "ambush 5 8 2 8");
  ASSERT_TRUE(lanes.ok()) << lanes.message();
  EXPECT_EQ(*lanes, stanceOrder(5, Stance::Ambush, 0, {2, 8}));
  EXPECT_TRUE(g.ordersInBundles());
  EXPECT_FALSE(g.orderForms().empty());
}

TEST(WebOrderText, BadTextIsNamedNeverAnOrder) {
  WebGame g = newGame(2, 1, 10);
  auto err = [&](const char* text) {
    auto r = g.parseOrder(0, text);
    EXPECT_FALSE(r.ok()) << "'" << text << "' was read as an order";
    return r.ok() ? std::string() : r.message();
  };
  EXPECT_NE(err("").find("no order given"), std::string::npos);
  EXPECT_NE(err("fly 1 2").find("unknown order 'fly'"), std::string::npos);
  EXPECT_NE(err("move 0").find("the form is move FROM TO"), std::string::npos);
  EXPECT_NE(err("move 0 x").find("TO is a whole number"), std::string::npos);
  EXPECT_NE(err("move 0 1 CR2").find("write ship counts as TYPE=n"), std::string::npos);
  EXPECT_NE(err("move 0 1 BB=2").find("unknown ship type 'BB'"), std::string::npos);
  EXPECT_NE(err("move 0 1 CR=-1").find("CR is a whole number"), std::string::npos);
  EXPECT_NE(err("move 0 1 CR=70000").find("CR is a whole number from 0 to 60000"), std::string::npos);
  EXPECT_NE(err("move 5000 1").find("FROM is a whole number from 0 to 999"), std::string::npos);
  EXPECT_NE(err("load 3 gold 1").find("cargo is minerals, population or starbase, got 'gold'"), std::string::npos);
  EXPECT_NE(err("load 3 minerals").find("the form is load|unload"), std::string::npos);
  EXPECT_NE(err("attack 5 17").find("EMPIRE is a whole number from 0 to 15"), std::string::npos);
  EXPECT_NE(err("attack 5 everyone").find("(or independents, pirates)"), std::string::npos);
  EXPECT_NE(err("ambush 5 east").find("LANE is a whole number"), std::string::npos);
  EXPECT_NE(err("build 3 battleship 1").find("unknown item 'battleship'"), std::string::npos);
  EXPECT_NE(err("cancel 64").find("N is a whole number from 0 to 63"), std::string::npos);
  EXPECT_NE(err("war").find("the form is war EMPIRE"), std::string::npos);
  EXPECT_NE(err("nap Rome").find("EMPIRE is a whole number"), std::string::npos);
  EXPECT_NE(err("send 1").find("the form is send EMPIRE N"), std::string::npos);
  EXPECT_NE(err("route").find("the form is route AT NEIGHBOUR"), std::string::npos);
  EXPECT_NE(err("route 3 north").find("NEIGHBOUR is a whole number"), std::string::npos);
  EXPECT_NE(err("send 1 lots").find("N is a whole number"), std::string::npos);
  EXPECT_EQ(g.orderText(0, Order{99, {1}}).rfind("? ", 0), 0u);
}

// docs/rules-decisions.md "W.E.B. rules versions": replays of the older rules are refused by name, not by a Seal mismatch.
TEST(WebState, OlderRulesReplaysAreRefusedByName) {
  auto now = findModule("web", kRulesVersion);
  ASSERT_TRUE(now.ok()) << now.message();
  EXPECT_EQ(WebGame().info().rulesVersion, kRulesVersion);
  for (uint32_t old = 1; old < kOldestRulesVersion; ++old) {
    auto m = findModule("web", old);
    ASSERT_FALSE(m.ok()) << "web v" << old;
    EXPECT_NE(m.message().find("is not supported: this build runs version " + std::to_string(kRulesVersion)),
              std::string::npos)
        << m.message();
  }
}

// Issue 28: every version from kOldestRulesVersion stays registered, and the game it makes plays (and says) it.
TEST(WebState, EveryKeptRulesVersionIsRegisteredAndPlaysItself) {
  EXPECT_EQ(kOldestRulesVersion, 3u);
  for (uint32_t v = kOldestRulesVersion; v <= kRulesVersion; ++v) {
    auto m = findModule("web", v);
    ASSERT_TRUE(m.ok()) << "web v" << v << ": " << m.message();
    auto g = (*m)->create();
    EXPECT_EQ(g->info().rulesVersion, v);
    Config c;
    ASSERT_TRUE(g->setup(encodeConfig(c), test_support::seedOf(5), 2).ok());
    EXPECT_EQ(g->info().rulesVersion, v) << "setup() must keep the version it was made for";
    det::Writer w;
    g->write(w);
    auto copy = (*m)->create();
    const auto bytes = w.take();
    det::Reader r(bytes, "web");
    ASSERT_TRUE(copy->read(r).ok());
    EXPECT_EQ(copy->info().rulesVersion, v) << "read() must keep the version it was made for";
  }
}

}  // namespace
}  // namespace concord::web
