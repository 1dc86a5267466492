// The pipeline test game: legality, conservation, termination and snapshot round trips.
#include <gtest/gtest.h>

#include "core/game/registry.h"
#include "core/testgame/shed.h"

using namespace concord;

namespace {

det::Seed seedOf(uint8_t b) {
  det::Seed s;
  s.bytes.fill(b);
  return s;
}

std::unique_ptr<Game> newGame(Seat seats, uint16_t hands, uint8_t seedByte) {
  auto m = findModule("shed");
  EXPECT_TRUE(m.ok());
  auto g = (*m)->create();
  auto cfg = shed::encodeConfig(shed::Config{5, 8, hands, 100000});
  EXPECT_TRUE(cfg.ok());
  EXPECT_TRUE(g->setup(*cfg, seedOf(seedByte), seats).ok());
  return g;
}

// Plays random legal orders to the end; returns the number of turns.
uint32_t playOut(Game& g, det::Rng& rng, uint32_t cap = 100000) {
  uint32_t t = 0;
  while (!g.outcome() && t < cap) {
    auto who = g.awaiting();
    EXPECT_EQ(who.size(), 1u);
    auto legal = g.legalOrders(who[0]);
    EXPECT_FALSE(legal.empty());
    std::vector<Order> chosen{legal[rng.below(legal.size())]};
    EXPECT_TRUE(g.validate(who[0], chosen[0]).ok());
    SeatOrders so{who[0], chosen};
    auto rej = g.apply(TurnInput{t, std::span(&so, 1)});
    EXPECT_TRUE(rej.empty());
    g.seal(t);
    ++t;
  }
  return t;
}

}  // namespace

TEST(Shed, GamesTerminateWithRanks) {
  for (uint8_t s = 0; s < 20; ++s) {
    auto g = newGame(4, 3, s);
    det::Rng rng = det::Rng::fromU64(s);
    playOut(*g, rng);
    auto o = g->outcome();
    ASSERT_TRUE(o.has_value());
    ASSERT_EQ(o->rankBySeat.size(), 4u);
    EXPECT_NE(std::find(o->rankBySeat.begin(), o->rankBySeat.end(), 1u), o->rankBySeat.end());
  }
}

TEST(Shed, SameSeedSameGame) {
  auto a = newGame(3, 2, 7), b = newGame(3, 2, 7);
  det::Rng ra = det::Rng::fromU64(1), rb = det::Rng::fromU64(1);
  playOut(*a, ra);
  playOut(*b, rb);
  EXPECT_EQ(stateHash(*a), stateHash(*b));
}

TEST(Shed, IllegalOrdersAreRejectedWithReasons) {
  auto g = newGame(2, 1, 3);
  Seat actor = g->awaiting()[0];
  Seat other = static_cast<Seat>(1 - actor);
  auto notYourTurn = g->validate(other, Order{shed::kPass, {}});
  ASSERT_FALSE(notYourTurn.ok());
  EXPECT_NE(notYourTurn.message().find("not seat"), std::string::npos);
  auto mustPlay = g->validate(actor, Order{shed::kPass, {}});
  ASSERT_FALSE(mustPlay.ok());
  EXPECT_NE(mustPlay.message().find("must play when able"), std::string::npos);
  EXPECT_FALSE(g->validate(actor, Order{shed::kPlay, {200}}).ok());
  EXPECT_FALSE(g->validate(actor, Order{99, {}}).ok());
  EXPECT_FALSE(g->validate(actor, Order{shed::kPlay, {}}).ok());
  auto before = stateHash(*g);
  Order bad{shed::kPlay, {250}};
  SeatOrders so{actor, std::span(&bad, 1)};
  auto rej = g->apply(TurnInput{0, std::span(&so, 1)});
  ASSERT_EQ(rej.size(), 1u);
  EXPECT_EQ(stateHash(*g), before);
}

TEST(Shed, SnapshotRoundTripMidGame) {
  auto g = newGame(4, 2, 9);
  det::Rng rng = det::Rng::fromU64(5);
  playOut(*g, rng, 17);
  det::Writer w;
  g->write(w);
  auto copy = findModule("shed").value()->create();
  det::Reader r(w.data());
  ASSERT_TRUE(copy->read(r).ok());
  ASSERT_TRUE(r.finish().ok());
  EXPECT_EQ(stateHash(*copy), stateHash(*g));
  det::Rng r1 = det::Rng::fromU64(8), r2 = det::Rng::fromU64(8);
  playOut(*g, r1);
  playOut(*copy, r2);
  EXPECT_EQ(stateHash(*copy), stateHash(*g));
}

TEST(Shed, ObservationHidesOtherHands) {
  auto g = newGame(3, 1, 4);
  auto mine = g->observe(0);
  auto all = g->observe(kOmniscient);
  EXPECT_LT(mine.canonical.size(), all.canonical.size());
  EXPECT_NE(mine.text.find("5 cards"), std::string::npos);
}

TEST(Shed, RegistryRefusesUnknownModuleAndVersion) {
  auto m = findModule("chess");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.message().find("shed"), std::string::npos);
  auto v = findModule("shed", 99);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.message().find("version 99"), std::string::npos);
}

TEST(Shed, ConfigParsingNamesBadOptions) {
  auto m = findModule("shed").value();
  auto bad = m->parseConfig({{"colour", "red"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("colour"), std::string::npos);
  EXPECT_FALSE(m->parseConfig({{"hand", "x"}}).ok());
  auto good = m->parseConfig({{"hands", "3"}});
  ASSERT_TRUE(good.ok());
  EXPECT_NE(m->describeConfig(*good).find("hands=3"), std::string::npos);
}
