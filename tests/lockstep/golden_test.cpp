// Determinism golden: 200 seeded self-play games (every 8th through the full pipeline); each game's Seal sequence
// is digested and compared with tests/golden/selfplay_shed.txt. Any change in rules, serialization,
// RNG, bots or pipeline order shows up here, under every compiler and optimisation level CI runs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "lockstep/selfplay.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

const char* kGolden = CONCORD_SOURCE_DIR "/tests/golden/selfplay_shed.txt";

// Every game is stepped directly (fast); every 8th also goes through the full signed pipeline over
// SimNetwork and must produce the very same Seals.
std::string gameLine(uint64_t seed, Seat seats) {
  SelfPlayParams p;
  p.seats = seats;
  p.seed = seed;
  p.options = {{"hand", "4"}, {"deck", "5"}};
  p.net.delayMs = 1;
  p.stepMs = 1;
  auto seals = playDirect(p);
  if (!seals) return "error " + seals.message();
  if (seed % 8 == 0) {
    auto r = runSelfPlay(p);
    if (!r) return "error " + r.message();
    if (!r->completed || !r->agreed || r->seals != *seals)
      return "seed " + std::to_string(seed) + ": the pipeline disagrees with direct stepping";
  }
  std::ostringstream o;
  o << seed << ' ' << seats << ' ' << seals->size() << ' ' << seals->back().hex() << ' ' << digestSeals(*seals).hex();
  return o.str();
}

}  // namespace

TEST(Golden, SelfPlayShedSealSequences) {
  std::vector<std::string> lines;
  for (uint64_t seed = 1; seed <= 200; ++seed) lines.push_back(gameLine(seed, static_cast<Seat>(2 + seed % 7)));
  if (const char* regen = std::getenv("CONCORD_REGEN_GOLDEN"); regen && std::string(regen) == "1") {
    std::ofstream out(kGolden);
    out << "# seed seats turns final-seal digest-of-all-seals (regenerate: CONCORD_REGEN_GOLDEN=1 lockstep_golden_tests)\n";
    for (const auto& l : lines) out << l << '\n';
    ASSERT_TRUE(out.good()) << "could not write " << kGolden;
    GTEST_SKIP() << "rewrote " << kGolden;
  }
  std::ifstream in(kGolden);
  ASSERT_TRUE(in.good()) << "missing " << kGolden << "; create it with CONCORD_REGEN_GOLDEN=1";
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
                               "and commit tests/golden/selfplay_shed.txt";
}
