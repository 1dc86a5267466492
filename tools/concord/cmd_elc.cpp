// `concord elc scenario FILE.json` (docs/elc-scenarios.md), `concord elc terms` and `concord elc play`
// (= `concord play elc`).
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "tools/concord/command.h"
#include "tools/concord/elc_scenario.h"

namespace concord::cli {

int runPlayElc(Args args);
int runElcCalibrate(Args args);

namespace {

int runScenario(Args args) {
  if (args.empty() || wantsHelp(args)) {
    std::printf(
        "usage: concord elc scenario FILE.json [--quiet]\n"
        "Sets up an Every Last City board (config, owners, units, Tenure), plays its turns of orders and prints\n"
        "one JSON line per order (accepted or the requirement that refused it) and the final state with the\n"
        "rendered Chronicle. \"expect\" entries are checked: exit 1 if any fails. Format: docs/elc-scenarios.md\n");
    return args.empty() ? 2 : 0;
  }
  bool quiet = args.size() > 1 && args[1] == "--quiet";
  if (args.size() > 1 && !quiet) return usageError("unknown argument '" + args[1] + "'", "concord elc scenario --help");
  std::ifstream in(args[0]);
  if (!in) return failure("elc scenario: cannot open " + args[0]);
  try {
    auto j = elc::scenario::json::parse(in);
    auto run = elc::scenario::run(j);
    if (!quiet)
      for (const auto& l : run.lines) std::printf("%s\n", l.dump().c_str());
    std::printf("%s\n", run.final.dump(quiet ? -1 : 2).c_str());
    for (const auto& f : run.failures) std::fprintf(stderr, "concord: elc scenario %s: %s\n", args[0].c_str(), f.c_str());
    return run.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    return usageError("elc scenario " + args[0] + ": " + e.what(), "concord elc scenario --help");
  }
}

// The Terms (§12) of a configuration on a generated map: the paragraph, the estimate's label (VC-2060) and
// the honest limit of the elimination arithmetic (VC-2640).
int runTerms(Args args) {
  if (wantsHelp(args)) {
    std::printf("usage: concord elc terms [--seats N] [--seed S] [key=value ...]\n"
                "Prints the Terms paragraph (VC-1960) the game would store, for the map the seed generates.\n");
    return 0;
  }
  uint64_t seats = 4, seed = 1;
  std::vector<std::pair<std::string, std::string>> opts;
  for (size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "--seats" || args[i] == "--seed") && i + 1 < args.size()) {
      if (!wholeNumber(args[i + 1], args[i] == "--seats" ? seats : seed)) return usageError(args[i] + " takes a whole number", "concord elc terms --help");
      ++i;
    } else if (auto eq = args[i].find('='); eq != std::string::npos) {
      opts.emplace_back(args[i].substr(0, eq), args[i].substr(eq + 1));
    } else {
      return usageError("unknown argument '" + args[i] + "'", "concord elc terms --help");
    }
  }
  std::stable_partition(opts.begin(), opts.end(), [](const auto& o) { return o.first == "preset"; });  // a preset comes first
  auto c = elc::parseOptions(opts);
  if (!c) return usageError("elc terms: " + c.message(), "concord elc terms --help");
  elc::ElcGame g;
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(seed >> (8 * i));
  if (auto r = g.setup(elc::encodeConfig(*c), s, static_cast<Seat>(seats)); !r) return failure("elc terms: " + r.message());
  std::printf("%s\n\n%s\n", elc::describeConfig(*c).c_str(), g.terms().c_str());
  auto e = elc::estimateLength(*c, g.facts());
  if (!e.calibrated) std::printf("(The estimate uses the shipped fallback for some Track: without calibration data, VC-2060.)\n");
  if (e.stale) std::printf("(The calibration table is stale: generated under another rulesetVersion, VC-2070.)\n");
  std::printf("Threshold Tracks cannot be closed by the arithmetic of VC-2610 and VC-2620; the reach bound, the Ebb and\n"
              "the Verdict close them (VC-2640).\n");
  return 0;
}

}  // namespace

int runElc(Args args) {
  if (args.empty() || wantsHelp(args.first(1))) {
    std::printf("usage: concord elc <subcommand>\n"
                "  scenario FILE.json   run an Every Last City scenario (docs/elc-scenarios.md)\n"
                "  terms [options]      print the Terms paragraph of a configuration (VC-1960)\n"
                "  play [options]       play Every Last City at the terminal (same as `concord play elc`)\n"
                "  calibrate [options]  the self-play sweep behind the length estimate (VC-2030)\n");
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "scenario") return runScenario(args.subspan(1));
  if (args[0] == "terms") return runTerms(args.subspan(1));
  if (args[0] == "play") return runPlayElc(args.subspan(1));
  if (args[0] == "calibrate") return runElcCalibrate(args.subspan(1));
  return usageError("elc: unknown subcommand '" + args[0] + "'", "concord elc --help");
}

}  // namespace concord::cli
