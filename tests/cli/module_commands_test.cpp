// Issue 24: a module's own commands work at every seat that runs TerminalSeat (a LAN seat and `concord play`
// alike): Every Last City's `cities`/`map`/`units`, W.E.B.'s `map`/`system N`, each module's own help example; and
// a W.E.B. turn is checked against the state each order will meet (§8: loads before moves), in the order typed.
#include <gtest/gtest.h>

#include "lockstep/turn_engine.h"
#include "table/record_bots.h"
#include "tests/support/captured_output.h"
#include "tools/concord/terminal_seat.h"

using namespace concord;

namespace {

struct Table {
  std::unique_ptr<lockstep::TurnEngine> e;
};

Table tableOf(const std::string& module, const ConfigOptions& options) {
  auto session = table::makeBotSession(module, options, 2, "module-commands-test");
  EXPECT_TRUE(session.ok()) << session.message();
  session->seats[0].ai = false;
  return {lockstep::TurnEngine::create(*session).value()};
}

// Types `lines` at seat 0's prompt; returns what the person saw.
std::string typed(const lockstep::TurnEngine& e, const std::vector<std::string>& lines) {
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  EXPECT_FALSE(seat.decide(e, 0, UINT64_MAX).has_value());
  for (const auto& l : lines) seat.line(l);
  EXPECT_FALSE(seat.decide(e, 0, UINT64_MAX).has_value());  // none of these sends the turn
  return out.text();
}

TEST(ModuleCommands, WebMapAndSystemCardsAtASeat) {
  auto t = tableOf("web", {});
  const std::string seen = typed(*t.e, {"map", "system 0", "system 9999", "help"});
  EXPECT_EQ(seen.find("unknown order"), std::string::npos) << seen;
  EXPECT_NE(seen.find("(yours)"), std::string::npos) << "`map` lists your systems\n" << seen;
  EXPECT_NE(seen.find("lanes:"), std::string::npos) << seen;
  EXPECT_NE(seen.find("no system \"9999\""), std::string::npos) << seen;
  EXPECT_NE(seen.find("system N           a system card"), std::string::npos) << "`help` lists the module's commands\n" << seen;
  EXPECT_NE(seen.find("e.g. \"move 3 7 CR=1 DD=4\""), std::string::npos) << "W.E.B.'s own example\n" << seen;
  EXPECT_EQ(seen.find("chart 12-5 own"), std::string::npos) << "no Warp example at a W.E.B. seat\n" << seen;
}

TEST(ModuleCommands, ElcCitiesMapUnitsAtASeat) {
  auto t = tableOf("elc", {{"preset", "blitz"}});
  const std::string seen = typed(*t.e, {"cities", "map", "map 999", "units", "terms", "chronicle", "help"});
  EXPECT_EQ(seen.find("unknown order"), std::string::npos) << seen;
  EXPECT_NE(seen.find(", Works "), std::string::npos) << "`cities`\n" << seen;
  EXPECT_NE(seen.find("Around "), std::string::npos) << "`map`\n" << seen;
  EXPECT_NE(seen.find("no city \"999\""), std::string::npos) << seen;
  EXPECT_NE(seen.find("Legion "), std::string::npos) << "`units`\n" << seen;
  EXPECT_NE(seen.find("[Dominion] "), std::string::npos) << "`terms` shows the cards (VC-1910)\n" << seen;
  EXPECT_NE(seen.find("e.g. \"move 3 5 7\""), std::string::npos) << seen;
  EXPECT_EQ(seen.find("chart 12-5 own"), std::string::npos) << seen;
}

TEST(ModuleCommands, WarpHelpListsTheAdvisor) {
  auto t = tableOf("warp", {});
  lockstep::TurnEngine& e = *t.e;
  // Warp awaits one captain at a time: find seat 0's first turn by letting the others play as officers would.
  EXPECT_FALSE(e.game().legalOrders(0).empty()) << "seat 0 opens the sector";
  const std::string seen = typed(e, {"help"});
  EXPECT_NE(seen.find("\"advise\" asks the tactical advisor"), std::string::npos) << seen;
  EXPECT_NE(seen.find("e.g. \"chart 12-5 own\""), std::string::npos) << seen;
}

// §8 phase 1: loads resolve before moves, so a Freighter loaded this turn may carry its minerals this turn.
TEST(ModuleCommands, WebOrdersAreCheckedAgainstTheTurnTheyMeet) {
  auto t = tableOf("web", {});
  const Game& g = t.e->game();
  std::string load, move;
  for (const auto& o : g.legalOrders(0)) {
    const std::string text = g.orderText(0, o);
    if (load.empty() && text.rfind("load ", 0) == 0) load = text;
  }
  ASSERT_FALSE(load.empty());
  const std::string home = load.substr(5, load.find(' ', 5) - 5);
  for (const auto& o : g.legalOrders(0)) {
    const std::string text = g.orderText(0, o);
    if (move.empty() && text.rfind("move " + home + " ", 0) == 0 && text.find(" CR=") != std::string::npos &&
        text.find(" Fr=") != std::string::npos)
      move = text.substr(0, text.find(' ', 5 + home.size() + 1)) + " CR=1 FrMinerals=1";  // a Cruiser opens the gate (§3a)
  }
  ASSERT_FALSE(move.empty());
  auto loaded = g.parseOrder(0, load), carried = g.parseOrder(0, move);
  ASSERT_TRUE(loaded.ok() && carried.ok()) << load << " / " << move;
  EXPECT_FALSE(g.validate(0, *carried).ok()) << "alone, nothing is loaded yet: " << move;
  EXPECT_TRUE(g.checkOrders(0, std::vector<Order>{*loaded, *carried}).empty()) << load << " then " << move;
  EXPECT_EQ(g.checkOrders(0, std::vector<Order>{*carried}).size(), 1u);
  // At the prompt: load then move is accepted, in the order typed.
  const std::string seen = typed(*t.e, {load, move, "orders"});
  EXPECT_NE(seen.find("ok: " + move), std::string::npos) << seen;
  // The move alone is refused at the prompt, with the engine's own reason.
  const std::string alone = typed(*t.e, {move});
  EXPECT_NE(alone.find("! rejected: "), std::string::npos) << alone;
}

}  // namespace
