// End-to-end: the `concord` binary's `warp scenario` and `play warp` commands, with piped stdin.
// Needs the concord target built next to this test (build/<preset>/tools/concord).
#include <gtest/gtest.h>

#include <fstream>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/wait.h>

#include "tests/support/temp_dir.h"
#include "tests/support/run_command.h"

namespace fs = std::filesystem;

namespace {

using concord::testing::concordBinary;

using concord::testing::Ran;
Ran run(const std::string& cmd) { return concord::testing::runCommand(cmd); }

// `concord play warp` writes a replay by default under $XDG_DATA_HOME and creates the person's identity under
// $CONCORD_HOME: keep both in a temp dir,
// removed at exit.
struct DataHome {
  concord::testing::TempDir dir{"warp-cli"};
  DataHome() {
    setenv("XDG_DATA_HOME", dir.path().c_str(), 1);
    setenv("CONCORD_HOME", dir.path().c_str(), 1);  // the person's identity key (issue 11 point 2) too
  }
};
const DataHome kDataHome;

// An empty directory of its own for one test, under the shared temp home (removed with it).
fs::path freshDir(const std::string& name) { return kDataHome.dir.fresh(name); }

size_t count(const std::string& hay, const std::string& needle) {
  size_t c = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++c;
  return c;
}

}  // namespace

TEST(WarpCli, BinaryExists) { ASSERT_TRUE(fs::exists(concordBinary())) << "build the concord target: " << concordBinary(); }

TEST(WarpCli, ScenarioPrintsOneLinePerOrderThenTheState) {
  auto file = fs::path(CONCORD_SOURCE_DIR) / "tests/warp/scenarios/s4_double_was_the_draw.json";
  auto r = run(concordBinary().string() + " warp scenario " + file.string() + " 2>&1");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(count(r.out, "\n"), 9u) << r.out;  // 8 orders + final object
  EXPECT_NE(r.out.find(R"x("accepted":false,"reason":"Yellow alert: only a cover on 8-8 may be charted (RULES §IV)")x"),
            std::string::npos);
  EXPECT_NE(r.out.find(R"("openDouble":{"alert":"red")"), std::string::npos) << r.out;
}

TEST(WarpCli, ScenarioWithAFailedExpectationExitsOne) {
  auto tmp = kDataHome.dir / "bad_expect.json";
  {
    std::FILE* f = std::fopen(tmp.c_str(), "w");
    ASSERT_TRUE(f);
    std::fputs(R"({"seats":2,"hands":[["12-5"],["3-2"]],"pile":["4-4"],
      "orders":[{"seat":0,"chart":"12-5","route":"nz"}],"expect":{"roundWinner":1}})",
               f);
    std::fclose(f);
  }
  auto r = run(concordBinary().string() + " warp scenario " + tmp.string() + " 2>&1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("expectation failed: final: roundWinner is 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("All Stop!"), std::string::npos) << r.out;
}

