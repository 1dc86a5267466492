// `concord warp scenario FILE.json` (docs/warp-scenarios.md) and `concord warp play` (= `concord play warp`).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "tools/concord/command.h"
#include "tools/concord/warp_scenario.h"

namespace concord::cli {

int runPlayWarp(Args args);

namespace {

int scenarioCommand(Args args) {
  if (wantsHelp(args) || args.empty()) {
    std::printf(
        "usage: concord warp scenario FILE.json [--quiet]\n"
        "Starts Warp from the explicit position in FILE (config, round, Spacedock, hands, pile, starter,\n"
        "campaign scores), applies its orders and prints one JSON line per order\n"
        "  {\"seat\":0,\"accepted\":true,\"reason\":\"\"}\n"
        "then one JSON object with the end state and the round log. Expectations in the file (\"expect\")\n"
        "are checked: exit 1 if any fails. Format: docs/warp-scenarios.md\n");
    return args.empty() ? 2 : 0;
  }
  bool quiet = args.size() > 1 && args[1] == "--quiet";
  std::ifstream in(args[0]);
  if (!in) return failure("warp scenario: cannot open " + args[0]);
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
    return failure("warp scenario " + args[0] + ": " + e.what());
  }
}

}  // namespace

int runWarp(Args args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::printf("usage: concord warp <subcommand>\n"
                "  scenario FILE.json   run a Warp position + orders, print JSON results\n"
                "  play [options]       play Warp at the terminal (same as `concord play warp`)\n");
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "scenario") return scenarioCommand(args.subspan(1));
  if (args[0] == "play") return runPlayWarp(args.subspan(1));
  return usageError("warp: unknown subcommand '" + args[0] + "'", "concord warp --help");
}

}  // namespace concord::cli
