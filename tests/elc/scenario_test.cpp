// Runs every tests/elc/scenarios/*.json through the scenario runner (docs/elc-scenarios.md), and the `concord`
// binary's `elc scenario`, `elc terms` and `play elc` commands end to end (piped stdin).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/support/run_command.h"
#include "tests/support/temp_dir.h"
#include "tools/concord/elc_scenario.h"

namespace fs = std::filesystem;
using namespace concord::elc;

namespace {

using concord::testing::concordBinary;

using concord::testing::Ran;
Ran run(const std::string& cmd) { return concord::testing::runCommand(cmd + " 2>&1"); }

fs::path scenarios() { return fs::path(CONCORD_SOURCE_DIR) / "tests/elc/scenarios"; }

// `play elc` signs a person's seat with their identity (issue 11 point 2), created on first use under
// $CONCORD_HOME: keep it, and default replays, in a temp dir removed at exit, never in the user's home.
struct DataHome {
  concord::testing::TempDir dir{"elc-cli"};
  DataHome() {
    setenv("XDG_DATA_HOME", dir.path().c_str(), 1);
    setenv("CONCORD_HOME", dir.path().c_str(), 1);
  }
};
const DataHome kDataHome;

}  // namespace

TEST(ElcScenario, EveryScenarioFileMeetsItsExpectations) {
  int files = 0;
  for (const auto& e : fs::directory_iterator(scenarios())) {
    if (e.path().extension() != ".json") continue;
    ++files;
    std::ifstream in(e.path());
    auto r = scenario::run(scenario::json::parse(in));
    for (const auto& f : r.failures) ADD_FAILURE() << e.path().filename() << ": " << f;
  }
  EXPECT_GE(files, 5);
}

TEST(ElcScenario, BadFilesAreNamedErrorsNeverCrashes) {
  auto err = [](const std::string& text) {
    try {
      scenario::run(scenario::json::parse(text));
      return std::string();
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
  };
  EXPECT_NE(err(R"({"seats": 9})").find("seats"), std::string::npos);
  EXPECT_NE(err(R"({"config": {"horizon": 5}})").find("VC-1330"), std::string::npos);
  EXPECT_NE(err(R"({"turns": [{"orders": {"0": [{"fly": 1}]}}]})").find("unknown order 'fly'"), std::string::npos);
  EXPECT_NE(err(R"({"owners": {"999": 0}})").find("owners city"), std::string::npos);
  EXPECT_NE(err(R"({"units": [{"owner": 0, "tile": [99, 0]}]})").find("x = 99"), std::string::npos);
  EXPECT_NE(err(R"({"colour": "red"})").find("unknown scenario key 'colour'"), std::string::npos);
  EXPECT_NE(err(R"({"turns": [{"orders": {"0": [{"vote": "maybe"}]}}]})").find("vote"), std::string::npos);
}

TEST(ElcCli, ScenarioTermsAndTerminalPlay) {
  const std::string bin = concordBinary().string();
  auto ok = run(bin + " elc scenario " + (scenarios() / "verdict.json").string() + " --quiet");
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("\"route\":\"Verdict\""), std::string::npos);
  auto bad = run(bin + " elc scenario /nonexistent.json");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.out.find("cannot open"), std::string::npos);
  auto terms = run(bin + " elc terms");
  EXPECT_EQ(terms.code, 0);
  EXPECT_NE(terms.out.find("This game ends when a player holds 30 of the map's 48 cities for 3 turns"), std::string::npos);
  EXPECT_NE(terms.out.find("[Dominion] "), std::string::npos) << "VC-1910: the cards precede the paragraph";
  EXPECT_LT(terms.out.find("[Keys] "), terms.out.find("This game ends")) << terms.out;
  auto badOpt = run(bin + " elc terms horizon=5");
  EXPECT_EQ(badOpt.code, 2);
  EXPECT_NE(badOpt.out.find("VC-1330"), std::string::npos);
  // A person at the terminal (the one local table, issue 24): a refused order names its rule; the Board and the
  // Chronicle redraw; leaving before the end exits 1 with the game saved.
  // Seed 1 deals seat 0 a home at (0,4): (15,15) is out of reach (a fresh random deal once put the home on (15,15)).
  auto play = run("printf 'move 1 15 15\\nbuild 999\\nterms\\nend\\nboard 1\\nchronicle\\nmap\\nquit\\n' | " + bin +
                  " play elc --seats 2 --seed 1 --no-replay preset=blitz");
  EXPECT_EQ(play.code, 1) << play.out;
  EXPECT_NE(play.out.find("you left the table"), std::string::npos) << play.out;
  EXPECT_NE(play.out.find("The Terms (VC-2000)"), std::string::npos);
  EXPECT_LT(play.out.find("The Terms: the Tracks (VC-1910)"), play.out.find("The Terms (VC-2000)")) << "VC-1910: cards first";
  EXPECT_NE(play.out.find("Aggression "), std::string::npos);
  EXPECT_NE(play.out.find("[Dominion] ", play.out.find("Your order> ")), std::string::npos) << "`terms` shows the cards again";
  EXPECT_NE(play.out.find("! rejected: move: (15,15) is "), std::string::npos) << "tiles named (x,y)\n" << play.out;
  EXPECT_NE(play.out.find("VC-2650"), std::string::npos);
  EXPECT_NE(play.out.find("! rejected: build: city 999 is not yours"), std::string::npos);
  EXPECT_NE(play.out.find("Board at the Seal of turn 1"), std::string::npos);
  EXPECT_NE(play.out.find("Around "), std::string::npos);
  const fs::path replayFile = fs::temp_directory_path() / ("elc-play-" + std::to_string(::getpid()) + ".ccr");
  auto demo = run(bin + " play elc --auto --seats 3 --replay " + replayFile.string() + " preset=blitz");
  EXPECT_EQ(demo.code, 0);
  EXPECT_NE(demo.out.find("WINS"), std::string::npos) << demo.out;
  EXPECT_NE(demo.out.find("Result: "), std::string::npos);
  EXPECT_NE(demo.out.find("victoryLogicVersion 6"), std::string::npos);  // VC-3220: v6 since VC-740 (issue 29)
  EXPECT_NE(demo.out.find("Replay: " + replayFile.string()), std::string::npos) << demo.out;
  // The game played at the terminal verifies from its replay, and its VC-1590 record lies beside it.
  auto verify = run(bin + " replay verify " + replayFile.string());
  EXPECT_EQ(verify.code, 0) << verify.out;
  EXPECT_TRUE(fs::exists(replayFile.string() + ".result.txt"));
  fs::remove(replayFile);
  fs::remove(replayFile.string() + ".result.txt");
}