TEST(WarpCli, PlayWithPipedStdinFinishesACampaign) {
  // Always pick order 1: a full 13-round Official campaign against two greedy bots.
  auto r = run("yes 1 | " + concordBinary().string() + " play warp --seats 3 --seed 4 2>&1");
  EXPECT_EQ(r.code, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  EXPECT_NE(r.out.find("Your hand:"), std::string::npos);
  EXPECT_NE(r.out.find("1) chart"), std::string::npos);
  EXPECT_NE(r.out.find("Round 13: Spacedock 0-0"), std::string::npos);
  EXPECT_NE(r.out.find("Tally: Captain 0"), std::string::npos);
  EXPECT_NE(r.out.find("Final standings"), std::string::npos);
}

TEST(WarpCli, PlayAcceptsTextOrdersAndExplainsRejections) {
  auto r = run("printf 'draw\\nchart 1-2 nz\\nquit\\n' | " + concordBinary().string() +
               " play warp --seats 2 --seed 9 2>&1");
  EXPECT_EQ(r.code, 1);  // quit
  EXPECT_NE(r.out.find("! rejected: Must play when able"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("you left the table"), std::string::npos);
}

TEST(WarpCli, PlayEndsCleanlyWhenInputRunsOut) {
  auto r = run("printf '1\\n' | " + concordBinary().string() + " play warp --seats 2 --seed 9 2>&1");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("input ended before the game was over"), std::string::npos) << r.out;
}

// RULES §V Drop to Impulse: the catch window closes when the next captain passes helm, so at a local
// table the person must be asked out of turn (the bots no longer act before they can answer). Random
// bots forget to announce; order 1 out of turn is the catch.
TEST(WarpCli, PersonIsAskedOutOfTurnToCatchAMissedDropToImpulse) {
  auto r = run("yes 1 | " + concordBinary().string() + " play warp --seats 4 --bots random --seed 1 --no-replay --no-tei 2>&1");
  EXPECT_EQ(r.code, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  EXPECT_NE(r.out.find("Out of turn, you may act:\n  1) catch 1\n  2) let it go\n"), std::string::npos);
  EXPECT_NE(r.out.find("Captain 0 catches Captain 1: missed Drop to Impulse!"), std::string::npos);
  EXPECT_NE(r.out.find("Final standings"), std::string::npos);
}

TEST(WarpCli, LettingACatchGoMeansTheWindowPassesWithoutUs) {
  // Answer each prompt once it is on screen (the table waits at "Your order> "): "let it go" when asked
  // out of turn, order 1 otherwise. One Go-out sector (seed 1 offers two catch windows): a whole Points campaign
  // answered through this shell loop took two minutes.
  // POSIX sh (the test runs under dash): a bounded loop, and the input closed before waiting. The file's size
  // is read first and only that snapshot is looked at: a prompt at its end means the table waits for us. Only the
  // bytes since the last answer are read (tail seeks), so a whole campaign's output is not re-read at every prompt.
  const std::string script =
      "mkfifo in; : > out; { " + concordBinary().string() +
      " play warp --seats 4 --bots random --seed 1 --no-replay --no-tei objective=goout < in > out 2>&1 & pid=$!; exec 3>in; "
      "off=0; n=0; while kill -0 $pid 2>/dev/null && [ $n -lt 60000 ]; do n=$((n + 1)); "
      "size=$(stat -c %s out); "
      "if [ $size -gt $off ] && [ $size -ge 12 ] && [ \"$(tail -c +$((size - 11)) out | head -c 12)\" = 'Your order> ' ]; then "
      "if tail -c +$((off + 1)) out | head -c $((size - off)) | grep -q 'let it go'; then echo 'let it go' >&3; else echo 1 >&3; fi; "
      "off=$size; else sleep 0.002; fi; done; exec 3>&-; "
      "wait $pid; echo rc=$?; }";
  auto r = run("cd " + freshDir("letgo-test").string() + " && " + script + " && cat out");
  EXPECT_NE(r.out.find("rc=0"), std::string::npos) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  EXPECT_NE(r.out.find("Out of turn, you may act:"), std::string::npos);
  EXPECT_EQ(r.out.find("Captain 0 catches"), std::string::npos) << "we let every catch go";
  EXPECT_NE(r.out.find("Final standings"), std::string::npos);
}

TEST(WarpCli, AutoDemoAndBadOptions) {
  auto r = run(concordBinary().string() + " play warp --auto --seed 11 objective=goout goout=firstto firstto=2 2>&1");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Sector over"), std::string::npos);
  auto bad = run(concordBinary().string() + " play warp set=6 2>&1");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("Classic"), std::string::npos) << bad.out;
}

// `concord play warp` plays through a TurnEngine and writes a signed replay (to --replay, else under
// $XDG_DATA_HOME/concord/replays); `concord replay verify` and `step` accept it, also for a game left early.
TEST(WarpCli, PlayWritesAReplayThatVerifiesAndSteps) {
  const std::string bin = concordBinary().string();
  auto dir = freshDir("replay-test");
  auto path = (dir / "human.ccr").string();
  auto r = run("yes 1 | " + bin + " play warp --seats 3 --seed 4 --replay " + path + " 2>&1");
  ASSERT_EQ(r.code, 0) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
  EXPECT_NE(r.out.find("Replay: " + path), std::string::npos);
  auto v = run(bin + " replay verify " + path + " 2>&1");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("OK: "), std::string::npos) << v.out;
  auto info = run(bin + " replay info " + path + " 2>&1");
  EXPECT_NE(info.out.find("warp rulesVersion 5"), std::string::npos) << info.out;
  {  // the person's seat (named as the log names it) is not an AI seat; the bots' seats are
    const auto at = info.out.find("seat 0 "), eol = info.out.find('\n', at);
    ASSERT_NE(at, std::string::npos) << info.out;
    const std::string seat0 = info.out.substr(at, eol - at);
    EXPECT_NE(seat0.find("Captain 0"), std::string::npos) << info.out;
    EXPECT_EQ(seat0.find("AI"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("AI lieutenant"), std::string::npos) << "Lieutenants by default (issue 24)\n" << info.out;
  }
  auto st = run(bin + " replay step " + path + " --turn 30 --seat 0 2>&1");
  EXPECT_EQ(st.code, 0) << st.out;
  EXPECT_NE(st.out.find("== after 30 of "), std::string::npos) << st.out;
  EXPECT_NE(st.out.find("Your hand:"), std::string::npos) << st.out;

  // Default location, named by seed; --no-replay writes nothing.
  auto home = dir / "xdg";
  auto q = run("yes 1 | XDG_DATA_HOME=" + home.string() + " " + bin + " play warp --auto --seats 2 --seed 5 2>&1");
  ASSERT_EQ(q.code, 0);
  std::vector<fs::path> found;
  for (const auto& e : fs::directory_iterator(home / "concord" / "replays")) found.push_back(e.path());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].filename().string().rfind("warp-seed5-", 0), 0u) << found[0];
  EXPECT_NE(q.out.find("Replay: " + found[0].string()), std::string::npos);
  EXPECT_EQ(run(bin + " replay verify " + found[0].string() + " 2>&1").code, 0);
  auto none = run("XDG_DATA_HOME=" + (dir / "none").string() + " " + bin + " play warp --auto --seats 2 --no-replay 2>&1");
  EXPECT_EQ(none.code, 0);
  EXPECT_FALSE(fs::exists(dir / "none"));
  EXPECT_EQ(none.out.find("Replay:"), std::string::npos);

  // Leaving early still leaves a closed replay of the turns played.
  auto early = (dir / "early.ccr").string();
  auto e = run("printf '1\\n1\\nquit\\n' | " + bin + " play warp --seats 3 --seed 4 --replay " + early + " 2>&1");
  EXPECT_EQ(e.code, 1);
  EXPECT_NE(e.out.find("Replay: " + early), std::string::npos);
  auto ev = run(bin + " replay verify " + early + " 2>&1");
  EXPECT_EQ(ev.code, 0) << ev.out;
  fs::remove_all(dir);
}

