// Issue 30: the E-rule refusals name seats as every other message and the CLI do, from 0 (`replay info`'s "seat 0",
// `--you 0`, verify's "turn 12 seat 0"); the E3 refusal said "seat 1" for seat 0.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/tei/match.h"
#include "tests/support/run_command.h"
#include "tests/support/temp_dir.h"

namespace concord::tei {
namespace seat_numbers {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-seat-numbers");
  return root.fresh(name);
}

std::string run(const fs::path& dir, const std::string& args, const std::string& typed, int* code) {
  const std::string env = "HOME=" + (dir / "home").string() + " CONCORD_HOME=" + (dir / "home/concord").string() +
                          " XDG_DATA_HOME=" + (dir / "xdg").string();
  auto r = concord::testing::runCommand("cd " + dir.string() + " && printf '" + typed + "' | env " + env + " " +
                                        CONCORD_BIN + " " + args + " 2>&1");
  *code = r.code;
  return r.out;
}

}  // namespace seat_numbers

// A real game at the terminal: the person at seat 0 asks the tactical advisor once, then hands the seat to the officer.
TEST(TeiSeatNumbers, TheE3RefusalNamesTheAdvisedSeatAsTheRestOfTheOutputDoes) {
  const auto dir = seat_numbers::tempDir("e3");
  int code = -1;
  auto out = seat_numbers::run(dir, "play warp --seats 2 --bots ensign --replay g.ccr --tei-db t.db objective=goout goout=sudden",
                               "advise\\nauto\\n", &code);
  ASSERT_EQ(code, 0) << out;
  out = seat_numbers::run(dir, "replay info g.ccr", "", &code);
  ASSERT_EQ(code, 0) << out;
  EXPECT_NE(out.find("seat 0 Captain 0: "), std::string::npos) << "replay info names the person's seat 0: " << out;
  out = seat_numbers::run(dir, "tei apply g.ccr --db again.db", "", &code);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("E3 "), std::string::npos) << out;
  EXPECT_NE(out.find("captain at seat 0 used the tactical advisor"), std::string::npos) << out;
  EXPECT_EQ(out.find("captain at seat 1 "), std::string::npos) << out;
}

TEST(TeiSeatNumbers, E6AndMalformedRecordsNameTheSeatFromZero) {
  SeatRecord person;
  person.kind = SeatKind::Human;
  person.playerId = "alice";
  person.placing = 1;
  SeatRecord random;
  random.kind = SeatKind::Ai;
  random.officer = OfficerKind::Other;
  random.placing = 2;
  MatchRecord m;
  m.gameId = "g";
  m.objective = Objective::Points;
  m.completed = true;
  m.rated = true;
  m.maxPip = 12;
  m.seats = {person, random};
  EXPECT_NE(evaluateEligibility(m).summary().find("seat 1 is a "), std::string::npos) << evaluateEligibility(m).summary();
  m.seats[0].placing = 0;
  auto bad = validateRecord(m);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message().rfind("seat 0: placing", 0), 0u) << bad.message();
}

}  // namespace concord::tei
