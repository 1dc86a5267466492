// RULES §VII "It does not read hidden coordinates from the game state when choosing a move": positions
// that differ only in opponents' hands and the pile order (the same Observation) give the same decision,
// for every profile and for Lookahead.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/warp/ai/officer.h"
#include "core/warp/module.h"
#include "tests/support/seed_of.h"

namespace concord::warp::ai {
namespace {

using test_support::seedOf;

// Both games must show `viewer` the same Observation and legal orders; then every officer, given the
// same stream, must give the same orders.
void expectSameDecisions(const WarpGame& a, const WarpGame& b, Seat viewer, uint64_t salt) {
  auto oa = a.observe(viewer);
  auto ob = b.observe(viewer);
  ASSERT_EQ(oa.canonical, ob.canonical) << "the two positions must look the same to seat " << viewer;
  auto la = a.legalOrders(viewer);
  ASSERT_EQ(la, b.legalOrders(viewer));
  if (la.empty()) return;
  for (auto kind : officerKinds()) {
    auto bot = makeBot(kind);
    auto r1 = det::Rng::fromU64(salt);
    auto r2 = det::Rng::fromU64(salt);
    auto da = bot->choose(oa, la, r1);
    auto db = makeBot(kind)->choose(ob, la, r2);
    EXPECT_EQ(da, db) << kind << " decided differently on hidden information (seat " << viewer << ")";
  }
}

// A hand-built pair: seat 1's hand and the pile order differ (the engine test's HidesOtherHandsAndPileOrder).
TEST(WarpOfficerHiddenInfo, HandBuiltPositions) {
  Position p;
  p.config = officialPreset();
  p.seats = 3;
  p.hands = {{Tile{12, 5}, Tile{3, 1}, Tile{5, 5}}, {Tile{9, 9}, Tile{7, 2}}, {Tile{6, 0}, Tile{11, 4}}};
  p.pile = {Tile{8, 1}, Tile{10, 2}, Tile{5, 4}, Tile{12, 1}};
  Position q = p;
  q.hands[1] = {Tile{10, 2}, Tile{12, 1}};
  q.hands[2] = {Tile{9, 9}, Tile{8, 1}};
  q.pile = {Tile{5, 4}, Tile{11, 4}, Tile{6, 0}, Tile{7, 2}};
  WarpGame a, b;
  ASSERT_TRUE(a.loadPosition(p, seedOf(1)).ok());
  ASSERT_TRUE(b.loadPosition(q, seedOf(2)).ok());  // even the deal stream differs
  expectSameDecisions(a, b, 0, 11);
}

// Positions from real campaigns: at every sampled turn the awaited seat's hidden world is re-dealt at random
// (other hands and the pile), which must change nothing for that seat's officer.
TEST(WarpOfficerHiddenInfo, RedealtHiddenCoordinatesChangeNothing) {
  const char* e = std::getenv("CONCORD_TEST_SCALE");
  int turnsToSample = (e && std::atoi(e) > 0 && std::atoi(e) < 100) ? 12 : 40;
  Config mods = officialPreset();
  mods.delta = mods.iota = mods.lambda = mods.gamma = mods.theta = true;
  for (const Config& cfg : {officialPreset(), mods}) {
    WarpGame g;
    ASSERT_TRUE(g.setup(encodeConfig(cfg), seedOf(5), 3).ok());
    auto mover = makeBot("lieutenant");
    int differed = 0;
    for (int turn = 0; turn < turnsToSample && !g.over(); ++turn) {
      Seat s = g.awaiting().front();
      WarpGame other = g;
      auto rng = det::Rng::fromU64(static_cast<uint64_t>(turn) + 99);
      other.determinize(s, rng);
      if (stateHash(other) != stateHash(g)) ++differed;
      expectSameDecisions(g, other, s, static_cast<uint64_t>(turn));
      // Advance with a real move (several turns per sample, so positions vary).
      for (int k = 0; k < 3 && !g.over(); ++k) {
        Seat t = g.awaiting().front();
        auto legal = g.legalOrders(t);
        auto r = det::Rng::fromU64(static_cast<uint64_t>(turn * 7 + k));
        auto orders = mover->choose(g.observeForOfficer(t), legal, r);
        ASSERT_TRUE(g.act(t, orders.front()).ok());
      }
    }
    EXPECT_GT(differed, turnsToSample / 2) << "the re-dealt positions must really differ";
  }
}

}  // namespace
}  // namespace concord::warp::ai
