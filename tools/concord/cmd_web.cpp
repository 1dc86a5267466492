// `concord web scenario FILE.json` (docs/web-scenarios.md): one W.E.B. turn from an explicit position.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "tools/concord/command.h"
#include "tools/concord/web_scenario.h"

namespace concord::cli {

namespace {

int scenarioCommand(Args args) {
  if (wantsHelp(args) || args.empty()) {
    std::printf(
        "usage: concord web scenario FILE.json [--quiet]\n"
        "Loads the explicit galaxy, fleets and stances in FILE, applies one turn of orders (optionally scripted\n"
        "dice) and prints the turn's resolution as one JSON object: rejections, every event (rolls, hits,\n"
        "losses, moves, invasions, builds, supply) and the final systems and ships. Expectations in the file\n"
        "(\"expect\") are checked: exit 1 if any fails. Format: docs/web-scenarios.md\n");
    return args.empty() ? 2 : 0;
  }
  bool quiet = args.size() > 1 && args[1] == "--quiet";
  std::ifstream in(args[0]);
  if (!in) return failure("web scenario: cannot open " + args[0]);
  try {
    auto j = web::scenario::json::parse(in);
    auto run = web::scenario::run(j);
    if (!quiet) std::cout << run.result.dump(1) << "\n";
    for (const auto& f : run.failures) std::cerr << "expectation failed: " << f << "\n";
    return run.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    return failure("web scenario " + args[0] + ": " + e.what());
  }
}

}  // namespace

int runWeb(Args args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::printf("usage: concord web <subcommand>\n"
                "  scenario FILE.json   resolve one W.E.B. turn from an explicit position, print JSON\n"
                "Play headless AI empires with: concord selfplay --module web --seats 9\n");
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "scenario") return scenarioCommand(args.subspan(1));
  return usageError("web: unknown subcommand '" + args[0] + "'", "concord web --help");
}

}  // namespace concord::cli
