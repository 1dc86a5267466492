// `concord warp scenario FILE.json` (docs/warp-scenarios.md) and `concord warp play` (= `concord play warp`).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/warp_scenario.h"

namespace concord::cli {

int runPlayWarp(Args args);
CommandLine playWarpLine();

namespace {

struct ScenarioOptions {
  std::string file;
  bool quiet = false;
};

CommandLine declareScenario(ScenarioOptions& o) {
  CommandLine c("warp scenario",
                "Starts Warp from the explicit position in FILE (config, round, Spacedock, hands, pile, starter,\n"
                "campaign scores), applies its orders and prints one JSON line per order\n"
                "  {\"seat\":0,\"accepted\":true,\"reason\":\"\"}\n"
                "then one JSON object with the end state and the round log. Expectations in the file (\"expect\")\n"
                "are checked: exit 1 if any fails. Format: docs/warp-scenarios.md\n");
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
  const bool quiet = o.quiet;
  std::ifstream in(o.file);
  if (!in) return failure("warp scenario: cannot open " + o.file);
  try {
    auto j = warp::scenario::json::parse(in);
    auto run = warp::scenario::run(j);
    if (!quiet) {
      for (const auto& l : run.lines) std::cout << l.dump() << "\n";
      std::cout << run.final.dump() << "\n";
    }
    for (const auto& f : run.failures) std::cerr << "expectation failed: " << f << "\n";
    return run.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    return failure("warp scenario " + o.file + ": " + e.what());
  }
}

}  // namespace

const std::vector<Subcommand>& warpSubcommands() {
  static const std::vector<Subcommand> subs = {
      {"scenario", "run a Warp position + orders from FILE.json, print JSON results", scenarioCommand, scenarioLine},
      {"play", "play Warp at the terminal (same as `concord play warp`)", runPlayWarp, playWarpLine},
  };
  return subs;
}

std::vector<CommandLine> warpLines() { return {scenarioLine()}; }  // `warp play` is `play warp`'s line

int runWarp(Args args) { return runGroup("warp", warpSubcommands(), args); }

}  // namespace concord::cli
