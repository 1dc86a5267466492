// Issue 24: every line the table prints while a person may be typing starts on its own line. Before, the round
// log of a turn that went by glued onto the open prompt ("Your order>   AI 3 catches AI 2"), a background line or
// a refusal glued onto it off a terminal, and what a person typed between turns read as part of the status line
// ("turn 1614 - game over/say gg"). Checked on a captured stream, as a terminal and as a pipe.
#include <gtest/gtest.h>

#include <string>

#include "lockstep/peer.h"
#include "lockstep/turn_engine.h"
#include "table/record_bots.h"
#include "tests/support/captured_output.h"
#include "tests/support/officers_turn.h"
#include "tools/concord/terminal_seat.h"

using namespace concord;

namespace {

constexpr const char* kPrompt = "Your order> ";

// A Warp table with a person at seat 0 (Warp narrates every turn: "Captain 0 charts ...").
std::unique_ptr<lockstep::TurnEngine> warpTable() {
  auto session = table::makeBotSession("warp", {}, 3, "table-lines-test");
  session->seats[0].ai = false;
  return lockstep::TurnEngine::create(*session).value();
}

// The awaited seats' officers play one turn (what the turn clock does when the person does not answer).

// What follows each prompt on screen: on a terminal it is cleared ("\r\033[K") or is the last thing written; off a
// terminal the next line starts after a newline. Anything else is a line glued onto the prompt.
void expectNothingGluedToThePrompt(const std::string& t, bool terminal) {
  for (size_t at = t.find(kPrompt); at != std::string::npos; at = t.find(kPrompt, at + 1)) {
    const std::string after = t.substr(at + std::string(kPrompt).size(), 4);
    if (after.empty()) continue;
    if (terminal) EXPECT_EQ(after, "\r\033[K") << "glued onto the prompt at " << at << ":\n" << t;
    else EXPECT_EQ(after.substr(0, 1), "\n") << "glued onto the prompt at " << at << ":\n" << t;
  }
}

}  // namespace

TEST(TableLines, TheRoundLogOfATurnThatWentByStartsOnItsOwnLine) {
  for (bool terminal : {true, false}) {
    auto e = warpTable();
    ASSERT_EQ(e->awaiting().at(0), 0u);
    test_support::CapturedOutput out;
    cli::TerminalSeat seat(out.f, terminal);
    EXPECT_FALSE(seat.decide(*e, 0, 5000).has_value());  // the prompt is open
    const uint64_t before = e->game().narrationTotal();
    test_support::officersPlayOneTurn(*e);                              // the clock ran out: the officer played the turn
    ASSERT_GT(e->game().narrationTotal(), before) << "the turn narrated nothing; the test needs a log line";
    seat.applied(*e, 0);
    const std::string t = out.text();
    EXPECT_EQ(t.find(std::string(kPrompt) + "  "), std::string::npos) << (terminal ? "terminal" : "pipe") << ":\n" << t;
    expectNothingGluedToThePrompt(t, terminal);
  }
}

TEST(TableLines, OffATerminalABackgroundLineStartsOnItsOwnLine) {
  auto e = warpTable();
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, /*terminal=*/false);
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
  seat.background("[12:00:00] seat 2 AI 2 catches seat 1");
  seat.background("[12:00:01] seat 1 substituted by an AI officer");
  const std::string t = out.text();
  EXPECT_NE(t.find(std::string(kPrompt) + "\n[12:00:00] seat 2 AI 2 catches seat 1\n[12:00:01] seat 1 substituted"), std::string::npos) << t;
  expectNothingGluedToThePrompt(t, false);
}

// The prompt decide() prints again after a refusal is open too: the next background line does not glue onto it.
TEST(TableLines, OffATerminalABackgroundLineAfterARefusalStartsOnItsOwnLine) {
  auto e = warpTable();
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, /*terminal=*/false);
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
  EXPECT_FALSE(seat.line("fly to the moon").has_value());
  EXPECT_FALSE(seat.line("help").has_value());
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
  seat.background("[12:00:00] seat 1 says: hurry up");
  const std::string t = out.text();
  EXPECT_NE(t.find(std::string(kPrompt) + "\n[12:00:00] seat 1 says: hurry up\n"), std::string::npos) << t;
  EXPECT_EQ(t.find("\n\n  "), std::string::npos) << "a reply of several lines came apart:\n" << t;
}

TEST(TableLines, OnATerminalABackgroundLineRedrawsThePromptAfterIt) {
  auto e = warpTable();
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, /*terminal=*/true);
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
  seat.background("[12:00:00] one");
  seat.background("[12:00:01] two");
  const std::string t = out.text();
  EXPECT_NE(t.find("\r\033[K[12:00:00] one\n" + std::string(kPrompt) + "\r\033[K[12:00:01] two\n" + kPrompt), std::string::npos) << t;
  EXPECT_EQ(t.substr(t.size() - std::string(kPrompt).size()), kPrompt) << "the prompt is not the last thing on screen:\n" << t;
}

// Between turns the status line is where a person types (/say gg): it ends as a prompt does, so typed text reads
// as typed after it, and a line printed later clears it and draws it again below.
TEST(TableLines, TheStatusLineEndsAsAPromptAndIsRedrawnAfterABackgroundLine) {
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f, /*terminal=*/true);
  seat.status("turn 1614 - game over");
  EXPECT_EQ(out.text(), "turn 1614 - game over > ");
  seat.background("[12:00:00] the table stays open 30 s for post-game chat (/say gg); q leaves now");
  const std::string t = out.text();
  EXPECT_EQ(t, "turn 1614 - game over > \r\033[K[12:00:00] the table stays open 30 s for post-game chat (/say gg); q leaves now\n"
               "turn 1614 - game over > ");
}

// The peer's last lines (the replay's path, RESULT, why it left) come after the table: never glued onto it.
TEST(TableLines, WhatThePeerPrintsAtTheEndStartsOnItsOwnLine) {
  test_support::CapturedOutput term;
  cli::TerminalSeat onScreen(term.f, /*terminal=*/true);
  onScreen.status("turn 9 - game over");
  onScreen.endLine();
  EXPECT_EQ(term.text(), "turn 9 - game over > \r\033[K");
  auto e = warpTable();
  test_support::CapturedOutput piped;
  cli::TerminalSeat toFile(piped.f, /*terminal=*/false);
  EXPECT_FALSE(toFile.decide(*e, 0, UINT64_MAX).has_value());
  toFile.endLine();
  const std::string t = piped.text();
  EXPECT_EQ(t.substr(t.size() - std::string(kPrompt).size() - 1), std::string(kPrompt) + "\n") << t;
}
