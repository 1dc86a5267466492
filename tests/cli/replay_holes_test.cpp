// Issue 30 "Files that survive", for analysts: `replay dump`, `export`, `step` and `info` read past a hole. A real
// recorded game (a two-officer Warp campaign through the self-play pipeline) gets one byte flipped in a turn frame
// in its middle; every command must give the turns on both sides exactly as the intact file gives them and name
// the turns lost in between: from the damaged frame's first turn to the snapshot that picks the game up
// (docs/replay-format.md "Damage and salvage"), which the test reads from the intact file's frames.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "replay/reader.h"
#include "table/record_bots.h"
#include "tests/support/cli_home.h"

using namespace concord;
using nlohmann::json;

namespace replay_holes {  // named: the unity build puts the CLI tests in one file
namespace {

using concord::testing::runCommand;

const concord::testing::CliHome home("replay-holes");

struct Damaged {
  std::string intact, damaged, salvaged, tail;  // tail: the last turn frame hit (no snapshot after it)
  uint32_t turns = 0, first = 0, resume = 0;    // turns first..resume-1 are lost in `damaged`
  uint32_t tailFirst = 0;                       // `tail` loses turns tailFirst..turns-1
};

// The game, a copy hit in the middle (a frame with a snapshot after it) and a copy hit in its last frame.
const Damaged& game() {
  static const Damaged d = [] {
    Damaged g;
    g.intact = home.path("long.ccr");
    auto p = runCommand(home.bin() + " selfplay --module warp --seats 2 --seed 1 --out " + g.intact + " 2>&1");
    EXPECT_EQ(p.code, 0) << p.out;
    auto r = replay::ReplayReader::open(g.intact);
    EXPECT_TRUE(r.ok()) << r.message();
    g.turns = r->turnCount();
    const replay::FrameInfo *hit = nullptr, *last = nullptr;
    for (const auto& f : r->frames()) {
      if (!hit && f.kind == replay::FrameKind::Turns && f.firstTurn >= g.turns / 4) hit = &f;
      if (hit && !g.resume && f.kind == replay::FrameKind::Snapshot && f.firstTurn > hit->firstTurn) g.resume = f.firstTurn;
      if (f.kind == replay::FrameKind::Turns) last = &f;
    }
    EXPECT_TRUE(hit && last && g.resume) << "a game long enough for a snapshot after the hit frame";
    if (!hit || !last) return g;
    g.first = hit->firstTurn;
    g.tailFirst = last->firstTurn;
    const auto bytes = concord::testing::readAll(g.intact);
    auto flip = [&](const replay::FrameInfo& f, const std::string& name) {
      auto b = bytes;
      b[static_cast<size_t>(f.offset + f.size / 2)] ^= 0x20;  // inside the frame's compressed payload
      concord::testing::writeAll(home.path(name), b);
      return home.path(name);
    };
    g.damaged = flip(*hit, "damaged.ccr");
    g.tail = flip(*last, "tail.ccr");
    g.salvaged = home.path("salvaged.ccr");
    auto s = runCommand(home.bin() + " replay salvage " + g.damaged + " " + g.salvaged + " 2>&1");
    EXPECT_EQ(s.code, 0) << s.out;
    return g;
  }();
  return d;
}

std::string lostRange(uint32_t first, uint32_t last) {
  return "turns " + std::to_string(first) + "-" + std::to_string(last) + " lost";
}

// dump's output cut into each turn's lines ("turn N" and what follows it up to the next turn or gap line).
std::map<uint32_t, std::string> turnsOfDump(const std::string& out, std::vector<std::string>* gaps = nullptr) {
  std::map<uint32_t, std::string> turns;
  std::istringstream in(out);
  std::string* at = nullptr;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("turn ", 0) == 0) {
      at = &turns[static_cast<uint32_t>(std::stoul(line.substr(5)))];
    } else if (line.rfind("gap: ", 0) == 0) {
      if (gaps) gaps->push_back(line);
      at = nullptr;
    } else if (at) {
      *at += line + "\n";
    }
  }
  return turns;
}

