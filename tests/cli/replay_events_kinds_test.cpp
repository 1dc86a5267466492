// Issue 30 "Analysts", every kind of game: the export's events from live seeded games of the kinds the first tests
// did not play. A Warp round won by going out against a blocked one (Go-out: the deal is re-dealt, no win credited;
// Points: scored, nobody wins); an Every Last City team game (VC-1570: a team wins and places as one); a W.E.B. game in
// which independent systems join empires mid-game (§2g). Each event is checked against what the engine keeps apart
// from the extractor: the order log, the narration and its tally lines, the Chronicle, the Outcome, the state at the
// event's turn. The hidden-hands game is tests/cli/replay_events_hidden_test.cpp.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/elc/state.h"
#include "core/warp/state.h"
#include "core/web/state.h"
#include "tests/support/analyst_export.h"

using namespace concord;
using nlohmann::json;

namespace replay_events_kinds {  // named: the unity build puts the export tests in one file

using concord::testing::actors;
using concord::testing::engineAt;
using concord::testing::Exported;
using concord::testing::narrates;

const concord::testing::CliHome home("replay-events-kinds");

// Options that leave captains without a play more often (RULES §VI modules off), so rounds block.
const std::string kBlocky = " set=9 salamander=off continuum=off allstop=off impulse=off";

const warp::WarpGame& warpOf(const lockstep::TurnEngine& e) { return dynamic_cast<const warp::WarpGame&>(e.game()); }

// ---- Warp: out against blocked ------------------------------------------------------------------------

// Go-out (Victory conditions): a round ends when its winner goes out; a blocked deal is dealt again at the same
// Spacedock and credits no win, so no round ends.
TEST(ReplayEventsKinds, GoOutRoundsEndByGoingOutAndABlockedDealIsReDealtWithoutAWin) {
  const auto x = concord::testing::playAndExport(
      home, "goout", "play warp --auto --seats 4 --seed 6 --no-tei objective=goout goout=fixed rounds=5" + kBlocky);
  concord::testing::checkHeaderAndResult(x, "warp");
  const auto ends = x.of("round-end"), blocked = x.of("deal-blocked"), starts = x.of("round-start");
  ASSERT_FALSE(ends.empty());
  ASSERT_FALSE(blocked.empty()) << "seed 6 blocks a deal";
  EXPECT_EQ(starts.size(), ends.size() + blocked.size()) << "each round and each re-deal starts once";
  for (const auto& e : ends) {
    const int64_t t = e["turn"];
    EXPECT_EQ(e["how"], "out");
    ASSERT_FALSE(e["winner"].is_null());
    const Seat w = e["winner"];
    EXPECT_EQ(e["went_out"], w);
    EXPECT_EQ(e["winners"], std::vector<Seat>{w});
    EXPECT_EQ(actors(x, t), std::vector<Seat>{w}) << "the winner's own order ended the round";
    EXPECT_TRUE(narrates(x, t, x.header["seats"][w]["name"].get<std::string>() + " goes out and wins round " +
                                   std::to_string(e["round"].get<int>())))
        << "turn " << t;
    EXPECT_FALSE(e.contains("scores")) << "a Go-out round has no tally";
    const auto before = engineAt(x.file, static_cast<uint32_t>(t)), after = engineAt(x.file, static_cast<uint32_t>(t + 1));
    for (Seat s = 0; s < 4; ++s) {
      EXPECT_EQ(e["round_wins"][s], warpOf(*after).seat(s).roundWins) << "turn " << t;
      EXPECT_EQ(warpOf(*after).seat(s).roundWins, warpOf(*before).seat(s).roundWins + (s == w ? 1 : 0));
    }
  }
  for (const auto& b : blocked) {
    const int64_t t = b["turn"];
    EXPECT_TRUE(narrates(x, t, "Blocked sector")) << "turn " << t;
    EXPECT_TRUE(narrates(x, t, "Round re-dealt")) << "turn " << t;
    const auto before = engineAt(x.file, static_cast<uint32_t>(t)), after = engineAt(x.file, static_cast<uint32_t>(t + 1));
    EXPECT_EQ(b["round"], warpOf(*before).round());
    EXPECT_EQ(warpOf(*after).round(), warpOf(*before).round()) << "the same round is dealt again";
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(warpOf(*after).seat(s).roundWins, warpOf(*before).seat(s).roundWins) << "no win";
    size_t redeals = 0, endsHere = 0;
    for (const auto& s : starts) redeals += s["turn"] == t && s["redeal"] == 1 && s["round"] == b["round"] ? 1u : 0u;
    for (const auto& e : ends) endsHere += e["turn"] == t ? 1u : 0u;
    EXPECT_EQ(redeals, 1u) << "turn " << t;
    EXPECT_EQ(endsHere, 0u) << "a blocked deal ends no round";
  }
}

// The tally lines the narration prints for a Points round: seat name -> (round score, campaign).
std::map<std::string, std::pair<int64_t, int64_t>> tallies(const Exported& x, int64_t turn) {
  static const std::regex line(R"(Tally: (.+?): .*-> (-?[0-9]+) \(campaign (-?[0-9]+)\))");
  std::map<std::string, std::pair<int64_t, int64_t>> out;
  const auto rows = x.turn(turn);
  for (const auto& n : rows.at(0)["narration"]) {
    std::smatch m;
    const std::string text = n["text"];
    if (std::regex_search(text, m, line)) out[m[1].str()] = {std::stoll(m[2].str()), std::stoll(m[3].str())};
  }
  return out;
}

// Points (§V): a blocked round is scored like any other and nobody wins it; a round gone out is won by who went out.
// The scores are the tally's, as the narration prints it.
TEST(ReplayEventsKinds, PointsBlockedRoundsAreScoredAndWonByNobody) {
  const auto x = concord::testing::playAndExport(home, "points", "play warp --auto --seats 4 --seed 2 --no-tei objective=points" + kBlocky);
  concord::testing::checkHeaderAndResult(x, "warp");
  size_t blocked = 0, out = 0;
  for (const auto& e : x.of("round-end")) {
    const int64_t t = e["turn"];
    const auto tally = tallies(x, t);
    ASSERT_EQ(tally.size(), 4u) << "turn " << t;
    for (Seat s = 0; s < 4; ++s) {
      const auto& [score, campaign] = tally.at(x.header["seats"][s]["name"].get<std::string>());
      EXPECT_EQ(e["scores"][s], score) << "turn " << t << " seat " << s;
      EXPECT_EQ(e["totals"][s], campaign) << "turn " << t << " seat " << s;
    }
    const auto after = engineAt(x.file, static_cast<uint32_t>(t + 1));
    if (e["how"] == "blocked") {
      ++blocked;
      EXPECT_TRUE(narrates(x, t, "Blocked sector")) << "turn " << t;
      EXPECT_TRUE(e["winner"].is_null());
      EXPECT_TRUE(e["went_out"].is_null());
      EXPECT_TRUE(e["winners"].empty());
      EXPECT_EQ(warpOf(*after).roundWinner(), warp::kNone);
    } else {
      ++out;
      EXPECT_EQ(e["how"], "out");
      EXPECT_EQ(e["winner"], e["went_out"]);
      EXPECT_EQ(e["winner"], warpOf(*after).roundWinner());
      EXPECT_FALSE(narrates(x, t, "Blocked sector"));
    }
  }
  EXPECT_EQ(blocked, 2u) << "seed 2 blocks two rounds";
  EXPECT_GT(out, 0u);
}

// ---- Every Last City: teams ----------------------------------------------------------------------------

// VC-1570: a team is one side; it wins as a unit and its members share the placing. VC-1580: a member who capitulates
// leaves the team. The winners are the Outcome's first-placed seats, the team the Chronicle's "TEAM B WINS".
TEST(ReplayEventsKinds, ElcATeamWinsAsOneAndAMemberWhoCapitulatesLeavesTheTeam) {
  const auto x = concord::testing::playAndExport(home, "elc-teams",
                                                 "play elc --auto --seats 4 --seed 1 --no-tei preset=blitz teams=AABB");
  concord::testing::checkHeaderAndResult(x, "elc");
  const auto end = engineAt(x.file, x.header["turns"]);
  const auto& g = dynamic_cast<const elc::ElcGame&>(end->game());
  auto outcome = g.outcome();
  ASSERT_TRUE(outcome.has_value());
  std::vector<Seat> first;
  for (Seat s = 0; s < 4; ++s)
    if (outcome->rankBySeat[s] == 1) first.push_back(s);
  ASSERT_EQ(first.size(), 2u) << "a team of two places first together";
  const auto over = x.of("game-over");
  ASSERT_EQ(over.size(), 1u);
  EXPECT_EQ(over[0]["winners"], first);
  EXPECT_EQ(over[0]["seats"], first);
  EXPECT_EQ(over[0]["winner"], g.winner());
  EXPECT_EQ(over[0]["route"], g.route());
  ASSERT_TRUE(over[0]["team"].is_string());
  std::string shout = over[0]["team"];
  for (auto& c : shout) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  size_t won = 0;
  for (const auto& c : g.chronicle()) won += c.text.find(shout + " WINS") != std::string::npos ? 1u : 0u;
  EXPECT_EQ(won, 1u) << "the Chronicle names the winning team: " << over[0]["team"];

  const auto left = x.of("left");
  ASSERT_FALSE(left.empty()) << "seed 1: Red capitulates";
  for (const auto& l : left) {
    const Seat s = l["seat"];
    const auto before = engineAt(x.file, l["turn"]), after = engineAt(x.file, l["turn"].get<uint32_t>() + 1);
    const auto& was = dynamic_cast<const elc::ElcGame&>(before->game());
    const auto& now = dynamic_cast<const elc::ElcGame&>(after->game());
    EXPECT_TRUE(was.teamed(s) && !now.teamed(s)) << "VC-1580: seat " << s << " left its team at that turn";
    EXPECT_EQ(l["team"], std::string("Team ") + static_cast<char>('A' + now.config().team[s]));
    EXPECT_NE(now.seatLabel(s).find("(left " + l["team"].get<std::string>() + ")"), std::string::npos) << now.seatLabel(s);
  }
}

// ---- W.E.B.: independents joining empires -------------------------------------------------------------

// §2g: a Neutral independent that voted to join an empire on an earlier turn transfers to it; its garrison disbands,
// or defects to the pirates after a rogue vote.
TEST(ReplayEventsKinds, WebIndependentsJoinTheEmpireTheyVotedFor) {
  const auto x = concord::testing::playAndExport(home, "web", "play web --auto --seats 4 --seed 3 --turns 30 --no-tei");
  concord::testing::checkHeaderAndResult(x, "web");
  const auto joins = x.of("join");
  ASSERT_GE(joins.size(), 10u) << "30 turns of four AI empires courting independents";
  size_t defected = 0;
  for (const auto& j : joins) {
    const uint32_t t = j["turn"];
    const uint16_t sys = j["system"];
    const Seat empire = j["empire"];
    const auto before = engineAt(x.file, t), after = engineAt(x.file, t + 1);
    const auto& was = dynamic_cast<const web::WebGame&>(before->game());
    const auto& now = dynamic_cast<const web::WebGame&>(after->game());
    EXPECT_EQ(was.systems()[sys].owner, web::kIndependent) << "turn " << t;
    EXPECT_EQ(was.systems()[sys].joining, empire) << "the vote of an earlier turn (§2g)";
    EXPECT_EQ(was.systems()[sys].joinRogue, j["defected"] == 1);
    EXPECT_EQ(now.systems()[sys].owner, empire) << "turn " << t;
    EXPECT_EQ(j["system_name"], now.systems()[sys].name);
    EXPECT_EQ(j["seats"], std::vector<Seat>{empire});
    int64_t garrison = 0, pirates = 0;
    for (const auto& s : was.ships()) garrison += s.alive() && s.sys == sys && s.owner == web::kIndependent ? 1 : 0;
    for (const auto& s : now.ships()) pirates += s.alive() && s.sys == sys && s.owner == web::kPirate ? 1 : 0;
    bool fought = false;
    for (const auto& b : x.of("battle")) fought = fought || (b["turn"] == t && b["system"] == sys);
    if (!fought) {
      EXPECT_EQ(j["garrison"], garrison) << "turn " << t << ": every independent ship there";
    }
    if (j["defected"] == 1) {
      ++defected;
      EXPECT_GE(pirates, j["garrison"].get<int64_t>()) << "turn " << t << ": the garrison defected to the pirates";
    }
  }
  EXPECT_GT(defected, 0u) << "seed 3 has rogue joins";
}

}  // namespace replay_events_kinds
