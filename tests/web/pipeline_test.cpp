// 9-empire W.E.B. AI games through the full lockstep pipeline over a faulty simulated network, each written
// as a replay and verified from the file (the "self-play of 9-empire AI games, replays verifying").
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "lockstep/selfplay.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"
#include "tests/support/test_scale.h"

namespace concord {
namespace {

TEST(WebPipeline, NineEmpireAiGamesAgreeEndAndVerify) {
  const auto dir = std::filesystem::temp_directory_path() / ("web-pipeline-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const uint64_t games = testing::scaled(2);
  for (uint64_t k = 0; k < games; ++k) {
    lockstep::SelfPlayParams p;
    p.moduleId = "web";
    p.options = {{"turns", "30"}};
    p.seats = 9;
    p.seed = 40 + k;
    p.net.lossPermille = 30;
    p.net.dupPermille = 10;
    p.net.reorderPermille = 20;
    p.net.delayMs = 3;
    p.stepMs = 2;
    p.silenceMs = 60'000;
    auto session = lockstep::selfPlaySession(p);
    ASSERT_TRUE(session) << session.message();
    const auto path = (dir / ("web-" + std::to_string(k) + ".ccr")).string();
    auto rec = replay::SessionRecorder::create(path, *session);
    ASSERT_TRUE(rec) << rec.message();
    p.onTurn = [&](const lockstep::TurnRecord& r) { ASSERT_TRUE((*rec)->record(r)); };
    auto res = lockstep::runSelfPlay(p);
    ASSERT_TRUE(res) << res.message();
    EXPECT_TRUE(res->completed && res->agreed) << "game " << k;
    EXPECT_TRUE(res->problems.empty()) << res->problems.front();  // no desync, no rejected AI order
    ASSERT_TRUE(res->outcome.has_value());
    EXPECT_LE(res->stats.turns, 30u) << "every game ends by the turn limit";
    ASSERT_TRUE((*rec)->close());
    auto rep = replay::verifyReplay(path);
    ASSERT_TRUE(rep && rep->ok) << (rep ? rep->failure : rep.message());
    EXPECT_EQ(rep->finalSeal, res->seals.back());
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace concord
