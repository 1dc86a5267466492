// VC-2460 from a played game: the worked Chronicle's story (Keys taken and lost, Gold's capitulation, the Ebb, the
// Horizon DECIDED, Dominion's Vigil and win) staged on a live 4-seat board by scenario seams, and the Chronicle the
// game writes holds the vector's eight lines character for character (VC-3310).
#include <functional>
#include <map>

#include "core/elc/arith.h"
#include "tests/elc/support.h"

namespace concord::elc::testing {
namespace chronicle_live_test {

constexpr Seat kRed = 0, kBlue = 1, kGreen = 2, kGold = 3;

// The vector of VC-2460, as the seed prints it.
const std::vector<std::string> kVector = {
    " t131  Red takes Kestrel Bay (Landmark).  Red \u2014 Keys 3/3.  VIGIL BEGINS (6).  ALARM.",
    " t134  Blue takes Kestrel Bay.            Red \u2014 Keys 2/3.  VIGIL BROKEN at 3/6.",
    " t141  Gold capitulates (Broken 3 turns). 3 cities ceded to Red \u2014 Unsettled 8 turns.",
    " t145  Ebb: Dominion 587 per mille (29 of 48 cities).",
    " t172  Horizon DECIDED for Red \u2014 Blue and Green can no longer reach 14,880.",
    " t178  Ebb: Dominion 536 per mille (26 of 48).  Red holds 27.  VIGIL BEGINS (3).  ALARM.",
    " t179  Blue takes Ashford.  Red \u2014 26 cities, 541 \u2265 534.  Vigil holds 2/3.",
    " t180  Vigil 3/3.  RED WINS \u2014 Dominion.",
};

// The reference map's game (VC-580: 48 cities, 5 Landmarks, 8 Regions, 4 players, H 200; Dominion 625, Ds 120):
// Dominion and the Keys, Cession to the aggressor (the vector cedes Gold's cities to Red with Blue and Green live),
// and none of the instruments whose lines the vector does not show (Warrants, Verdict, Rally, Defiance).
struct Story {
  ElcGame g;
  std::vector<int32_t> landmarks, redOthers, goldOthers;
  int32_t kestrelBay = -1, ashford = -1, goldCaptured = -1;
};

Story staged() {
  Story st;
  st.g = quiet(cfg({{"tracks", "dominion,keys"}, {"cession", "aggressor"}, {"verdict", "off"}, {"rally", "off"}, {"defiance", "off"}}), 3, 4);
  ElcGame& g = st.g;
  EXPECT_EQ(g.facts().cities, 48);
  EXPECT_EQ(g.facts().landmarks, 5);
  for (int32_t c : g.world().landmarks) st.landmarks.push_back(c);
  std::vector<int32_t> rest;  // neither a Landmark nor a Seat
  for (int32_t c = 0; c < 48; ++c) {
    bool seat = false;
    for (const auto& p : g.players()) seat |= p.seatCity == c;
    if (!seat && g.world().cities[c].landmark < 0) rest.push_back(c);
  }
  // Red 17 cities (its Seat, two Landmarks, 14 more); Blue 3 (its Seat, Kestrel Bay, 1 more); Green 3 (its Seat,
  // two Landmarks); Gold 25 (its Seat, 24 more). Red takes one of Gold's at turn 1, so Gold's peak is 24 and three
  // cities are a Broken eighth of it (VC-2480).
  g.setOwner(st.landmarks[0], kRed), g.setOwner(st.landmarks[1], kRed);
  g.setOwner(st.landmarks[2], kBlue), g.setOwner(st.landmarks[3], kGreen), g.setOwner(st.landmarks[4], kGreen);
  st.kestrelBay = st.landmarks[2];
  size_t i = 0;
  for (; i < 14; ++i) g.setOwner(rest[i], kRed), st.redOthers.push_back(rest[i]);
  g.setOwner(rest[i++], kBlue);
  for (; i < rest.size(); ++i) g.setOwner(rest[i], kGold), st.goldOthers.push_back(rest[i]);
  EXPECT_EQ(st.goldOthers.size(), 24u);
  st.ashford = st.redOthers[0];
  g.renameCityForScenario(st.kestrelBay, "Kestrel Bay");
  g.renameCityForScenario(st.ashford, "Ashford");
  // Gold keeps, at the end, its Seat and its two poorest cities; the richest it loses at turn 1 to Red (VC-2530).
  std::stable_sort(st.goldOthers.begin(), st.goldOthers.end(),
                   [&](int32_t a, int32_t b) { return g.cityWorks(a, 1) < g.cityWorks(b, 1); });
  st.goldCaptured = st.goldOthers.back();
  g.addUnitForScenario(kRed, g.world().cities[st.goldCaptured].tile);
  g.playerForScenario(kBlue).tenure = 3000;  // Blue and Green stay within the Horizon's reach until turn 172
  g.playerForScenario(kGreen).tenure = 3000;
  return st;
}

// Plays the staged story to its end; `events` run before the orders of their turn.
void playStory(Story& st) {
  ElcGame& g = st.g;
  std::map<uint32_t, std::function<void()>> events;
  events[131] = [&] { g.addUnitForScenario(kRed, g.world().cities[st.kestrelBay].tile); };  // the third Landmark
  events[134] = [&] {  // two Blue Legions beat Red's one
    for (int k = 0; k < 2; ++k) g.addUnitForScenario(kBlue, g.world().cities[st.kestrelBay].tile);
  };
  events[139] = [&] {  // Gold collapses to three cities: Broken at 139, 140 and 141 (VC-2500, C = 3)
    for (size_t k = 2; k + 1 < st.goldOthers.size(); ++k) g.setOwner(st.goldOthers[k], kNeutral);
  };
  events[172] = [&] {  // VC-2630's Tenures at the Seal of 172: each set to the vector's value less this Seal's accrual
    const int64_t want[] = {14880, 11410, 6020};
    for (Seat s : {kRed, kBlue, kGreen}) g.playerForScenario(s).tenure = want[s] - g.players()[s].standing / 100;
  };
  events[178] = [&] {  // Red reaches 27 cities without a capture: six neutral cities change hands by the scenario
    int given = 0;
    for (int32_t c = 0; c < 48 && given < 6; ++c)
      if (g.cities()[c].owner == kNeutral) g.setOwner(c, kRed), ++given;
  };
  events[179] = [&] { g.addUnitForScenario(kBlue, g.world().cities[st.ashford].tile); };
  while (!g.over() && g.turn() < 200) {
    if (auto e = events.find(g.turn() + 1); e != events.end()) e->second();
    auto rej = playTurn(g, {});
    ASSERT_TRUE(rej.empty()) << rej.front().reason;
  }
}

TEST(ElcChronicleLive, Vc2460TheWorkedChronicleIsWhatALiveGameWrites) {
  Story st = staged();
  ElcGame& g = st.g;
  playStory(st);
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.turn(), 180u);
  EXPECT_EQ(g.winner(), static_cast<int32_t>(kRed));
  EXPECT_EQ(g.route(), "Dominion");
  const auto lines = renderLines(g.chronicle());
  size_t from = 0;
  for (const auto& want : kVector) {  // each line of the vector, in order, among the lines the game wrote
    auto it = std::find(lines.begin() + static_cast<std::ptrdiff_t>(from), lines.end(), want);
    ASSERT_NE(it, lines.end()) << "missing: " << want << "\nthe Chronicle from turn 130:\n" << [&] {
      std::string s;
      for (const auto& l : lines)
        if (l.size() > 4 && std::atoi(l.c_str() + 2) >= 130) s += l + "\n";
      return s;
    }();
    from = static_cast<size_t>(it - lines.begin()) + 1;
  }
  EXPECT_EQ(lines.back(), kVector.back()) << "VC-2460: the win ends the Chronicle";
  // The numbers behind the lines are the seed's: VC-870's Ebb and VC-900's per mille.
  EXPECT_EQ(ebbThreshold(625, 501, 120, 200, 179), 534);
  EXPECT_EQ(1000 * 26 / 48, 541);
}

// VC-2460's classes (VC-2430) on the story's entries, and VC-860: the Ebb steps every turn from Ds (each its own line
// unless it caused a crossing), so the excerpt's lines stand among lines the vector leaves out.
TEST(ElcChronicleLive, Vc2430TheStoryCarriesItsClassesAndVc860EveryEbbStepIsWritten) {
  Story st = staged();
  ElcGame& g = st.g;
  playStory(st);
  auto has = [&](uint32_t t, Chron cls, const std::string& text) {
    return std::any_of(g.chronicle().begin(), g.chronicle().end(),
                       [&](const ChronEntry& e) { return e.turn == t && e.cls == cls && e.text == text; });
  };
  EXPECT_TRUE(has(131, Chron::TrackCrossed, "Red takes Kestrel Bay (Landmark)."));
  EXPECT_TRUE(has(131, Chron::VigilBegun, "VIGIL BEGINS (6)."));
  EXPECT_TRUE(has(131, Chron::AlarmRaised, "ALARM."));
  EXPECT_TRUE(has(134, Chron::VigilBroken, "VIGIL BROKEN at 3/6."));
  EXPECT_TRUE(has(141, Chron::Capitulated, "Gold capitulates (Broken 3 turns). 3 cities ceded to Red \u2014 Unsettled 8 turns."));
  EXPECT_TRUE(has(179, Chron::VigilHeld, "Vigil holds 2/3."));
  EXPECT_TRUE(has(180, Chron::GameWon, "RED WINS \u2014 Dominion."));
  for (uint32_t t = 121; t <= 180; ++t)
    EXPECT_EQ(std::count_if(g.chronicle().begin(), g.chronicle().end(), [&](const ChronEntry& e) { return e.turn == t && e.cls == Chron::EbbStep; }), 1)
        << "VC-860 at turn " << t;
  // A Vigil held quietly is not news (the Watch shows the counter, VC-750): no line at 132, 133.
  EXPECT_FALSE(has(132, Chron::VigilHeld, "Vigil holds 2/6."));
  EXPECT_EQ(g.players()[kGold].placing, 4u) << "VC-2520/VC-3030: Gold left last on every link";
  // VC-2410 on the Board of the last turn: the Horizon DECIDED for Red at 172.
  EXPECT_NE(g.boardText(180, kBlue).find("turn 172: Horizon DECIDED for Red"), std::string::npos) << g.boardText(180, kBlue);
}

}  // namespace chronicle_live_test
}  // namespace concord::elc::testing
