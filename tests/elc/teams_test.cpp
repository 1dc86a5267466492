// Teams (VC-1570, VC-1580) on boards placed by hand: holdings aggregated before Standing, one Tenure, Tracks on the
// aggregate, the team winning and placing as a unit, intra-team transfers score-neutral, allies never fighting or
// capturing each other, a leaving member leaving the team without reducing its Tenure, and an emptied team one
// not-live player. Decisions: docs/rules-decisions.md "Teams".
#include <gtest/gtest.h>

#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/orders.h"
#include "tests/elc/support.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

int64_t held(const ElcGame& g, int32_t seat) {
  return std::count_if(g.cities().begin(), g.cities().end(), [&](const City& c) { return c.owner == seat; });
}

// Hands neutral non-Landmark cities to `seat` (Integration 100) until it holds `n`.
void holdUpTo(ElcGame& g, Seat seat, int64_t n) {
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()) && held(g, seat) < n; ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) {
      g.setOwner(c, seat);
      g.cityForScenario(c).integration = 100;
    }
}

int32_t neutralCity(const ElcGame& g) {
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) return c;
  return -1;
}

}  // namespace

// VC-1570: cities, Seats and output are aggregated before Standing; Dominion is evaluated on the aggregate, so a team
// of two whose combined cities pass the threshold completes it although neither member's cities would; the team
// wins as a unit and its members share placing 1.
TEST(ElcTeams, Vc1570AggregatedHoldingsPassAThresholdNeitherMemberPassesAlone) {
  ElcGame g = quiet(teamsOf("AABB"), 11, 4);
  ElcGame solo = quiet(preset(Preset::StandardWar), 11, 4);
  const int64_t th = g.players()[0].tracks[0].threshold;  // Dominion, per mille (VC-900)
  const int64_t need = citiesFor(th, g.facts().cities), half = need / 2 + 1;
  ASSERT_LT(half, need);
  for (ElcGame* x : {&g, &solo}) holdUpTo(*x, 0, half), holdUpTo(*x, 1, half);
  EXPECT_NE(g.terms().find("Teams: Team A (Red, Blue) against Team B (Green, Gold)"), std::string::npos) << g.terms();
  playTurn(g, {});
  playTurn(solo, {});
  const auto& a = g.players()[0];
  EXPECT_EQ(a.tracks[0].progress, 1000 * 2 * half / g.facts().cities) << "VC-900 on the team's cities";
  EXPECT_EQ(a.tracks[0].vigil, 1);
  EXPECT_TRUE(chronicleHas(g, Chron::TrackCrossed, "Team A "));  // VC-2460: the crossing names the team, then
  EXPECT_TRUE(chronicleHas(g, Chron::VigilBegun, "VIGIL BEGINS (3)."));  // the Vigil it begins
  EXPECT_EQ(solo.players()[0].tracks[0].vigil, 0) << "alone, neither member passes";
  EXPECT_EQ(solo.players()[1].tracks[0].vigil, 0);
  // Standing from the aggregated inputs: both members' cities, both Seats, the summed output (VC-510).
  StandingInputs in;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == 0 || g.cities()[c].owner == 1) ++in.cities, in.output += g.cityWorks(c, g.turn());
  in.seats = 2;
  EXPECT_EQ(a.standing, standingOf(in).standing);
  EXPECT_EQ(g.players()[1].standing, a.standing) << "mirrored to every member";
  playTurn(g, {});
  playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.route(), "Dominion");
  EXPECT_EQ(g.sideOf(static_cast<Seat>(g.winner())), 0);
  EXPECT_EQ(g.players()[0].placing, 1u);
  EXPECT_EQ(g.players()[1].placing, 1u) << "the team wins as a unit (VC-1570)";
  EXPECT_EQ(g.players()[2].placing, 3u);
  EXPECT_EQ(g.players()[3].placing, 3u) << "a losing team shares its placing too";
  EXPECT_EQ(g.outcome()->rankBySeat, (std::vector<uint32_t>{1, 1, 3, 3}));
  const std::string record = g.resultRecord();
  EXPECT_NE(record.find("Result: Team A wins by Dominion"), std::string::npos) << record;
  EXPECT_NE(record.find("1. Blue [Team A]: Standing"), std::string::npos) << record;
  EXPECT_TRUE(chronicleHas(g, Chron::GameWon, "TEAM A WINS"));
}

