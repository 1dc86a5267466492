// Old replays keep verifying under the rules version they recorded (docs/rules-decisions.md, issue 11): the
// registry runs every Warp version from kOldestRulesVersion, new games start on the newest, and a replay's
// session header picks the version that re-simulates it.
#include <gtest/gtest.h>

#include "core/game/registry.h"
#include "core/warp/state.h"
#include "table/record_bots.h"
#include "replay/verify.h"
#include "tests/support/temp_dir.h"

using namespace concord;

namespace {

const concord::testing::TempDir& dir() {
  static const concord::testing::TempDir d("rules-version");
  return d;
}

// A Kappa + Theta points campaign (even rounds inverted, the -3 below zero) recorded under `version`.
table::RecordSummary record(uint32_t version, const std::string& name) {
  auto session = table::makeBotSession("warp", {{"kappa", "on"}, {"theta", "on"}, {"set", "9"}}, 3, "rules-v", "greedy");
  EXPECT_TRUE(session.ok()) << session.message();
  session->rulesVersion = version;
  auto sum = table::recordBotGame((dir() / name).string(), *session, table::botSessionKeys("rules-v", 3));
  EXPECT_TRUE(sum.ok()) << sum.message();
  return *sum;
}

TEST(WarpRulesVersion, NewGamesRunTheNewestAndOlderVersionsStillRun) {
  auto newest = findModule("warp");
  ASSERT_TRUE(newest.ok());
  EXPECT_EQ((*newest)->rulesVersion, warp::kRulesVersion);
  EXPECT_EQ(warp::kRulesVersion, 5u);
  for (uint32_t v = warp::kOldestRulesVersion; v <= warp::kRulesVersion; ++v) {
    auto m = findModule("warp", v);
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_EQ((*m)->create()->info().rulesVersion, v);
  }
  auto gone = findModule("warp", 2);
  ASSERT_FALSE(gone.ok());
  EXPECT_NE(gone.message().find("this build runs version 5"), std::string::npos) << gone.message();
}

// The same seed and bots under v3 and v4: both replays verify, each under its own recorded version, and the
// Seals differ because v4 changed the Kappa tally (RULES §VI Kappa).
TEST(WarpRulesVersion, AVersion3ReplayStillVerifiesUnderVersion3) {
  auto v3 = record(3, "v3.ccr");
  auto v4 = record(4, "v4.ccr");
  for (const char* name : {"v3.ccr", "v4.ccr"}) {
    auto rep = replay::verifyReplay((dir() / name).string());
    ASSERT_TRUE(rep.ok()) << rep.message();
    EXPECT_TRUE(rep->ok) << name << ": " << rep->failure;
    EXPECT_GT(rep->turns, 100u);
  }
  EXPECT_NE(v3.finalSeal, v4.finalSeal) << "rules v4 changes Kappa games: their Seals must differ";
}

// Rules v5 writes the Hazard Marker rule once (a spool onto the Neutral Zone logs HazardTake): Delta games
// recorded under v4 and v5 both verify, each under its own version.
TEST(WarpRulesVersion, AVersion4DeltaReplayStillVerifiesUnderVersion4) {
  for (uint32_t v : {4u, 5u}) {
    auto session = table::makeBotSession("warp", {{"delta", "on"}}, 3, "rules-delta", "greedy");
    ASSERT_TRUE(session.ok()) << session.message();
    session->rulesVersion = v;
    const std::string name = "delta-v" + std::to_string(v) + ".ccr";
    auto sum = table::recordBotGame((dir() / name).string(), *session, table::botSessionKeys("rules-delta", 3));
    ASSERT_TRUE(sum.ok()) << sum.message();
    auto rep = replay::verifyReplay((dir() / name).string());
    ASSERT_TRUE(rep.ok()) << rep.message();
    EXPECT_TRUE(rep->ok) << name << ": " << rep->failure;
  }
}

}  // namespace
