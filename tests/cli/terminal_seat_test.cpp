// The terminal seat reads and names orders through the Game interface only (issue 9 part 3): the same
// prompt plays any module. Here shed, which the terminal used to offer only by list number.
#include <gtest/gtest.h>

#include <string>

#include "lockstep/turn_engine.h"
#include "table/record_bots.h"
#include "tests/support/captured_output.h"
#include "tools/concord/terminal_seat.h"

using namespace concord;

namespace {

}  // namespace

TEST(TerminalSeat, ShedOrdersAreListedAndTypedAsTheGameNamesThem) {
  auto session = table::makeBotSession("shed", {}, 2, "terminal-seat-test");
  ASSERT_TRUE(session.ok()) << session.message();
  session->seats[0].ai = false;
  auto e = lockstep::TurnEngine::create(*session).value();
  const Seat me = e->awaiting().at(0);
  const auto legal = e->game().legalOrders(me);
  ASSERT_FALSE(legal.empty());
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  EXPECT_FALSE(seat.decide(*e, me, UINT64_MAX).has_value());  // prompted: waits for a line
  const std::string first = e->game().orderText(me, legal.front());
  EXPECT_NE(out.text().find("  1) " + first + "\n"), std::string::npos) << out.text();

  seat.line("dance");
  EXPECT_FALSE(seat.decide(*e, me, UINT64_MAX).has_value());
  EXPECT_NE(out.text().find("! unknown order 'dance' (shed orders: play N, pass)"), std::string::npos) << out.text();

  seat.line("play 250");  // reads as an order, but no one holds card 250: validate() says why
  EXPECT_FALSE(seat.decide(*e, me, UINT64_MAX).has_value());
  EXPECT_NE(out.text().find("! rejected: "), std::string::npos) << out.text();

  seat.line(first);
  auto picked = seat.decide(*e, me, UINT64_MAX);
  ASSERT_TRUE(picked.has_value());
  ASSERT_EQ(picked->size(), 1u);
  EXPECT_EQ(picked->front(), legal.front());
}
