// The terminal table reads well (issue 10): one updating status line, background lines that redraw the
// prompt, help, lobby chat, a spectator's board, standings by rank. Renderers and the seat's reading of
// typed lines, checked on a captured stream (as a terminal when `terminal` is set).
#include <gtest/gtest.h>

#include <string>

#include "lockstep/peer.h"
#include "lockstep/turn_engine.h"
#include "table/record_bots.h"
#include "tests/support/captured_output.h"
#include "tools/concord/table_status.h"
#include "tools/concord/terminal_seat.h"

using namespace concord;

namespace {

std::unique_ptr<lockstep::TurnEngine> shedTable(Seat person) {
  auto session = table::makeBotSession("shed", {}, 3, "table-screen-test");
  session->seats[person].ai = false;
  for (Seat s = 0; s < 3; ++s) session->seats[s].name = std::string("name") + std::to_string(s);
  return lockstep::TurnEngine::create(*session).value();
}

}  // namespace

TEST(TableStatus, SaysWhoTheTableWaitsForInOneLine) {
  net::TableStatus s;
  s.turn = 4;
  s.seatNames = {"hank", "alice"};
  s.deciding = {0};
  s.waitedMs = 12500;
  EXPECT_EQ(cli::statusText(s), "turn 4 - waiting for seat 0 hank (12 s)");
  s.deciding.clear();
  s.weDecide = true;
  EXPECT_EQ(cli::statusText(s), "turn 4 - your turn");
  s.weDecide = false;
  s.substituteInMs = 2100;
  EXPECT_EQ(cli::statusText(s), "turn 4 - waiting 12 s; silent seats get an officer in 3 s");
  s.over = true;
  EXPECT_EQ(cli::statusText(s), "turn 4 - game over");
}

TEST(TableScreen, StatusUpdatesInPlaceAndBackgroundLinesRedrawIt) {
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, /*terminal=*/true);
  seat.status("turn 1 - waiting for seat 0 hank (1 s)");
  seat.status("turn 1 - waiting for seat 0 hank (2 s)");
  seat.background("[comms] seat 1 alice says: hi");
  const std::string t = out.text();
  EXPECT_EQ(t.find('\n'), t.find("[comms]") + std::string("[comms] seat 1 alice says: hi").size()) << t;  // no status line scrolls
  EXPECT_NE(t.find("\r\033[K[comms] seat 1 alice says: hi\nturn 1 - waiting for seat 0 hank (2 s)"), std::string::npos) << t;
}

TEST(TableScreen, OffATerminalNothingIsRedrawn) {
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, /*terminal=*/false);
  seat.status("turn 1 - waiting");
  seat.background("a log line");
  EXPECT_EQ(out.text(), "a log line\n");
}

TEST(TableScreen, ABackgroundLineRedrawsAnOpenPrompt) {
  auto e = shedTable(0);
  const Seat me = e->awaiting().at(0);
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, true);
  EXPECT_FALSE(seat.decide(*e, me, UINT64_MAX).has_value());
  seat.background("[comms] hello");
  const std::string t = out.text();
  EXPECT_NE(t.find("Your order> \r\033[K[comms] hello\nYour order> "), std::string::npos) << t;
}

TEST(TableScreen, HelpAndQuestionMarkListTheCommands) {
  for (const char* asked : {"help", "?"}) {
    test_support::CapturedOutput out;
    cli::TerminalSeat seat(out.f);
    EXPECT_FALSE(seat.line(asked).has_value());
    const std::string t = out.text();
    for (const char* cmd : {"board", "auto", "q ", "/hails", "/say TEXT", "/dm SEAT TEXT", "/mute NAME"})
      EXPECT_NE(t.find(cmd), std::string::npos) << asked << " does not list " << cmd << ":\n" << t;
  }
}

TEST(TableScreen, PlainTextInTheLobbyIsChatAndAfterwardsExplained) {
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  auto chat = seat.line("hello everyone");
  ASSERT_TRUE(chat.has_value());
  EXPECT_EQ(*chat, "hello everyone");
  EXPECT_EQ(out.text().find("not your turn"), std::string::npos);
  auto e = shedTable(0);
  seat.applied(*e, 1);  // the game runs; seat 1 is not awaited
  EXPECT_FALSE(seat.line("hello again").has_value());
  EXPECT_NE(out.text().find("/say TEXT"), std::string::npos) << out.text();
}

TEST(TableScreen, BoardBetweenTurnsAndForASpectatorRedrawsTheBoard) {
  auto e = shedTable(0);
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  const Seat spectator = 3;  // no seat: the public view
  seat.applied(*e, spectator);
  EXPECT_FALSE(seat.line("board").has_value());
  const std::string board = e->game().observe(spectator).text;
  ASSERT_FALSE(board.empty());
  EXPECT_NE(out.text().find(board), std::string::npos) << out.text();
}

TEST(TableScreen, FinalStandingsAreSortedByRank) {
  auto session = table::makeBotSession("shed", {}, 3, "table-screen-standings");
  ASSERT_TRUE(session.ok());
  for (Seat s = 0; s < 3; ++s) session->seats[s].name = std::string("name") + std::to_string(s);
  auto e = lockstep::TurnEngine::create(*session).value();
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < 3; ++s) bots.push_back(lockstep::makeSeatBot(*session, s));
  for (int guard = 0; guard < 10000 && !e->game().outcome(); ++guard) {
    std::vector<std::vector<Order>> orders(3);
    for (Seat s = 0; s < 3; ++s) orders[s] = lockstep::botOrdersFor(*e, s, *bots[s]);
    e->step(orders);
  }
  auto o = e->game().outcome();
  ASSERT_TRUE(o.has_value());
  // Seat order is not rank order in this game, so a list in seat order fails below.
  ASSERT_FALSE(o->rankBySeat[0] <= o->rankBySeat[1] && o->rankBySeat[1] <= o->rankBySeat[2]);
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  seat.applied(*e, 0);
  const std::string t = out.text();
  size_t last = 0;
  for (uint32_t rank = 1; rank <= 3; ++rank)
    for (Seat s = 0; s < 3; ++s)
      if (o->rankBySeat[s] == rank) {
        const size_t at = t.find("#" + std::to_string(rank) + " name" + std::to_string(s));
        ASSERT_NE(at, std::string::npos) << t;
        EXPECT_GE(at, last) << "rank " << rank << " printed before a better rank:\n" << t;
        last = at;
      }
}
