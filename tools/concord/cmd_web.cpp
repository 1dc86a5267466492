// `concord web scenario FILE.json` (docs/web-scenarios.md): one W.E.B. turn from an explicit position; `concord web
// play` (= `concord play web`).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/web_scenario.h"

namespace concord::cli {

int runPlayWeb(Args args);
CommandLine playWebLine();

namespace {

struct ScenarioOptions {
  std::string file;
  bool quiet = false;
};

CommandLine declareScenario(ScenarioOptions& o) {
  CommandLine c("web scenario",
                "Loads the explicit galaxy, fleets and stances in FILE, applies one turn of orders (optionally scripted\n"
                "dice) and prints the turn's resolution as one JSON object: rejections, every event (rolls, hits,\n"
                "losses, moves, invasions, builds, supply) and the final systems and ships. Expectations in the file\n"
                "(\"expect\") are checked: exit 1 if any fails. Format: docs/web-scenarios.md\n");
  c.positional("FILE.json", "", o.file, true, "which scenario? give FILE.json")
      .path(PathUse::Read)
      .flag("--quiet", "print nothing but failed expectations", o.quiet);
  return c;
}

CommandLine scenarioLine() {
  static ScenarioOptions o;
  return declareScenario(o);
}

int scenarioCommand(Args args) {
  ScenarioOptions o;
  if (auto code = declareScenario(o).parse(args)) return *code;
  std::ifstream in(o.file);
  if (!in) return failure("web scenario: cannot open " + o.file);
  try {
    auto j = web::scenario::json::parse(in);
    auto run = web::scenario::run(j);
    if (!o.quiet) std::cout << run.result.dump(1) << "\n";
    for (const auto& f : run.failures) std::cerr << "expectation failed: " << f << "\n";
    return run.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    return failure("web scenario " + o.file + ": " + e.what());
  }
}

const std::vector<Subcommand>& webSubcommands() {
  static const std::vector<Subcommand> subs = {
      {"scenario", "resolve one W.E.B. turn from an explicit position, print JSON", scenarioCommand, scenarioLine},
      {"play", "command an empire at the terminal (same as `concord play web`)", runPlayWeb, playWebLine},
  };
  return subs;
}

}  // namespace

std::vector<CommandLine> webLines() { return {scenarioLine()}; }  // `web play` is `play web`'s line

int runWeb(Args args) { return runGroup("web", webSubcommands(), args); }

}  // namespace concord::cli
