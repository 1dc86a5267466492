// RULES §VII AI officers: legal, deterministic play at every strength, the stack's named terms, and the
// proof that officers decide from their Observation alone (hidden information changes nothing).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "core/warp/ai/campaign.h"
#include "core/warp/ai/officer.h"
#include "core/warp/module.h"
#include "tests/support/seed_of.h"

namespace concord::warp::ai {
namespace {

using test_support::seedOf;

int scale() {
  const char* e = std::getenv("CONCORD_TEST_SCALE");
  int v = e ? std::atoi(e) : 100;
  return v > 0 ? v : 100;
}

const std::vector<std::string> kAll{"ensign", "lieutenant", "commander", "commander+lookahead"};

// Every officer kind plays whole campaigns to the end with legal orders (apply() would reject others:
// playCampaign errors on a stalled table), Points and Go-out, official preset and every Module on.
TEST(WarpOfficers, PlayWholeCampaignsWithEveryModule) {
  std::vector<std::pair<const char*, Config>> tables;
  tables.push_back({"official", officialPreset()});
  tables.push_back({"standard", standardPreset()});
  Config mods = officialPreset();
  mods.delta = mods.theta = mods.iota = mods.eta = mods.lambda = mods.kappa = mods.gamma = true;
  mods.fracture = Fracture::OwnTrail;
  tables.push_back({"modules", mods});
  Config goOut = mods;
  goOut.objective = Objective::GoOut;
  goOut.goOutMode = GoOutMode::FirstTo;
  goOut.firstTo = 2;
  tables.push_back({"go-out", goOut});
  Config eps = officialPreset();
  eps.epsilon = true;
  tables.push_back({"epsilon", eps});
  Config zeta = officialPreset();
  zeta.squadrons = 2;
  tables.push_back({"zeta", zeta});
  int games = scale() >= 100 ? 2 : 1;
  // Under ASan (scale < 100) the plain presets are left to the golden test's campaigns.
  if (scale() < 100) tables.erase(tables.begin(), tables.begin() + 2);
  for (const auto& [name, cfg] : tables) {
    for (int i = 0; i < games; ++i) {
      std::vector<std::string> kinds = {kAll[static_cast<size_t>(i) % 4], kAll[static_cast<size_t>(i + 2) % 4]};
      if (cfg.squadrons) kinds = {"commander", "ensign", "lieutenant", "commander"};
      auto r = playCampaign(cfg, kinds, seedOf(100 + static_cast<uint64_t>(i)));
      ASSERT_TRUE(r.ok()) << name << ": " << r.message();
      EXPECT_FALSE(r->winners.empty()) << name;
      EXPECT_GT(r->rounds, 0u) << name;
    }
  }
}

// Reproducibility: the same seed gives the same orders, run after run (the golden file pins compilers).
TEST(WarpOfficers, SameSeedSameOrders) {
  auto run = [](uint64_t seed) {
    std::string log;
    Config cfg = officialPreset();  // a Go-out sector with Modules: short, and every module hook runs
    cfg.objective = Objective::GoOut;
    cfg.delta = cfg.iota = cfg.eta = cfg.kappa = cfg.theta = true;
    // Under ASan the golden test covers Lookahead; here the plain Commander keeps the pass short.
    std::string first = scale() >= 100 ? "commander+lookahead" : "commander";
    auto r = playCampaign(cfg, {first, "ensign"}, seedOf(seed), 200000,
                          [&](uint32_t t, Seat s, const Order& o) {
                            log += std::to_string(t) + ":" + std::to_string(s) + ":" + orderText(o, 12) + "\n";
                          });
    EXPECT_TRUE(r.ok());
    return log;
  };
  EXPECT_EQ(run(7), run(7));
  EXPECT_NE(run(7), run(8));
}

}  // namespace
}  // namespace concord::warp::ai

namespace concord::warp::ai {
namespace {

// Bad input: an observation without a table (another module's, truncated, or junk) is a named error, and
// an officer given one still answers with a legal order instead of crashing.
TEST(WarpOfficers, MalformedObservationsAreRefusedByName) {
  Observation empty;
  EXPECT_FALSE(tableOf(empty).ok());
  WarpGame g;
  ASSERT_TRUE(g.setup(encodeConfig(officialPreset()), seedOf(3), 2).ok());
  auto good = g.observe(0);
  ASSERT_TRUE(tableOf(good).ok());
  Observation cut = good;
  cut.canonical.resize(cut.canonical.size() - 7);
  auto r = tableOf(cut);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("warp officer"), std::string::npos) << r.message();
  Observation flipped = good;
  flipped.canonical[flipped.canonical.size() - 20] ^= 0xFF;
  (void)tableOf(flipped);  // either refused or a state that read strictly; never a crash
  auto legal = g.legalOrders(0);
  auto rng = det::Rng::fromU64(1);
  auto orders = makeBot("commander")->choose(empty, legal, rng);
  ASSERT_EQ(orders.size(), 1u);
  EXPECT_TRUE(g.validate(0, orders.front()).ok());
  EXPECT_FALSE(makeOfficer("admiral"));
  EXPECT_FALSE(parseCustomProfile("custom:deep:1:2").has_value());
  EXPECT_TRUE(parseCustomProfile("custom:full:0:0:lookahead").has_value());
}

}  // namespace
}  // namespace concord::warp::ai

namespace concord::warp::ai {
namespace {

// RULES §VII Lookahead against the winner's curse (docs/ai-calibration.md "Lookahead"): a candidate with the
// higher summed value replaces the stack's first choice only if it beats it in clearly more shared worlds.
TEST(WarpLookahead, OverridesTheStackOnlyOnAClearPairedMajority) {
  Budget b;  // sigmas 2: W - L >= 2 * sqrt(W + L)
  LookaheadValues v{{100, 900, 150}, {0, 18, 30}, {0, 14, 2}};
  // Candidate 1 has the best sum (one lucky world) but wins 18 of 32 only; candidate 2 wins 30 to 2.
  EXPECT_EQ(lookaheadPick(v, b), 2u);
  v.wins[2] = 17, v.losses[2] = 15;
  EXPECT_EQ(lookaheadPick(v, b), 0u);  // nobody is clearly better: the stack's first choice stands
  v.wins[1] = 24, v.losses[1] = 8;     // 16 >= 2 * sqrt(32) = 11.3
  EXPECT_EQ(lookaheadPick(v, b), 1u);
  b.sigmas = 5;                        // 16 < 5 * sqrt(32) = 28.3
  EXPECT_EQ(lookaheadPick(v, b), 0u);
}

}  // namespace
}  // namespace concord::warp::ai
