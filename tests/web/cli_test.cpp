// The W.E.B. command line: `concord web scenario` (exit codes, bad files) and `concord play web` at the
// terminal on the one local table (orders typed, refusals with reasons, a whole game with --auto, the replay
// written, resumed and verified like every other game's).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/run_command.h"
#include "tests/support/temp_dir.h"

namespace fs = std::filesystem;

namespace {

using concord::testing::concordBinary;

using concord::testing::Ran;
Ran run(const std::string& cmd) { return concord::testing::runCommand(cmd + " 2>&1"); }

const std::string kBin = concordBinary().string();

// `play web` signs the person's seat with their identity, created on first use under $CONCORD_HOME, and writes
// replays under $XDG_DATA_HOME: both in a temp dir removed at exit, never in the user's home.
struct DataHome {
  concord::testing::TempDir dir{"web-cli"};
  DataHome() {
    setenv("XDG_DATA_HOME", dir.path().c_str(), 1);
    setenv("CONCORD_HOME", dir.path().c_str(), 1);
  }
};
const DataHome kDataHome;

TEST(WebCli, ScenarioPrintsTheResolutionAndChecksExpectations) {
  auto scenario = (fs::path(CONCORD_SOURCE_DIR) / "tests/web/scenarios/withdrawal_overflow.json").string();
  auto ok = run(kBin + " web scenario " + scenario);
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("\"kind\": \"shot\""), std::string::npos);
  EXPECT_NE(ok.out.find("\"roll\""), std::string::npos);
  const auto dir = fs::temp_directory_path() / ("web-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "wrong.json") << R"({"systems":[{"owner":0,"home":0,"lanes":[1]},{"owner":1,"home":1,"lanes":[0]}],
    "expect":{"over":true}})";
  EXPECT_EQ(run(kBin + " web scenario " + (dir / "wrong.json").string()).code, 1);
  std::ofstream(dir / "bad.json") << R"({"systems":[{"kind":"wormhole"}]})";
  auto bad = run(kBin + " web scenario " + (dir / "bad.json").string());
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.out.find("unknown kind 'wormhole'"), std::string::npos) << bad.out;
  std::ofstream(dir / "junk.json") << "{ not json";
  EXPECT_NE(run(kBin + " web scenario " + (dir / "junk.json").string()).code, 0);
  EXPECT_NE(run(kBin + " web scenario " + (dir / "missing.json").string()).code, 0);
  fs::remove_all(dir);
}

TEST(WebCli, PlayAtTheTerminalRefusesWithReasonsAndAcceptsOrders) {
  auto r = run("printf 'build 999 destroyer 1\\nmove 0\\nfly 1 2\\nbuild 0 pd 1\\nmap\\nend\\nquit\\n' | " + kBin +
               " play web --seats 2 --turns 3 --seed 4 --no-replay");
  EXPECT_EQ(r.code, 1) << "leaving a game before its end is not a success\n" << r.out;
  EXPECT_NE(r.out.find("! rejected: there is no system 999"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("! unknown order 'fly'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lanes:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("you left the table"), std::string::npos) << r.out;
}

TEST(WebCli, AutoPlaysAWholeGame) {
  auto r = run(kBin + " play web --seats 3 --turns 8 --auto");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Game over:"), std::string::npos) << r.out;
  // Final standings are listed by rank, #1 first, whatever the seats' order.
  r = run(kBin + " play web --auto");  // the default game: ranks 1..4 all taken (the 8-turn one ties)
  const auto standings = r.out.find("Final standings");
  ASSERT_NE(standings, std::string::npos) << r.out;
  const auto first = r.out.find("  #1 ", standings), second = r.out.find("  #2 ", standings);
  EXPECT_TRUE(first != std::string::npos && second != std::string::npos && first < second) << r.out.substr(standings);
  EXPECT_NE(run(kBin + " play web --seats 2 --you 5").code, 0);
  EXPECT_NE(run(kBin + " play web --turns x").code, 0);
}

// Galactic Ranking: `auto` hands the person's empire to the AI for the rest of the game (an AI takeover): last
// place, 0 ranking points. `system N` prints a system card (§9).
TEST(WebCli, AutoIsAnAiTakeoverAndScoresZero) {
  const std::string game = " play web --seats 2 --turns 4 --seed 3";
  auto first = run("printf 'map\\nquit\\n' | " + kBin + game);
  const auto yours = first.out.find(" (yours)");
  ASSERT_NE(yours, std::string::npos) << first.out;
  const auto bracket = first.out.rfind('[', yours);
  const std::string home = first.out.substr(bracket + 1, first.out.find(']', bracket) - bracket - 1);
  auto r = run("printf 'system " + home + "\\nsystem 9999\\nauto\\n' | " + kBin + game);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("  [" + home + "] "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", in view: Empire 0, pop "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no system \"9999\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Your officer plays your seat from now on"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("abandoned to the AI, last with 0 ranking points: Empire 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("#2 Empire 0 (you): 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("#1 Empire 1: 1"), std::string::npos) << r.out;
}

// Issue 24: a W.E.B. evening at the terminal leaves a replay like every other game: left with "q", continued
// with --resume (the save is verified first), finished, and verified by `concord replay verify`.
TEST(WebCli, PlayWritesAReplayThatResumesAndVerifies) {
  const std::string save = (kDataHome.dir.path() / "evening.ccr").string();
  auto first = run("printf 'end\\nend\\nq\\n' | " + kBin + " play web --seats 3 --turns 5 --seed 8 --replay " + save);
  EXPECT_EQ(first.code, 1) << first.out;
  EXPECT_NE(first.out.find("Resume this game with: concord play web --resume " + save), std::string::npos) << first.out;
  ASSERT_TRUE(fs::exists(save));
  auto mid = run(kBin + " replay verify " + save);
  EXPECT_EQ(mid.code, 0) << "the save of a game left early verifies\n" << mid.out;
  auto again = run("printf 'end\\nauto\\n' | " + kBin + " play web --resume " + save);
  EXPECT_EQ(again.code, 0) << again.out;
  EXPECT_NE(again.out.find("Resuming " + save + " at turn 2."), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("Final standings"), std::string::npos) << again.out;
  auto verify = run(kBin + " replay verify " + save);
  EXPECT_EQ(verify.code, 0) << verify.out;
  auto info = run(kBin + " replay info " + save);
  EXPECT_NE(info.out.find("web"), std::string::npos) << info.out;
  // A W.E.B. save is not a Warp game: said, with the command that continues it.
  auto wrong = run(kBin + " play warp --resume " + save);
  EXPECT_NE(wrong.code, 0);
  EXPECT_NE(wrong.out.find("concord play web --resume"), std::string::npos) << wrong.out;
}

}  // namespace