TEST(ReplayHoles, DumpGoesOnFromTheSnapshotAfterAHoleAndNamesTheTurnsLost) {
  const auto& g = game();
  const std::string range = " --from " + std::to_string(g.first - 3) + " --to " + std::to_string(g.resume + 3);
  auto clean = runCommand(home.bin() + " replay dump " + g.intact + range + " 2>/dev/null");
  ASSERT_EQ(clean.code, 0);
  const auto want = turnsOfDump(clean.out);
  for (const auto& file : {g.damaged, g.salvaged}) {
    auto d = runCommand(home.bin() + " replay dump " + file + range + " 2>/dev/null");
    EXPECT_EQ(d.code, 0) << d.out.substr(d.out.size() > 800 ? d.out.size() - 800 : 0);
    std::vector<std::string> gaps;
    const auto got = turnsOfDump(d.out, &gaps);
    std::map<uint32_t, std::string> kept;
    for (const auto& [t, text] : want)
      if (t < g.first || t >= g.resume) kept[t] = text;
    EXPECT_EQ(got, kept) << "the turns on both sides of the hole, orders, events and checked Seals as the intact file";
    ASSERT_EQ(gaps.size(), 1u) << d.out;
    EXPECT_EQ(gaps[0].rfind("gap: " + lostRange(g.first, g.resume - 1), 0), 0u) << gaps[0];
    EXPECT_NE(gaps[0].find("picked up at turn " + std::to_string(g.resume)), std::string::npos) << gaps[0];
    EXPECT_LT(d.out.find("turn " + std::to_string(g.first - 1) + "\n"), d.out.find("gap: "));
    EXPECT_LT(d.out.find("gap: "), d.out.find("turn " + std::to_string(g.resume) + "\n"));
  }
  // --from inside the hole: the gap, then the turns after it.
  auto inside = runCommand(home.bin() + " replay dump " + g.damaged + " --from " + std::to_string(g.first + 5) + " --to " +
                           std::to_string(g.resume) + " 2>/dev/null");
  EXPECT_EQ(inside.code, 0);
  EXPECT_EQ(inside.out.find("gap: " + lostRange(g.first, g.resume - 1)), 0u) << inside.out.substr(0, 400);
  EXPECT_EQ(turnsOfDump(inside.out).size(), 1u);
  // A hit last frame: the turns before it, then the gap to the end (nothing picks the game up).
  auto tail = runCommand(home.bin() + " replay dump " + g.tail + " --from " + std::to_string(g.tailFirst - 2) + " 2>/dev/null");
  EXPECT_EQ(tail.code, 0) << tail.out;
  EXPECT_NE(tail.out.find("turn " + std::to_string(g.tailFirst - 1) + "\n"), std::string::npos) << tail.out;
  EXPECT_NE(tail.out.find("gap: " + lostRange(g.tailFirst, g.turns - 1)), std::string::npos) << tail.out;
  EXPECT_NE(tail.out.find("not picked up"), std::string::npos) << tail.out;
}