// RULES §VIII After the sector: a finished solo game against officers is rated from its verified replay
// and the summary shows before -> after; --casual leaves TEI alone and says which rule (TEI E7).
TEST(WarpCli, FinishedGameShowsTeiBeforeAfterAndCasualIsNotRated) {
  auto db = kDataHome.dir / "play-tei.sqlite";
  auto rated = run("yes 1 | " + concordBinary().string() + " play warp --seats 3 --tei-db " + db.string() + " 2>&1");
  EXPECT_EQ(rated.code, 0);
  EXPECT_NE(rated.out.find("rated (solo)"), std::string::npos) << rated.out.substr(rated.out.size() > 800 ? rated.out.size() - 800 : 0);
  EXPECT_NE(rated.out.find("localAi/lieutenant/points"), std::string::npos) << "rated against the default Lieutenants";
  EXPECT_NE(rated.out.find(" → "), std::string::npos);
  auto casual = run("yes 1 | " + concordBinary().string() + " play warp --seats 3 --seed 6 --casual --tei-db " + db.string() + " 2>&1");
  EXPECT_EQ(casual.code, 0);
  EXPECT_NE(casual.out.find("is not TEI-rated: E7"), std::string::npos) << casual.out.substr(casual.out.size() > 800 ? casual.out.size() - 800 : 0);
  auto none = run("yes 1 | " + concordBinary().string() + " play warp --seats 3 --seed 7 --no-tei 2>&1");
  EXPECT_EQ(none.out.find("TEI"), std::string::npos);
}

TEST(WarpCli, QuitLeavesTheTableAndKeepsTheReplay) {
  auto r = run("printf 'q\\n' | " + concordBinary().string() + " play warp --no-tei 2>&1");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("\"q\" leaves"), std::string::npos);
  EXPECT_NE(r.out.find("you left the table"), std::string::npos) << r.out.substr(r.out.size() > 600 ? r.out.size() - 600 : 0);
  EXPECT_NE(r.out.find("Replay: "), std::string::npos);
}

