// Replays for analysts (issue 11), run as a user runs them: the `concord` binary on Warp replays it wrote.
// Damage (verify counts the recoverable turns, salvage writes them), the result in `info`, events and Seal
// checks in `dump`, the last move and event jumps in `step`, one seat name everywhere, and `export`.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/warp/state.h"
#include "replay/reader.h"
#include "replay/writer.h"
#include "tests/support/cli_home.h"

using namespace concord;

namespace {

using concord::testing::Ran;
Ran run(const std::string& cmd) { return concord::testing::runCommand(cmd); }

// Every command runs with its own HOME and data directory (play writes keys and replays there).
const concord::testing::CliHome home("replay-analyst");

// A finished three-captain Warp 9 sector played by greedy officers (about 700 turns, 11 frames).
const std::string& finishedGame() {
  static const std::string p = [] {
    auto f = home.path("finished.ccr");
    auto r = run(home.bin() + " play warp --auto --seats 3 --seed 5 --no-tei --replay " + f + " set=9 2>&1");
    EXPECT_EQ(r.code, 0) << r.out;
    return f;
  }();
  return p;
}

uint32_t turnsOf(const std::string& file) {
  auto r = replay::ReplayReader::open(file);
  return r ? r->turnCount() : 0;
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t c = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++c;
  return c;
}

// A forger's copy of `in`: at the first turn from `from` on where an awaited seat had another legal order,
// that order is swapped for the other one; every checksum is recomputed, so only the Seal can tell.
uint32_t forge(const std::string& in, const std::string& out, uint32_t from) {
  auto r = replay::ReplayReader::open(in);
  EXPECT_TRUE(r.ok());
  const auto bytes = concord::testing::readAll(in);
  std::vector<uint8_t> forged(bytes.begin(), bytes.begin() + static_cast<long>(r->frames().front().offset));
  uint32_t forgedTurn = UINT32_MAX;
  for (size_t i = 0; i < r->frames().size(); ++i) {
    const auto& f = r->frames()[i];
    if (f.kind == replay::FrameKind::Index) break;  // dropped: the forged file has no trailer
    bool done = forgedTurn != UINT32_MAX;
    if (f.kind != replay::FrameKind::Turns || done || f.firstTurn + f.turnCount <= from) {
      forged.insert(forged.end(), bytes.begin() + static_cast<long>(f.offset),
                    bytes.begin() + static_cast<long>(f.offset + f.size));
      continue;
    }
    auto block = r->block(i);
    EXPECT_TRUE(block.ok());
    for (auto& t : block->turns) {
      if (t.turn < from || forgedTurn != UINT32_MAX) continue;
      auto e = r->seek(t.turn);
      for (Seat s = 0; s < t.ordersBySeat.size() && forgedTurn == UINT32_MAX; ++s) {
        if (t.ordersBySeat[s].size() != 1) continue;
        for (const auto& o : (*e)->game().legalOrders(s))
          if (!(o == t.ordersBySeat[s][0])) {
            t.ordersBySeat[s][0] = o;
            forgedTurn = t.turn;
            break;
          }
      }
    }
    auto frame = replay::encodeFrame(replay::FrameKind::Turns, f.firstTurn, f.turnCount, replay::encodeBlock(*block, replay::sealTagBytes(r->header().formatVersion)));
    forged.insert(forged.end(), frame.begin(), frame.end());
  }
  concord::testing::writeAll(out, forged);
  return forgedTurn;
}

// ---- Damage --------------------------------------------------------------------------------------------

// Issue 11: a file with a header and no turns is not a game that verifies (it was "OK: 0 turns", exit 0).
TEST(ReplayDamage, HeaderOnlyFileDoesNotVerify) {
  auto f = home.path("empty.ccr");
  run("printf 'quit\\n' | " + home.bin() + " play warp --seats 2 --seed 3 --no-tei --replay " + f + " 2>&1");
  ASSERT_EQ(turnsOf(f), 0u) << "quitting at once leaves a header-only file";
  auto v = run(home.bin() + " replay verify " + f + " 2>&1");
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("FAILED: the file holds a header and no turns"), std::string::npos) << v.out;
}