std::vector<json> records(const std::string& text) {
  std::vector<json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

// What an export of the intact file says about turns outside [first, end), with a gap record where they were.
std::vector<json> withGap(const std::vector<json>& intact, uint32_t first, uint32_t end, const json& gap) {
  std::vector<json> out;
  bool placed = false;
  for (const auto& r : intact) {
    const bool turnRecord = r["record"] == "turn" || r["record"] == "event";
    const int64_t t = turnRecord ? r["turn"].get<int64_t>() : -1;
    if (!placed && (r["record"] == "result" || (turnRecord && t >= first))) out.push_back(gap), placed = true;
    if (turnRecord && t >= first && t < end) continue;
    out.push_back(r);
  }
  return out;
}

TEST(ReplayHoles, ExportGoesOnFromTheSnapshotAfterAHoleWithAGapRecord) {
  const auto& g = game();
  auto clean = runCommand(home.bin() + " replay export " + g.intact + " 2>/dev/null");
  ASSERT_EQ(clean.code, 0);
  const auto intact = records(clean.out);
  for (const auto& file : {g.damaged, g.salvaged}) {
    auto x = runCommand(home.bin() + " replay export " + file + " 2>/dev/null");
    ASSERT_EQ(x.code, 0) << x.out.substr(x.out.size() > 600 ? x.out.size() - 600 : 0);
    const auto got = records(x.out);
    json gap;
    for (const auto& r : got)
      if (r["record"] == "gap") gap = r;
    ASSERT_FALSE(gap.is_null()) << "a gap record";
    EXPECT_EQ(gap["first_turn"], g.first);
    EXPECT_EQ(gap["last_turn"], g.resume - 1);
    EXPECT_EQ(gap["turns"], g.resume - g.first);
    EXPECT_EQ(gap["picked_up"], true);
    EXPECT_EQ(gap["salvaged"], file == g.salvaged);
    EXPECT_NE(gap["why"].get<std::string>().find("checksum"), std::string::npos) << gap;
    EXPECT_EQ(got, withGap(intact, g.first, g.resume, gap))
        << "every header, row, event and the result as the intact file's, the lost turns' left out";
  }
  // CSV (turn rows only): the rows on both sides, none for the lost turns.
  auto csvClean = runCommand(home.bin() + " replay export " + g.intact + " --format csv 2>/dev/null");
  auto csv = runCommand(home.bin() + " replay export " + g.damaged + " --format csv 2>&1 >" + home.path("d.csv"));
  EXPECT_EQ(csv.code, 0) << csv.out;
  EXPECT_NE(csv.out.find(lostRange(g.first, g.resume - 1)), std::string::npos) << "said on stderr: " << csv.out;
  std::string kept;
  std::istringstream in(csvClean.out);
  for (std::string line; std::getline(in, line);) {
    const auto t = line.rfind("turn,", 0) == 0 ? 0 : std::stoul(line);
    if (line.rfind("turn,", 0) == 0 || t < g.first || t >= g.resume) kept += line + "\n";
  }
  EXPECT_EQ(concord::testing::readAll(home.path("d.csv")), std::vector<uint8_t>(kept.begin(), kept.end()));
  // A hit last frame: the rows before it, a gap that picks nothing up, and the result of the game so far.
  auto tail = runCommand(home.bin() + " replay export " + g.tail + " 2>/dev/null");
  ASSERT_EQ(tail.code, 0);
  const auto t = records(tail.out);
  ASSERT_GE(t.size(), 2u);
  const auto& gap = t[t.size() - 2];
  EXPECT_EQ(gap["record"], "gap");
  EXPECT_EQ(gap["first_turn"], g.tailFirst);
  EXPECT_EQ(gap["last_turn"], g.turns - 1) << "the index trailer names the game's length";
  EXPECT_EQ(gap["picked_up"], false);
  EXPECT_EQ(t.back()["finished"], false);
  EXPECT_EQ(t.back()["turns"], g.tailFirst);
}

TEST(ReplayHoles, StepWalksOverAHole) {
  const auto& g = game();
  auto after = runCommand(home.bin() + " replay step " + g.damaged + " --turn " + std::to_string(g.resume + 2) + " 2>&1");
  EXPECT_EQ(after.code, 0) << after.out;
  auto same = runCommand(home.bin() + " replay step " + g.intact + " --turn " + std::to_string(g.resume + 2) + " 2>&1");
  EXPECT_EQ(after.out.substr(after.out.find("== after")), same.out.substr(same.out.find("== after")));
  auto inside = runCommand(home.bin() + " replay step " + g.damaged + " --turn " + std::to_string(g.first + 1) + " 2>&1");
  EXPECT_EQ(inside.code, 1) << inside.out;
  EXPECT_NE(inside.out.find(lostRange(g.first, g.resume - 1)), std::string::npos) << inside.out;
  // n from the last position before the hole lands on the snapshot after it; p comes back.
  auto walk = runCommand("printf 'g " + std::to_string(g.first) + "\\nn\\np\\nq\\n' | " + home.bin() + " replay step " +
                         g.damaged + " 2>&1");
  EXPECT_EQ(walk.code, 0) << walk.out;
  const std::string before = "== after " + std::to_string(g.first) + " of ", resumed = "== after " + std::to_string(g.resume) + " of ";
  const auto b1 = walk.out.find(before), r1 = walk.out.find(resumed), b2 = walk.out.find(before, r1);
  EXPECT_TRUE(b1 != std::string::npos && r1 != std::string::npos && b2 != std::string::npos && b1 < r1 && r1 < b2) << walk.out;
  EXPECT_NE(walk.out.find("last move (turn " + std::to_string(g.resume - 1) + "): " + lostRange(g.first, g.resume - 1)),
            std::string::npos)
      << walk.out;
}

TEST(ReplayHoles, InfoOfADamagedOrSalvagedFileNamesTheHoleAndTheResult) {
  const auto& g = game();
  auto clean = runCommand(home.bin() + " replay info " + g.intact + " 2>/dev/null");
  const auto result = clean.out.substr(clean.out.find("result:"), clean.out.find("assisted:") - clean.out.find("result:"));
  for (const auto& file : {g.damaged, g.salvaged}) {
    auto i = runCommand(home.bin() + " replay info " + file + " 2>&1");
    EXPECT_EQ(i.code, 0) << i.out;
    EXPECT_NE(i.out.find("lost:        " + lostRange(g.first, g.resume - 1)), std::string::npos) << i.out;
    EXPECT_NE(i.out.find(result), std::string::npos) << "the game after the hole ends where it did: " << i.out;
    EXPECT_NE(i.out.find("officer match: seat 1 "), std::string::npos) << i.out;
  }
}

// Issue 26 hides a rated game's hands until it ends; a hole before the end does not unprove the ending (the turns after
// it verify from a state the seats signed), so the game is an ended game: orders in dump, an export (docs/rules-decisions.md
// "Analysts past a hole"). A hole that takes the end leaves it not over: public only.
TEST(ReplayHoles, ARatedGameWhoseEndingVerifiesAfterAHoleIsAnEndedGame) {
  auto session = table::makeBotSession("warp", {}, 4, "replay-holes-rated", "ensign");
  ASSERT_TRUE(session.ok()) << session.message();
  session->rated = true;
  table::RecordOptions opt;
  opt.writer = {32, 64};  // snapshots often enough for a hole in a short game
  const auto file = home.path("rated.ccr");
  ASSERT_TRUE(table::recordBotGame(file, *session, table::botSessionKeys("replay-holes-rated", 4), opt).ok());
  auto r = replay::ReplayReader::open(file);
  ASSERT_TRUE(r.ok()) << r.message();
  const replay::FrameInfo *hit = nullptr, *last = nullptr;
  for (const auto& f : r->frames())
    if (f.kind == replay::FrameKind::Turns) {
      if (!hit && f.firstTurn >= 64) hit = &f;
      last = &f;
    }
  ASSERT_TRUE(hit && last && hit->firstTurn + 64 < last->firstTurn) << "a game long enough for a hole in its middle";
  const auto bytes = concord::testing::readAll(file);
  auto flipped = [&](const replay::FrameInfo& f, const std::string& name) {
    auto b = bytes;
    b[static_cast<size_t>(f.offset + f.size / 2)] ^= 0x20;
    concord::testing::writeAll(home.path(name), b);
    return home.path(name);
  };
  const auto middle = flipped(*hit, "rated-middle.ccr"), end = flipped(*last, "rated-end.ccr");
  const std::string reason = "this rated game";
  auto d = runCommand(home.bin() + " replay dump " + middle + " 2>&1");
  EXPECT_EQ(d.code, 0) << d.out.substr(0, 600);
  EXPECT_EQ(d.out.find(reason), std::string::npos) << d.out.substr(0, 600);
  EXPECT_NE(d.out.find(": chart "), std::string::npos) << "the orders of an ended game";
  EXPECT_NE(d.out.find("gap: turns " + std::to_string(hit->firstTurn) + "-"), std::string::npos);
  auto x = runCommand(home.bin() + " replay export " + middle + " 2>&1");
  EXPECT_EQ(x.code, 0) << x.out.substr(0, 600);
  EXPECT_NE(x.out.find("\"record\":\"gap\""), std::string::npos);
  auto cut = runCommand(home.bin() + " replay dump " + end + " 2>&1");
  EXPECT_EQ(cut.code, 0) << cut.out.substr(0, 600);
  EXPECT_NE(cut.out.find(reason + " is not over"), std::string::npos) << cut.out.substr(0, 600);
  EXPECT_EQ(cut.out.find(": chart "), std::string::npos) << "no orders of a rated game whose end is lost";
  EXPECT_EQ(runCommand(home.bin() + " replay export " + end + " 2>&1").code, 1);
}

}  // namespace
}  // namespace replay_holes
