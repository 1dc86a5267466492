// VC-3060 – VC-3080 through the lockstep pipeline: a departed player's seat is substituted by an AI, the game learns
// of it (Game::seatControl) and writes a Chronicle entry every player sees; victoryLogicVersion 4 (VC-3220), with
// a v3 replay of a substituted game, recorded before the entry existed, still verifying (VC-3240).
#include <gtest/gtest.h>

#include "tests/elc/pipeline_support.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

// Blitz, 3 seats, seed 7: seat 2's peer dies after turn 4, the steward substitutes it, the game plays out.
// (tests/elc/data/v3_substituted.ccr is this game recorded by main at a79916f, under the v3 rules.)
PipelineGame playSubstituted(const std::string& path, uint32_t rulesVersion) {
  lockstep::SelfPlayParams p;
  p.moduleId = "elc";
  p.rulesVersion = rulesVersion;
  p.options = {{"preset", "blitz"}};
  p.seats = 3;
  p.seed = 7;
  p.net.delayMs = 5;
  p.silenceMs = 1000;
  return playPipeline(p, path, Seat{2});
}

std::vector<ChronEntry> substitutedEntries(const ElcGame& g) {
  std::vector<ChronEntry> out;
  for (const auto& e : g.chronicle())
    if (e.cls == Chron::Substituted) out.push_back(e);
  return out;
}

}  // namespace

// VC-3080: the substitution is on the Chronicle, public (VC-2440), on the turn it happened, on every peer alike;
// the seat plays on and accrues Tenure (VC-3060); the replay verifies.
TEST(ElcSubstitution, Vc3080APipelineSubstitutionWritesAChronicleLineEveryPlayerSees) {
  const auto path = tempReplay("v4.ccr");
  auto played = playSubstituted(path, kRulesVersion);
  ASSERT_TRUE(played.table);
  ASSERT_GT(played.substitutedAt, 0u) << "the table substituted seat 2";
  for (Seat s : {Seat{0}, Seat{1}}) {
    const ElcGame& g = played.game(s);
    ASSERT_TRUE(g.over());
    auto subs = substitutedEntries(g);
    ASSERT_EQ(subs.size(), 1u) << "peer " << s;
    EXPECT_EQ(subs[0].turn, played.substitutedAt + 1) << "VC-270: pipeline turn k is the game's turn k+1";
    EXPECT_EQ(subs[0].text, playerName(2) + " departs; an AI plays the seat.");
    EXPECT_TRUE(alwaysPublic(subs[0].cls)) << "VC-2440";
    EXPECT_EQ(subs[0].visibleMask, 0xFFFFFFFFu);
    bool rendered = false;
    for (const auto& line : renderLines(g.chronicle()))
      rendered = rendered || line.find(playerName(2) + " departs; an AI plays the seat.") != std::string::npos;
    EXPECT_TRUE(rendered);
    EXPECT_NE(g.resultRecord().find(playerName(2) + " departs"), std::string::npos) << "VC-3050: the complete Chronicle";
  }
  EXPECT_TRUE(played.agreed);
  EXPECT_GT(played.game().players()[2].tenure, 0) << "VC-3060: the substituted seat accrues Tenure";
  ASSERT_TRUE(played.verified.has_value());
  EXPECT_TRUE(played.verified->ok) << played.verified->failure;
  EXPECT_EQ(played.verified->finalSeal, played.table->peer(0).engine().lastSeal());
}

// VC-3220/VC-3240: the same game under victoryLogicVersion 3 writes no entry (its bytes are the old ones), and the
// v3 replay recorded by the build before the entry existed re-simulates to its recorded Seals under this build.
TEST(ElcSubstitution, Vc3240TheV3ReplayOfASubstitutedGameStillVerifies) {
  const std::string fixture = CONCORD_SOURCE_DIR "/tests/elc/data/v3_substituted.ccr";
  auto rep = replay::verifyReplay(fixture);
  ASSERT_TRUE(rep) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, 57u);
  EXPECT_EQ(rep->finalSeal.hex(), "15f8c4bcc64ed9b403cfaa59e57ba28f");
  const auto path = tempReplay("v3.ccr");
  auto played = playSubstituted(path, 3);
  ASSERT_TRUE(played.table);
  EXPECT_EQ(played.substitutedAt, 5u);
  EXPECT_TRUE(substitutedEntries(played.game()).empty()) << "v3 takes no notice";
  EXPECT_EQ(played.table->peer(0).engine().lastSeal(), rep->finalSeal) << "the v3 rules in this build play the old game";
}

// The Game seam itself: v4 notes a substitution and a return in the turn being played; v3 and a finished game ignore them.
TEST(ElcSubstitution, Vc3080TheSeatControlSeamByVersion) {
  const SeatControlEvent events[] = {{0, SeatControlEvent::Kind::Reclaimed}, {1, SeatControlEvent::Kind::Substituted}};
  ElcGame v4 = started(preset(Preset::Blitz), 3, 2);
  playTurn(v4, {});
  const size_t before = v4.chronicle().size();
  v4.seatControl(v4.turn(), events);
  ASSERT_EQ(v4.chronicle().size(), before + 2);
  EXPECT_EQ(v4.chronicle()[before].text, playerName(0) + " returns to the seat.");
  EXPECT_EQ(v4.chronicle()[before + 1].text, playerName(1) + " departs; an AI plays the seat.");
  EXPECT_EQ(v4.chronicle()[before + 1].turn, 2u);
  ElcGame v3;
  v3.setRulesVersion(3);
  ASSERT_TRUE(v3.setup(encodeConfig(preset(Preset::Blitz)), seedOf(3), 2).ok());
  v3.seatControl(0, events);
  EXPECT_TRUE(substitutedEntries(v3).empty());
}
