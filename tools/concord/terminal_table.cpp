#include "tools/concord/terminal_table.h"

#include <cstdio>
#include <fstream>
#include <iostream>

#include "lockstep/session_result.h"
#include "table/rated_game.h"
#include "tools/concord/command.h"
#include "tools/concord/interrupt.h"
#include "tools/concord/terminal_seat.h"

namespace concord::cli {
namespace {

// The person's seat: TerminalSeat decides once the person has typed a legal order; a seat with nothing to do
// this turn (Warp: not your turn and no catch open) sends its empty bundle without asking.
class PersonAtTerminal : public table::SeatPlayer {
 public:
  explicit PersonAtTerminal(TerminalSeat& seat) : seat_(seat) {}
  std::optional<std::vector<Order>> decide(const lockstep::TurnEngine& e, Seat s) override {
    if (e.game().legalOrders(s).empty()) return std::vector<Order>{};
    return seat_.decide(e, s, UINT64_MAX);  // no turn clock at a local table: the prompt waits for the person
  }

 private:
  TerminalSeat& seat_;
};

}  // namespace

int playAtTerminal(table::LocalTable& t, const TerminalTableOptions& o) {
  const std::optional<Seat> person = t.person();
  const Seat me = person.value_or(static_cast<Seat>(t.session().seats.size()));
  auto finish = [&](int code) {
    if (t.over()) {
      if (auto end = lockstep::sessionOutcome(t.engine()); end && !end->summary.empty()) std::printf("Game over: %s\n", end->summary.c_str());
      if (const std::string record = t.game().finalRecord(); !record.empty()) {
        std::printf("%s", record.c_str());
        if (!t.replayPath().empty()) {  // VC-1590/VC-3050: the end-of-game record beside its replay
          std::ofstream(t.replayPath() + ".result.txt") << record;
          std::printf("Result record: %s.result.txt\n", t.replayPath().c_str());
        }
      }
    }
    if (auto c = t.close(); !c) std::fprintf(stderr, "concord: %s: replay: %s\n", o.command.c_str(), c.message().c_str());
    else if (!t.replayPath().empty())
      std::printf("Replay: %s (check it with: concord replay verify %s)\n", t.replayPath().c_str(), t.replayPath().c_str());
    if (t.over()) {
      // The end-of-match summary: the verified replay is the record every peer rates from (TEI, RULES §VIII).
      if (!o.teiStore.empty() && !t.replayPath().empty()) std::printf("%s", table::rateFinishedText(t.replayPath(), o.teiStore).c_str());
    }
    return code;
  };
  auto leaveSaved = [&](const std::string& why) {
    std::printf("\n");
    if (!t.replayPath().empty()) std::printf("Resume this game with: concord %s --resume %s\n", o.command.c_str(), t.replayPath().c_str());
    return finish(failure(o.command + ": " + why));
  };
  if (const std::string intro = t.game().introduction(me); !intro.empty()) std::printf("%s", intro.c_str());
  TerminalSeat seat(stdout);
  if (person) {
    std::printf("You are %s (seat %u). Type an order's number or its text%s; \"help\" lists the orders and commands, "
                "\"auto\" hands your seat to your officer, \"q\" leaves.\n",
                t.session().seats[*person].name.c_str(), static_cast<unsigned>(*person),
                t.game().orderExample().empty() ? "" : (" (e.g. \"" + t.game().orderExample() + "\")").c_str());
    t.seat(*person, std::make_unique<PersonAtTerminal>(seat));
  }
  catchInterrupts();
  for (uint64_t steps = 0; !t.over();) {
    if (interrupted()) return leaveSaved("interrupted (Ctrl-C); the game so far is saved");
    if (t.engine().awaiting().empty()) break;
    auto played = t.tryTurn();
    if (!played) return finish(failure(o.command + ": " + played.message()));
    if (*played) {
      if (++steps > 2'000'000) return finish(failure(o.command + ": the game did not finish (engine bug)"));
      seat.applied(t.engine(), me);
      continue;
    }
    std::string line;  // the person is deciding: one more typed line
    if (!std::getline(std::cin, line)) {
      if (interrupted()) return leaveSaved("interrupted (Ctrl-C); the game so far is saved");
      return leaveSaved("input ended before the game was over");
    }
    seat.line(line);
    if (seat.leaving()) return leaveSaved("you left the table");
  }
  return finish(0);
}

}  // namespace concord::cli
