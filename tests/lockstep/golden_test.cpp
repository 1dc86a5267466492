// Determinism golden: 200 seeded shed games, every one through the full signed pipeline over SimNetwork and
// also played on a local table (table::LocalTable), plus seeded Warp campaigns, Every Last City and W.E.B. games;
// each game's Seal sequence is digested and compared with tests/golden/selfplay_{shed,warp,elc,web}.txt. Any change
// in rules, serialization, RNG, bots or pipeline order shows up here, under every compiler and optimisation level
// CI runs (gcc -O2, clang -O2, clang -O1 with sanitizers).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "lockstep/selfplay.h"
#include "table/local_table.h"
#include "tests/support/test_scale.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

const char* kGoldenShed = CONCORD_SOURCE_DIR "/tests/golden/selfplay_shed.txt";
const char* kGoldenWarp = CONCORD_SOURCE_DIR "/tests/golden/selfplay_warp.txt";
const char* kGoldenElc = CONCORD_SOURCE_DIR "/tests/golden/selfplay_elc.txt";
const char* kGoldenWeb = CONCORD_SOURCE_DIR "/tests/golden/selfplay_web.txt";
// W.E.B. rules v3's Seals, committed before v4 (issue 28): the registered v3 must still play them byte for byte.
const char* kGoldenWebV3 = CONCORD_SOURCE_DIR "/tests/golden/selfplay_web_v3.txt";

// The game on a local table (no network): officers at every seat, every bundle signed, as `concord play` runs it.
Result<std::vector<det::Hash128>> playOnLocalTable(const SelfPlayParams& p) {
  auto session = selfPlaySession(p);
  if (!session) return session.error();
  auto table = table::LocalTable::over(*session, selfPlayKeys(p), "");
  if (!table) return table.error();
  std::vector<det::Hash128> seals;
  while (!(*table)->over()) {
    auto played = (*table)->tryTurn();
    if (!played) return played.error();
    seals.push_back((*table)->engine().lastSeal());
  }
  return seals;
}

// Every game is played on a local table and, when `pipelineEvery` divides the seed, also goes through the full
// signed pipeline over SimNetwork, which must produce the very same Seals.
std::string gameLine(SelfPlayParams p, uint64_t pipelineEvery) {
  const uint64_t seed = p.seed;
  const Seat seats = p.seats;
  p.net.delayMs = 1;
  p.stepMs = 1;
  auto seals = playOnLocalTable(p);
  if (!seals) return "error " + seals.message();
  // The sanitizer pass (CONCORD_TEST_SCALE=4) sends fewer games through the slow instrumented pipeline;
  // every game is still stepped and compared with the golden Seals.
  if (seed % (pipelineEvery * concord::testing::testScale()) == 0) {
    auto r = runSelfPlay(p);
    if (!r) return "error " + r.message();
    if (!r->completed || !r->agreed || r->seals != *seals)
      return "seed " + std::to_string(seed) + ": the pipeline disagrees with direct stepping";
  }
  std::ostringstream o;
  o << seed << ' ' << seats << ' ' << seals->size() << ' ' << seals->back().hex() << ' ' << digestSeals(*seals).hex();
  return o.str();
}

