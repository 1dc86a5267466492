// W.E.B. engine tests: §1 generation and fair starts, canonical bytes, strict decoding, order reasons, and
// property tests over seeded AI games (conservation, no illegal order accepted, every game ends).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/game/takeover.h"
#include "core/web/module.h"
#include "core/web/state.h"
#include "core/web/view.h"
#include "tests/support/test_scale.h"
#include "tests/support/seed_of.h"

namespace concord::web {
namespace {

using test_support::seedOf;

WebGame newGame(Seat seats, uint64_t seed, Config c = {}) {
  WebGame g;
  auto ok = g.setup(encodeConfig(c), seedOf(seed), seats);
  EXPECT_TRUE(ok) << ok.message();
  return g;
}

TEST(WebGalaxy, EveryGeneratedGalaxyPassesTheFairStartChecks) {  // §1, docs/rules-decisions.md "W.E.B."
  for (Seat seats : std::initializer_list<Seat>{2, 3, 4, 6, 9, 12})
    for (uint64_t seed = 1; seed <= testing::scaled(6); ++seed) {
      WebGame g = newGame(seats, seed);
      auto problems = fairStartProblems(g);
      EXPECT_TRUE(problems.empty()) << seats << " seats, seed " << seed << ": " << problems.front();
      EXPECT_EQ(g.systems().size(), static_cast<size_t>(galaxySize(Config{}, seats)));
    }
}

TEST(WebGalaxy, TheMixHasEveryKindAndHomesStartAlike) {  // §1a-§1g, §1b
  WebGame g = newGame(9, 7);
  int kinds[kKinds] = {};
  for (const auto& s : g.systems()) ++kinds[static_cast<int>(s.kind)];
  for (int k = 0; k < kKinds; ++k) EXPECT_GT(kinds[k], 0) << kKindNames[k];
  EXPECT_EQ(kinds[static_cast<int>(Kind::BlackHole)], 1);
  for (uint8_t e = 0; e < 9; ++e) {
    const System& h = g.systems()[g.empire(e).home];
    EXPECT_EQ(h.owner, e);
    EXPECT_EQ(h.quality, kQualityB);
    EXPECT_EQ(h.pop, kHome.pop * kPop);
    int fleet = 0;
    for (const auto& r : g.ships()) fleet += r.owner == e;
    EXPECT_EQ(fleet, kHome.cruisers + kHome.destroyers + kHome.missiles + kHome.novas + kHome.freighters);
  }
  // Independents hold the other star systems with garrisons by quality.
  for (const auto& s : g.systems())
    if (s.kind == Kind::Star && s.homeOf == kNobody) {
      EXPECT_EQ(s.owner, kIndependent);
    }
}

TEST(WebGalaxy, SameSeedSameGalaxyOtherSeedOtherGalaxy) {
  EXPECT_EQ(stateHash(newGame(4, 11)), stateHash(newGame(4, 11)));
  EXPECT_NE(stateHash(newGame(4, 11)), stateHash(newGame(4, 12)));
}

TEST(WebState, WriteReadWriteIsIdenticalAndTheReaderIsStrict) {
  WebGame g = newGame(4, 3);
  auto bot = makeBot("ai", 0);
  for (int t = 0; t < 5; ++t) {
    std::vector<std::vector<Order>> o(4);
    for (Seat s = 0; s < 4; ++s) {
      auto rng = det::Rng::fromU64(static_cast<uint64_t>(t * 10 + s));
      o[s] = makeBot("ai", s)->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
    }
    std::vector<SeatOrders> by;
    for (Seat s = 0; s < 4; ++s) by.push_back({s, o[s]});
    g.apply(TurnInput{g.turn(), by});
  }
  det::Writer w;
  g.write(w);
  WebGame h;
  det::Reader r(w.data());
  ASSERT_TRUE(h.read(r));
  det::Writer w2;
  h.write(w2);
  EXPECT_TRUE(std::equal(w.data().begin(), w.data().end(), w2.data().begin(), w2.data().end()));
  // Truncated or padded bytes are refused, naming the problem.
  std::vector<uint8_t> bytes(w.data().begin(), w.data().end());
  std::vector<uint8_t> cut(bytes.begin(), bytes.end() - 3);
  det::Reader rc(cut);
  EXPECT_FALSE(WebGame().read(rc));
  bytes.push_back(0);
  det::Reader rp(bytes);
  EXPECT_FALSE(WebGame().read(rp));
}

TEST(WebOrders, EveryKindRoundTripsAndTrailingBytesAreRefused) {
  MoveCounts m;
  m.cruisers = 2, m.destroyers = 3, m.freighters[1] = 1;
  std::vector<Order> all = {loadOrder(3, Cargo::Minerals, 4), unloadOrder(3, Cargo::Pop, 1), placeOrder(9),
                            moveOrder(1, 2, m), stanceOrder(4, Stance::Attack, 0b101), stanceOrder(4, Stance::Ambush, 0, {2, 7}),
                            buildOrder(5, Item::Crystal, 2), cancelOrder(1)};
  for (const auto& o : all) {
    auto d = decode(o);
    ASSERT_TRUE(d) << d.message();
    EXPECT_EQ(encode(*d), o);
    Order padded = o;
    padded.payload.push_back(0);
    EXPECT_FALSE(decode(padded));
  }
  EXPECT_FALSE(decode(Order{99, {}}));
  EXPECT_FALSE(decode(stanceOrder(4, Stance::Ambush, 0, {7, 2})));  // lanes must ascend
  Order badCargo = loadOrder(3, Cargo::Minerals, 1);
  badCargo.payload[1] = 9;
  EXPECT_FALSE(decode(badCargo));
}

TEST(WebOrders, RefusalsSayWhy) {
  WebGame g = newGame(2, 5);
  const uint16_t home = g.empire(0).home;
  const System& h = g.systems()[home];
  uint16_t far = 0;
  auto d = g.hops(home);
  for (uint16_t i = 0; i < d.size(); ++i)
    if (d[i] >= 2) far = i;
  MoveCounts m;
  m.cruisers = 1;
  auto notAdjacent = g.validate(0, moveOrder(home, far, m));
  ASSERT_FALSE(notAdjacent);
  EXPECT_NE(notAdjacent.message().find("one hop"), std::string::npos) << notAdjacent.message();
  MoveCounts fr;
  fr.freighters[0] = 1;
  auto noCruiser = g.validate(0, moveOrder(home, h.lanes[0], fr));
  ASSERT_FALSE(noCruiser);
  EXPECT_NE(noCruiser.message().find("Cruiser"), std::string::npos);
  auto tooMany = g.validate(0, loadOrder(home, Cargo::Minerals, 100));
  EXPECT_FALSE(tooMany);
  auto notMine = g.validate(0, buildOrder(g.empire(1).home, Item::Destroyer, 1));
  EXPECT_FALSE(notMine);
  EXPECT_TRUE(g.validate(0, buildOrder(home, Item::Destroyer, 1)));
  EXPECT_FALSE(g.validate(5, buildOrder(home, Item::Destroyer, 1)));
}

// Sums that only named rules may change (docs/rules-decisions.md "W.E.B.": conservation).
struct Totals {
  int64_t ships = 0, minerals = 0, pop = 0;
};
Totals totals(const WebGame& g) {
  Totals t;
  t.ships = static_cast<int64_t>(g.ships().size());
  for (const auto& s : g.systems()) t.minerals += s.minerals, t.pop += s.pop;
  for (const auto& r : g.ships()) {
    if (r.cargo == Cargo::Minerals) t.minerals += r.load;
    if (r.cargo == Cargo::Pop) t.pop += r.load * kPop;
  }
  return t;
}

int buildCost(Item it) {
  if (it <= Item::Starbase) return stats(static_cast<Ship>(it)).cost;
  return it == Item::Pd ? kPdCost : it == Item::Industry ? kIndustryCost : kCrystalCost;
}

TEST(WebProperties, ConservationNoIllegalOrderAcceptedAndEveryGameEnds) {
  // Not scaled down under ASan: four games cost ~1.5 s there, and the "not vacuous" checks below need all four
  // (one game alone forms no treaty since the AI reads only systems in view).
  const uint64_t games = 4;
  int64_t losses = 0, conquests = 0, built = 0, refusedRandom = 0, captures = 0, contacts = 0, joins = 0, treaties = 0, raids = 0;
  for (uint64_t seed = 1; seed <= games; ++seed) {
    const Seat seats = static_cast<Seat>(2 + seed % 4);
    Config c;
    c.turnLimit = 40;
    WebGame g = newGame(seats, seed, c);
    auto chaos = det::Rng::fromU64(seed * 977);
    while (!g.over()) {
      ASSERT_LE(g.turn(), c.turnLimit) << "the game must end by the turn limit";
      std::vector<std::vector<Order>> orders(seats);
      std::vector<std::vector<bool>> legal(seats);
      for (Seat s : g.awaiting()) {
        auto rng = det::Rng::fromU64(seed * 1000 + g.turn() * 16 + s);
        orders[s] = makeBot("ai", s)->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
        // One extra order with random fields: validate() and apply() must agree about it.
        MoveCounts m;
        m.destroyers = static_cast<uint16_t>(chaos.below(3));
        m.freighters[chaos.below(4)] = static_cast<uint16_t>(chaos.below(2));
        const auto sys = static_cast<uint16_t>(chaos.below(g.systems().size()));
        const auto to = static_cast<uint16_t>(chaos.below(g.systems().size()));
        // One draw per statement: argument evaluation order differs between gcc and clang, the draws must not.
        const auto treaty = static_cast<Treaty>(chaos.below(kTreaties));
        const auto partner = chaos.below(seats + 1u);
        const auto giftTo = chaos.below(seats);
        const auto giftAmount = chaos.below(20);
        Order pool[] = {moveOrder(sys, to, m), loadOrder(sys, static_cast<Cargo>(1 + chaos.below(3)), 1),
                        placeOrder(sys), buildOrder(sys, static_cast<Item>(chaos.below(kItems)), 1),
                        stanceOrder(sys, Stance::Ambush, 0, {to}),
                        treatyOrder(treaty, static_cast<uint8_t>(partner)),
                        giftOrder(static_cast<uint8_t>(giftTo), static_cast<uint16_t>(giftAmount)),
                        routeOrder(sys, {to})};
        orders[s].insert(orders[s].begin(), pool[chaos.below(8)]);
        for (const auto& o : orders[s]) legal[s].push_back(static_cast<bool>(g.validate(s, o)));
      }
      const Totals before = totals(g);
      std::vector<SeatOrders> by;
      for (Seat s = 0; s < seats; ++s) by.push_back({s, orders[s]});
      auto rejected = g.apply(TurnInput{g.turn(), by});
      // The random first order is checked against the turn-start state by both: they must agree.
      for (Seat s = 0; s < seats; ++s) {
        if (orders[s].empty()) continue;
        bool refused = std::any_of(rejected.begin(), rejected.end(), [&](const Rejection& r) { return r.seat == s && r.index == 0; });
        refusedRandom += refused;
        EXPECT_EQ(refused, !legal[s][0]) << "seed " << seed << " turn " << g.turn() << " seat " << s << ": "
                                         << g.describe(s, orders[s][0]);
      }
      // Conservation: every change is a named rule's event.
      int64_t dShips = 0, dMinerals = 0, dPop = 0;
      for (const auto& e : g.events()) {
        const bool lost = e.kind == Ev::Destroyed || e.kind == Ev::BlackHole || e.kind == Ev::Debris || e.kind == Ev::Probe;
        if (lost && e.ship < kMobileTypes) {
          --dShips, ++losses;
          if (e.roll == static_cast<uint8_t>(Cargo::Minerals)) dMinerals -= e.b;
          if (e.roll == static_cast<uint8_t>(Cargo::Pop)) dPop -= int64_t{e.b} * kPop;
        }
        if (e.kind == Ev::Built || e.kind == Ev::BuildRefused) {
          const Item it = static_cast<Item>(e.ship);
          if (it < Item::DSat) dShips += e.a;
          built += e.a;
          if (it == Item::Starbase) dPop -= int64_t{e.a} * kStarbasePopCost * kPop;
          dMinerals -= int64_t{e.a} * buildCost(it);
        }
        if (e.kind == Ev::Captured) {  // §5e: the ship changes sides; its hold is seized (minerals hire crews)
          ++captures;
          if (e.roll == static_cast<uint8_t>(Cargo::Minerals)) dMinerals -= e.b;
          if (e.roll == static_cast<uint8_t>(Cargo::Pop)) dPop -= int64_t{e.b} * kPop;
        }
        if (e.kind == Ev::Recruited) dShips += e.a;       // §5e, §5f mercenaries
        if (e.kind == Ev::RaidLaunched) dShips += e.a, ++raids;  // §5b the raid fleet takes to space
        if (e.kind == Ev::RaidHome) dShips -= e.b;        // §5f and folds into the pirate reserve
        if (e.kind == Ev::Plunder) dMinerals -= e.a;      // §5d stolen minerals hire crews
        if (e.kind == Ev::Joined && !e.a) dShips -= e.b;  // §2g the garrison disbands
        if (e.kind == Ev::Contact) ++contacts;
        if (e.kind == Ev::Joined) ++joins;
        if (e.kind == Ev::Treaty && e.b == 1) ++treaties;
        if (e.kind == Ev::Mined) dMinerals += e.a;
        if (e.kind == Ev::Grew) dPop += e.a;
        if (e.kind == Ev::Collateral) dPop -= e.b;
        if (e.kind == Ev::Conquest) ++conquests;
      }
      const Totals after = totals(g);
      ASSERT_EQ(after.ships - before.ships, dShips) << "seed " << seed << " turn " << g.turn();
      ASSERT_EQ(after.minerals - before.minerals, dMinerals) << "seed " << seed << " turn " << g.turn();
      ASSERT_EQ(after.pop - before.pop, dPop) << "seed " << seed << " turn " << g.turn();
    }
    auto o = g.outcome();
    ASSERT_TRUE(o.has_value());
    EXPECT_EQ(o->rankBySeat.size(), seats);
    EXPECT_EQ(*std::min_element(o->rankBySeat.begin(), o->rankBySeat.end()), 1u);
  }
  // The games were not vacuous: ships fought and died, systems changed hands, factories ran, and the
  // random orders were sometimes refused.
  EXPECT_GT(losses, 0);
  EXPECT_GT(conquests, 0);
  EXPECT_GT(built, 0);
  EXPECT_GT(refusedRandom, 0);
  EXPECT_GT(contacts, 0);  // §2a the AI meets independents
  EXPECT_GT(joins, 0);     // §2g and some join it
  EXPECT_GT(raids, 0);     // §5b raiders launch
  EXPECT_GT(treaties, 0);  // §2i the AI declares war before it attacks an empire
  std::printf("web property games: %lld losses, %lld conquests, %lld builds, %lld random orders refused, "
              "%lld first contacts, %lld joins, %lld captures, %lld treaties in force\n",
              static_cast<long long>(losses), static_cast<long long>(conquests), static_cast<long long>(built),
              static_cast<long long>(refusedRandom), static_cast<long long>(contacts), static_cast<long long>(joins),
              static_cast<long long>(captures), static_cast<long long>(treaties));
}

TEST(WebRobustness, RandomPayloadsAndCorruptStatesAreRefusedNotCrashed) {
  auto rng = det::Rng::fromU64(99);
  WebGame g = newGame(3, 2);
  for (int i = 0; i < 3000; ++i) {
    Order o;
    o.kind = static_cast<uint16_t>(rng.below(9));
    const auto n = rng.below(12);
    for (uint64_t k = 0; k < n; ++k) o.payload.push_back(static_cast<uint8_t>(rng.below(256)));
    auto d = decode(o);
    if (d) (void)g.validate(static_cast<Seat>(rng.below(4)), o);  // a reason or ok, never a crash
  }
  det::Writer w;
  g.write(w);
  const std::vector<uint8_t> good(w.data().begin(), w.data().end());
  int refused = 0;
  for (int i = 0; i < static_cast<int>(testing::scaled(400)); ++i) {
    auto bad = good;
    bad[rng.below(bad.size())] ^= static_cast<uint8_t>(1 + rng.below(255));
    det::Reader r(bad);
    WebGame h;
    refused += h.read(r) ? 0 : 1;
  }
  EXPECT_GT(refused, 0);
}

TEST(WebFog, AnEmpireSeesOnlyWhatItHasEyesOn) {  // §9
  WebGame g = newGame(4, 9);
  auto v = decodeView(g.observe(0).canonical);
  ASSERT_TRUE(v);
  const auto d = g.hops(g.empire(0).home);
  for (const auto& s : v->systems) {
    if (s.kind != Kind::BlackHole) {
      EXPECT_LE(d[s.id], 1) << "turn 1: only the home and its neighbours are known";
    }
    if (!s.fleets.empty()) {
      EXPECT_TRUE(s.inView);
    }
  }
  // Another empire's home is not in view at the start, and the omniscient view holds every system.
  EXPECT_EQ(v->find(g.empire(1).home), nullptr);
  auto all = decodeView(g.observe(kOmniscient).canonical);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->systems.size(), g.systems().size());
}

// Empire 2 loses its home on turn 1 to an Empire 0 Cruiser parked over it with Attack orders (PD 0, no defences).
WebGame homeTwoFallsOnTurnOne(const WebGame& g, const Config& c) {
  Position p;
  p.empires = 3;
  p.config = c;
  p.systems = g.systems();
  p.ships = g.ships();
  const uint16_t h2 = g.empire(2).home;
  p.systems[h2].pd = 0, p.systems[h2].dsats = 0;
  std::erase_if(p.ships, [&](const ShipRec& r) { return r.sys == h2; });
  ShipRec cr;
  cr.owner = 0, cr.type = Ship::Cruiser, cr.sys = h2;
  p.ships.push_back(cr);
  StanceRec st;
  st.sys = h2, st.owner = 0, st.stance = Stance::Attack, st.targets = targetBit(2);
  p.stances.push_back(st);
  WebGame h;
  EXPECT_TRUE(h.loadPosition(p, seedOf(6)));
  std::vector<SeatOrders> none;
  for (Seat s = 0; s < 3; ++s) none.push_back({s, {}});
  h.apply(TurnInput{h.turn(), none});
  return h;
}

TEST(WebFog, TheVanquishedAreLockedOutUntilTheEnd) {  // Vanquished
  WebGame g = newGame(3, 6);
  const uint16_t h2 = g.empire(2).home;
  WebGame h = homeTwoFallsOnTurnOne(g, Config{});
  ASSERT_TRUE(h.empire(2).vanquished);
  ASSERT_FALSE(h.over());
  auto v = decodeView(h.observe(2).canonical);
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->systems.empty());
  EXPECT_TRUE(h.legalOrders(2).empty());
  EXPECT_FALSE(h.validate(2, buildOrder(h2, Item::Destroyer, 1)));
  auto alive = decodeView(h.observe(0).canonical);
  ASSERT_TRUE(alive);
  EXPECT_FALSE(alive->systems.empty());
}

