// Orders as text both ways (Game::orderText / parseOrder, VC-320): every legal order of every seat in seeded
// self-play reads back as itself, and bad text gets an error naming what is wrong with it.
#include <gtest/gtest.h>

#include "core/elc/orders.h"
#include "tests/elc/support.h"
#include "tests/support/test_scale.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcOrderText, EveryLegalOrderInSelfPlayRoundTrips) {
  const uint64_t games = concord::testing::scaled(3);
  size_t checked = 0;
  for (uint64_t seed = 1; seed <= games; ++seed) {
    Config c = preset(seed % 2 ? Preset::Blitz : Preset::StandardWar);
    c.topology = static_cast<Topology>(seed % 3);
    ElcGame g = started(c, seed, static_cast<Seat>(2 + seed % 3));
    playOut(g, seed, 40, [&](const ElcGame& s) {
      for (Seat k = 0; k < s.players().size(); ++k)
        for (const auto& o : s.legalOrders(k)) {
          const std::string text = s.orderText(k, o);
          auto back = s.parseOrder(k, text);
          ASSERT_TRUE(back.ok()) << "'" << text << "': " << back.message();
          ASSERT_EQ(*back, o) << "'" << text << "' read back as another order";
          ++checked;
        }
    });
  }
  EXPECT_GT(checked, 1000u);
}

TEST(ElcOrderText, EveryKindHasItsForm) {
  ElcGame g = started(preset(Preset::StandardWar), 1, 2);
  const int32_t w = g.world().grid.width;
  EXPECT_EQ(g.orderText(0, makeMove(7, static_cast<uint32_t>(3 * w + 5))), "move 7 5 3");
  EXPECT_EQ(g.orderText(0, makeOrder(kBuild, 4)), "build 4");
  EXPECT_EQ(g.orderText(0, makeOrder(kDesignateSeat, 4)), "seat 4");
  EXPECT_EQ(g.orderText(0, makeOrder(kDesignateWorkSite, 4)), "worksite 4");
  EXPECT_EQ(g.orderText(0, makeOrder(kSelectCharter, 4)), "charter keys");
  EXPECT_EQ(g.orderText(0, makeOrder(kCastVerdictVote, 1)), "vote end");
  EXPECT_EQ(g.orderText(0, makeOrder(kCastVerdictVote, 0)), "vote continue");
  EXPECT_EQ(g.orderText(0, makeOrder(kConcede, 1)), "concede yes");
  EXPECT_EQ(g.orderText(0, makeOrder(kClaimWarrant, 2)), "claim 2");
  for (uint16_t kind = kMove; kind <= kClaimWarrant; ++kind) {
    Order o = kind == kMove ? makeMove(1, 2) : makeOrder(kind, kind == kSelectCharter ? 3 : 1);
    auto back = g.parseOrder(0, g.orderText(0, o));
    ASSERT_TRUE(back.ok()) << g.orderText(0, o) << ": " << back.message();
    EXPECT_EQ(*back, o) << g.orderText(0, o);
  }
  // Spacing is the person's: extra blanks read the same.
  auto spaced = g.parseOrder(0, "  move   7 5\t3 ");
  ASSERT_TRUE(spaced.ok()) << spaced.message();
  EXPECT_EQ(*spaced, makeMove(7, static_cast<uint32_t>(3 * w + 5)));
  EXPECT_FALSE(g.orderForms().empty());
  EXPECT_TRUE(g.ordersInBundles());
  // The Watch a person reads at the prompt names what the forms need: their cities and Legions by number.
  const Unit& u = g.units().front();
  const std::string watch = g.observe(static_cast<Seat>(u.owner)).text;
  EXPECT_NE(watch.find("Your Legions: " + std::to_string(u.id) + " (" + std::to_string(g.world().grid.x(u.tile)) + ","),
            std::string::npos) << watch;
  EXPECT_NE(watch.find("Your cities: "), std::string::npos) << watch;
  EXPECT_EQ(g.observe(kOmniscient).text.find("Your Legions"), std::string::npos);
}

TEST(ElcOrderText, BadTextIsNamedNeverAnOrder) {
  ElcGame g = started(preset(Preset::StandardWar), 1, 2);
  auto err = [&](const char* text) {
    auto r = g.parseOrder(0, text);
    EXPECT_FALSE(r.ok()) << "'" << text << "' was read as an order";
    return r.ok() ? std::string() : r.message();
  };
  EXPECT_NE(err("").find("no order given"), std::string::npos);
  EXPECT_NE(err("fly 1 2").find("unknown order 'fly'"), std::string::npos);
  EXPECT_NE(err("move 1 2").find("the form is move UNIT X Y"), std::string::npos);
  EXPECT_NE(err("move 1 2 3 4").find("the form is move UNIT X Y"), std::string::npos);
  EXPECT_NE(err("move x 2 3").find("UNIT is a whole number, got 'x'"), std::string::npos);
  EXPECT_NE(err("move 1 -2 3").find("X is a whole number, got '-2'"), std::string::npos);
  EXPECT_NE(err("move 1 2 999").find("off the map"), std::string::npos);
  EXPECT_NE(err("move 1 99999999999 1").find("X is a whole number"), std::string::npos);
  EXPECT_NE(err("build").find("the form is build CITY"), std::string::npos);
  EXPECT_NE(err("build five").find("CITY is a whole number, got 'five'"), std::string::npos);
  EXPECT_NE(err("vote maybe").find("vote takes end or continue, got 'maybe'"), std::string::npos);
  EXPECT_NE(err("concede perhaps").find("concede takes yes or no"), std::string::npos);
  EXPECT_NE(err("charter glory").find("unknown Track 'glory'"), std::string::npos);
  EXPECT_NE(err("claim w").find("WARRANT is a whole number"), std::string::npos);
  // A garbled payload still has a text (for logs), never a crash.
  EXPECT_EQ(g.orderText(0, Order{99, {1, 2}}).rfind("? ", 0), 0u);
}
