// `concord play warp`: a person plays a whole Warp sector against bots at the terminal. Works with piped
// stdin (tests drive it); --auto plays every seat with bots for a non-interactive demo.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/warp/config.h"
#include "core/warp/ai/officer.h"
#include "lockstep/peer.h"
#include "net/identity.h"
#include "table/person_identity.h"
#include "replay/record.h"
#include "table/tei_store/charter.h"
#include "table/tei_store/rate_finished.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/interrupt.h"
#include "tools/concord/play_recorder.h"
#include "table/solo_registry.h"
#include "tools/concord/terminal_seat.h"

namespace concord::cli {

int runPlayElc(Args args);
CommandLine playElcLine();
int runPlayWeb(Args args);
CommandLine playWebLine();

namespace {

struct Options {
  uint64_t seats = 4, you = 0, seedNum = 1;
  std::string botKind = "greedy";
  bool autoPlay = false, writeReplay = true, rate = true, casual = false;
  std::string replayPath, teiDb, resumePath, identityPath, charterPath;
  bool tableGiven = false;  // --seats/--seed/--you/--bots/--auto/options: refused with --resume
  bool seedGiven = false;   // a chosen deal: casual (issue 11, seed shopping)
  ConfigOptions opts;
};

CommandLine declare(Options& o) {
  CommandLine c("play warp", "A person plays a whole Warp sector against bots at the terminal.\n");
  auto table = [&o](const char* name, uint64_t& out, uint64_t min, uint64_t max) {
    return [&o, &out, name, min, max](const std::string& v) {
      o.tableGiven = true;
      return wholeIn(name, v, min, max, out);
    };
  };
  c.option("--seats", "N", "captains at the table (default 4)", table("--seats", o.seats, 1, kMaxSeats))
      .option("--you", "S", "your seat (default 0)", table("--you", o.you, 0, kMaxSeats - 1))
      .option("--bots", "KIND",
              "bot kind for the other seats (default greedy): random, greedy, or an officer of\n"
              "RULES §VII: ensign, lieutenant, commander, commander+lookahead (weakest first)",
              [&o](const std::string& v) -> std::string {
                o.tableGiven = true;
                if (v != "random" && v != "greedy" && !warp::ai::profileNamed(v))
                  return "--bots takes random, greedy, ensign, lieutenant, commander or commander+lookahead, got '" + v + "'";
                o.botKind = v;
                return "";
              })
      .option("--seed", "N",
              "deal seed N: a chosen deal may be a known one, so the game is casual (default: a fresh\n"
              "random deal, rated; with --auto, seed 1)",
              [&o, t = table("--seed", o.seedNum, 0, 999'999'999)](const std::string& v) {
                o.seedGiven = true;
                return t(v);
              })
      .flag("--auto", "bots play every seat: a non-interactive demo", [&o] { o.autoPlay = o.tableGiven = true; })
      .flag("--bots-only", "the same as --auto", [&o] { o.autoPlay = o.tableGiven = true; })
      .text("--replay", "P",
            "write the game's replay to P (default: $XDG_DATA_HOME/concord/replays/\n"
            "warp-seed<N>-<time>.ccr); check it with `concord replay verify P`",
            o.replayPath)
      .flag("--no-replay", "do not write a replay", [&o] { o.writeReplay = false; })
      .text("--tei-db", "P",
            "rate the finished game into the TEI database P (default: the user's TEI database);\n"
            "the summary shows each rated captain's before -> after (RULES §VIII)",
            o.teiDb)
      .flag("--no-tei", "do not rate the game: it is casual (a rated game is registered in your TEI store as it\n"
                        "starts, and one left unfinished counts as a loss when your next rated game starts)",
            [&o] { o.rate = false; })
      .flag("--casual", "play unrated: the game is recorded as casual and TEI does not move (TEI E7)", o.casual)
      .text("--resume", "P",
            "continue the game saved in replay P (a game left with \"q\"): the table, your seat and\n"
            "the bots come from the save, which is verified first and appended to",
            o.resumePath)
      .text("--identity", "FILE",
            "your identity key, which signs your seat (default $CONCORD_HOME/identity.key or\n"
            "~/.config/concord/identity.key, created on first use with mode 0600; the same as LAN play)",
            o.identityPath)
      .text("--charter", "FILE",
            "play under a crew charter (TEI §3.4): its id, members and frozen settings go into the signed\n"
            "header and the game rates into the crew's ladder group/<id> when the table matches it",
            o.charterPath)
      .configArgs("a table option (listed below; default: the Official Warp rules preset)", o.opts)
      .footer("Table options:\n" + warp::optionsHelp() +
              "At your turn type the number of a listed order or its text (\"chart 12-5 own\", \"draw\"),\n"
              "\"board\" to redraw the table, \"auto\" to hand your seat to your officer, \"advise\" to ask the tactical\n"
              "advisor (the game is then assisted and not TEI-rated), \"quit\" to leave. When you may catch a\n"
              "missed Drop to Impulse out of turn you are asked, with \"let it go\" offered.\n");
  return c;
}

// The TEI store `play warp` rates into: --tei-db, else the user's.
std::string playStorePath(const std::string& db) {
  if (!db.empty()) return db;
  auto d = tei::defaultStorePath();
  return d ? *d : std::string();
}
Result<tei::TeiStore> openPlayStore(const std::string& db) {
  const std::string path = playStorePath(db);
  if (path.empty()) return tei::defaultStorePath().error();
  return tei::TeiStore::open(path);
}

// Rates a finished game's replay into the TEI store and returns the before -> after lines (or why not).
std::string rateFinishedGameText(const std::string& replayPath, const std::string& db) {
  auto rated = tei::rateFinishedGame(replayPath, db);
  if (!rated) return "TEI: not rated: " + rated.message() + "\n";
  return "TEI (" + rated->storePath + "):\n" + rated->text;
}

}  // namespace

CommandLine playWarpLine() {
  static Options o;
  return declare(o);
}

int runPlayWarp(Args args) {
  Options po;
  const CommandLine cl = declare(po);
  if (auto code = cl.parse(args)) return *code;
  if (!po.opts.empty()) po.tableGiven = true;
  uint64_t &seats = po.seats, &you = po.you, &seedNum = po.seedNum;
  std::string &botKind = po.botKind, &replayPath = po.replayPath, &teiDb = po.teiDb, &resumePath = po.resumePath;
  bool &autoPlay = po.autoPlay, &writeReplay = po.writeReplay, &rate = po.rate, &casual = po.casual;
  ConfigOptions& opts = po.opts;
  if (!resumePath.empty() && !po.charterPath.empty()) return cl.usage("--resume keeps the saved game's charter: drop --charter");
  if (!resumePath.empty() && (po.tableGiven || !replayPath.empty() || !writeReplay))
    return cl.usage("--resume continues the saved table as it was: drop --seats/--you/--seed/--bots/--auto, table "
                      "options, --replay and --no-replay");
  // Issue 11 point 2: the person's seat signs with their persistent identity (as in LAN play), never with a
  // key anyone can derive from a public label; a demo without a person (--auto) needs none.
  std::optional<lockstep::KeyPair> identity;
  if (!autoPlay || !resumePath.empty()) {
    auto id = table::loadPersonIdentity(po.identityPath);
    if (!id) return failure("play: " + id.message());
    identity = *id;
  }
  std::unique_ptr<PlayRecorder> recorderOwner;
  if (!resumePath.empty()) {
    auto r = PlayRecorder::resume(resumePath, "play-warp", identity);
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
    if (!cfg) return cl.usage(cfg.message());
    if (you >= seats) return cl.usage("--you must be a seat below --seats");
    det::Seed seed;
    for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(seedNum >> (8 * i));
    // Issue 11, seed shopping: a rated deal is dealt fresh and unseen; a chosen one may be known, so it is casual.
    if (!autoPlay && !po.seedGiven) {
      seed.bytes = lockstep::randomBytes32();
      seedNum = (uint64_t{seed.bytes[0]} << 16 | uint64_t{seed.bytes[1]} << 8 | seed.bytes[2]) % 1'000'000'000;  // the file name
    }
    if (!autoPlay && po.seedGiven && !casual && rate) {
      std::printf("Seed %llu is a deal you chose (and may know): this game is casual, not TEI-rated. Leave out --seed "
                  "for a rated game on a fresh deal.\n",
                  static_cast<unsigned long long>(seedNum));
      casual = true;
    }
    // The game runs in a TurnEngine so every turn is signed, sealed and written to the replay.
    auto session = replay::makeBotSession("warp", opts, static_cast<Seat>(seats), "play-warp", botKind);
    if (!session) return failure(session.message());
    session->seed = seed;
    // RULES §VIII Solo pool: an unassisted Warp 12 game against officers counts unless the player chose casual.
    session->rated = !casual && rate;  // issue 11: a game you do not rate (--no-tei) is casual, never rated later
    if (!po.charterPath.empty()) {
      auto ch = tei::loadCharter(po.charterPath);
      if (!ch) return failure("play: " + ch.message());
      session->charter = std::move(*ch);
    }
    for (Seat s = 0; s < seats; ++s) session->seats[s].name = "Captain " + std::to_string(s);  // as the log says
    auto keys = replay::botSessionKeys("play-warp", static_cast<Seat>(seats));
    if (!autoPlay) {
      session->seats[you].ai = false;
      session->seats[you].botKind.clear();
      session->seats[you].key = identity->publicKey;
      keys[you] = *identity;
    }
    if (writeReplay && replayPath.empty()) replayPath = defaultWarpReplayPath(seedNum);
    if (!session->charter.id.empty()) {
      const std::string why = tei::charterMismatch(*session);
      if (why.empty()) std::printf("Crew charter %s: this game rates into the crew ladder group/%s\n", session->charter.id.c_str(),
                                   session->charter.id.c_str());
      else std::printf("! Crew charter %s: %s; the game will be unrated (charter_mismatch)\n", session->charter.id.c_str(), why.c_str());
    }
    // Issue 11, walking away: a rated game is registered as it starts; one left unfinished before counts as a loss now.
    if (!autoPlay && session->rated) {
      auto store = openPlayStore(teiDb);
      if (!store) return failure("play: " + store.message());
      // Issue 11 point 5: ratings kept under earlier anchors are never updated as if they were today's.
      if (auto old = store->foreignProfiles(); !old || !old->empty())
        return failure("play: " + (old ? "your TEI store " + playStorePath(teiDb) + " holds ratings under earlier anchors (" +
                                             old->front() + "); run `concord tei reprofile` to keep them as history and "
                                             "re-rate your replays under " + std::string(tei::kTeiProfileId) +
                                             ", or play this game casually with --no-tei"
                                       : old.message()));
      auto lost = table::forfeitWalkedAway(*store, tei::playerIdOf(session->seats[you]), session->gameId().hex());
      if (!lost) return failure("play: " + lost.message());
      std::printf("%s", lost->c_str());
      if (auto reg = table::registerSoloGame(*store, *session, static_cast<Seat>(you)); !reg) return failure("play: " + reg.message());
      std::printf("This rated game is registered: finish it (\"q\" saves it for --resume); left unfinished, it counts as a "
                  "loss when your next rated game starts.\n");
    }
    auto r = PlayRecorder::create(*session, std::move(keys), writeReplay ? replayPath : std::string());
    if (!r) return failure("play: " + r.message());
    recorderOwner = std::move(*r);
  }
  auto& rec = *recorderOwner;
  // Only Game calls from here on: the table is the same for any module with a terminal table.
  const Game& g = rec.engine().game();
  auto finish = [&](int code) {
    if (auto c = rec.close(); !c) std::fprintf(stderr, "concord: play: replay: %s\n", c.message().c_str());
    else if (!rec.path().empty()) std::printf("Replay: %s\n", rec.path().c_str());
    // The end-of-match summary: the verified replay is the record every peer rates from (TEI, RULES §VIII).
    if (rate && !rec.path().empty() && rec.engine().game().outcome()) std::printf("%s", rateFinishedGameText(rec.path(), teiDb).c_str());
    return code;
  };
  auto conf = warp::decodeConfig(rec.session().config);
  if (!conf) return finish(failure("play: the table's config is not Warp's: " + conf.message()));
  // The same seat logic as a networked table: the person answers through TerminalSeat (asked out of turn
  // too, e.g. to catch a missed Drop to Impulse while the window is open, RULES §V), the other seats
  // through their officers (lockstep::botOrdersFor), all orders of a turn applied together in seat order.
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < seats; ++s) bots.push_back(lockstep::makeSeatBot(rec.session(), s));
  auto human = [&](Seat s) { return !autoPlay && s == you; };
  std::printf("Warp %d, %llu captains — %s\n", conf->maxPip, static_cast<unsigned long long>(seats),
              warp::describeConfig(*conf).c_str());
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
  while (!rec.engine().over()) {
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

std::vector<CommandLine> playLines() { return {playWarpLine(), playElcLine(), playWebLine()}; }

int runPlay(Args args) {
  static const std::vector<Subcommand> modules = {
      {"warp", "a Warp sector against bots (also `concord warp play`)", runPlayWarp, playWarpLine},
      {"elc", "Every Last City against the AI (also `concord elc play`)", runPlayElc, playElcLine},
      {"web", "command a W.E.B. empire against AI empires", runPlayWeb, playWebLine}};
  return runGroup("play", modules, args, "module");
}

}  // namespace concord::cli
