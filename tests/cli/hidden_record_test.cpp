// Issue 26: the record of a rated game that is not over shows only the public table. Run as the cheater ran it:
// the `concord` binary on files live games wrote — a rated solo game left with `q`, the same file resumed and
// finished, a casual one, and a peer's checkpointed file of a rated table cut mid-game (the bot recorder, closed
// as a killed peer leaves it). The hidden coordinates are taken from the game state itself (an independent seek of
// the file) and looked for in the output as whole tokens.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <regex>
#include <set>
#include <string>

#include "core/warp/ai/officer.h"
#include "core/warp/state.h"
#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "table/record_bots.h"
#include "tests/support/temp_dir.h"
#include "tests/support/run_command.h"

namespace hidden_record {

using namespace concord;

using concord::testing::Ran;
Ran run(const std::string& cmd) { return concord::testing::runCommand(cmd); }

const concord::testing::TempDir& home() {
  static const concord::testing::TempDir dir("hidden-record");
  return dir;
}

std::string bin() {
  return "HOME=" + home().path().string() + " XDG_DATA_HOME=" + home().path().string() +
         " CONCORD_HOME=" + home().path().string() + " " CONCORD_BIN;
}

std::string path(const std::string& name) { return (home().path() / name).string(); }
std::string db() { return path("tei.db"); }

const std::string kReason = "this rated game is not over";

// Every "H-L" token of the output (a coordinate as observe, dump and the narration write it).
std::set<std::string> tileTokens(const std::string& text) {
  std::set<std::string> out;
  static const std::regex tile(R"((^|[^0-9])([0-9]+-[0-9]+)(?![0-9]))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tile); it != std::sregex_iterator(); ++it)
    out.insert((*it)[2].str());
  return out;
}

// What nobody but their holders may see at `position`: every hand but `except`'s (kOmniscient: every hand), and the
// pile.
std::set<std::string> hiddenTiles(const std::string& file, uint32_t position, Seat except = kOmniscient) {
  auto r = replay::ReplayReader::open(file);
  EXPECT_TRUE(r.ok()) << r.message();
  auto e = r->seek(position);
  EXPECT_TRUE(e.ok()) << e.message();
  const auto& g = dynamic_cast<const warp::WarpGame&>((*e)->game());
  std::set<std::string> out;
  for (Seat s = 0; s < g.seats(); ++s)
    if (s != except)
      for (auto t : g.seat(s).hand) out.insert(t.text());
  for (auto t : g.pile()) out.insert(t.text());
  return out;
}

std::set<std::string> shown(const std::set<std::string>& hidden, const std::string& out) {
  std::set<std::string> leaked;
  for (const auto& t : tileTokens(out))
    if (hidden.count(t)) leaked.insert(t);
  return leaked;
}

uint32_t turnsOf(const std::string& file) {
  auto r = replay::ReplayReader::open(file);
  return r ? r->turnCount() : 0;
}

// A rated solo game (no --seed, no --no-tei: a fresh deal, registered in the TEI store) left with `q` after a few
// orders: the save the cheater stepped through.
const std::string& ratedSave() {
  static const std::string p = [] {
    auto f = path("rated-save.ccr");
    auto r = run("printf '1\\n1\\n1\\nq\\n' | " + bin() + " play warp --seats 3 --bots ensign --tei-db " + db() +
                 " --replay " + f + " 2>&1");
    EXPECT_NE(r.out.find("This rated game is registered"), std::string::npos) << r.out;
    return f;
  }();
  return p;
}

TEST(HiddenRecord, StepOnAnUnfinishedRatedSaveShowsThePublicTableOnlyAndSaysWhy) {
  const auto& f = ratedSave();
  const uint32_t at = turnsOf(f);
  ASSERT_GT(at, 2u);
  const auto hidden = hiddenTiles(f, at);
  ASSERT_GT(hidden.size(), 10u);
  for (const std::string how : {"", " --omniscient", " --seat 1", " --seat 0"}) {
    auto s = run(bin() + " replay step " + f + " --turn " + std::to_string(at) + how + " 2>&1");
    EXPECT_EQ(s.code, 0) << how << "\n" << s.out;
    EXPECT_NE(s.out.find(kReason), std::string::npos) << how << "\n" << s.out;
    EXPECT_NE(s.out.find("issue 26"), std::string::npos) << s.out;
    EXPECT_NE(s.out.find("showing the public table only"), std::string::npos) << s.out;
    EXPECT_NE(s.out.find("seen by a spectator (the public table)"), std::string::npos) << s.out;
    EXPECT_EQ(shown(hidden, s.out), std::set<std::string>{}) << how << "\n" << s.out;
    EXPECT_EQ(s.out.find(" hand: "), std::string::npos) << s.out;
    EXPECT_EQ(s.out.find("Uncharted (next first)"), std::string::npos) << s.out;
    EXPECT_NE(s.out.find(" in hand"), std::string::npos) << "hand counts are public: " << s.out;
  }
  // Interactive: `o 2` and `o all` are the public table too; the public record still steps.
  auto i = run("printf 'o 2\\nn\\no all\\np\\nq\\n' | " + bin() + " replay step " + f + " 2>&1");
  EXPECT_EQ(i.code, 0) << i.out;
  EXPECT_EQ(i.out.find(" hand: "), std::string::npos) << i.out;
  EXPECT_EQ(i.out.find("seen by seat"), std::string::npos) << i.out;
  EXPECT_EQ(i.out.find("seen by everyone"), std::string::npos) << i.out;
  EXPECT_NE(i.out.find("== after 1 of "), std::string::npos) << i.out;
  // Dump: the events and Seals, no orders; export and advise refuse (exit 1) with the reason.
  auto d = run(bin() + " replay dump " + f + " 2>&1");
  EXPECT_EQ(d.code, 0) << d.out;
  EXPECT_NE(d.out.find(kReason), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("  event "), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("  seal "), std::string::npos) << d.out;
  EXPECT_EQ(d.out.find(": chart "), std::string::npos) << d.out;
  EXPECT_EQ(shown(hidden, d.out), std::set<std::string>{}) << d.out;
  auto x = run(bin() + " replay export " + f + " --legal 2>&1");
  EXPECT_EQ(x.code, 1) << x.out;
  EXPECT_NE(x.out.find(kReason), std::string::npos) << x.out;
  EXPECT_EQ(shown(hidden, x.out), std::set<std::string>{}) << x.out;
  auto a = run(bin() + " replay advise " + f + " --turn " + std::to_string(at) + " --seat 0 2>&1");
  EXPECT_EQ(a.code, 1) << a.out;
  EXPECT_NE(a.out.find(kReason), std::string::npos) << a.out;
}

// The same file, resumed and finished: every view is back (post-match analysis is free).
TEST(HiddenRecord, TheSameSaveFinishedShowsEveryHandAgain) {
  const auto f = path("finished-later.ccr");
  {
    std::FILE* in = std::fopen(ratedSave().c_str(), "rb");
    std::FILE* out = std::fopen(f.c_str(), "wb");
    ASSERT_TRUE(in && out);
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, in)) > 0;) std::fwrite(buf, 1, n, out);
    std::fclose(in);
    std::fclose(out);
  }
  const uint32_t at = turnsOf(f);
  auto r = run("echo auto | " + bin() + " play warp --resume " + f + " --tei-db " + path("tei2.db") + " 2>&1");
  ASSERT_EQ(r.code, 0) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
  ASSERT_GT(turnsOf(f), at);
  const auto hidden = hiddenTiles(f, at);
  auto s = run(bin() + " replay step " + f + " --turn " + std::to_string(at) + " 2>&1");
  ASSERT_EQ(s.code, 0) << s.out;
  EXPECT_EQ(s.out.find(kReason), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("seen by everyone (omniscient)"), std::string::npos) << s.out;
  EXPECT_EQ(shown(hidden, s.out), hidden) << "the omniscient view of a finished game shows every hand and the pile";
  auto one = run(bin() + " replay step " + f + " --turn " + std::to_string(at) + " --seat 1 2>&1");
  EXPECT_NE(one.out.find("Your hand: "), std::string::npos) << one.out;
  EXPECT_EQ(shown(hiddenTiles(f, at, 1), one.out), std::set<std::string>{}) << "a seat still sees only its own";
  EXPECT_EQ(run(bin() + " replay export " + f + " --out " + path("x.jsonl") + " 2>&1").code, 0);
  EXPECT_EQ(run(bin() + " replay advise " + f + " --turn " + std::to_string(at) + " --seat 0 2>&1").code, 0);
}