// VC-1570: Tenure accrues once for the team (not once per member), and the team is Seatless only when every member is.
TEST(ElcTeams, Vc1570TenureAccruesOnceForTheTeam) {
  ElcGame g = quiet(teamsOf("AABB"), 12, 4);
  holdUpTo(g, 0, 3);
  holdUpTo(g, 1, 2);
  playTurn(g, {});
  const auto& a = g.players()[0];
  EXPECT_EQ(a.tenure, tenureAccrual(a.standing, false));
  EXPECT_EQ(g.players()[1].tenure, a.tenure);
  int64_t teamRecords = 0;
  for (const auto& pr : g.sealRecords().back().players)
    if (pr.seat <= 1) {
      ++teamRecords;
      EXPECT_EQ(pr.tenure, a.tenure);
    }
  EXPECT_EQ(teamRecords, 2);
  // Blue's Seat falls to Green: Blue is Seatless, but Red holds its Seat, so the team accrues in full.
  g.setOwner(g.players()[1].seatCity, 2);
  int64_t before = a.tenure;
  playTurn(g, {});
  EXPECT_TRUE(g.players()[1].seatless);
  EXPECT_EQ(a.tenure - before, tenureAccrual(a.standing, false));
  // Red's Seat falls too: now the whole team is Seatless and accrues at half (VC-610).
  g.setOwner(g.players()[0].seatCity, 2);
  playTurn(g, {});
  before = a.tenure;
  playTurn(g, {});
  EXPECT_TRUE(g.players()[0].seatless);
  EXPECT_EQ(a.tenure - before, tenureAccrual(a.standing, true));
}

// VC-1570 rationale: moving a city or a Legion between members changes nothing the team scores; allied Legions on
// a team-mate's city neither fight nor capture it, and a team-mate's city supplies them (VC-550).
TEST(ElcTeams, Vc1570AnIntraTeamTransferIsScoreNeutral) {
  ElcGame g1 = quiet(teamsOf("AABB"), 13, 4), g2 = quiet(teamsOf("AABB"), 13, 4);
  for (ElcGame* x : {&g1, &g2}) holdUpTo(*x, 0, 6), holdUpTo(*x, 1, 2);
  const int32_t redSeat = g1.players()[0].seatCity;
  const int32_t tile = g1.world().cities[redSeat].tile;
  int moved = 0;
  for (int32_t c = 0; c < static_cast<int32_t>(g2.cities().size()) && moved < 3; ++c)
    if (g2.cities()[c].owner == 0 && c != redSeat) g2.setOwner(c, 1), ++moved;  // three cities handed to Blue
  for (int k = 0; k < 4; ++k) g1.addUnitForScenario(0, tile), g2.addUnitForScenario(1, tile);  // Red's Legions, Blue's
  for (int k = 0; k < 3; ++k) playTurn(g1, {}), playTurn(g2, {});
  EXPECT_EQ(g2.cities()[redSeat].owner, 0) << "Blue's Legions on Red's Seat do not capture it";
  EXPECT_EQ(g2.units().size(), 4u) << "nor fight there";
  EXPECT_EQ(g1.players()[0].standing, g2.players()[0].standing);
  EXPECT_EQ(g1.players()[0].tenure, g2.players()[0].tenure);
  for (int i = 0; i < kTracks; ++i) EXPECT_EQ(g1.players()[0].tracks[i].progress, g2.players()[0].tracks[i].progress) << i;
  // The supply term (VC-540, VC-550) counts Blue's four Legions at Red's city as the team's: the cap is the team's.
  StandingInputs in;
  for (int32_t c = 0; c < static_cast<int32_t>(g2.cities().size()); ++c)
    if (g2.cities()[c].owner == 0 || g2.cities()[c].owner == 1) ++in.cities, in.output += g2.cityWorks(c, g2.turn());
  in.seats = 2;
  in.inSupplyWorksCost = 4 * kUnitCost;
  EXPECT_EQ(g2.players()[0].standing, standingOf(in).standing);
}

