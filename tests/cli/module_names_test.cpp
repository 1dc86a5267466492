// Issue 24: Every Last City and W.E.B. tables call the seats by the lobby's names, as Warp's does (issue 10), not only
// by colour ("Red") or number ("Empire 2"). Text only: the canonical view, the state and its hash never see a name,
// and the module's label stays beside the name because orders and stored text (the Chronicle) use it.
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

const SeatNames kNames = {"alice", "bob", "carol", "dave"};

std::unique_ptr<lockstep::TurnEngine> tableOf(const char* module, Seat seats, const ConfigOptions& options = {}) {
  auto session = table::makeBotSession(module, options, seats, "module-names-test");
  EXPECT_TRUE(session.ok()) << session.message();
  for (Seat s = 0; s < seats; ++s) session->seats[s].name = kNames[s];
  session->seats[0].ai = false;
  return lockstep::TurnEngine::create(*session).value();
}


// The first `shown` seats' names shown, the canonical bytes and the state hash unchanged, the plain view unchanged.
void expectNamedTextOnly(const Game& g, Seat viewer, Seat seats, Seat shown) {
  const det::Hash128 before = stateHash(g);
  const Observation plain = g.observe(viewer);
  const Observation named = g.observeNamed(viewer, SeatNames(kNames.begin(), kNames.begin() + seats));
  for (Seat s = 0; s < shown; ++s) EXPECT_NE(named.text.find(kNames[s]), std::string::npos) << kNames[s] << " missing:\n" << named.text;
  EXPECT_EQ(named.canonical, plain.canonical);
  EXPECT_EQ(g.observe(viewer).text, plain.text);
  EXPECT_EQ(plain.text.find("alice"), std::string::npos) << plain.text;
  EXPECT_EQ(stateHash(g), before);
}

}  // namespace

TEST(ModuleNames, EveryLastCityCallsTheSeatsByNameBesideTheirColours) {
  auto e = tableOf("elc", 4);
  expectNamedTextOnly(e->game(), 0, 4, 4);
  const std::string t = e->game().observeNamed(0, kNames).text;
  EXPECT_NE(t.find("alice (Red) (you): Tenure"), std::string::npos) << t;
  EXPECT_NE(t.find("bob (Blue): Tenure"), std::string::npos) << t;
  test_support::officersPlayOneTurn(*e);
  expectNamedTextOnly(e->game(), 1, 4, 4);
}

TEST(ModuleNames, WebCallsTheEmpiresByNameBesideTheirNumbers) {
  auto e = tableOf("web", 3);
  test_support::officersPlayOneTurn(*e);  // a turn report to read
  expectNamedTextOnly(e->game(), 0, 3, 1);  // fog of war (§9): empire 0 has met nobody yet
  const std::string t = e->game().observeNamed(0, kNames).text;
  EXPECT_NE(t.find("alice (Empire 0)"), std::string::npos) << t;
  for (size_t at = t.find("Empire "); at != std::string::npos; at = t.find("Empire ", at + 1))
    EXPECT_TRUE(at > 0 && t[at - 1] == '(') << "an empire called by its number only at " << at << ":\n" << t;
}

TEST(ModuleNames, TheGameOverLineNamesTheWinners) {
  auto e = tableOf("web", 2, {{"turns", "1"}});
  for (int guard = 0; guard < 5 && !e->game().outcome(); ++guard) test_support::officersPlayOneTurn(*e);
  ASSERT_TRUE(e->game().outcome().has_value());
  const auto plain = e->game().outcome()->summary, named = e->game().outcomeNamed(kNames)->summary;
  ASSERT_NE(plain.find("Empire "), std::string::npos) << plain;
  EXPECT_NE(named, plain);
  for (size_t at = named.find("Empire "); at != std::string::npos; at = named.find("Empire ", at + 1))
    EXPECT_TRUE(at > 0 && named[at - 1] == '(') << "an empire called by its number only: " << named;
}

TEST(ModuleNames, ANetworkedSeatsPromptUsesTheNames) {
  for (const char* module : {"elc", "web"}) {
    auto e = tableOf(module, 2);
    test_support::CapturedOutput out;
    cli::TerminalSeat seat(out.f);
    seat.callSeatsByName();
    EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
    const std::string t = out.text();
    EXPECT_NE(t.find("alice ("), std::string::npos) << module << ":\n" << t;
  }
}
