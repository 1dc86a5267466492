// §9 memory: an empire's Observation keeps what it last saw at a system no longer in view (owner, figures,
// fleets), marked with the turn it was seen; re-seeing updates it; nobody else learns it.
#include <gtest/gtest.h>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/web/state.h"
#include "core/web/view.h"

namespace concord::web {
namespace {

// Home0 [0] - dead [1] - independent E star [2] - Home1 [3]; Home2 [4] hangs off Home0. Empire 0 has two
// Destroyers at [1] (probes); Empire 1 parks 10 Cruisers at [2], Hostile to it (no join roll).
WebGame memoryGalaxy() {
  Position p;
  p.empires = 3;
  auto star = [](uint16_t id, uint8_t owner, uint8_t home, std::vector<uint16_t> lanes) {
    System s;
    s.id = id, s.name = "S" + std::to_string(id), s.kind = Kind::Star, s.quality = kQualityB, s.owner = owner;
    s.homeOf = home, s.lanes = std::move(lanes), s.pop = 4 * kPop, s.popLimit = 8, s.industry = 4, s.crystals = 10;
    return s;
  };
  p.systems = {star(0, 0, 0, {1, 4}), System{}, star(2, kIndependent, kNobody, {1, 3}), star(3, 1, 1, {2}),
               star(4, 2, 2, {0})};
  p.systems[1].id = 1, p.systems[1].name = "S1", p.systems[1].kind = Kind::Dead, p.systems[1].lanes = {0, 2};
  p.systems[2].quality = 4, p.systems[2].pop = 2 * kPop, p.systems[2].pd = 1, p.systems[2].crystals = 0;
  for (int i = 0; i < 2; ++i) p.ships.push_back(ShipRec{0, 0, Ship::Destroyer, 1});
  for (int i = 0; i < 10; ++i) p.ships.push_back(ShipRec{0, 1, Ship::Cruiser, 2});
  p.relations.push_back({1, 2, static_cast<uint8_t>(Rel::Hostile), 5});
  WebGame g;
  det::Seed seed;
  auto ok = g.loadPosition(p, seed);
  EXPECT_TRUE(ok) << ok.message();
  return g;
}

void turn(WebGame& g, std::vector<std::vector<Order>> orders = {}) {
  orders.resize(g.empires());
  std::vector<SeatOrders> by;
  for (Seat s = 0; s < g.empires(); ++s) by.push_back({s, orders[s]});
  for (const auto& r : g.apply(TurnInput{g.turn(), by})) ADD_FAILURE() << "refused: " << r.reason;
}

Order probe(uint16_t from, uint16_t to) {
  MoveCounts m;
  m.destroyers = 1;
  return moveOrder(from, to, m);
}

SysView seen(const WebGame& g, Seat viewer, uint16_t sys) {
  auto v = decodeView(g.observe(viewer).canonical);
  EXPECT_TRUE(v) << v.message();
  const SysView* s = v ? v->find(sys) : nullptr;
  EXPECT_NE(s, nullptr) << "system " << sys << " unknown to empire " << viewer;
  return s ? *s : SysView{};
}

uint16_t cruisersOf(const SysView& s, uint8_t owner) {
  for (const auto& f : s.fleets)
    if (f.owner == owner) return f.ships[static_cast<size_t>(Ship::Cruiser)];
  return 0;
}

TEST(WebFog, AProbedSystemKeepsItsLastSeenFleetAfterTheProbeLeaves) {  // §9, §3b
  WebGame g = memoryGalaxy();
  EXPECT_EQ(g.empire(0).sighting(2), nullptr) << "two lanes out: never seen yet";
  turn(g, {{probe(1, 2)}});
  SysView now = seen(g, 0, 2);
  ASSERT_TRUE(now.inView) << "the probe reports this turn";
  EXPECT_EQ(now.seenTurn, 2u);
  EXPECT_EQ(cruisersOf(now, 1), 10);
  turn(g);  // the probe burnt out: nothing of Empire 0 looks at [2] now
  SysView later = seen(g, 0, 2);
  EXPECT_FALSE(later.inView);
  EXPECT_TRUE(later.stale());
  EXPECT_EQ(later.seenTurn, 2u) << "marked with the turn it was last seen";
  EXPECT_EQ(cruisersOf(later, 1), 10) << "the fleet as last seen";
  EXPECT_EQ(later.owner, kIndependent);
  EXPECT_EQ(later.pop, now.pop);
  EXPECT_EQ(later.industry, now.industry);
  EXPECT_EQ(later.pd, 1);
  EXPECT_NE(g.observe(0).text.find("last seen turn 2"), std::string::npos) << g.observe(0).text;
}

TEST(WebFog, AChangeOfHandsOutOfViewStillShowsTheOldOwnerAndReSeeingUpdatesIt) {  // §9
  WebGame g = memoryGalaxy();
  turn(g, {{probe(1, 2)}});
  turn(g, {{}, {stanceOrder(2, Stance::Attack, targetBit(kIndependent))}});  // §4k Empire 1 invades [2] unseen
  ASSERT_EQ(g.systems()[2].owner, 1) << "the invasion conquered the system";
  SysView stale = seen(g, 0, 2);
  EXPECT_TRUE(stale.stale());
  EXPECT_EQ(stale.owner, kIndependent) << "Empire 0 has not seen the conquest";
  EXPECT_EQ(stale.seenTurn, 2u);
  turn(g, {{probe(1, 2)}});  // a second probe looks again
  SysView fresh = seen(g, 0, 2);
  EXPECT_TRUE(fresh.inView);
  EXPECT_EQ(fresh.owner, 1);
  EXPECT_EQ(fresh.seenTurn, 4u);
  turn(g);
  SysView after = seen(g, 0, 2);
  EXPECT_TRUE(after.stale());
  EXPECT_EQ(after.owner, 1) << "the memory now holds the new owner";
  EXPECT_EQ(after.seenTurn, 4u);
  ASSERT_NE(g.empire(0).sighting(2), nullptr);
  EXPECT_EQ(g.empire(0).sighting(2)->turn, 4u);
}

TEST(WebFog, AnotherEmpireNeverLearnsWhatOneSaw) {  // §9 each empire's own memory
  WebGame g = memoryGalaxy();
  turn(g, {{probe(1, 2)}});
  turn(g);
  ASSERT_NE(g.empire(0).sighting(2), nullptr);
  EXPECT_EQ(g.empire(2).sighting(2), nullptr);
  auto v = decodeView(g.observe(2).canonical);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->find(2), nullptr) << "Empire 2 never had eyes on [2]";
  for (const auto& s : v->systems) EXPECT_EQ(cruisersOf(s, 1), 0) << "system " << s.id;
  EXPECT_EQ(g.observe(2).text.find("last seen"), std::string::npos);
}

TEST(WebFog, TheMemoryIsCanonicalStrictAndBounded) {  // §9 in the game state
  WebGame g = memoryGalaxy();
  turn(g, {{probe(1, 2)}});
  for (int t = 0; t < 4; ++t) turn(g);
  for (uint8_t e = 0; e < 3; ++e) EXPECT_LE(g.empire(e).seen.size(), g.systems().size());
  det::Writer w;
  g.write(w);
  WebGame h;
  det::Reader r(w.data());
  ASSERT_TRUE(h.read(r));
  EXPECT_EQ(h.empire(0).seen, g.empire(0).seen);
  det::Writer w2;
  h.write(w2);
  EXPECT_TRUE(std::equal(w.data().begin(), w.data().end(), w2.data().begin(), w2.data().end()));
  // A sighting dated after the current turn is refused by the strict reader, naming the field.
  det::Writer traced(true);
  g.write(traced);
  std::vector<uint8_t> bytes(w.data().begin(), w.data().end());
  bool bumped = false;
  for (const auto& te : traced.trace())
    if (te.path.find("empire") != std::string::npos && te.path.ends_with(".turn") && te.end == te.begin + 1) {
      bytes[te.begin] = 0x7F;  // turn 127 > the game's turn
      bumped = true;
      break;
    }
  ASSERT_TRUE(bumped) << "no sighting turn in the trace";
  det::Reader rb(bytes);
  auto refused = WebGame().read(rb);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("turn"), std::string::npos) << refused.message();
}

}  // namespace
}  // namespace concord::web