// VC-1570 at the terminal: `play elc ... teams=AABB` states the teams in the Terms, labels them on the Watch and the
// Board, plays to a team's win, and its replay verifies.
TEST(ElcCli, TeamsPlayAtTheTerminalAndVerify) {
  const std::string bin = concordBinary().string();
  auto board = run("printf 'end\\nboard 1\\nquit\\n' | " + bin + " play elc --seats 4 --no-replay preset=blitz teams=AABB");
  EXPECT_EQ(board.code, 1) << "left before the end\n" << board.out;
  EXPECT_NE(board.out.find("Teams: Team A (Red, Blue) against Team B (Green, Gold)"), std::string::npos) << board.out;
  EXPECT_NE(board.out.find("Red [Team A] (you): Tenure"), std::string::npos) << board.out;
  EXPECT_NE(board.out.find("  Gold [Team B]: Tenure "), std::string::npos) << "the Board of turn 1\n" << board.out;
  auto lineOf = [&](const std::string& head) {
    const size_t at = board.out.find(head, board.out.find("The Board at the Seal of turn 1"));
    return at == std::string::npos ? std::string() : board.out.substr(at, board.out.find('\n', at) - at);
  };
  EXPECT_NE(lineOf("  Blue [Team A]: Tenure ").find(", Standing "), std::string::npos) << "a team-mate's own values (VC-2170)";
  EXPECT_EQ(lineOf("  Gold [Team B]: Tenure ").find("Standing"), std::string::npos) << "VC-2180: no rival's Standing";
  auto bad = run(bin + " play elc --seats 4 --no-replay teams=AAB");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.out.find("one team letter per seat"), std::string::npos) << bad.out;
  const fs::path replayFile = fs::temp_directory_path() / ("elc-teams-" + std::to_string(::getpid()) + ".ccr");
  auto demo = run(bin + " play elc --auto --seats 4 --replay " + replayFile.string() + " preset=blitz teams=AABB");
  EXPECT_EQ(demo.code, 0) << demo.out;
  EXPECT_NE(demo.out.find("Result: Team "), std::string::npos) << demo.out;
  auto verify = run(bin + " replay verify " + replayFile.string());
  EXPECT_EQ(verify.code, 0) << verify.out;
  fs::remove(replayFile);
  fs::remove(replayFile.string() + ".result.txt");
}