// Allies are one side in combat: their Legions add up against an enemy, and the member with most survivors takes
// the city. Without teams the same stacks fight three ways and Green wins.
TEST(ElcTeams, Vc1570AlliedLegionsFightAsOneSide) {
  for (bool teams : {true, false}) {
    ElcGame g = quiet(teams ? teamsOf("AABB") : preset(Preset::StandardWar), 14, 4);
    const int32_t c = neutralCity(g);
    const int32_t tile = g.world().cities[c].tile;
    for (int k = 0; k < 2; ++k) g.addUnitForScenario(0, tile);
    for (int k = 0; k < 2; ++k) g.addUnitForScenario(1, tile);
    for (int k = 0; k < 3; ++k) g.addUnitForScenario(2, tile);
    playTurn(g, {});
    if (teams) {
      EXPECT_EQ(g.cities()[c].owner, 1) << "Team A (4) beats Green (3); Blue has the survivor";
      EXPECT_EQ(g.units().size(), 1u);
    } else {
      EXPECT_EQ(g.cities()[c].owner, 2) << "without teams Green's 3 beat each 2";
    }
  }
}

// VC-1580: a member who concedes leaves the team; the team plays on and its Tenure is not reduced; the leaver keeps
// the team's Standing and Tenure of that Seal, frozen (VC-280).
TEST(ElcTeams, Vc1580AConcedingMemberLeavesTheTeamWhichKeepsItsTenure) {
  ElcGame g = quiet(teamsOf("AABB"), 15, 4);
  holdUpTo(g, 0, 4);
  holdUpTo(g, 1, 4);
  for (int k = 0; k < 3; ++k) playTurn(g, {});
  const int64_t before = g.players()[0].tenure;
  playTurn(g, {{}, {makeOrder(kConcede, 1)}});
  const auto &red = g.players()[0], &blue = g.players()[1];
  EXPECT_EQ(blue.left, Left::Conceded);
  EXPECT_TRUE(blue.leftTeam);
  EXPECT_TRUE(g.live(0));
  EXPECT_EQ(g.who(0), "Team A");
  EXPECT_EQ(g.who(1), "Blue");
  EXPECT_GE(red.tenure, before) << "VC-1580: the team's Tenure is not reduced";
  EXPECT_EQ(blue.tenure, red.tenure) << "the leaver keeps the team's Tenure of the Seal it left";
  EXPECT_TRUE(chronicleHas(g, Chron::Conceded, "Blue leaves Team A; the team plays on"));
  const int64_t frozen = blue.tenure;
  playTurn(g, {});
  EXPECT_GT(red.tenure, frozen) << "the team keeps accruing";
  EXPECT_EQ(blue.tenure, frozen) << "VC-2570";
  EXPECT_EQ(held(g, 1), 0);
  EXPECT_FALSE(g.validate(1, makeOrder(kConcede, 1)).ok());
  EXPECT_NE(g.observe(0).text.find("Blue (left Team A): Tenure"), std::string::npos) << g.observe(0).text;
}

// VC-1580 with VC-2510: a member left with no city and no Legion capitulates alone and leaves the team.
TEST(ElcTeams, Vc1580AMemberCapitulatingLeavesAndTheTeamTenureIsNotReduced) {
  ElcGame g = quiet(teamsOf("AABB"), 16, 4);
  holdUpTo(g, 0, 5);
  for (int k = 0; k < 2; ++k) playTurn(g, {});
  const int64_t before = g.players()[0].tenure;
  g.setOwner(g.players()[1].seatCity, kNeutral);  // Blue holds nothing and fields nothing
  playTurn(g, {});
  EXPECT_EQ(g.players()[1].left, Left::Capitulated);
  EXPECT_TRUE(g.players()[1].leftTeam);
  EXPECT_TRUE(g.live(0));
  EXPECT_GE(g.players()[0].tenure, before);
  EXPECT_FALSE(g.over());
}