// A replay is the save: a game left with "q" continues with `play warp --resume FILE` (verified first, then
// appended to), and the finished file verifies as one whole game. Bad saves and mixed options are refused.
TEST(WarpCli, ResumeContinuesAGameLeftWithQ) {
  const std::string bin = concordBinary().string();
  auto dir = freshDir("resume-test");
  auto path = (dir / "save.ccr").string();
  auto first = run("printf '1\\n1\\n1\\nq\\n' | " + bin + " play warp --seats 3 --seed 4 --replay " + path + " --no-tei 2>&1");
  EXPECT_EQ(first.code, 1);
  EXPECT_NE(first.out.find("Resume this game with: concord play warp --resume " + path), std::string::npos) << first.out;
  ASSERT_EQ(run(bin + " replay verify " + path + " 2>&1").code, 0);

  auto again = run("yes 1 | " + bin + " play warp --resume " + path + " --no-tei 2>&1");
  ASSERT_EQ(again.code, 0) << again.out.substr(again.out.size() > 2000 ? again.out.size() - 2000 : 0);
  EXPECT_NE(again.out.find("Resuming " + path + " at turn "), std::string::npos);
  EXPECT_EQ(again.out.find("Resuming " + path + " at turn 0."), std::string::npos) << "the first session's turns were lost";
  EXPECT_NE(again.out.find("You are Captain 0"), std::string::npos);
  EXPECT_NE(again.out.find("Final standings"), std::string::npos);
  auto v = run(bin + " replay verify " + path + " 2>&1");
  EXPECT_EQ(v.code, 0) << v.out;

  auto over = run(bin + " play warp --resume " + path + " 2>&1");
  EXPECT_EQ(over.code, 1);
  EXPECT_NE(over.out.find("is already over"), std::string::npos) << over.out;
  auto mixed = run(bin + " play warp --resume " + path + " --seats 4 2>&1");
  EXPECT_EQ(mixed.code, 2);
  EXPECT_NE(mixed.out.find("--resume continues the saved table as it was"), std::string::npos) << mixed.out;
  std::ofstream(dir / "junk.ccr") << "not a replay";
  auto junk = run(bin + " play warp --resume " + (dir / "junk.ccr").string() + " 2>&1");
  EXPECT_EQ(junk.code, 1);
  EXPECT_NE(junk.out.find("cannot resume"), std::string::npos) << junk.out;
  // A self-play game's seats sign with other keys: it can be watched, not continued here.
  auto sp = (dir / "selfplay.ccr").string();
  ASSERT_EQ(run(bin + " selfplay --module warp --seats 2 --games 1 --out " + sp + " 2>&1").code, 0);
  auto other = run(bin + " play warp --resume " + sp + " 2>&1");
  EXPECT_EQ(other.code, 1);
  EXPECT_NE(other.out.find("not a game saved by this table"), std::string::npos) << other.out;
}

// Ctrl-C at the terminal table closes the save (replay) and says how to resume, instead of losing the
// unflushed block of turns.
TEST(WarpCli, CtrlCSavesTheGameAndSaysHowToResume) {
  const std::string bin = concordBinary().string();
  auto dir = freshDir("interrupt-test");
  const std::string d = dir.string();
  auto r = run("cd " + d + " && mkfifo in && { " + bin + " play warp --seats 2 --seed 3 --replay " + d +
               "/s.ccr --no-tei < in > out 2>&1 & pid=$!; exec 3>in; echo 1 >&3; sleep 1; kill -INT $pid; sleep 0.5; exec 3>&-; wait $pid; "
               "echo \"exit $?\"; cat out; }");
  EXPECT_NE(r.out.find("exit 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("interrupted (Ctrl-C); the game so far is saved"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Resume this game with: concord play warp --resume " + d + "/s.ccr"), std::string::npos) << r.out;
  auto v = run(bin + " replay verify " + d + "/s.ccr 2>&1");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_EQ(v.out.find("OK: 0 turns"), std::string::npos) << "the turn played before Ctrl-C was lost: " << v.out;
}
