// `concord elc calibrate metrics`: the acceptance metrics of VC-3300 over headless self-play, per preset.
// Each preset plays --games seeded bot games on the reference map (48 cities, 4 players, VC-580); a game prints one
// facts line (core/elc/metrics.h); `--shard I/N` plays only game indices = I mod N so the batch splits across
// machines, and `calibrate metrics merge FILE...` reads the union of the shards' lines and reports M1..M13 per
// preset with each target and pass/fail (exit 1 when a measured metric misses its target, VC-3300's release gate).
// M6's counterfactual (VC-2580): a game with a capitulation is played again from the same seed with Capitulation
// Never, and the capitulation was a false positive when the player recovers (is live and not Broken) afterwards.
#include <cstdio>
#include <fstream>
#include <map>

#include "core/elc/metrics.h"
#include "core/elc/module.h"
#include "core/elc/state.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

namespace {

using namespace concord::elc;

constexpr Preset kPresets[] = {Preset::StandardWar, Preset::Tournament, Preset::EveryLastCity, Preset::LongWar,
                               Preset::Blitz};
constexpr uint64_t kPlayers = 4;  // the reference map's table (VC-580)

// One bot game of a configuration to its end (the Horizon bounds it, VC-090); false when the setup is illegal.
bool playOut(const Config& c, uint64_t seedNum, ElcGame& g) {
  det::Seed seed;
  for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(seedNum >> (8 * i));
  if (!g.setup(encodeConfig(c), seed, static_cast<Seat>(kPlayers)).ok()) return false;
  std::vector<std::unique_ptr<Bot>> bots;
  for (uint64_t s = 0; s < kPlayers; ++s) bots.push_back(makeBot("conqueror"));
  while (!g.over()) {
    std::vector<std::vector<Order>> orders(kPlayers);
    for (Seat s : g.awaiting()) {
      auto rng = botStream(seed, s, g.turn());
      orders[s] = bots[s]->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
    }
    std::vector<SeatOrders> so;
    for (Seat s = 0; s < kPlayers; ++s) so.push_back(SeatOrders{s, orders[s]});
    (void)g.apply(TurnInput{g.turn(), so});
    g.seal(g.turn());
  }
  return true;
}

GameFacts playMeasured(Preset p, uint64_t seedNum) {
  Config c = presetConfig(p);
  ElcGame g;
  if (!playOut(c, seedNum, g)) return GameFacts{};
  GameFacts f = measureGame(g, seedNum);
  auto caps = capitulationRecords(g);
  if (f.capitulations == 0) return f;
  Config never = c;
  never.capitulation = Capitulation::Never;
  ElcGame cf;
  if (!playOut(never, seedNum, cf)) {  // Every Last City forces Aggressive (VC-980): M6 has no counterfactual there
    f.counterfactual = false;
    return f;
  }
  for (const auto& r : caps)
    if (!r.conceded && recoversAfter(cf, r.seat, r.turn)) ++f.falseCapitulations;
  return f;
}

struct Options {
  uint64_t games = 20, seed = 1, shardI = 0, shardN = 1;
  std::vector<std::string> files;
};

CommandLine declareMetrics(Options& o) {
  CommandLine c("elc calibrate metrics",
                "Plays N seeded bot games per preset on the reference map (48 cities, 4 players) and prints one facts\n"
                "line per game for the acceptance metrics M1..M13 of VC-3300; `calibrate metrics merge FILE...` reports\n"
                "them per preset with their targets.\n");
  c.number("--games", "N", "games per preset (default 20)", o.games, 1, 100'000'000)
      .number("--seed", "S", "first seed (default 1)", o.seed, 0, 999'999'999)
      .option("--shard", "I/N", "play only the games whose index is I mod N (split the batch across machines)",
              [&o](const std::string& v) { return parseShard(v, o.shardI, o.shardN); });
  return c;
}

CommandLine declareMetricsMerge(Options& o) {
  CommandLine c("elc calibrate metrics merge",
                "Reads the facts lines of `elc calibrate metrics` shards and prints M1..M13 per preset with each target\n"
                "and pass/fail (VC-3300); exit 1 when a measured metric misses its target.\n");
  c.positionals("FILE", "shard files of one batch", o.files, "elc calibrate metrics merge needs shard files")
      .path(PathUse::Read);
  return c;
}

int mergeMetrics(Args args) {
  Options o;
  if (auto code = declareMetricsMerge(o).parse(args)) return *code;
  std::map<int, std::vector<GameFacts>> byPreset;
  std::map<std::pair<int, uint64_t>, bool> seen;
  for (const auto& file : o.files) {
    std::ifstream in(file);
    if (!in) return failure("elc calibrate metrics merge: cannot open " + file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      auto f = parseFactsLine(line);
      if (!f.ok()) return failure("elc calibrate metrics merge: " + file + ":" + std::to_string(n) + ": " + f.error().message);
      if (seen[{f->preset, f->seed}])
        return failure("elc calibrate metrics merge: " + file + ":" + std::to_string(n) + ": game " +
                       presetName(static_cast<Preset>(f->preset)) + " seed " + std::to_string(f->seed) +
                       " appears twice (overlapping shards?)");
      seen[{f->preset, f->seed}] = true;
      byPreset[f->preset].push_back(*f);
    }
  }
  if (byPreset.empty()) return failure("elc calibrate metrics merge: no games in the files");
  bool allPass = true;
  for (auto& [preset, games] : byPreset) {
    std::printf("%s: %zu games\n", presetName(static_cast<Preset>(preset)), games.size());
    for (const auto& m : computeMetrics(games)) {
      const char* verdict = !m.measured ? "n/a " : m.pass ? "PASS" : "FAIL";
      if (m.measured && !m.pass) allPass = false;
      if (m.measured)
        std::printf("  %-3s %s %5lld  target %-24s %s (%s)\n", m.id.c_str(), verdict, static_cast<long long>(m.value),
                    m.target.c_str(), m.name.c_str(), m.detail.c_str());
      else
        std::printf("  %-3s %s     -  target %-24s %s (%s)\n", m.id.c_str(), verdict, m.target.c_str(), m.name.c_str(),
                    m.detail.c_str());
    }
  }
  return allPass ? 0 : 1;
}

}  // namespace

std::vector<CommandLine> elcMetricsLines() {
  static Options o;
  return {declareMetrics(o), declareMetricsMerge(o)};
}

int runElcMetrics(Args args) {
  if (!args.empty() && args[0] == "merge") return mergeMetrics(args.subspan(1));
  Options o;
  if (auto code = declareMetrics(o).parse(args)) return *code;
  uint64_t index = 0;
  for (Preset p : kPresets)
    for (uint64_t k = 0; k < o.games; ++k, ++index) {
      if (index % o.shardN != o.shardI) continue;
      GameFacts f = playMeasured(p, o.seed + k);
      if (f.end == 0) continue;
      std::printf("%s\n", factsLine(f).c_str());
      std::fflush(stdout);
    }
  return 0;
}

}  // namespace concord::cli
