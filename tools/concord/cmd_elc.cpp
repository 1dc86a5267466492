// `concord elc scenario FILE.json` (docs/elc-scenarios.md), `concord elc terms`, `concord elc calibrate` and
// `concord elc play` (= `concord play elc`).
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/elc/cards.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/elc_scenario.h"

namespace concord::cli {

int runPlayElc(Args args);
CommandLine playElcLine();
int runElcCalibrate(Args args);
std::vector<CommandLine> elcCalibrateLines();

namespace {

struct ScenarioOptions {
  std::string file;
  bool quiet = false;
};

CommandLine declareScenario(ScenarioOptions& o) {
  CommandLine c("elc scenario",
                "Sets up an Every Last City board (config, owners, units, Tenure), plays its turns of orders and prints\n"
                "one JSON line per order (accepted or the requirement that refused it) and the final state with the\n"
                "rendered Chronicle. \"expect\" entries are checked: exit 1 if any fails. Format: docs/elc-scenarios.md\n");
  c.positional("FILE.json", "", o.file, true, "which scenario? give FILE.json")
      .path(PathUse::Read)
      .flag("--quiet", "print only the final state, on one line, and failed expectations", o.quiet);
  return c;
}

CommandLine scenarioLine() {
  static ScenarioOptions o;
  return declareScenario(o);
}

int runScenario(Args args) {
  ScenarioOptions o;
  const CommandLine cl = declareScenario(o);
  if (auto code = cl.parse(args)) return *code;
  std::ifstream in(o.file);
  if (!in) return failure("elc scenario: cannot open " + o.file);
  try {
    auto j = elc::scenario::json::parse(in);
    auto run = elc::scenario::run(j);
    if (!o.quiet)
      for (const auto& l : run.lines) std::printf("%s\n", l.dump().c_str());
    std::printf("%s\n", run.final.dump(o.quiet ? -1 : 2).c_str());
    for (const auto& f : run.failures) std::fprintf(stderr, "concord: elc scenario %s: %s\n", o.file.c_str(), f.c_str());
    return run.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    return failure("elc scenario: " + o.file + ": " + e.what() + " (docs/elc-scenarios.md describes the file)");
  }
}

struct TermsOptions {
  uint16_t seats = 4;
  uint64_t seed = 1;
  ConfigOptions opts;
};

CommandLine declareTerms(TermsOptions& o) {
  CommandLine c("elc terms", "Prints the Terms paragraph (VC-1960) the game would store, for the map the seed generates.\n");
  c.number("--seats", "N", "players (2..8, default 4)", o.seats, 2, 8)
      .number("--seed", "S", "map seed (default 1)", o.seed, 0, 999'999'999)
      .configArgs("settings, e.g. preset=blitz topology=torus horizon=120 (docs/elc-world.md)", o.opts);
  return c;
}

CommandLine termsLine() {
  static TermsOptions o;
  return declareTerms(o);
}

// The Terms (§12) of a configuration on a generated map: the paragraph, the estimate's label (VC-2060) and
// the honest limit of the elimination arithmetic (VC-2640).
int runTerms(Args args) {
  TermsOptions o;
  const CommandLine cl = declareTerms(o);
  if (auto code = cl.parse(args)) return *code;
  std::stable_partition(o.opts.begin(), o.opts.end(), [](const auto& kv) { return kv.first == "preset"; });  // a preset comes first
  auto c = elc::parseOptions(o.opts);
  if (!c) return cl.usage(c.message());
  elc::ElcGame g;
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(o.seed >> (8 * i));
  if (auto r = g.setup(elc::encodeConfig(*c), s, static_cast<Seat>(o.seats)); !r) return failure("elc terms: " + r.message());
  std::printf("%s\n\n%s\n%s\n", elc::describeConfig(*c).c_str(), elc::renderCards(elc::termsCards(*c, g.facts())).c_str(),
              g.terms().c_str());
  std::printf("%s", elc::termsNotes(*c, g.facts()).c_str());  // VC-2060, VC-2070, VC-1660, VC-2640
  return 0;
}

const std::vector<Subcommand>& elcSubcommands() {
  static const std::vector<Subcommand> subs = {
      {"scenario", "run an Every Last City scenario (docs/elc-scenarios.md)", runScenario, scenarioLine},
      {"terms", "print the Terms paragraph of a configuration (VC-1960)", runTerms, termsLine},
      {"play", "play Every Last City at the terminal (same as `concord play elc`)", runPlayElc, playElcLine},
      {"calibrate", "the self-play sweep behind the length estimate (VC-2030); `calibrate merge` joins shards",
       runElcCalibrate, [] { return elcCalibrateLines().front(); }},
  };
  return subs;
}

}  // namespace

std::vector<CommandLine> elcLines() {  // `elc play` is `play elc`'s line
  auto out = std::vector<CommandLine>{scenarioLine(), termsLine()};
  for (auto& l : elcCalibrateLines()) out.push_back(std::move(l));
  return out;
}

int runElc(Args args) { return runGroup("elc", elcSubcommands(), args); }

}  // namespace concord::cli