// Compares `lines` with the golden file, or rewrites it when CONCORD_REGEN_GOLDEN=1.
void checkGolden(const std::string& path, const std::vector<std::string>& lines) {
  if (const char* regen = std::getenv("CONCORD_REGEN_GOLDEN"); regen && std::string(regen) == "1") {
    std::ofstream out(path);
    out << "# seed seats turns final-seal digest-of-all-seals (regenerate: CONCORD_REGEN_GOLDEN=1 lockstep_golden_tests)\n";
    for (const auto& l : lines) out << l << '\n';
    ASSERT_TRUE(out.good()) << "could not write " << path;
    GTEST_SKIP() << "rewrote " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << "missing " << path << "; create it with CONCORD_REGEN_GOLDEN=1";
  std::vector<std::string> golden;
  for (std::string l; std::getline(in, l);)
    if (!l.empty() && l[0] != '#') golden.push_back(l);
  ASSERT_EQ(golden.size(), lines.size()) << "golden file has a different game count";
  size_t mismatches = 0;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i] != golden[i] && mismatches++ < 5)
      ADD_FAILURE() << "game " << i << " differs\n  golden: " << golden[i] << "\n  now:    " << lines[i];
  EXPECT_EQ(mismatches, 0u) << "Seal sequences changed. If the change is intended (rules, serialization, bots), "
                               "regenerate with CONCORD_REGEN_GOLDEN=1 ./build/<preset>/tests/lockstep_golden_tests "
                               "and commit " << path;
}

}  // namespace

TEST(Golden, SelfPlayShedSealSequences) {
  std::vector<std::string> lines;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    SelfPlayParams p;
    p.seats = static_cast<Seat>(2 + seed % 7);
    p.seed = seed;
    p.options = {{"hand", "4"}, {"deck", "5"}};
    lines.push_back(gameLine(p, 1));
  }
  checkGolden(kGoldenShed, lines);
}

// Warp campaigns (RULES §II-§V, Official preset and a few module mixes): all stepped directly, every
// fourth through the pipeline.
TEST(Golden, SelfPlayWarpSealSequences) {
  const std::vector<ConfigOptions> mixes = {
      {}, {{"fracture", "own"}}, {{"objective", "goout"}}, {{"lambda", "on"}, {"delta", "on"}}};
  std::vector<std::string> lines;
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    SelfPlayParams p;
    p.moduleId = "warp";
    p.seats = static_cast<Seat>(2 + seed % 5);
    p.seed = seed;
    p.options = mixes[seed % mixes.size()];
    lines.push_back(gameLine(p, 4));
  }
  checkGolden(kGoldenWarp, lines);
}

// Every Last City (issue 32): blitz and a short standard war, Region hold and teams among them; every sixth through
// the pipeline.
TEST(Golden, SelfPlayElcSealSequences) {
  const std::vector<ConfigOptions> mixes = {{{"preset", "blitz"}},
                                            {{"preset", "standard-war"}, {"horizon", "30"}},
                                            {{"preset", "blitz"}, {"region-hold", "on"}},
                                            {{"preset", "blitz"}, {"teams", "AABB"}}};
  std::vector<std::string> lines;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    SelfPlayParams p;
    p.moduleId = "elc";
    p.options = mixes[seed % mixes.size()];
    p.seats = p.options.back().first == "teams" ? Seat{4} : static_cast<Seat>(2 + seed % 3);
    p.seed = seed;
    lines.push_back(gameLine(p, 6));
  }
  checkGolden(kGoldenElc, lines);
}

// W.E.B. (issue 32): AI empires over short turn limits and assorted galaxy sizes; every sixth through the pipeline.
static std::vector<std::string> webLines(uint32_t rulesVersion) {
  const std::vector<ConfigOptions> mixes = {{{"turns", "20"}}, {{"turns", "25"}, {"systems-per-empire", "8"}},
                                            {{"turns", "20"}, {"systems-per-empire", "14"}}};
  std::vector<std::string> lines;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    SelfPlayParams p;
    p.moduleId = "web";
    p.rulesVersion = rulesVersion;
    p.options = mixes[seed % mixes.size()];
    p.seats = static_cast<Seat>(2 + seed % 5);
    p.seed = seed;
    lines.push_back(gameLine(p, 6));
  }
  return lines;
}

TEST(Golden, SelfPlayWebSealSequences) { checkGolden(kGoldenWeb, webLines(0)); }

// Older W.E.B. replays verify: rules v3 stays registered and plays its committed Seals (issue 28).
TEST(Golden, SelfPlayWebV3SealSequences) { checkGolden(kGoldenWebV3, webLines(3)); }