TEST(WebOutcome, RankingCountsPlayersBeaten) {  // Galactic Ranking
  Config c;
  c.turnLimit = 1;
  WebGame g = newGame(3, 4, c);
  std::vector<SeatOrders> none;
  for (Seat s = 0; s < 3; ++s) none.push_back({s, {}});
  g.apply(TurnInput{1, none});
  ASSERT_TRUE(g.over());
  auto o = g.outcome();
  ASSERT_TRUE(o);
  // Identical empires tie on Victory Points: all win, nobody beats anybody.
  for (Seat s = 0; s < 3; ++s) {
    EXPECT_EQ(o->rankBySeat[s], 1u);
    EXPECT_EQ(o->scoreBySeat[s], 0);
  }
  EXPECT_NE(o->summary.find("Victory Points"), std::string::npos);
}

// Galactic Ranking: an empire abandoned to the AI (AI takeover) is last with 0 points; a seat the AI took only
// after its empire was vanquished abandoned nothing and keeps its survival rank.
TEST(WebOutcome, AnAiTakeoverScoresZeroButNotAfterTheEmpireFell) {
  Config c;
  c.turnLimit = 2;
  WebGame g = newGame(3, 6, c);
  WebGame h = homeTwoFallsOnTurnOne(g, c);  // Empire 2 falls on turn 1
  std::vector<SeatOrders> none;
  for (Seat s = 0; s < 3; ++s) none.push_back({s, {}});
  ASSERT_TRUE(h.empire(2).vanquished);
  ASSERT_EQ(h.empire(2).vanquishedTurn, 1u);
  h.apply(TurnInput{h.turn(), none});
  ASSERT_TRUE(h.over());
  const auto raw = h.outcome();
  ASSERT_TRUE(raw);
  EXPECT_EQ(h.outcomeWithTakeovers({})->scoreBySeat, raw->scoreBySeat);
  const uint32_t never = kNotTakenOver;
  // Empire 0 holds two homes: it wins and beats both; its person leaving at pipeline turn 1 costs it all.
  ASSERT_EQ(raw->scoreBySeat[0], 2);
  std::vector<uint32_t> left = {1, never, never};
  auto o = h.outcomeWithTakeovers(left);
  EXPECT_EQ(o->scoreBySeat[0], 0);
  EXPECT_EQ(o->rankBySeat[0], 3u);
  EXPECT_EQ(o->scoreBySeat[1], 2) << "Empire 1 now beats the abandoned winner and the fallen";
  EXPECT_EQ(o->scoreBySeat[2], 1) << "the fallen still rank above an abandoned seat";
  // Empire 2's seat taken over at pipeline turn 1 (W.E.B. turn 2), after it fell on turn 1: not abandoned.
  o = h.outcomeWithTakeovers(std::vector<uint32_t>{1, never, 1});
  EXPECT_EQ(o->scoreBySeat[2], 1);
  // Taken over at pipeline turn 0 (W.E.B. turn 1, while it still gave orders): abandoned, tied last with 0.
  o = h.outcomeWithTakeovers(std::vector<uint32_t>{1, never, 0});
  EXPECT_EQ(o->scoreBySeat[2], 0);
  EXPECT_EQ(o->rankBySeat[2], 2u);
  EXPECT_EQ(o->rankBySeat[0], 2u);
  EXPECT_NE(o->summary.find("abandoned to the AI, last with 0 ranking points: Empire 0, Empire 2"), std::string::npos)
      << o->summary;
}

}  // namespace
}  // namespace concord::web
