// `concord play <module>`: a person plays any game against officers at the terminal, on one table::LocalTable
// (terminal_table.cpp): every turn signed, sealed and written to the replay (the save: `--resume FILE`), the
// module's own commands and refusals through the Game interface. Works with piped stdin (tests drive it);
// --auto lets officers play every seat for a non-interactive demo.
#include <algorithm>
#include <cstdio>
#include <string>

#include "core/game/registry.h"
#include "core/warp/ai/officer.h"
#include "core/warp/config.h"
#include "table/local_table.h"
#include "table/person_identity.h"
#include "table/rated_game.h"
#include "table/rated_verdict.h"
#include "table/tei_store/charter.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/terminal_table.h"

namespace concord::cli {
namespace {

struct Options {
  std::string module;
  uint64_t seats = 4, you = 0, seedNum = 1;
  std::string botKind;
  bool autoPlay = false, writeReplay = true, rate = true, casual = false;
  std::string replayPath, teiDb, resumePath, identityPath, charterPath;
  bool tableGiven = false;  // --seats/--seed/--you/--bots/--auto/options: refused with --resume
  bool seedGiven = false;   // a chosen deal: casual (issue 11, seed shopping)
  ConfigOptions opts;
};

// What differs between modules at the terminal: words only.
struct ModuleText {
  const char* id;
  const char* summary;
  const char* defaultOfficer;  // RULES §VII: a Warp table's default opponent is a Lieutenant
  std::string optionsHelp;
};

ModuleText textOf(const std::string& module) {
  if (module == "elc")
    return {"elc", "A person plays Every Last City against officers at the terminal: the Terms first (cards, then the\n"
                   "paragraph), then each turn the Watch; orders are checked as they are typed (refusals name the rule).\n",
            "", "Settings, e.g. preset=blitz topology=torus horizon=120 teams=AABB (docs/elc-world.md).\n"};
  if (module == "web")
    return {"web", "A person commands one W.E.B. empire against AI empires at the terminal: orders are typed as text\n"
                   "(system numbers as shown in [brackets]), checked against the turn they will meet, and sent with \"end\".\n",
            "", "Options: turns=N (turn limit, default 60), systems-per-empire=N (docs/web-status.md).\n"};
  return {"warp", "A person plays a whole Warp sector against officers at the terminal.\n", "lieutenant",
          "Table options:\n" + warp::optionsHelp()};
}

CommandLine declare(Options& o) {
  const ModuleText m = textOf(o.module);
  CommandLine c("play " + o.module, m.summary);
  auto table = [&o](const char* name, uint64_t& out, uint64_t min, uint64_t max) {
    return [&o, &out, name, min, max](const std::string& v) {
      o.tableGiven = true;
      return wholeIn(name, v, min, max, out);
    };
  };
  const std::string module = o.module;
  c.option("--seats", "N", "seats at the table (default 4)", table("--seats", o.seats, 1, kMaxSeats))
      .option("--you", "S", "your seat (default 0)", table("--you", o.you, 0, kMaxSeats - 1))
      .option("--bots", "KIND",
              module == "warp" ? "the officers at the other seats (default lieutenant): random, greedy, or an officer of\n"
                                 "RULES §VII: ensign, lieutenant, commander, commander+lookahead (weakest first)"
                               : "the bot kind at the other seats (default: the module's)",
              [&o](const std::string& v) -> std::string {
                o.tableGiven = true;
                auto mod = findModule(o.module);
                if (mod && std::find((*mod)->botKinds.begin(), (*mod)->botKinds.end(), v) == (*mod)->botKinds.end()) {
                  std::string kinds;
                  for (const auto& k : (*mod)->botKinds) kinds += (kinds.empty() ? "" : ", ") + k;
                  return "--bots takes " + kinds + ", got '" + v + "'";
                }
                o.botKind = v;
                return "";
              })
      .option("--seed", "N",
              "deal seed N: a chosen deal may be a known one, so the game is casual (default: a fresh\n"
              "random deal; with --auto, seed 1)",
              [&o, t = table("--seed", o.seedNum, 0, 999'999'999)](const std::string& v) {
                o.seedGiven = true;
                return t(v);
              })
      .option("--turns", "N", "the turn limit (W.E.B.; the same as turns=N)", [&o](const std::string& v) -> std::string {
        uint64_t n = 0;
        if (auto e = wholeIn("--turns", v, 1, 1000, n); !e.empty()) return e;
        o.tableGiven = true;
        o.opts.push_back({"turns", v});
        return "";
      })
      .flag("--auto", "officers play every seat: a non-interactive demo", [&o] { o.autoPlay = o.tableGiven = true; })
      .flag("--bots-only", "the same as --auto", [&o] { o.autoPlay = o.tableGiven = true; })
      .text("--replay", "P",
            "write the game's replay to P (default: $XDG_DATA_HOME/concord/replays/<module>-seed<N>-<time>.ccr);\n"
            "check it with `concord replay verify P`",
            o.replayPath)
      .path(PathUse::Write)
      .flag("--no-replay", "do not write a replay", [&o] { o.writeReplay = false; })
      .text("--tei-db", "P", "rate the finished game into the TEI database P (Warp; default: the user's)", o.teiDb)
      .path(PathUse::ReadOrCreate)
      .flag("--no-tei", "do not rate the game: it is casual", [&o] { o.rate = false; })
      .flag("--casual", "play unrated: the game is recorded as casual and TEI does not move (TEI E7)", o.casual)
      .text("--resume", "P",
            "continue the game saved in replay P (a game left with \"q\"): the table, your seat and\n"
            "the officers come from the save, which is verified first and appended to",
            o.resumePath)
      .path(PathUse::Read)
      .text("--identity", "FILE",
            "your identity key, which signs your seat (default $CONCORD_HOME/identity.key or\n"
            "~/.config/concord/identity.key, created on first use with mode 0600; the same as LAN play)",
            o.identityPath)
      .path(PathUse::ReadOrCreate)
      .text("--charter", "FILE", "play under a crew charter (TEI §3.4; Warp): the game rates into the crew's ladder",
            o.charterPath)
      .path(PathUse::Read)
      .configArgs("a table option (listed below; default: the module's defaults)", o.opts)
      .footer(m.optionsHelp +
              "At your turn type an order (its number when listed, or its text); \"help\" lists the orders and the\n"
              "module's commands, \"board\" redraws the table, \"auto\" hands your seat to your officer, \"advise\" asks\n"
              "the tactical advisor (Warp: the game is then assisted and not TEI-rated), \"q\" leaves (the game is saved).\n");
  return c;
}

int runPlayModule(const std::string& module, Args args) {
  Options o;
  o.module = module;
  const CommandLine cl = declare(o);
  if (auto code = cl.parse(args)) return *code;
  if (!o.opts.empty()) o.tableGiven = true;
  const std::string command = "play " + module;
  if (!o.resumePath.empty() && !o.charterPath.empty()) return cl.usage("--resume keeps the saved game's charter: drop --charter");
  if (!o.resumePath.empty() && (o.tableGiven || !o.replayPath.empty() || !o.writeReplay))
    return cl.usage("--resume continues the saved table as it was: drop --seats/--you/--seed/--bots/--auto, table "
                    "options, --replay and --no-replay");
  // Issue 11 point 2: the person's seat signs with their persistent identity (as in LAN play); a demo needs none.
  std::optional<lockstep::KeyPair> identity;
  if (!o.autoPlay || !o.resumePath.empty()) {
    auto id = table::loadPersonIdentity(o.identityPath);
    if (!id) return failure(command + ": " + id.message());
    identity = *id;
  }
  std::unique_ptr<table::LocalTable> t;
  if (!o.resumePath.empty()) {
    auto r = table::LocalTable::resume(o.resumePath, identity);
    if (!r) return failure(command + ": " + r.message());
    t = std::move(*r);
    if (t->session().moduleId != module)
      return failure(command + ": " + o.resumePath + " is a " + t->session().moduleId + " game: continue it with `concord play " +
                     t->session().moduleId + " --resume " + o.resumePath + "`");
    if (t->over()) return failure(command + ": the game saved in " + o.resumePath + " is already over");
    std::printf("Resuming %s at turn %u.\n", o.resumePath.c_str(), t->engine().turn());
  } else {
    if (o.you >= o.seats) return cl.usage("--you must be a seat below --seats");
    std::stable_partition(o.opts.begin(), o.opts.end(), [](const auto& kv) { return kv.first == "preset"; });
    table::TableSetup setup;
    setup.moduleId = module;
    setup.options = o.opts;
    setup.seats = static_cast<Seat>(o.seats);
    if (!o.autoPlay) setup.person = static_cast<Seat>(o.you);
    setup.officer = o.botKind.empty() ? textOf(module).defaultOfficer : o.botKind;
    if (o.seedGiven || o.autoPlay) setup.seed = o.seedNum;  // a demo replays seed 1 unless told otherwise
    setup.casual = o.casual || !o.rate || module != "warp";  // TEI rates Warp (RULES §VIII)
    setup.identity = identity;
    setup.replayPath = o.replayPath;
    setup.writeReplay = o.writeReplay;
    if (!o.charterPath.empty()) {
      auto ch = tei::loadCharter(o.charterPath);
      if (!ch) return failure(command + ": " + ch.message());
      setup.charter = std::move(*ch);
    }
    auto opened = table::LocalTable::open(setup);
    if (!opened) return o.tableGiven ? cl.usage(opened.message()) : failure(command + ": " + opened.message());
    // Said before the first turn, in the words the Qt start screen uses (table/rated_verdict.h); a charter says its own.
    if (const std::string why = table::unratedBecause(setup); setup.person && !setup.casual && setup.charter.id.empty() && !why.empty())
      std::printf("%s%s\n", table::ratedSentence(why).c_str(), o.seedGiven ? " Leave out --seed for a rated game on a fresh deal." : "");
    t = std::move(*opened);
    if (!t->session().charter.id.empty()) {
      const std::string why = tei::charterMismatch(t->session());
      if (why.empty()) std::printf("Crew charter %s: this game rates into the crew ladder group/%s\n", t->session().charter.id.c_str(),
                                   t->session().charter.id.c_str());
      else std::printf("! Crew charter %s: %s; the game will be unrated (charter_mismatch)\n", t->session().charter.id.c_str(), why.c_str());
    }
  }
  // Issue 11, walking away: a rated game is registered as it starts; one left unfinished before counts as a loss now.
  TerminalTableOptions run;
  run.command = command;
  if (module == "warp" && t->person() && o.rate) {  // a casual game is rated too: the store says why not (TEI E7)
    auto store = table::teiStorePath(o.teiDb);
    if (!store) return failure(command + ": " + store.message());
    run.teiStore = *store;
    if (o.resumePath.empty() && t->session().rated) {
      auto reg = table::registerRatedStart(*store, t->session(), *t->person());
      if (!reg) return failure(command + ": " + reg.message());
      std::printf("%s", reg->c_str());
    }
  }
  return playAtTerminal(*t, run);
}

CommandLine lineOf(const char* module) {
  static Options o;
  o.module = module;
  return declare(o);
}

}  // namespace

int runPlayWarp(Args args) { return runPlayModule("warp", args); }
int runPlayElc(Args args) { return runPlayModule("elc", args); }
int runPlayWeb(Args args) { return runPlayModule("web", args); }
CommandLine playWarpLine() { return lineOf("warp"); }
CommandLine playElcLine() { return lineOf("elc"); }
CommandLine playWebLine() { return lineOf("web"); }

std::vector<CommandLine> playLines() { return {playWarpLine(), playElcLine(), playWebLine()}; }

int runPlay(Args args) {
  static const std::vector<Subcommand> modules = {
      {"warp", "a Warp sector against officers (also `concord warp play`)", runPlayWarp, playWarpLine},
      {"elc", "Every Last City against the AI (also `concord elc play`)", runPlayElc, playElcLine},
      {"web", "command a W.E.B. empire against AI empires (also `concord web play`)", runPlayWeb, playWebLine}};
  return runGroup("play", modules, args, "module");
}

}  // namespace concord::cli