// A casual game left unfinished keeps today's views.
TEST(HiddenRecord, AnUnfinishedCasualGameStillShowsHands) {
  auto f = path("casual.ccr");
  run("printf '1\\n1\\nq\\n' | " + bin() + " play warp --seats 3 --seed 7 --no-tei --replay " + f + " 2>&1");
  const uint32_t at = turnsOf(f);
  ASSERT_GT(at, 0u);
  auto s = run(bin() + " replay step " + f + " --turn " + std::to_string(at) + " 2>&1");
  ASSERT_EQ(s.code, 0) << s.out;
  EXPECT_EQ(s.out.find(kReason), std::string::npos) << s.out;
  EXPECT_EQ(shown(hiddenTiles(f, at), s.out), hiddenTiles(f, at)) << s.out;
}

// A peer's replay of a rated table, as a kill -9 leaves it mid-game (checkpointed turns, no trailer): the decision
// sees no outcome, so every command keeps its hands hidden; played to the end, the file shows them.
TEST(HiddenRecord, APeersCheckpointOfARatedTableIsPublicOnlyUntilTheGameEnds) {
  auto session = table::makeBotSession("warp", {}, 4, "hidden-record", "ensign");
  ASSERT_TRUE(session.ok()) << session.message();
  session->rated = true;
  const auto keys = table::botSessionKeys("hidden-record", 4);
  table::RecordOptions cut;
  cut.maxTurns = 40;
  cut.close = false;
  const auto live = path("peer-live.ccr"), done = path("peer-done.ccr");
  ASSERT_TRUE(table::recordBotGame(live, *session, keys, cut).ok());
  ASSERT_TRUE(table::recordBotGame(done, *session, keys).ok());
  auto rl = replay::ReplayReader::open(live);
  ASSERT_TRUE(rl.ok());
  auto rights = replay::viewRightsOf(*rl);
  ASSERT_TRUE(rights.ok());
  EXPECT_TRUE(rights->publicOnly);
  EXPECT_FALSE(rights->allows(kOmniscient));
  EXPECT_FALSE(rights->allows(0));
  EXPECT_EQ(rights->viewerFor(2), kSpectator);
  auto rd = replay::ReplayReader::open(done);
  ASSERT_TRUE(rd.ok());
  EXPECT_FALSE(replay::viewRightsOf(*rd)->publicOnly);

  const auto hidden = hiddenTiles(live, 40);
  auto s = run(bin() + " replay step " + live + " --turn 40 --seat 3 2>&1");
  EXPECT_EQ(s.code, 0) << s.out;
  EXPECT_NE(s.out.find(kReason), std::string::npos) << s.out;
  EXPECT_EQ(shown(hidden, s.out), std::set<std::string>{}) << s.out;
  auto full = run(bin() + " replay step " + done + " --turn 40 2>&1");
  EXPECT_EQ(shown(hiddenTiles(done, 40), full.out), hiddenTiles(done, 40)) << full.out;
  // The spectator's canonical view of the live position carries no hand either (what the Qt viewer draws from).
  auto e = rl->seek(40);
  ASSERT_TRUE(e.ok());
  auto t = warp::ai::tableOf((*e)->game().observe(kSpectator));
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(shown(hidden, (*e)->game().observe(kSpectator).text), std::set<std::string>{});
}

