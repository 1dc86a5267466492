// The Board (VC-2390..VC-2410) from played games: only what the viewer may know (VC-2170, VC-2180), rival bands with
// the way they moved (VC-2220), the Ebb line (VC-830), the Warrant board (VC-1890), the Tally calendar (VC-1200,
// VC-1190) and a past turn redrawn from its Seal record (VC-2400); the terminal's map legend and (x,y) refusals.
#include "core/elc/arith.h"
#include "core/elc/orders.h"
#include "tests/elc/support.h"

namespace concord::elc::testing {
namespace board_test {

constexpr Seat kRed = 0, kBlue = 1;

// The line of the Board that starts with `head` (after the first occurrence of `after`), or "".
std::string lineOf(const std::string& text, const std::string& head, size_t from = 0) {
  const size_t at = text.find(head, from);
  return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
}

// The Dominion line under a player's row of the Board.
std::string dominionOf(const std::string& board, const std::string& row) {
  const size_t at = board.find("  " + row + ": Tenure ");
  return at == std::string::npos ? std::string() : lineOf(board, "      Dominion ", at);
}

std::vector<int32_t> neutralCities(const ElcGame& g) {
  std::vector<int32_t> out;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) out.push_back(c);
  return out;
}

// VC-2170/VC-2180/VC-2220: Red's Board shows Blue's Dominion at its band — never Blue's exact count — and says which
// way Blue's band moved; Blue's own Board shows the count. The Watch says the same (the "rumour" alone).
TEST(ElcBoard, Vc2180ARivalIsShownAtItsBandWithTheWayItMoved) {
  ElcGame g = quiet(preset(Preset::StandardWar), 9, 3);
  playTurn(g, {});
  const int64_t th = g.players()[kBlue].tracks[0].threshold;
  std::string red = g.boardText(1, kRed);
  EXPECT_EQ(dominionOf(red, "Blue"), "      Dominion rumour") << red;
  EXPECT_NE(dominionOf(g.boardText(1, kBlue), "Blue (you)").find("/" + std::to_string(th)), std::string::npos) << "VC-2170";
  EXPECT_EQ(lineOf(red, "  Blue: Tenure ").find("Standing"), std::string::npos) << "no rival's Standing";
  auto free = neutralCities(g);
  size_t k = 0;
  while (g.players()[kBlue].tracks[0].band != Band::Report && k < free.size()) {  // Blue grows into the Report band
    g.setOwner(free[k++], kBlue);
    playTurn(g, {});
  }
  ASSERT_EQ(g.players()[kBlue].tracks[0].band, Band::Report);
  const uint32_t up = g.turn();
  red = g.boardText(up, kRed);
  const std::string shown = dominionOf(red, "Blue");
  EXPECT_NE(shown.find("(up from rumour)"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("/" + std::to_string(g.players()[kBlue].tracks[0].threshold)), std::string::npos) << "VC-2180: " << shown;
  const int64_t q = reportQuantum(48, g.players()[kBlue].tracks[0].threshold);  // VC-2250 on Dominion
  EXPECT_NE(shown.find(std::to_string(quantise(g.players()[kBlue].tracks[0].ratio, q) / 10) + "%"), std::string::npos) << shown;
  EXPECT_NE(g.observe(kRed).text.find("Dominion report " + std::to_string(quantise(g.players()[kBlue].tracks[0].ratio, q) / 10) +
                                      "% (up from rumour)"), std::string::npos)
      << g.observe(kRed).text;
  for (size_t j = 0; j < k; ++j) g.setOwner(free[j], kNeutral);  // and falls back below 475 (VC-2220's hysteresis)
  playTurn(g, {});
  EXPECT_EQ(dominionOf(g.boardText(g.turn(), kRed), "Blue").rfind("      Dominion rumour (down from report ", 0), 0u)
      << g.boardText(g.turn(), kRed);
  // VC-2400: the Board of a past turn is that turn's, from its Seal record.
  EXPECT_EQ(dominionOf(g.boardText(up, kRed), "Blue"), shown);
  const auto& rec = g.sealRecords()[up - 1].players[kRed];
  EXPECT_NE(g.boardText(up, kRed).find("  Red (you): Tenure " + withCommas(rec.tenure) + " ("), std::string::npos);
}

// VC-830: the Ebb drawn as a descending line in natural units. On the reference map (4 players: 625 from turn 120
// to 501 at 200, VC-870) the requirement is 30 of 48 cities until turn 133, 29 from 134 (604), and 25 from 188 (520).
TEST(ElcBoard, Vc830TheEbbLineAndVc840TheCountBack) {
  ElcGame g = quiet(preset(Preset::StandardWar), 9, 4);
  playTurn(g, {});
  const std::string b = g.boardText(1, kRed);
  const std::string ebb = lineOf(b, "  Dominion, cities of 48: ");
  EXPECT_EQ(ebb.rfind("  Dominion, cities of 48: 30 \u2192 29 (t134) \u2192 ", 0), 0u) << b;
  EXPECT_NE(ebb.find("\u2192 25 (t188); now 30 (625 per mille at turn 1)"), std::string::npos) << ebb;
  EXPECT_NE(dominionOf(b, "Red (you)").find("the Ebb does not reach this before turn 200"), std::string::npos) << "VC-840";
}

// VC-1890: the Warrant board lists each announced Warrant as upcoming, open, claimed (with its claimant) or expired,
// as it stood at the Seal of the turn asked for.
TEST(ElcBoard, Vc1890TheWarrantBoard) {
  ElcGame g = started(preset(Preset::StandardWar), 12, 3);
  playOut(g, 12, 70, [](const ElcGame&) {});
  ASSERT_FALSE(g.warrants().empty());
  const Warrant& w = g.warrants().front();
  ASSERT_LE(w.deadline, g.turn());
  const std::string before = g.boardText(w.announce, kRed), during = g.boardText(w.open, kRed), after = g.boardText(w.deadline, kRed);
  const std::string tag = "] Warrant " + std::to_string(w.id) + " ";
  EXPECT_NE(before.find("Warrants (VC-1890):"), std::string::npos) << before;
  EXPECT_NE(before.find("[upcoming" + tag), std::string::npos) << before;
  EXPECT_EQ(g.boardText(w.announce - 1, kRed).find(tag), std::string::npos) << "not before its announcement (VC-1790)";
  if (w.claimedBy >= 0) {
    EXPECT_NE(after.find("[claimed by " + g.who(static_cast<Seat>(w.claimedBy)) + " at turn "), std::string::npos) << after;
  } else {
    EXPECT_NE(after.find("[expired unclaimed" + tag), std::string::npos) << after;
  }
  EXPECT_TRUE(during.find("[open" + tag) != std::string::npos || during.find("[claimed by ") != std::string::npos) << during;
}

// VC-1200/VC-1190: the Tally calendar names the rotations published at the turn (this one and the next two), each
// Lit Landmark by name, and no rotation beyond.
TEST(ElcBoard, Vc1200TheTallyCalendarShowsTwoRotationsAhead) {
  ElcGame g = quiet(preset(Preset::LongWar), 3, 3);
  playTurn(g, {});
  const std::string b = g.boardText(1, kRed);
  const std::string row = lineOf(b, "  turns 1-12:");
  ASSERT_FALSE(row.empty()) << b;
  for (int32_t k : g.litSchedule()[0]) EXPECT_NE(row.find(g.world().cities[g.world().landmarks[k]].name), std::string::npos) << row;
  EXPECT_FALSE(lineOf(b, "  turns 25-36:").empty());
  EXPECT_TRUE(lineOf(b, "  turns 37-48:").empty()) << "VC-1190: two rotations ahead, no more";
}

// VC-2390: the Board carries every part the requirement lists, from one command (`board now`): the players-by-Tracks
// matrix with each value's per-Seal delta and Vigil state, the Ebb line with the count-back markers (VC-840), the
// Warrant board, the Tally calendar, the Charter and Sealed Order counts, every player's Tenure history (Standing
// for the viewer's side) and the Chronicle. Standard War at turn 70 has Warrants; Long War has the Tally calendar.
TEST(ElcBoard, Vc2390TheBoardCarriesEveryPartItLists) {
  bool warrants = false, tallies = false;
  for (Preset p : {Preset::StandardWar, Preset::LongWar}) {
    ElcGame g = started(preset(p), 12, 3);
    playOut(g, 12, 70, [](const ElcGame&) {});
    ASSERT_FALSE(g.over());
    const std::string b = g.boardText(g.turn(), kRed);
    EXPECT_EQ(b.rfind("The Board at the Seal of turn " + std::to_string(g.turn()) + " (", 0), 0u) << b;
    for (const char* row : {"  Red (you): Tenure ", "  Blue: Tenure ", "  Green: Tenure "})
      EXPECT_NE(b.find(row), std::string::npos) << "a matrix row per player: " << row << "\n" << b;
    const std::string mine = lineOf(b, "      Dominion ", b.find("  Red (you): Tenure "));
    EXPECT_NE(mine.find("/"), std::string::npos) << "the viewer's own value: " << mine;
    EXPECT_NE(mine.find(" ("), std::string::npos) << "with its per-Seal delta: " << mine;
    EXPECT_TRUE(mine.find("; the Ebb reaches this at turn ") != std::string::npos ||
                mine.find("; the Ebb does not reach this before turn ") != std::string::npos)
        << "VC-840's count-back marker: " << mine;
    EXPECT_NE(lineOf(b, "  Red (you): Tenure ").find(" ("), std::string::npos) << "Tenure's per-Seal delta";
    EXPECT_NE(b.find("The Ebb (VC-830)"), std::string::npos) << "the Ebb line\n" << b;
    if (!g.warrants().empty()) {
      warrants = true;
      EXPECT_NE(b.find("Warrants (VC-1890):"), std::string::npos) << b;
    }
    if (!g.litSchedule().empty()) {
      tallies = true;
      EXPECT_NE(b.find("Tally calendar (VC-1200"), std::string::npos) << b;
    }
    EXPECT_NE(b.find(g.objectivesText(kRed)), std::string::npos) << "the Charter and Sealed Order counts";
    const std::string history = lineOf(b, "  Blue:", b.find("History (VC-2390"));
    EXPECT_NE(history.find(" t1 "), std::string::npos) << "every player's Tenure history from turn 1: " << history;
    EXPECT_NE(history.find(" t" + std::to_string(g.turn()) + " "), std::string::npos) << history;
    EXPECT_NE(b.find("Chronicle (the last lines to turn " + std::to_string(g.turn())), std::string::npos) << b;
  }
  EXPECT_TRUE(warrants && tallies) << "both games together show a Warrant board and a Tally calendar";
}

// The terminal: `board now`, `board TURN`, a bad argument named; the map's legend; a refusal names tiles as (x,y).
TEST(ElcBoard, TheTerminalsBoardMapAndRefusals) {
  ElcGame g = started(preset(Preset::StandardWar), 9, 3);
  EXPECT_NE(g.tableCommand(kRed, "board now")->find("no Seal yet"), std::string::npos);
  playTurn(g, {});
  EXPECT_EQ(*g.tableCommand(kRed, "board now"), g.boardText(1, kRed));
  EXPECT_EQ(*g.tableCommand(kRed, "board 1"), g.boardText(1, kRed));
  EXPECT_NE(g.tableCommand(kRed, "board 7")->find("the Board covers turns 1..1"), std::string::npos);
  EXPECT_NE(g.tableCommand(kRed, "board soon")->find("board takes now or a turn number"), std::string::npos);
  const std::string map = *g.tableCommand(kRed, "map");
  EXPECT_NE(map.find("Legend: . open ground; R B G O V T A Y a city held by Red, Blue, Green, Gold"), std::string::npos) << map;
  const Unit& u = g.units().front();
  const Grid& grid = g.world().grid;
  const int32_t far = grid.at((grid.x(u.tile) + 5) % grid.width, grid.y(u.tile));
  auto r = g.validate(static_cast<Seat>(u.owner), makeMove(u.id, static_cast<uint32_t>(far)));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("move: (" + std::to_string(grid.x(far)) + "," + std::to_string(grid.y(far)) + ") is "), std::string::npos)
      << r.message();
  EXPECT_NE(r.message().find(" at (" + std::to_string(grid.x(u.tile)) + "," + std::to_string(grid.y(u.tile)) + ")"), std::string::npos);
  auto off = g.validate(static_cast<Seat>(u.owner), makeMove(u.id, 99999));
  EXPECT_NE(off.message().find("off the 24x24 map (x 0..23, y 0..23)"), std::string::npos) << off.message();
}

}  // namespace board_test
}  // namespace concord::elc::testing
