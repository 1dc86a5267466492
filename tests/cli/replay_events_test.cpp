// Issue 30 "Analysts": `concord replay export` carries structured events and the result for all three modules.
// Each game is played by the binary as a user plays it; every event is checked against something the engine
// keeps apart from the extractor: the order log (who acted), the narration, the Chronicle, the Outcome, the
// state at the event's turn.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/elc/state.h"
#include "core/warp/state.h"
#include "core/web/state.h"
#include "replay/reader.h"
#include "tests/support/analyst_export.h"

using namespace concord;
using nlohmann::json;

namespace {

const concord::testing::CliHome home("replay-events");

using concord::testing::actors;
using concord::testing::Exported;
using concord::testing::narrates;

Exported playAndExport(const std::string& name, const std::string& play) {
  return concord::testing::playAndExport(home, name, play);
}

std::unique_ptr<lockstep::TurnEngine> at(const std::string& file, uint32_t turn) {
  return concord::testing::engineAt(file, turn);
}

using concord::testing::checkHeaderAndResult;

// ---- Warp ----------------------------------------------------------------------------------------------

const Exported& warpGame() {
  static const Exported x = playAndExport("warp", "play warp --auto --seats 3 --seed 5 --no-tei set=9");
  return x;
}

TEST(ReplayEvents, WarpHeaderAndResultAreTheGamesOwn) { checkHeaderAndResult(warpGame(), "warp"); }

// Round 1 starts in the setup (turn -1); every round starts once and ends once, in order, and its winner is the
// captain the narration says won it and the engine recorded; the round scores add up to the final scores.
TEST(ReplayEvents, WarpRoundsStartAndEndWithTheEnginesWinnersAndScores) {
  const auto& x = warpGame();
  auto starts = x.of("round-start"), ends = x.of("round-end");
  ASSERT_FALSE(starts.empty());
  EXPECT_EQ(starts[0]["turn"], -1);
  EXPECT_EQ(starts[0]["round"], 1);
  ASSERT_EQ(starts.size(), ends.size()) << "a Points campaign starts and ends each round once";
  auto end = at(x.file, warpGame().header["turns"]);
  auto outcome = end->game().outcome();
  std::vector<int64_t> sum(3, 0);
  for (size_t i = 0; i < ends.size(); ++i) {
    const auto& e = ends[i];
    EXPECT_EQ(e["round"], i + 1);
    EXPECT_EQ(starts[i]["round"], i + 1);
    EXPECT_LT(starts[i]["turn"].get<int64_t>(), e["turn"].get<int64_t>());
    const int64_t t = e["turn"];
    auto after = at(x.file, static_cast<uint32_t>(t + 1));  // kept alive: the game below is its
    const auto& w = dynamic_cast<const warp::WarpGame&>(after->game());
    if (e["winner"].is_null()) {
      EXPECT_EQ(w.roundWinner(), warp::kNone);
    } else {
      EXPECT_EQ(e["winner"], w.roundWinner()) << "round " << i + 1;
      const std::string name = x.header["seats"][e["winner"].get<size_t>()]["name"];
      EXPECT_TRUE(narrates(x, t, name + " goes out and wins round " + std::to_string(i + 1))) << "turn " << t;
      EXPECT_EQ(actors(x, t), std::vector<Seat>{e["winner"].get<Seat>()}) << "the winner's own order ended the round";
    }
    for (Seat s = 0; s < 3; ++s) sum[s] += e["scores"][s].get<int64_t>();
  }
  for (Seat s = 0; s < 3; ++s) {
    EXPECT_EQ(sum[s], outcome->scoreBySeat[s]) << "seat " << s;
    EXPECT_EQ(ends.back()["totals"][s], outcome->scoreBySeat[s]);
  }
  auto over = x.of("game-over");
  ASSERT_EQ(over.size(), 1u);
  const auto& g = dynamic_cast<const warp::WarpGame&>(end->game());
  EXPECT_EQ(over[0]["winners"].get<std::vector<Seat>>(), g.sectorWinners());
}

// Each Red Alert's opener is the captain whose order the log holds at that turn (RULES §IV: the charter's turn
// ended with the double open), the narration says who must answer, and the answer is that seat's chart.
TEST(ReplayEvents, WarpRedAlertOpenerIsTheSeatWhoseOrderOpenedItAndTheAnswerIsACover) {
  const auto& x = warpGame();
  auto opened = x.of("red-alert");
  ASSERT_FALSE(opened.empty()) << "a 700-turn Warp 9 sector has Red Alerts";
  for (const auto& e : opened) {
    const int64_t t = e["turn"];
    EXPECT_EQ(actors(x, t), std::vector<Seat>{e["opened_by"].get<Seat>()}) << "turn " << t;
    EXPECT_EQ(e["charter"], e["opened_by"]) << "the first pass is the charter's own";
    const std::string name = x.header["seats"][e["responsible"].get<size_t>()]["name"];
    EXPECT_TRUE(narrates(x, t, "Red Alert! " + name + " must answer " + e["double"].get<std::string>())) << "turn " << t;
  }
  size_t covered = 0;
  for (const auto& a : x.of("alert-answered")) {
    if (a["by"].is_null()) continue;
    const int64_t t = a["turn"];
    const Seat by = a["by"];
    EXPECT_EQ(actors(x, t), std::vector<Seat>{by});
    EXPECT_EQ(x.turn(t).at(by)["orders"][0]["text"].get<std::string>().rfind("chart ", 0), 0u) << "turn " << t;
    if (a["red"] == 1) ++covered;
  }
  EXPECT_GT(covered, 0u) << "some Red Alert was answered";
}

// The assistance marks are events and named orders (they read "(system) order 65283" before issue 30).
TEST(ReplayEvents, WarpMarksAreNamed) {
  {
    std::ofstream typed(home.path("auto.txt"));
    typed << "auto\n";  // the person hands the seat to the officer at once
  }
  auto x = playAndExport("marks", "play warp --seats 2 --seed 3 --no-tei set=9 < " + home.path("auto.txt"));
  auto marks = x.of("officer-played");
  ASSERT_FALSE(marks.empty()) << "after `auto` the officer plays the person's seat";
  size_t named = 0;
  for (const auto& r : x.rows)
    for (const auto& o : r["orders"]) {
      const std::string text = o["text"];
      EXPECT_EQ(text.find("(system) order "), std::string::npos) << text;
      if (text.rfind("(system) officer-played ", 0) == 0) ++named;
    }
  EXPECT_EQ(named, marks.size());
  EXPECT_EQ(marks[0]["seat"], 0);
  EXPECT_EQ(marks[0]["reason"], "auto");
  EXPECT_TRUE(x.of("advisor-consulted").empty()) << "nobody asked the advisor";
}

// ---- Every Last City -----------------------------------------------------------------------------------

const Exported& elcGame() {
  static const Exported x = playAndExport("elc", "play elc --auto --seats 4 --seed 2 --no-tei preset=blitz ebb-start=5");
  return x;
}

TEST(ReplayEvents, ElcHeaderAndResultAreTheGamesOwn) { checkHeaderAndResult(elcGame(), "elc"); }

// One `seal` per Seal record; Vigils and the Ebb where the Chronicle (the rules' own record) has them; the
// winner and route are the engine's result; each capture changed the city's owner at that turn.
TEST(ReplayEvents, ElcSealsVigilsEbbCapturesAndWinnerMatchTheEngine) {
  const auto& x = elcGame();
  auto end = at(x.file, x.header["turns"]);
  const auto& g = dynamic_cast<const elc::ElcGame&>(end->game());
  auto seals = x.of("seal");
  ASSERT_EQ(seals.size(), g.sealRecords().size());
  for (size_t i = 0; i < seals.size(); ++i) EXPECT_EQ(seals[i]["elc_turn"], g.sealRecords()[i].turn);
  std::map<std::pair<int64_t, int>, int> chron, events;  // (ELC turn, class) -> count
  for (const auto& c : g.chronicle())
    if (c.cls == elc::Chron::VigilBroken || c.cls == elc::Chron::EbbStep || c.cls == elc::Chron::VigilBegun)
      ++chron[{c.turn, static_cast<int>(c.cls)}];
  for (const auto& v : x.of("vigil")) {
    if (v["state"] == "broken") ++events[{v["elc_turn"], static_cast<int>(elc::Chron::VigilBroken)}];
    if (v["before"] == 0 && v["of"].get<int64_t>() > 1) ++events[{v["elc_turn"], static_cast<int>(elc::Chron::VigilBegun)}];
  }
  for (const auto& e : x.of("ebb")) ++events[{e["elc_turn"], static_cast<int>(elc::Chron::EbbStep)}];
  EXPECT_EQ(events, chron);
  EXPECT_FALSE(x.of("ebb").empty()) << "from ebb-start=5 the Dominion threshold ebbs";
  EXPECT_FALSE(x.of("track").empty());

  auto over = x.of("game-over");
  ASSERT_EQ(over.size(), 1u);
  EXPECT_EQ(over[0]["winner"], g.winner());
  EXPECT_EQ(over[0]["route"], g.route());
  EXPECT_EQ(x.result["placings"][0]["seat"], g.winner()) << "the winner places first";

  auto captures = x.of("capture");
  ASSERT_FALSE(captures.empty());
  for (const auto& c : captures) {
    const uint32_t t = c["turn"];
    const int32_t city = c["city"];
    auto before = at(x.file, t), after = at(x.file, t + 1);
    const auto& was = dynamic_cast<const elc::ElcGame&>(before->game());
    const auto& now = dynamic_cast<const elc::ElcGame&>(after->game());
    EXPECT_EQ(c["from"].is_null() ? -1 : c["from"].get<int32_t>(), was.cities()[city].owner);
    EXPECT_EQ(c["to"].is_null() ? -1 : c["to"].get<int32_t>(), now.cities()[city].owner);
    EXPECT_EQ(c["city_name"], now.world().cities[city].name);
  }
}

// ---- W.E.B. --------------------------------------------------------------------------------------------

const Exported& webGame() {
  static const Exported x = playAndExport("web", "play web --auto --seats 4 --seed 3 --turns 30 --no-tei");
  return x;
}

TEST(ReplayEvents, WebHeaderAndResultAreTheGamesOwn) { checkHeaderAndResult(webGame(), "web"); }

// Each battle is at a system where the turn's resolution fired shots, with that turn's losses; conquests leave
// the system with the conqueror; the winners are the engine's.
TEST(ReplayEvents, WebBattlesAppearWithTheirTurnAndTheWinnersAreTheEngines) {
  const auto& x = webGame();
  auto battles = x.of("battle");
  ASSERT_FALSE(battles.empty()) << "30 turns of four AI empires fight";
  for (const auto& b : battles) {
    const uint32_t t = b["turn"];
    auto after = at(x.file, t + 1);
    const auto& w = dynamic_cast<const web::WebGame&>(after->game());
    EXPECT_EQ(b["web_turn"], w.turn());
    int64_t shots = 0, lost = 0;
    for (const auto& e : w.events()) {
      if (e.sys != b["system"].get<uint16_t>()) continue;
      shots += e.kind == web::Ev::Shot ? 1 : 0;
      lost += e.kind == web::Ev::Destroyed ? 1 : 0;
    }
    EXPECT_EQ(b["shots"], shots) << "turn " << t;
    int64_t sum = 0;
    for (const auto& l : b["ships_lost"]) sum += l.get<int64_t>();
    EXPECT_EQ(sum, lost) << "turn " << t;
  }
  for (const auto& c : x.of("conquest")) {
    auto after = at(x.file, c["turn"].get<uint32_t>() + 1);
    const auto& w = dynamic_cast<const web::WebGame&>(after->game());
    if (!c["by"].is_null()) {
      EXPECT_EQ(c["by"], w.systems()[c["system"].get<size_t>()].owner);
    }
  }
  auto end = at(x.file, x.header["turns"]);
  auto outcome = end->game().outcome();
  auto over = x.of("game-over");
  ASSERT_EQ(over.size(), 1u);
  std::vector<Seat> first;
  for (Seat s = 0; s < outcome->rankBySeat.size(); ++s)
    if (outcome->rankBySeat[s] == 1) first.push_back(s);
  EXPECT_EQ(over[0]["winners"].get<std::vector<Seat>>(), first);
}

}  // namespace