// kSpectator is "no seat" in every module: no crash, no hand, no empire's map, no player's own values.
TEST(HiddenRecord, EveryModuleShowsTheSpectatorNoSeat) {
  for (const std::string module : {"warp", "elc", "web", "shed"}) {
    auto session = table::makeBotSession(module, {}, 4, "hidden-spectator");
    ASSERT_TRUE(session.ok()) << module << ": " << session.message();
    const auto f = path("spectator-" + module + ".ccr");
    table::RecordOptions opt;
    opt.maxTurns = 12;
    ASSERT_TRUE(table::recordBotGame(f, *session, table::botSessionKeys("hidden-spectator", 4), opt).ok()) << module;
    auto r = replay::ReplayReader::open(f);
    ASSERT_TRUE(r.ok()) << module;
    ASSERT_EQ(r->turnCount(), 12u) << module;
    auto e = r->seek(r->turnCount());
    ASSERT_TRUE(e.ok()) << module;
    const auto o = (*e)->game().observe(kSpectator);
    EXPECT_EQ(o.viewer, kSpectator);
    EXPECT_FALSE(o.canonical.empty()) << module;
    EXPECT_EQ(o.text.find("(you)"), std::string::npos) << module << "\n" << o.text;
    EXPECT_EQ(o.text.find("hand:"), std::string::npos) << module << "\n" << o.text;
    EXPECT_EQ(o.text.find("Your "), std::string::npos) << module << "\n" << o.text;
    if (module == "web") {
      EXPECT_NE(o.text.find("a spectator"), std::string::npos) << o.text;
      EXPECT_EQ(o.text.find("independents"), std::string::npos) << "0xFE named the independents: " << o.text;
    }
    if (module == "warp") {
      EXPECT_TRUE(warp::ai::tableOf(o).ok());
    }
  }
}

// The decision itself: only a rated game that is not over (or whose ending does not verify) is public only.
TEST(HiddenRecord, TheDecision) {
  lockstep::SessionConfig s;
  EXPECT_FALSE(replay::viewRights(s, false, false).publicOnly);
  EXPECT_FALSE(replay::viewRights(s, true, true).publicOnly);
  s.rated = true;
  EXPECT_TRUE(replay::viewRights(s, false, true).publicOnly);
  EXPECT_TRUE(replay::viewRights(s, true, false).publicOnly);
  EXPECT_FALSE(replay::viewRights(s, true, true).publicOnly);
  EXPECT_NE(replay::viewRights(s, false, true).reason.find("issue 26"), std::string::npos);
  EXPECT_TRUE(replay::viewRights(s, false, true).allows(kSpectator));
}

}  // namespace hidden_record