// Issue 11, then issue 30: a flipped byte inside one frame costs the turns from that frame to the next snapshot; verify
// names them and how many of the rest verify, and salvage writes both sides of the hole as a new file.
TEST(ReplayDamage, FlippedByteCostsItsFrameToTheNextSnapshotAndSalvageKeepsBothSides) {
  // A finished two-officer Warp campaign long enough for snapshots (about 2,400 turns).
  const auto game = home.path("long.ccr");
  ASSERT_EQ(run(home.bin() + " selfplay --module warp --seats 2 --seed 1 --out " + game + " 2>&1").code, 0);
  auto r = replay::ReplayReader::open(game);
  ASSERT_TRUE(r.ok()) << r.message();
  const replay::FrameInfo* hit = nullptr;
  uint32_t next = 0;
  for (const auto& f : r->frames()) {
    if (!hit && f.kind == replay::FrameKind::Turns && f.firstTurn >= 3 * r->header().blockTurns) hit = &f;
    if (hit && !next && f.kind == replay::FrameKind::Snapshot && f.firstTurn > hit->firstTurn) next = f.firstTurn;
  }
  ASSERT_NE(hit, nullptr);
  ASSERT_NE(next, 0u) << "the game must be long enough for a snapshot after the damaged frame";
  auto bytes = concord::testing::readAll(game);
  bytes[static_cast<size_t>(hit->offset + hit->size / 2)] ^= 0x20;  // inside the frame's compressed payload
  auto damaged = home.path("damaged.ccr");
  concord::testing::writeAll(damaged, bytes);
  const uint32_t kept = r->turnCount() - (next - hit->firstTurn);

  auto v = run(home.bin() + " replay verify " + damaged + " 2>&1");
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("FAILED: turns " + std::to_string(hit->firstTurn) + "-" + std::to_string(next - 1) +
                       " lost (frame damaged at offset " + std::to_string(hit->offset)),
            std::string::npos)
      << v.out;
  EXPECT_NE(v.out.find("recoverable: " + std::to_string(kept) + " turns verify (turns 0-" + std::to_string(hit->firstTurn - 1) +
                       ", " + std::to_string(next) + "-" + std::to_string(r->turnCount() - 1)),
            std::string::npos)
      << v.out;
  EXPECT_NE(v.out.find("not ratable"), std::string::npos) << v.out;

  auto out = home.path("salvaged.ccr");
  auto s = run(home.bin() + " replay salvage " + damaged + " " + out + " 2>&1");
  ASSERT_EQ(s.code, 0) << s.out;
  EXPECT_NE(s.out.find("salvaged " + std::to_string(kept) + " turns"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("kept both sides of a hole"), std::string::npos) << s.out;
  auto again = run(home.bin() + " replay verify " + out + " 2>&1");
  EXPECT_EQ(again.code, 1) << "the salvaged game still has its hole: " << again.out;
  EXPECT_NE(again.out.find("lost before this file was salvaged"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("recoverable: " + std::to_string(kept) + " turns verify"), std::string::npos) << again.out;
  EXPECT_EQ(again.out.find("notice"), std::string::npos) << "a salvaged file is closed cleanly: " << again.out;
  auto rated = run(home.bin() + " tei apply " + out + " --db " + home.path("holes.sqlite") + " 2>&1");
  EXPECT_NE(rated.code, 0) << "a game with a hole is never rated: " << rated.out;
  EXPECT_NE(rated.out.find("lost before this file was salvaged"), std::string::npos) << rated.out;

  // Damage in the first frame of a game with no snapshot after it leaves nothing to salvage: a clear refusal.
  auto shortGame = home.path("short.ccr");
  ASSERT_EQ(run(home.bin() + " replay record " + shortGame + " --turns 100 2>&1").code, 0);
  auto sr = replay::ReplayReader::open(shortGame);
  ASSERT_TRUE(sr.ok()) << sr.message();
  auto first = concord::testing::readAll(shortGame);
  first[static_cast<size_t>(sr->frames().front().offset + sr->frames().front().size / 2)] ^= 0x20;
  concord::testing::writeAll(home.path("first.ccr"), first);
  auto none = run(home.bin() + " replay salvage " + home.path("first.ccr") + " " + home.path("none.ccr") + " 2>&1");
  EXPECT_EQ(none.code, 1) << none.out;
  EXPECT_NE(none.out.find("nothing to salvage"), std::string::npos) << none.out;
  auto same = run(home.bin() + " replay salvage " + damaged + " " + damaged + " 2>&1");
  EXPECT_EQ(same.code, 1) << same.out;
}

// ---- Events and result in the tools --------------------------------------------------------------------

TEST(ReplayTools, InfoShowsPlacingsScoresAndHowTheGameEnded) {
  auto i = run(home.bin() + " replay info " + finishedGame() + " 2>&1");
  ASSERT_EQ(i.code, 0) << i.out;
  EXPECT_NE(i.out.find("result:      finished after " + std::to_string(turnsOf(finishedGame())) +
                       " turns: Sector over (campaign complete"),
            std::string::npos)
      << i.out;
  EXPECT_EQ(count(i.out, "placing "), 3u) << i.out;
  // The placings are the game's own Outcome, in rank order.
  auto r = replay::ReplayReader::open(finishedGame());
  auto e = r->seek(r->turnCount());
  auto outcome = (*e)->game().outcome();
  ASSERT_TRUE(outcome.has_value());
  for (Seat s = 0; s < 3; ++s) {
    char line[160];
    std::snprintf(line, sizeof line, "placing %-4u seat %u Captain %u", outcome->rankBySeat[s], s, s);
    EXPECT_NE(i.out.find(line), std::string::npos) << line << "\n" << i.out;
    EXPECT_NE(i.out.find("score " + std::to_string(outcome->scoreBySeat[s])), std::string::npos) << i.out;
  }
  // A game left early says it is unfinished.
  auto early = home.path("early.ccr");
  run("printf '1\\n1\\nquit\\n' | " + home.bin() + " play warp --seats 3 --seed 4 --no-tei --replay " + early + " 2>&1");
  auto u = run(home.bin() + " replay info " + early + " 2>&1");
  EXPECT_NE(u.out.find("result:      unfinished"), std::string::npos) << u.out;
}

TEST(ReplayTools, DumpPrintsGameEventsBetweenTheOrders) {
  auto d = run(home.bin() + " replay dump " + finishedGame() + " 2>&1");
  ASSERT_EQ(d.code, 0) << d.out.substr(0, 2000);
  EXPECT_NE(d.out.find("  event round: Round 2: Spacedock 8-8"), std::string::npos);
  EXPECT_NE(d.out.find("  event alert: "), std::string::npos);
  EXPECT_NE(d.out.find("  event goout: "), std::string::npos);
  EXPECT_NE(d.out.find("  event tally: Tally: "), std::string::npos);
  EXPECT_NE(d.out.find("  event winner: Sector over"), std::string::npos);
  // An event follows the order that caused it and precedes the turn's Seal.
  auto order = d.out.find("turn 0\n  seat 0 Captain 0: chart ");
  ASSERT_NE(order, std::string::npos) << d.out.substr(0, 400);
  auto event = d.out.find("  event play: Captain 0 charts", order);
  auto seal = d.out.find("  seal ", order);
  EXPECT_LT(order, event);
  EXPECT_LT(event, seal);
}

// Issue 11: a forged order (checksums intact) made dump print a different game to the end with exit 0.
TEST(ReplayTools, DumpChecksEachSealAndStopsAtAForgedOrder) {
  auto forged = home.path("forged.ccr");
  uint32_t t = forge(finishedGame(), forged, 100);
  ASSERT_NE(t, UINT32_MAX);
  auto d = run(home.bin() + " replay dump " + forged + " 2>&1");
  EXPECT_NE(d.code, 0);
  EXPECT_NE(d.out.find("turn " + std::to_string(t) + ": re-simulated Seal"), std::string::npos) << d.out.substr(d.out.size() - 600);
  EXPECT_EQ(d.out.find("\nturn " + std::to_string(t + 1) + "\n"), std::string::npos) << "dump went on past the forgery";
  EXPECT_NE(d.out.find("\nturn " + std::to_string(t - 1) + "\n"), std::string::npos);
  // export refuses the same way.
  auto x = run(home.bin() + " replay export " + forged + " --out " + home.path("forged.jsonl") + " 2>&1");
  EXPECT_EQ(x.code, 1) << x.out;
  EXPECT_NE(x.out.find("turn " + std::to_string(t) + ": re-simulated Seal"), std::string::npos) << x.out;
}

TEST(ReplayTools, StepShowsTheLastMoveAndJumpsToTheNextRoundAndAlert) {
  auto s = run(home.bin() + " replay step " + finishedGame() + " --turn 1 2>&1");
  ASSERT_EQ(s.code, 0) << s.out;
  EXPECT_NE(s.out.find("== after 1 of "), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("last move (turn 0):\n  seat 0 Captain 0: chart "), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("  event play: Captain 0 charts"), std::string::npos) << s.out;

  // Where the first alert and the second round begin, from dump's events.
  auto d = run(home.bin() + " replay dump " + finishedGame() + " 2>&1").out;
  auto turnBefore = [&](size_t at) {
    auto t = d.rfind("\nturn ", at);
    return std::stoul(d.substr(t + 6, d.find('\n', t + 1) - t - 6));
  };
  auto alertTurn = turnBefore(d.find("  event alert: "));
  auto roundTurn = turnBefore(d.find("  event round: ", d.find("  event alert: ")));
  auto j = run("printf 'next alert\\nnext round\\nnext nonsense\\nq\\n' | " + home.bin() + " replay step " + finishedGame() +
               " --seat 1 2>&1");
  ASSERT_EQ(j.code, 0) << j.out;
  EXPECT_NE(j.out.find("== after " + std::to_string(alertTurn + 1) + " of "), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("== after " + std::to_string(roundTurn + 1) + " of "), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("event alert: "), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("event round: Round "), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("next what?"), std::string::npos) << j.out;
}

// Issue 11: info said "seat 1  Captain 1", dump "Captain 1:", step "seat 1"; now one label everywhere.
TEST(ReplayTools, SeatsAreNamedTheSameWayInInfoDumpAndStep) {
  const std::string label = "seat 1 Captain 1";
  auto i = run(home.bin() + " replay info " + finishedGame() + " 2>&1").out;
  auto d = run(home.bin() + " replay dump " + finishedGame() + " --to 3 2>&1").out;
  auto s = run(home.bin() + " replay step " + finishedGame() + " --turn 2 --seat 1 2>&1").out;
  EXPECT_NE(i.find(label + " "), std::string::npos) << i;
  EXPECT_NE(d.find("  " + label + ": chart "), std::string::npos) << d;
  EXPECT_NE(s.find("seen by " + label + " =="), std::string::npos) << s;
  EXPECT_NE(s.find("  " + label + ": chart "), std::string::npos) << s;
}

// ---- Export --------------------------------------------------------------------------------------------

// The export's turn rows (its header, event and result records are checked in replay_events_test.cpp).
std::vector<nlohmann::json> jsonl(const std::string& text) {
  std::vector<nlohmann::json> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty())
      if (auto j = nlohmann::json::parse(line); j["record"] == "turn") rows.push_back(std::move(j));
  return rows;
}