// VC-1580: a team all of whose members have left is a single not-live player; members leaving together stay one
// player (shared placing), a member who left earlier is placed on their own.
TEST(ElcTeams, Vc1580ATeamWhoseMembersAllLeftIsOneNotLivePlayer) {
  {
    ElcGame g = quiet(teamsOf("AABB"), 17, 4);
    for (int k = 0; k < 2; ++k) playTurn(g, {});
    playTurn(g, {{}, {}, {makeOrder(kConcede, 1)}, {makeOrder(kConcede, 1)}});
    EXPECT_FALSE(g.live(2) || g.live(3));
    EXPECT_FALSE(g.players()[2].leftTeam || g.players()[3].leftTeam) << "left together: the team itself is out";
    EXPECT_EQ(g.sideOf(3), 2);
    if (!g.over()) playTurn(g, {});
    ASSERT_TRUE(g.over());
    EXPECT_EQ(g.route(), "Last Standing");
    EXPECT_EQ(g.outcome()->rankBySeat, (std::vector<uint32_t>{1, 1, 3, 3}));
  }
  {
    ElcGame g = quiet(teamsOf("AABB"), 17, 4);
    for (int k = 0; k < 2; ++k) playTurn(g, {});
    playTurn(g, {{}, {}, {makeOrder(kConcede, 1)}});
    EXPECT_TRUE(g.players()[2].leftTeam);
    EXPECT_FALSE(g.over()) << "Gold plays on as Team B";
    playTurn(g, {{}, {}, {}, {makeOrder(kConcede, 1)}});
    EXPECT_FALSE(g.players()[3].leftTeam);
    EXPECT_EQ(g.sideOf(3), 3);
    if (!g.over()) playTurn(g, {});
    ASSERT_TRUE(g.over());
    EXPECT_EQ(g.who(static_cast<Seat>(g.winner())), "Team A");
    // Team B (Gold, one Seal more of Tenure) ranks above Green, who left it earlier (VC-3030, VC-3040).
    EXPECT_EQ(g.outcome()->rankBySeat, (std::vector<uint32_t>{1, 1, 4, 3}));
  }
}

// The options: one letter per seat, at least two teams; v3 or later (VC-3220). With Charters: teams_objectives_test.cpp.
TEST(ElcTeams, Vc1570TeamSettingsAreCheckedAndNamed) {
  auto refusal = [](std::vector<std::pair<std::string, std::string>> o) {
    auto c = parseOptions(o);
    return c.ok() ? std::string("accepted") : c.message();
  };
  EXPECT_NE(refusal({{"teams", "AAAA"}}).find("no rival"), std::string::npos);
  EXPECT_NE(refusal({{"teams", "A"}}).find("2..8 seats"), std::string::npos);
  EXPECT_EQ(refusal({{"tracks", "dominion,ambition,warrants"}, {"teams", "AB"}}), "accepted") << "v4: a team holds Sealed Orders";
  Config c = teamsOf("ABAB");
  auto back = decodeConfig(encodeConfig(c));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, c);
  ElcGame g;
  auto wrong = g.setup(encodeConfig(teamsOf("AAB")), seedOf(1), 4);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.message().find("one team letter per seat"), std::string::npos) << wrong.message();
  // VC-1480 before the first Seal: Throne's threshold counts rival sides (one team), not rival seats (VC-390).
  auto blitz = parseOptions({{"preset", "blitz"}, {"teams", "AABB"}});
  ASSERT_TRUE(blitz.ok());
  EXPECT_EQ(started(*blitz, 1, 4).players()[0].tracks[static_cast<int>(Track::Throne)].threshold, 1);
  ElcGame v2;
  v2.setRulesVersion(2);
  auto old = v2.setup(encodeConfig(teamsOf("AB")), seedOf(1), 2);
  ASSERT_FALSE(old.ok());
  EXPECT_NE(old.message().find("victoryLogicVersion 3"), std::string::npos);
}

