// 9-empire W.E.B. AI games through the full lockstep pipeline over a faulty simulated network, each written
// as a replay and verified from the file (the "self-play of 9-empire AI games, replays verifying").
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

#include "tests/support/run_command.h"
#include "lockstep/selfplay.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"
#include "lockstep/membership.h"
#include "lockstep/session_result.h"
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

std::string runConcord(const std::string& args) {
  return concord::testing::runCommand(concord::testing::concordBinary().string() + " " + args + " 2>&1").out;
}

// Galactic Ranking: "empires that abandon a game (AI takeover) receive last place, scoring 0 points". Seat 2's
// peer dies at turn 3; the table substitutes the AI for it (lockstep membership) and plays the game out. The
// session's result (lockstep::sessionOutcome, what host/join, selfplay and replay info print) gives it 0.
TEST(WebPipeline, AnEmpireTakenOverByTheAiScoresZero) {
  lockstep::SelfPlayParams p;
  p.moduleId = "web";
  p.options = {{"turns", "12"}};
  p.seats = 4;
  p.seed = 5;
  p.net.delayMs = 5;
  p.silenceMs = 1000;
  auto session = lockstep::selfPlaySession(p);
  ASSERT_TRUE(session) << session.message();
  const auto dir = std::filesystem::temp_directory_path() / ("web-takeover-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = (dir / "takeover.ccr").string();
  auto rec = replay::SessionRecorder::create(path, *session);
  ASSERT_TRUE(rec) << rec.message();
  p.onTurn = [&](const lockstep::TurnRecord& r) { ASSERT_TRUE((*rec)->record(r)); };
  auto t = lockstep::Table::create(p);
  ASSERT_TRUE(t) << t.message();
  lockstep::Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).over(); }));
  ASSERT_TRUE((*rec)->close());
  const auto& engine = table.peer(0).engine();
  ASSERT_EQ(engine.membership().seat(2).controller, lockstep::Controller::Ai);
  EXPECT_NE(lockstep::takeovers(engine)[2], kNotTakenOver);
  const auto raw = engine.game().outcome();
  const auto scored = lockstep::sessionOutcome(engine);
  ASSERT_TRUE(raw && scored);
  ASSERT_GT(raw->scoreBySeat[2], 0) << "the seed is chosen so the abandoned empire had points to lose";
  EXPECT_EQ(scored->scoreBySeat[2], 0);
  EXPECT_EQ(scored->rankBySeat[2], 4u) << "last place";
  for (Seat s : {Seat{0}, Seat{1}, Seat{3}}) {
    EXPECT_LT(scored->rankBySeat[s], 4u) << "seat " << s;
    EXPECT_GE(scored->scoreBySeat[s], 1) << "every player who stayed beats the one who left (seat " << s << ")";
    EXPECT_EQ(lockstep::takeovers(engine)[s], kNotTakenOver);
  }
  EXPECT_NE(scored->summary.find("abandoned to the AI"), std::string::npos) << scored->summary;
  // `concord replay info` re-steps the recorded membership and prints the same standings.
  const std::string info = runConcord("replay info " + path);
  std::istringstream lines(info);
  bool found = false;
  for (std::string l; std::getline(lines, l);)
    if (l.find("placing") != std::string::npos && l.find("seat 2") != std::string::npos) {
      found = true;
      EXPECT_NE(l.find("placing 4"), std::string::npos) << l;
      EXPECT_TRUE(l.ends_with("score 0")) << l;
    }
  EXPECT_TRUE(found) << info;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace concord
