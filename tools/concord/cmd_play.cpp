// `concord play warp`: a person plays a whole Warp sector against bots at the terminal. Works with piped
// stdin (tests drive it); --auto plays every seat with bots for a non-interactive demo.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/warp/module.h"
#include "core/warp/state.h"
#include "lockstep/peer.h"
#include "replay/record.h"
#include "tools/tei_store/replay_match.h"
#include "tools/tei_store/store.h"
#include "tools/concord/command.h"
#include "tools/concord/interrupt.h"
#include "tools/concord/play_recorder.h"
#include "tools/concord/terminal_seat.h"

namespace concord::cli {

int runPlayWarp(Args args);
int runPlayWeb(Args args);

namespace {

void help() {
  std::printf(
      "usage: concord play warp [--seats N] [--you S] [--bots random|greedy] [--seed N] [--auto]\n"
      "                         [--replay PATH | --no-replay] [key=value ...]\n"
      "  --seats N    captains at the table (default 4)\n"
      "  --you S      your seat (default 0)\n"
      "  --bots KIND  bot kind for the other seats (default greedy)\n"
      "  --seed N     game seed (default 1)\n"
      "  --auto       bots play every seat (also --bots-only): a non-interactive demo\n"
      "  --replay P   write the game's replay to P (default: $XDG_DATA_HOME/concord/replays/\n"
      "               warp-seed<N>-<time>.ccr); check it with `concord replay verify P`\n"
      "  --no-replay  do not write a replay\n"
      "  --tei-db P   rate the finished game into the TEI database P (default: the user's TEI database);\n"
      "               the summary shows each rated captain's before -> after (RULES §VIII)\n"
      "  --no-tei     do not rate the game\n"
      "  --casual     play unrated: the game is recorded as casual and TEI does not move (TEI E7)\n"
      "  --resume P   continue the game saved in replay P (a game left with \"q\"): the table, your seat and\n"
      "               the bots come from the save, which is verified first and appended to\n"
      "Table options (default: Official Warp rules preset):\n%s"
      "At your turn type the number of a listed order or its text (\"chart 12-5 own\", \"draw\"),\n"
      "\"board\" to redraw the table, \"auto\" to hand your seat to your officer, \"quit\" to leave. When you may catch a\n"
      "missed Drop to Impulse out of turn you are asked, with \"let it go\" offered.\n",
      warp::optionsHelp().c_str());
}

// Rates a finished game's replay into the TEI store and returns the before -> after lines (or why not).
std::string rateFinishedGame(const std::string& replayPath, const std::string& db) {
  auto match = tei::matchFromReplay(replayPath);
  if (!match) return "TEI: not rated: " + match.message() + "\n";
  std::string path = db;
  if (path.empty()) {
    auto d = tei::defaultStorePath();
    if (!d) return "TEI: not rated: " + d.message() + "\n";
    path = *d;
  }
  auto store = tei::TeiStore::open(path);
  if (!store) return "TEI: not rated: " + store.message() + "\n";
  auto res = store->applyMatch(match->record);
  if (!res) return "TEI: not rated: " + res.message() + "\n";
  return "TEI (" + path + "):\n" + tei::describeApplied(tei::ReplayApplied{std::move(*match), std::move(*res)});
}

}  // namespace

int runPlayWarp(Args args) {
  if (wantsHelp(args)) {
    help();
    return 0;
  }
  uint64_t seats = 4, you = 0, seedNum = 1;
  std::string botKind = "greedy";
  bool autoPlay = false, writeReplay = true, rate = true, casual = false;
  std::string replayPath, teiDb, resumePath;
  bool tableGiven = false;  // --seats/--seed/--you/--bots/--auto/options: refused with --resume
  ConfigOptions opts;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto val = [&](uint64_t& out) {
      if (i + 1 >= args.size() || !wholeNumber(args[i + 1], out, 999'999'999)) return false;
      ++i;
      return true;
    };
    if (a == "--seats" || a == "--you" || a == "--seed" || a == "--bots" || a == "--auto" || a == "--bots-only" ||
        a.find('=') != std::string::npos)
      tableGiven = true;
    if (a == "--resume") {
      if (i + 1 >= args.size()) return usageError("--resume needs the path of a saved game (its replay)", "concord play warp --help");
      resumePath = args[++i];
    } else if (a == "--seats") {
      if (!val(seats)) return usageError("--seats needs a number", "concord play warp --help");
    } else if (a == "--you") {
      if (!val(you)) return usageError("--you needs a seat number", "concord play warp --help");
    } else if (a == "--seed") {
      if (!val(seedNum)) return usageError("--seed needs a number", "concord play warp --help");
    } else if (a == "--bots") {
      if (i + 1 >= args.size()) return usageError("--bots needs random or greedy", "concord play warp --help");
      botKind = args[++i];
      if (botKind != "random" && botKind != "greedy") return usageError("--bots: random or greedy", "concord play warp --help");
    } else if (a == "--replay") {
      if (i + 1 >= args.size()) return usageError("--replay needs a path", "concord play warp --help");
      replayPath = args[++i];
    } else if (a == "--no-replay") {
      writeReplay = false;
    } else if (a == "--tei-db") {
      if (i + 1 >= args.size()) return usageError("--tei-db needs a path", "concord play warp --help");
      teiDb = args[++i];
    } else if (a == "--no-tei") {
      rate = false;
    } else if (a == "--casual") {
      casual = true;
    } else if (a == "--auto" || a == "--bots-only") {
      autoPlay = true;
    } else if (auto eq = a.find('='); eq != std::string::npos) {
      opts.emplace_back(a.substr(0, eq), a.substr(eq + 1));
    } else {
      return usageError("unknown argument '" + a + "'", "concord play warp --help");
    }
  }
  if (!resumePath.empty() && (tableGiven || !replayPath.empty() || !writeReplay))
    return usageError("--resume continues the saved table as it was: drop --seats/--you/--seed/--bots/--auto, table "
                      "options, --replay and --no-replay", "concord play warp --help");
  std::unique_ptr<PlayRecorder> recorderOwner;
  if (!resumePath.empty()) {
    auto r = PlayRecorder::resume(resumePath, "play-warp");
    if (!r) return failure("play: " + r.message());
    recorderOwner = std::move(*r);
    const auto& ss = recorderOwner->session();
    if (ss.moduleId != "warp") return failure("play: " + resumePath + " is a " + ss.moduleId + " game, not Warp");
    if (recorderOwner->engine().over()) return failure("play: the game saved in " + resumePath + " is already over");
    seats = ss.seats.size();
    autoPlay = true;
    for (Seat s = 0; s < ss.seats.size(); ++s) {
      if (!ss.seats[s].ai && autoPlay) {
        autoPlay = false;
        you = s;
      } else if (ss.seats[s].ai && !ss.seats[s].botKind.empty()) {
        botKind = ss.seats[s].botKind;
      }
    }
    casual = !ss.rated;
    replayPath = resumePath;
    std::printf("Resuming %s at turn %u.\n", resumePath.c_str(), recorderOwner->engine().turn());
  } else {
    auto cfg = warp::parseOptions(opts);
    if (!cfg) return usageError(cfg.message(), "concord play warp --help");
    if (you >= seats) return usageError("--you must be a seat below --seats", "concord play warp --help");
    det::Seed seed;
    for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(seedNum >> (8 * i));
    // The game runs in a TurnEngine so every turn is signed, sealed and written to the replay.
    auto session = replay::makeBotSession("warp", opts, static_cast<Seat>(seats), "play-warp", botKind);
    if (!session) return failure(session.message());
    session->seed = seed;
    // RULES §VIII Solo pool: an unassisted Warp 12 game against officers counts unless the player chose casual.
    session->rated = !casual;
    for (Seat s = 0; s < seats; ++s) session->seats[s].name = "Captain " + std::to_string(s);  // as the log says
    if (!autoPlay) {
      session->seats[you].ai = false;
      session->seats[you].botKind.clear();
    }
    if (writeReplay && replayPath.empty()) replayPath = defaultWarpReplayPath(seedNum);
    auto r = PlayRecorder::create(*session, replay::botSessionKeys("play-warp", static_cast<Seat>(seats)),
                                  writeReplay ? replayPath : std::string());
    if (!r) return failure("play: " + r.message());
    recorderOwner = std::move(*r);
  }
  auto& rec = *recorderOwner;
  const auto& g = dynamic_cast<const warp::WarpGame&>(rec.engine().game());
  const warp::Config& conf = g.config();
  auto finish = [&](int code) {
    if (auto c = rec.close(); !c) std::fprintf(stderr, "concord: play: replay: %s\n", c.message().c_str());
    else if (!rec.path().empty()) std::printf("Replay: %s\n", rec.path().c_str());
    // The end-of-match summary: the verified replay is the record every peer rates from (TEI, RULES §VIII).
    if (rate && !rec.path().empty() && rec.engine().game().outcome()) std::printf("%s", rateFinishedGame(rec.path(), teiDb).c_str());
    return code;
  };
  // The same seat logic as a networked table: the person answers through TerminalSeat (asked out of turn
  // too, e.g. to catch a missed Drop to Impulse while the window is open, RULES §V), the other seats
  // through their officers (lockstep::botOrdersFor), all orders of a turn applied together in seat order.
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < seats; ++s) bots.push_back(lockstep::makeSeatBot(rec.session(), s));
  auto human = [&](Seat s) { return !autoPlay && s == you; };
  std::printf("Warp %d, %llu captains — %s\n", conf.maxPip, static_cast<unsigned long long>(seats),
              warp::describeConfig(conf).c_str());
  if (!autoPlay)
    std::printf("You are Captain %llu. Type an order's number (or its text, e.g. \"chart 12-5 own\"); "
                "\"board\" redraws the table, \"auto\" hands your seat to your officer, \"q\" leaves.\n",
                static_cast<unsigned long long>(you));
  TerminalSeat table(stdout);
  const Seat me = autoPlay ? static_cast<Seat>(seats) : static_cast<Seat>(you);
  uint64_t steps = 0;
  catchInterrupts();
  auto leaveSaved = [&](const char* why) {
    std::printf("\n");
    if (!rec.path().empty()) std::printf("Resume this game with: concord play warp --resume %s\n", rec.path().c_str());
    return finish(failure(std::string("play: ") + why));
  };
  while (!g.over()) {
    if (interrupted()) return leaveSaved("interrupted (Ctrl-C); the game so far is saved");
    if (++steps > 2000000) return finish(failure("play: the game did not finish (engine bug)"));
    if (g.awaiting().empty()) break;
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s = 0; s < seats; ++s) {
      if (!human(s)) {
        if (bots[s]) orders[s] = lockstep::botOrdersFor(rec.engine(), s, *bots[s]);
        continue;
      }
      if (g.legalOrders(s).empty()) continue;  // not awaited and nothing to do out of turn
      // No turn clock at a local table: the prompt waits for the person (or their officer after "auto").
      while (true) {
        if (auto picked = table.decide(rec.engine(), s, UINT64_MAX)) {
          orders[s] = std::move(*picked);
          break;
        }
        std::string line;
        if (!std::getline(std::cin, line)) {
          if (interrupted()) return leaveSaved("interrupted (Ctrl-C); the game so far is saved");
          return leaveSaved("input ended before the sector was over");
        }
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line == "quit" || line == "q" || line == "exit") {
          if (!rec.path().empty()) std::printf("Resume this game with: concord play warp --resume %s\n", rec.path().c_str());
          return finish(failure("play: you left the table"));
        }
        table.line(line);
      }
    }
    if (auto r = rec.step(std::move(orders)); !r) return finish(failure("play: " + r.message()));
    table.applied(rec.engine(), me);
  }
  return finish(0);
}

int runPlay(Args args) {
  if (args.empty() || ((args[0] == "--help" || args[0] == "-h"))) {
    std::printf("usage: concord play <module> [options]   (modules: warp, web; concord play web --help)\n");
    help();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "warp") return runPlayWarp(args.subspan(1));
  if (args[0] == "web") return runPlayWeb(args.subspan(1));
  return usageError("play: no terminal table for '" + args[0] + "' (known: warp, web)", "concord play --help");
}

}  // namespace concord::cli