// The Watch and the Observation show teams; a team-mate's values are "own" (full precision, VC-2170).
TEST(ElcTeams, TheWatchAndTheObservationShowTeams) {
  ElcGame g = quiet(teamsOf("AABB"), 18, 4);
  playTurn(g, {});
  const std::string watch = g.observe(1).text;
  EXPECT_NE(watch.find("Red [Team A]: Tenure"), std::string::npos) << watch;
  EXPECT_NE(watch.find("Blue [Team A] (you)"), std::string::npos) << watch;
  EXPECT_NE(watch.find("Gold [Team B]"), std::string::npos) << watch;
  auto v = decodeView(g.observe(1).canonical);
  ASSERT_TRUE(v.ok()) << v.message();
  EXPECT_EQ(v->side, (std::vector<int32_t>{0, 0, 2, 2}));
  EXPECT_TRUE(v->allied(0, 1));
  EXPECT_FALSE(v->allied(1, 2));
  EXPECT_EQ(v->players[0].tracks[0].published, g.players()[0].tracks[0].ratio) << "a team-mate's values in full";
  auto solo = decodeView(started(preset(Preset::StandardWar), 18, 4).observe(1).canonical);
  ASSERT_TRUE(solo.ok());
  EXPECT_TRUE(solo->side.empty()) << "without teams the Observation's bytes are unchanged";
}

// The Verdict with teams (docs/rules-decisions.md "Teams"): every rival side casts one vote, a team's being its
// members' strict majority; the leading team's members do not vote. Team B's three "end" votes are one vote, so with
// Purple playing on the Verdict fails 1 of 2 (seat by seat it would pass 3 of 4); two of Team B plus Purple pass it.
TEST(ElcTeams, TheVerdictTakesOneVotePerTeam) {
  for (bool passes : {false, true}) {
    ElcGame g = quiet(cfg({{"tracks", "keys"}, {"teams", "AABBBC"}}), 16, 6);
    holdUpTo(g, 0, 24);
    for (int i = 0; i < 12; ++i) playTurn(g, {});
    ASSERT_TRUE(chronicleHas(g, Chron::VerdictOffered, "A Verdict is offered for Team A"));
    EXPECT_NE(g.validate(1, makeOrder(kCastVerdictVote, 1)).message().find("your team is the leader"), std::string::npos);
    const auto end = std::vector<Order>{makeOrder(kCastVerdictVote, 1)};
    if (passes) playTurn(g, {{}, {}, end, end, {}, end});
    else playTurn(g, {{}, {}, end, end, end, {}});
    playTurn(g, {});
    EXPECT_EQ(g.over(), passes);
    EXPECT_TRUE(chronicleHas(g, passes ? Chron::VerdictPassed : Chron::VerdictFailed, passes ? "passes 2 of 2" : "fails 1 of 2"));
    if (passes) {
      EXPECT_EQ(g.route(), "Verdict");
      EXPECT_EQ(g.outcome()->rankBySeat[1], 1u) << "Blue wins with Red";
    }
  }
}

// Broken is the team's (its aggregate against its peaks, VC-2480), so capitulation takes the whole team at once: both
// members leave together and the team is one not-live player (VC-1570, VC-1580).
TEST(ElcTeams, ABrokenTeamCapitulatesAsAUnit) {
  ElcGame g = quiet(teamsOf("AABB"), 20, 4);
  holdUpTo(g, 2, 10);
  holdUpTo(g, 3, 10);
  playTurn(g, {});
  EXPECT_EQ(g.players()[2].peakCities, 20) << "the team's peak";
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if ((g.cities()[c].owner == 2 || g.cities()[c].owner == 3) && c != g.players()[2].seatCity && c != g.players()[3].seatCity)
      g.setOwner(c, kNeutral);
  for (int i = 0; i < 3; ++i) playTurn(g, {});
  EXPECT_TRUE(chronicleHas(g, Chron::Broken, "Team B is Broken."));
  EXPECT_EQ(g.players()[2].left, Left::Capitulated);
  EXPECT_EQ(g.players()[3].left, Left::Capitulated);
  EXPECT_FALSE(g.players()[2].leftTeam || g.players()[3].leftTeam) << "the team left as one";
  EXPECT_EQ(g.players()[2].leftTurn, g.players()[3].leftTurn);
  if (!g.over()) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.outcome()->rankBySeat, (std::vector<uint32_t>{1, 1, 3, 3}));
}
