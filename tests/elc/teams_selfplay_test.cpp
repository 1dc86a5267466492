// Teams (VC-1570, VC-1580) in play: bot self-play with teams (allies never capture each other, one Tenure per team,
// the winning team placing 1, saves resuming byte-identically), the same through the lockstep pipeline, and the
// conqueror bot sparing its team-mates.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/orders.h"
#include "lockstep/selfplay.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

}  // namespace

// Self-play with teams: bots never take a team-mate's city, Tenure never falls, members of a live team read the same
// Tenure, the winning team places 1 as a unit, and a save resumes byte-identically (the leftTeam flags included).
TEST(ElcTeams, SelfPlayWithTeamsEndsAndAlliesNeverCaptureEachOther) {
  const std::pair<const char*, Seat> tables[] = {{"AABB", 4}, {"ABAB", 4}, {"AAB", 3}, {"ABCABC", 6}};
  for (Preset p : {Preset::StandardWar, Preset::EveryLastCity, Preset::Blitz})
    for (const auto& table : tables)
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        const char* letters = table.first;  // named, not bound: clang 14 cannot capture a structured binding
        const Seat seats = table.second;
        auto withTeams = parseOptions({{"preset", p == Preset::StandardWar ? "standard-war" : p == Preset::Blitz ? "blitz" : "every-last-city"},
                                       {"teams", letters}});
        ASSERT_TRUE(withTeams.ok()) << withTeams.message();
        const Config c = *withTeams;
        ElcGame g = started(c, seed, seats);
        std::vector<int32_t> owners;
        for (const auto& city : g.cities()) owners.push_back(city.owner);
        std::vector<int64_t> last(seats, 0);
        playOut(g, seed, c.horizon + 5, [&](const ElcGame& s) {
          for (size_t k = 0; k < owners.size(); ++k) {
            const int32_t now = s.cities()[k].owner;
            if (owners[k] >= 0 && now >= 0 && now != owners[k] && s.live(static_cast<Seat>(owners[k]))) {
              EXPECT_FALSE(s.allied(owners[k], now)) << letters << ": city " << k << " passed between allies at turn " << s.turn();
            }
            owners[k] = now;
          }
          for (Seat k = 0; k < seats; ++k) {
            ASSERT_GE(s.players()[k].tenure, last[k]) << "VC-3330, VC-1580";
            last[k] = s.players()[k].tenure;
            if (s.live(k)) {
              EXPECT_EQ(s.players()[k].tenure, s.players()[s.sideOf(k)].tenure) << "one Tenure per team";
            }
          }
        });
        ASSERT_TRUE(g.over()) << letters << " seed " << seed;
        const Seat win = g.sideOf(static_cast<Seat>(g.winner()));
        for (Seat k = 0; k < seats; ++k)
          if (g.sideOf(k) == win) {
            EXPECT_EQ(g.players()[k].placing, 1u) << letters << " seat " << k;
          }
        reloaded(g);
      }
}

// Headless team games through the lockstep pipeline (signed bundles, Seal checks): complete, agree, no rejections.
TEST(ElcTeams, PipelineGamesWithTeamsCompleteAndAgree) {
  for (const char* p : {"standard-war", "every-last-city", "blitz"})
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      lockstep::SelfPlayParams sp;
      sp.moduleId = "elc";
      sp.options = {{"preset", p}, {"teams", "AABB"}};
      sp.seats = 4;
      sp.seed = seed;
      auto r = lockstep::runSelfPlay(sp);
      ASSERT_TRUE(r.ok()) << r.message();
      EXPECT_TRUE(r->completed) << p << " seed " << seed;
      EXPECT_TRUE(r->agreed) << p << " seed " << seed;
      EXPECT_TRUE(r->problems.empty()) << p << ": " << r->problems.front();
      ASSERT_TRUE(r->outcome.has_value());
      EXPECT_EQ(r->outcome->summary.rfind("Team ", 0), 0u) << r->outcome->summary;
      const auto& rank = r->outcome->rankBySeat;
      std::vector<int> first;  // the placing-1 seats: one team's members (VC-1570: the team wins as a unit)
      for (int k = 0; k < 4; ++k)
        if (rank[static_cast<size_t>(k)] == 1) first.push_back(k / 2);
      ASSERT_FALSE(first.empty()) << p;
      EXPECT_EQ(std::count(first.begin(), first.end(), first.front()), static_cast<std::ptrdiff_t>(first.size())) << p;
    }
}

// The AI never marches on a team-mate: a Red stack beside Blue's Seat (its nearest foreign city) goes elsewhere; without
// teams the same stack takes that Seat.
TEST(ElcTeams, TheBotDoesNotAttackATeamMate) {
  for (bool teams : {true, false}) {
    ElcGame g = quiet(teams ? teamsOf("AAB") : preset(Preset::StandardWar), 19, 3);
    const int32_t blueSeat = g.players()[1].seatCity;
    const Grid& grid = g.world().grid;
    int32_t beside = -1;
    for (int32_t t : grid.within(g.world().cities[blueSeat].tile, 1))
      if (t != g.world().cities[blueSeat].tile) beside = t;
    ASSERT_GE(beside, 0);
    for (int k = 0; k < 5; ++k) g.addUnitForScenario(0, beside);
    auto bot = makeBot("conqueror");
    auto rng = det::Rng::fromU64(7);
    bool onBlue = false;
    for (const auto& o : bot->choose(g.observeForOfficer(0), g.legalOrders(0), rng)) {
      auto d = decodeOrder(o);
      if (d && d->kind == kMove && static_cast<int32_t>(d->b) == g.world().cities[blueSeat].tile) onBlue = true;
    }
    EXPECT_EQ(onBlue, !teams) << (teams ? "a team-mate's Seat is never a target" : "a rival's Seat beside the stack is");
  }
}
