// §10 through the lockstep pipeline (issue 14 "headless self-play ... through the lockstep pipeline"): seeded games
// with Charters, Sealed Orders and Ambition enabled (Additional and Exclusive, with and without teams) complete on
// every peer alike, end within the bound their Terms state (VC-090), never lower a Tenure in any retained Seal record
// (VC-3330, read from VC-250's records), and their replays verify. No preset enables §10, hence this batch.
#include <gtest/gtest.h>

#include <map>

#include "tests/elc/pipeline_support.h"
#include "tests/elc/support.h"
#include "tests/support/test_scale.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

TEST(ElcSelfPlayObjectives, PipelineGamesWithChartersAndAmbitionEndInBoundTenureNeverFallsReplaysVerify) {
  struct Setup {
    const char* name;
    ConfigOptions opts;
    Seat seats;
  };
  const ConfigOptions s10 = {{"preset", "blitz"}, {"tracks", "dominion,throne,warrants,charters,ambition"}, {"sealed-orders", "2"}};
  auto with = [&](ConfigOptions extra) {
    ConfigOptions o = s10;
    o.insert(o.end(), extra.begin(), extra.end());
    return o;
  };
  const Setup setups[] = {
      {"additional", with({{"charter-mode", "additional"}}), 3},
      {"exclusive", with({{"charter-mode", "exclusive"}}), 4},
      {"standard-war", {{"preset", "standard-war"}, {"tracks", "dominion,hegemony,keys,throne,warrants,charters,ambition"}}, 4},
      {"teams", with({{"teams", "AABB"}}), 4},
  };
  std::map<std::string, int> routes;
  for (const auto& s : setups)
    for (uint64_t seed = 1; seed <= concord::testing::scaled(3); ++seed) {
      lockstep::SelfPlayParams p;
      p.moduleId = "elc";
      p.options = s.opts;
      p.seats = s.seats;
      p.seed = seed;
      auto played = playPipeline(p, tempReplay(std::string(s.name) + "-" + std::to_string(seed) + ".ccr"));
      ASSERT_TRUE(played.table) << s.name;
      const ElcGame& g = played.game();
      const std::string what = std::string(s.name) + " seed " + std::to_string(seed);
      EXPECT_TRUE(g.over()) << what;
      EXPECT_TRUE(played.agreed) << what;
      ASSERT_TRUE(played.verified.has_value());
      EXPECT_TRUE(played.verified->ok) << what << ": " << played.verified->failure;
      EXPECT_EQ(played.verified->turns, played.table->peer(0).turn()) << what;
      EXPECT_LE(g.turn(), static_cast<uint32_t>(terminationBound(g.config()))) << what << ": VC-090";
      EXPECT_EQ(g.sealRecords().size(), g.turn()) << what;
      std::vector<int64_t> last(s.seats, 0);
      for (const auto& rec : g.sealRecords())
        for (const auto& pr : rec.players) {
          EXPECT_GE(pr.tenure, last[pr.seat]) << what << ": VC-3330, seat " << pr.seat << " at Seal " << rec.turn;
          last[pr.seat] = pr.tenure;
        }
      for (Seat k = 0; k < s.seats; ++k) EXPECT_NE(g.charterOf(k), Track::Charters) << what << ": VC-1600, every player a Charter";
      ++routes[std::string(s.name) + ": " + g.route()];
    }
  for (const auto& [r, n] : routes) std::printf("  %s x%d\n", r.c_str(), n);
}
