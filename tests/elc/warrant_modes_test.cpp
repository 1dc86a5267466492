// Warrant Modes (VC-1840): Open, Contested and Mixed. A Contested Warrant says so and names the player it
// excludes from its announcement on (VC-1850); the exclusion follows the leader of each Seal by the tie chain
// (VC-1520). Mixed alternates whole windows, the first Open (docs/rules-decisions.md "Contested and Mixed").
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

// Puts `seat` on the Warrant's subject: the city for Hold forms, a Legion on its tile for Scout.
void onSubject(ElcGame& g, const Warrant& w, Seat seat) {
  if (w.form == WarrantForm::Scout) g.addUnitForScenario(seat, g.world().cities[w.city].tile);
  else g.setOwner(w.city, seat);
}

}  // namespace

TEST(ElcWarrantModes, Vc1840TheThreeModesAndTheirPresets) {
  EXPECT_EQ(preset(Preset::Tournament).warrantMode, WarrantMode::Open) << "VC-1850 rationale: Tournament runs Open";
  EXPECT_EQ(preset(Preset::StandardWar).warrantMode, WarrantMode::Mixed) << "open question 8: on outside Tournament";
  EXPECT_EQ(preset(Preset::Blitz).warrantMode, WarrantMode::Mixed);
  for (auto [word, mode] : {std::pair{"open", WarrantMode::Open}, {"contested", WarrantMode::Contested}, {"mixed", WarrantMode::Mixed}}) {
    Config c = cfg({{"preset", "tournament"}, {"warrant-mode", word}});
    EXPECT_EQ(c.warrantMode, mode);
    auto back = decodeConfig(encodeConfig(c));
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->warrantMode, mode);
  }
  auto bad = parseOptions({{"warrant-mode", "friendly"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("warrant-mode takes open, contested or mixed (VC-1840)"), std::string::npos) << bad.message();
}

TEST(ElcWarrantModes, TheModeMarksTheScheduleWithoutChangingIt) {
  auto withMode = [](const char* mode) { return quiet(cfg({{"warrant-mode", mode}, {"jitter", "20"}}), 31, 3); };
  ElcGame open = withMode("open"), contested = withMode("contested"), mixed = withMode("mixed");
  ASSERT_EQ(open.warrants().size(), contested.warrants().size());
  ASSERT_EQ(open.warrants().size(), mixed.warrants().size());
  EXPECT_EQ(open.trueHorizon(), mixed.trueHorizon()) << "VC-170: the jitter is drawn after the Warrants in every mode";
  EXPECT_EQ(open.trueHorizon(), contested.trueHorizon());
  bool sawOpen = false, sawContested = false;
  for (size_t i = 0; i < open.warrants().size(); ++i) {
    const Warrant &o = open.warrants()[i], &c = contested.warrants()[i], &m = mixed.warrants()[i];
    EXPECT_EQ(o.city, m.city);
    EXPECT_EQ(o.form, c.form);
    EXPECT_EQ(o.reward, m.reward);
    EXPECT_FALSE(o.contested);
    EXPECT_TRUE(c.contested);
    EXPECT_EQ(m.contested, (m.open / 15) % 2 == 0) << "Mixed: windows alternate, the first Open";
    (m.contested ? sawContested : sawOpen) = true;
  }
  EXPECT_TRUE(sawOpen && sawContested);
}

TEST(ElcWarrantModes, Vc1850AContestedWarrantNamesAndExcludesTheLeader) {
  ElcGame g = quiet(cfg({{"warrant-mode", "contested"}}), 23, 2);
  const Warrant first = g.warrants().front();
  ASSERT_TRUE(first.contested);
  g.playerForScenario(0).tenure = 1000;  // Red leads by the tie chain (Tenure first, VC-1520)
  for (int i = 0; i < 10; ++i) playTurn(g, {});  // the announcement at turn 10
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantAnnounced, "Warrant 1 "));
  EXPECT_NE(g.observe(1).text.find("Contested: Red, the leader, cannot claim it."), std::string::npos)
      << "VC-1850: published with the excluded player from the announcement\n" << g.observe(1).text;
  EXPECT_EQ(g.warrants().front().excluded, 0);
  onSubject(g, first, 0);  // the leader meets the test from the opening on: no claim
  for (int i = 0; i < 6; ++i) playTurn(g, {});
  EXPECT_EQ(g.warrants().front().claimedBy, -1) << "the excluded leader cannot claim";
  if (first.form == WarrantForm::Scout) g.unitsForScenario().clear();
  onSubject(g, first, 1);  // Blue, not the leader, meets it: claimed at the next Seal
  playTurn(g, {});
  EXPECT_EQ(g.warrants().front().claimedBy, 1);
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantClaimed, "Blue claims Warrant 1"));
}

TEST(ElcWarrantModes, Vc1850TheExclusionFollowsTheLeaderSealBySeal) {
  ElcGame g = quiet(cfg({{"warrant-mode", "contested"}}), 23, 2);
  const Warrant first = g.warrants().front();
  g.playerForScenario(0).tenure = 1000;
  for (int i = 0; i < 16; ++i) playTurn(g, {});  // announced and open, Red excluded
  ASSERT_EQ(g.warrants().front().excluded, 0);
  g.playerForScenario(1).tenure = 5000;  // Blue takes the lead
  playTurn(g, {});
  EXPECT_EQ(g.warrants().front().excluded, 1);
  EXPECT_TRUE(chronicleHas(g, Chron::WarrantAnnounced, "Warrant 1 is Contested: Blue now leads and is excluded instead of Red."));
  EXPECT_TRUE(alwaysPublic(Chron::WarrantAnnounced)) << "VC-1850: the exclusion is public";
  onSubject(g, first, 0);  // now Red may claim
  playTurn(g, {});
  EXPECT_EQ(g.warrants().front().claimedBy, 0);
}

TEST(ElcWarrantModes, OpenWarrantsExcludeNobody) {
  ElcGame g = quiet(cfg({{"warrant-mode", "open"}}), 23, 2);
  const Warrant first = g.warrants().front();
  g.playerForScenario(0).tenure = 1000;
  onSubject(g, first, 0);
  for (int i = 0; i < 16; ++i) playTurn(g, {});
  EXPECT_EQ(g.warrants().front().claimedBy, 0) << "Open: the leader claims like anyone";
  EXPECT_EQ(g.observe(1).text.find("Contested"), std::string::npos);
}
