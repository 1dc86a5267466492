// VC-740 / VC-2320 / VC-1240 (victoryLogicVersion 6, issue 29): a Track with vigil 1 wins on the Seal it is first
// satisfied, so once any player's ratio on it reaches 500 every player's value on it is published at full precision,
// to everyone, from that Seal on; before that the bands apply. v5 games keep v5's bands (their replays verify).
#include <gtest/gtest.h>

#include "core/elc/view.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

int64_t seenBy(const ElcGame& g, Seat viewer, Seat about, Track t) {
  auto v = decodeView(g.observe(viewer).canonical);
  EXPECT_TRUE(v.ok());
  for (const auto& tr : v->players[about].tracks)
    if (tr.track == static_cast<uint8_t>(t)) return tr.published;
  return -2;
}

ElcGame ascendancy(uint32_t version, int64_t red, int64_t blue) {
  ElcGame g;
  g.setRulesVersion(version);
  EXPECT_TRUE(g.setup(encodeConfig(cfg({{"tracks", "ascendancy"}})), seedOf(12), 2).ok());
  g.unitsForScenario().clear();
  g.playerForScenario(0).ascendancy = red;
  g.playerForScenario(1).ascendancy = blue;
  playTurn(g, {});
  return g;
}

}  // namespace

TEST(ElcVigilOne, Vc740FullPrecisionForEveryoneOnceAnyRatioReachesFiveHundredVc2320) {
  // Ascendancy: threshold 7, vigil 1 (VC-1170). Red 4 points: ratio floor(4000 / 7) = 571; Blue 1 point: 142.
  ElcGame g = ascendancy(6, 4, 1);
  EXPECT_EQ(seenBy(g, 1, 0, Track::Ascendancy), 571) << "full precision, not the Report band's '4 of 7'";
  EXPECT_EQ(seenBy(g, 0, 1, Track::Ascendancy), 142) << "every player's value on that Track, Rumour band or not";
  EXPECT_NE(g.boardText(1, 1).find("57%"), std::string::npos) << "the Board redraws turn 1 the same (VC-2400)\n" << g.boardText(1, 1);
  // Below 500 (3 points: 428) the bands apply: Red's Report would need 500, so Rumour: nothing published.
  ElcGame below = ascendancy(6, 3, 1);
  EXPECT_EQ(seenBy(below, 1, 0, Track::Ascendancy), -1);
  // The disclosure stays once made: Blue alone at 1 point later still publishes exactly.
  g.playerForScenario(0).ascendancy = 0;  // scenario seam: nothing in play lowers Ascendancy, this checks the latch
  playTurn(g, {});
  EXPECT_EQ(seenBy(g, 0, 1, Track::Ascendancy), 142);
  // victoryLogicVersion 5 keeps its bands: the Report count.
  EXPECT_EQ(seenBy(ascendancy(5, 4, 1), 1, 0, Track::Ascendancy), 4);
}

TEST(ElcVigilOne, Vc1240TheGreatWorkIsPublicFromHalfItsThreshold) {
  for (int64_t work : {449, 460}) {
    ElcGame g = quiet(cfg({{"tracks", "great-work"}}), 12, 2);
    g.playerForScenario(0).greatWork = work;  // threshold 900: public from floor(900 / 2) = 450 (ratio 500)
    playTurn(g, {});
    const int64_t ratio = g.players()[0].tracks[static_cast<int>(Track::GreatWork)].ratio;
    ASSERT_EQ(ratio, work * 1000 / 900);
    EXPECT_EQ(seenBy(g, 1, 0, Track::GreatWork), work == 460 ? ratio : -1) << work << ": 511 exactly, not the Report band's 500";
  }
}
