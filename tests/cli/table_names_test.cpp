// Issue 10: names, not "Captain 0..3", on a networked table's board once the lobby has named the seats.
// The terminal seat passes the session's (lobby's) names to Game::observeNamed / narrationNamed; the game's
// state and hash never see them. Checked on a captured stream, for a player's prompt and a spectator's board.
#include <gtest/gtest.h>

#include <string>

#include "lockstep/turn_engine.h"
#include "table/record_bots.h"
#include "tests/support/captured_output.h"
#include "tools/concord/terminal_seat.h"

using namespace concord;

namespace {

std::unique_ptr<lockstep::TurnEngine> warpTable() {
  auto session = table::makeBotSession("warp", {}, 4, "table-names-test");
  const char* names[] = {"alice", "bob", "AI 2", "eve\033[2J"};  // a hostile name must not reach the terminal raw
  for (Seat s = 0; s < 4; ++s) {
    session->seats[s].name = names[s];
    session->seats[s].ai = s >= 2;
  }
  return lockstep::TurnEngine::create(*session).value();
}

}  // namespace

TEST(TableNames, APlayersBoardAndLogCallTheSeatsByTheLobbysNames) {
  auto e = warpTable();
  const det::Hash128 before = stateHash(e->game());
  const Seat me = e->awaiting().at(0);
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  seat.callSeatsByName();
  EXPECT_FALSE(seat.decide(*e, me, UINT64_MAX).has_value());  // the prompt: round log, board, orders
  const std::string t = out.text();
  EXPECT_EQ(t.find("Captain"), std::string::npos) << t;
  EXPECT_NE(t.find("alice [seat 0]"), std::string::npos) << t;
  EXPECT_NE(t.find("bob [seat 1]"), std::string::npos) << t;
  EXPECT_NE(t.find("eve?[2J [seat 3]"), std::string::npos) << t;
  EXPECT_EQ(t.find('\033'), std::string::npos) << "a name wrote a terminal escape";
  EXPECT_NE(t.find("has the helm"), std::string::npos) << "the round log was not shown: " << t;
  EXPECT_EQ(stateHash(e->game()), before);
}

TEST(TableNames, ASpectatorsBoardUsesTheNamesToo) {
  auto e = warpTable();
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  seat.callSeatsByName();
  seat.applied(*e, 4);  // a spectator: no seat, the public view
  EXPECT_FALSE(seat.line("board").has_value());
  const std::string t = out.text();
  EXPECT_NE(t.find("alice [seat 0]: "), std::string::npos) << t;
  EXPECT_EQ(t.find("Captain"), std::string::npos) << t;
}

TEST(TableNames, ALocalTableKeepsTheModulesLabels) {
  auto e = warpTable();
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);  // `concord play`: no lobby named the seats
  seat.applied(*e, 4);
  EXPECT_FALSE(seat.line("board").has_value());
  const std::string t = out.text();
  EXPECT_NE(t.find("Captain 0: "), std::string::npos) << t;
}
