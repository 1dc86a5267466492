// Reproducibility golden: the officers' orders of fixed-seed campaigns, one line per order. CI builds this
// with gcc and with clang (the asan preset), so the same file pins both compilers. Any change to the stack,
// the profiles, Lookahead or the rules shows here; regenerate with CONCORD_REGEN_GOLDEN=1 warp_ai_tests.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "core/warp/ai/campaign.h"
#include "core/warp/ai/officer.h"
#include "tests/support/seed_of.h"

namespace concord::warp::ai {
namespace {

using test_support::seedOf;

const char* kGolden = CONCORD_SOURCE_DIR "/tests/golden/warp_officers.txt";

TEST(WarpOfficerGolden, OrdersOfFixedSeedCampaigns) {
  // A Points campaign of three officers, and a short Go-out sector (first to 2) with Modules and Lookahead.
  Config mods = officialPreset();
  mods.delta = mods.iota = mods.theta = mods.lambda = mods.gamma = mods.eta = mods.kappa = true;
  mods.objective = Objective::GoOut;
  mods.goOutMode = GoOutMode::FirstTo;
  mods.firstTo = 2;
  struct Game {
    const char* label;
    Config cfg;
    std::vector<std::string> kinds;
    uint64_t seed;
  };
  std::vector<Game> games{{"official", officialPreset(), {"commander", "lieutenant", "ensign"}, 1},
                          {"modules", mods, {"commander+lookahead", "ensign"}, 2}};
  std::vector<std::string> lines;
  for (const auto& gm : games) {
    auto r = playCampaign(gm.cfg, gm.kinds, seedOf(gm.seed), 200000, [&](uint32_t t, Seat s, const Order& o) {
      lines.push_back(std::string(gm.label) + " " + std::to_string(t) + " " + std::to_string(s) + " " +
                      orderText(o, gm.cfg.maxPip));
    });
    ASSERT_TRUE(r.ok()) << r.message();
  }
  if (const char* regen = std::getenv("CONCORD_REGEN_GOLDEN"); regen && std::string(regen) == "1") {
    std::ofstream out(kGolden);
    out << "# label turn seat order (regenerate: CONCORD_REGEN_GOLDEN=1 warp_ai_tests)\n";
    for (const auto& l : lines) out << l << "\n";
    return;
  }
  std::ifstream in(kGolden);
  ASSERT_TRUE(in.good()) << "missing " << kGolden;
  std::vector<std::string> golden;
  for (std::string l; std::getline(in, l);)
    if (!l.empty() && l[0] != '#') golden.push_back(l);
  ASSERT_EQ(golden.size(), lines.size()) << "a different number of officer orders";
  for (size_t i = 0; i < lines.size(); ++i) ASSERT_EQ(golden[i], lines[i]) << "order " << i;
}

}  // namespace
}  // namespace concord::warp::ai