TEST(ReplayExport, OneRecordPerTurnAndSeatWithOrdersEventsAndSeal) {
  auto x = run(home.bin() + " replay export " + finishedGame() + " --format jsonl 2>&1");
  ASSERT_EQ(x.code, 0) << x.out.substr(0, 400);
  auto rows = jsonl(x.out);
  const uint32_t turns = turnsOf(finishedGame());
  ASSERT_EQ(rows.size(), static_cast<size_t>(turns) * 3);
  EXPECT_EQ(rows[0]["turn"], 0);
  EXPECT_EQ(rows[4]["seat"], 1);
  EXPECT_EQ(rows[4]["seat_name"], "Captain 1");
  EXPECT_EQ(rows[0]["orders"][0]["kind"], 1);
  EXPECT_EQ(rows[0]["orders"][0]["text"].get<std::string>().rfind("chart ", 0), 0u);
  EXPECT_FALSE(rows[0]["orders"][0]["payload"].get<std::string>().empty());
  EXPECT_EQ(rows.back()["narration"].back()["kind"], "winner");
  EXPECT_FALSE(rows[0].contains("legal")) << "legal orders only with --legal";
  // The Seal column is the Seal verify re-derives: the last one is the final Seal.
  auto v = run(home.bin() + " replay verify " + finishedGame() + " 2>&1").out;
  EXPECT_NE(v.find("final Seal " + rows.back()["seal"].get<std::string>()), std::string::npos) << v;

  auto c = run(home.bin() + " replay export " + finishedGame() + " --format csv 2>&1");
  ASSERT_EQ(c.code, 0);
  EXPECT_EQ(count(c.out, "\r\n"), rows.size() + 1);
  EXPECT_EQ(c.out.rfind("turn,seat,seat_name,deciding,orders,rejections,narration,seal\r\n", 0), 0u);
  EXPECT_EQ(run(home.bin() + " replay export " + finishedGame() + " --format xml 2>&1").code, 2);
}

