// Officers read the table observe() built (Observation::decoded) instead of decoding its bytes (issue 30: verify
// re-runs an officer at every AI decision). That shortcut is sound only if the view is exactly what the bytes say
// and the officer decides the same from either: checked at every decision of seeded campaigns, rule mixes and
// officers (Lookahead included, whose determinizations draw from the stream).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/warp/ai/campaign.h"
#include "core/warp/ai/officer.h"
#include "tests/support/seed_of.h"

namespace concord::warp::ai {
namespace {

using test_support::seedOf;

std::vector<uint8_t> bytesOf(const WarpGame& g) {
  det::Writer w;
  g.write(w);
  return w.take();
}

// Decides from the decoded view (the fast path) and from the bytes alone, and counts any difference.
class BothPaths : public Bot {
 public:
  BothPaths(std::string kind, int* decisions, std::vector<std::string>* differences)
      : kind_(std::move(kind)), inner_(makeBot(kind_)), decisions_(decisions), differences_(differences) {}
  std::vector<Order> choose(const Observation& obs, std::span<const Order> legal, det::Rng& rng) override {
    Observation bytesOnly = obs;
    bytesOnly.decoded.reset();
    auto decoded = sharedTableOf(obs);
    auto read = tableOf(bytesOnly);
    if (!obs.decoded || !decoded || !read) {
      differences_->push_back(kind_ + ": an officer's observation without its decoded table, or unreadable");
      return {legal.front()};
    }
    if (bytesOf(**decoded) != bytesOf(*read)) differences_->push_back(kind_ + ": the decoded view is not what the bytes say");
    det::Rng copy = rng;
    auto fast = inner_->choose(obs, legal, rng);
    auto slow = inner_->choose(bytesOnly, legal, copy);
    if (fast != slow) differences_->push_back(kind_ + ": a different order from the decoded view");
    ++*decisions_;
    return fast;
  }

 private:
  std::string kind_;
  std::unique_ptr<Bot> inner_;
  int* decisions_;
  std::vector<std::string>* differences_;
};

TEST(WarpDecodedView, OfficersDecideTheSameFromTheBuiltTableAsFromItsBytes) {
  Config mods = officialPreset();
  mods.delta = mods.iota = mods.theta = mods.lambda = mods.gamma = mods.eta = mods.kappa = true;
  Config sector = mods;  // one Go-out sector (first to 1): short enough for Lookahead at every decision
  sector.objective = Objective::GoOut;
  sector.goOutMode = GoOutMode::FirstTo;
  sector.firstTo = 1;
  struct Case {
    Config cfg;
    std::vector<std::string> kinds;
    uint64_t seed;
    uint32_t turns;
  };
  const std::vector<Case> cases{{officialPreset(), {"commander", "lieutenant", "ensign"}, 11, 200000},
                                {mods, {"commander", "commander", "greedy", "ensign"}, 12, 200000},
                                {sector, {"commander+lookahead", "ensign"}, 13, 200000}};
  int decisions = 0;
  std::vector<std::string> differences;
  for (const auto& c : cases) {
    std::vector<std::unique_ptr<Bot>> bots;
    for (const auto& k : c.kinds) bots.push_back(std::make_unique<BothPaths>(k, &decisions, &differences));
    auto r = playCampaign(c.cfg, bots, seedOf(c.seed), c.turns, {});
    ASSERT_TRUE(r.ok()) << r.message();
  }
  EXPECT_GT(decisions, 1000);
  ASSERT_TRUE(differences.empty()) << differences.size() << " differences, the first: " << differences.front();
}

}  // namespace
}  // namespace concord::warp::ai
