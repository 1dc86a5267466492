// Issue 30 "Analysts" at a hidden-hands table (issue 26): the export's events tell only what a spectator may know. A
// live seeded game: three people at a Warp 9 Go-out table with hidden hands, each seat's bundle carrying its deck
// duty and signed on the TurnLedger as at a LAN table, the officers choosing from their own views; then
// `concord replay export` on the file it wrote. Every coordinate an event names must be on the public table before or
// after its turn or in the turn's narration (what a spectator sees), and never a coordinate that stayed in a hand
// through the turn; the hands themselves are read with the keys the sector's end revealed.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/warp/state.h"
#include "lockstep/seat_bot.h"
#include "table/record_bots.h"
#include "tests/support/analyst_export.h"
#include "tests/support/signed_table.h"

using namespace concord;
using nlohmann::json;

namespace replay_events_hidden {  // named: the unity build puts the export tests in one file

const concord::testing::CliHome home("replay-events-hidden");

// The game, played to its end and written as it goes.
std::string playHidden() {
  const std::string label = "events-hidden";
  auto s = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "3"}, {"set", "9"}}, 3, label).value();
  for (auto& seat : s.seats) {  // people: each keeps its own hand
    seat.ai = false;
    seat.botKind.clear();
  }
  s.hiddenHands = true;
  const auto keys = table::botSessionKeys(label, 3);
  const auto path = home.path("hidden.ccr");
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat i = 0; i < 3; ++i) bots.push_back(lockstep::makeSeatBot(s, i));
  concord::testing::playSignedLocally(s, keys, path, [&](const lockstep::TurnEngine& e, Seat i, const lockstep::KeyPair& ours) {
    return lockstep::botOrdersFor(e, i, *bots[i], &ours);
  });
  return path;
}

// Every "H-L" token of a text (a coordinate as the table, the narration and the events write it).
std::set<std::string> tiles(const std::string& text) {
  static const std::regex tile(R"((^|[^0-9])([0-9]+-[0-9]+)(?![0-9]))");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tile); it != std::sregex_iterator(); ++it) out.insert((*it)[2].str());
  return out;
}

// What the file shows at each position: the spectator's table, and each seat's hand as its keeper reads it with the
// key the end revealed.
struct Positions {
  std::vector<std::set<std::string>> spectator;
  std::vector<std::vector<std::set<std::string>>> hands;  // [position][seat]
};

Positions positions(const std::string& file) {
  Positions out;
  auto r = replay::ReplayReader::open(file);
  EXPECT_TRUE(r.ok()) << r.message();
  auto end = r->seek(r->turnCount());
  EXPECT_TRUE(end.ok());
  const HiddenInfo* last = (*end)->game().hiddenInfo();
  EXPECT_NE(last, nullptr) << "a hidden-hands table";
  if (!last) return out;
  auto e = r->seek(0);
  EXPECT_TRUE(e.ok());
  for (uint32_t p = 0; e.ok(); ++p) {
    const auto& g = (*e)->game();
    out.spectator.push_back(tiles(g.observe(kSpectator).text));
    out.hands.emplace_back();
    for (Seat s = 0; s < 3; ++s) {
      const auto key = last->revealedKey(g.hiddenInfo()->keeperOf(s));
      EXPECT_TRUE(key.has_value()) << "the sector's end reveals every key";
      std::set<std::string> hand;
      const auto view = key ? g.hiddenInfo()->viewFor(s, *key) : nullptr;  // named: the hand lives in it
      if (view)
        for (const auto& t : dynamic_cast<const warp::WarpGame&>(*view).seat(s).hand) hand.insert(t.text());
      out.hands.back().push_back(std::move(hand));
    }
    if (p == r->turnCount()) break;
    auto rec = r->turn(p);
    EXPECT_TRUE(rec.ok()) << rec.message();
    if (!rec) break;
    (*e)->step(rec->ordersBySeat);
  }
  return out;
}

// Every text value of an event (its fields, not the seat names).
std::string fieldText(const json& ev) {
  std::string out;
  for (const auto& [key, value] : ev.items())
    if (key != "seat_names" && key != "record" && key != "kind") out += value.dump() + " ";
  return out;
}

TEST(ReplayEventsHidden, EventsNameOnlyWhatASpectatorMayKnow) {
  const auto file = playHidden();
  const auto x = concord::testing::exportOf(home, file);
  concord::testing::checkHeaderAndResult(x, "warp");
  EXPECT_EQ(x.header["hidden_hands"], true);
  const auto at = positions(file);
  ASSERT_EQ(at.spectator.size(), x.header["turns"].get<size_t>() + 1);
  // The hands are there and the spectator does not see them: what the check below relies on.
  size_t unseen = 0;
  for (size_t p = 0; p < at.hands.size(); ++p)
    for (const auto& hand : at.hands[p])
      for (const auto& t : hand) unseen += at.spectator[p].count(t) ? 0u : 1u;
  EXPECT_GT(unseen, 1000u) << "hidden hands hold coordinates the public table does not show";

  std::set<std::string> kinds;
  size_t named = 0;
  for (const auto& ev : x.events) {
    const int64_t t = ev["turn"];
    const size_t before = t < 0 ? 0 : static_cast<size_t>(t), after = t < 0 ? 0 : before + 1;
    std::set<std::string> seen = at.spectator[before];
    seen.insert(at.spectator[after].begin(), at.spectator[after].end());
    if (t >= 0) {
      const auto rows = x.turn(t);  // kept: a range-for over a member of the temporary would read freed rows
      for (const auto& n : rows.at(0)["narration"]) {
        const auto said = tiles(n["text"].get<std::string>());
        seen.insert(said.begin(), said.end());
      }
    }
    kinds.insert(ev["kind"].get<std::string>());
    for (const auto& tile : tiles(fieldText(ev))) {
      ++named;
      EXPECT_TRUE(seen.count(tile)) << "turn " << t << ": " << ev.dump() << " names " << tile << ", which no spectator saw";
      for (Seat s = 0; s < 3; ++s)
        EXPECT_FALSE(at.hands[before][s].count(tile) && at.hands[after][s].count(tile))
            << "turn " << t << ": " << ev.dump() << " names " << tile << ", in seat " << s << "'s hand throughout";
    }
  }
  EXPECT_GT(named, 10u) << "events name coordinates (Spacedocks, alert doubles)";
  for (const char* k : {"round-start", "round-end", "yellow-alert", "game-over"}) EXPECT_TRUE(kinds.count(k)) << k;
}

}  // namespace replay_events_hidden