// --legal adds each deciding seat's legal orders; with --seat S only S's, exactly what S may know: they
// equal the legal orders of the position redacted for S (every coordinate hidden from S pooled).
TEST(ReplayExport, LegalOrdersComeFromTheDecidingSeatsOwnPerspective) {
  auto all = jsonl(run(home.bin() + " replay export " + finishedGame() + " --legal 2>&1").out);
  auto one = jsonl(run(home.bin() + " replay export " + finishedGame() + " --legal --seat 1 2>&1").out);
  ASSERT_EQ(all.size(), one.size());
  auto r = replay::ReplayReader::open(finishedGame());
  size_t checked = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    const bool deciding = all[i]["deciding"];
    const Seat seat = all[i]["seat"];
    EXPECT_EQ(all[i]["legal"].is_null(), !deciding) << "row " << i;
    if (seat != 1) {
      EXPECT_TRUE(one[i]["legal"].is_null()) << "--seat 1 exported seat " << seat << "'s legal orders";
      continue;
    }
    EXPECT_EQ(one[i]["legal"], all[i]["legal"]);
    const uint32_t turn = all[i]["turn"];
    if (!deciding || turn % 7 != 0) continue;  // a sample of seat 1's decisions against the redacted position
    auto e = r->seek(turn);
    const auto& g = dynamic_cast<const warp::WarpGame&>((*e)->game());
    auto redacted = g.redactedFor(1);
    auto legal = redacted.legalOrders(1);
    ASSERT_EQ(one[i]["legal"].size(), legal.size()) << "turn " << turn;
    for (size_t k = 0; k < legal.size(); ++k) EXPECT_EQ(one[i]["legal"][k]["text"], redacted.orderText(1, legal[k]));
    ++checked;
  }
  EXPECT_GT(checked, 5u);
  EXPECT_EQ(run(home.bin() + " replay export " + finishedGame() + " --seat 1 2>&1").code, 2) << "--seat needs --legal";
  EXPECT_EQ(run(home.bin() + " replay export " + finishedGame() + " --legal --seat 9 2>&1").code, 2);
}

}  // namespace
