// Issue 11 point 4 (TEI §3.4, RULES §VIII "Crews & charters"): a game played under a crew charter carries the
// charter in its signed session; `tei apply` / `tei ledger` rate it into group/<id>, check the members and
// the frozen settings and refuse a mismatch by rule (E7 charter_mismatch); a folder of the crew's replays
// recomputes its ladder byte-identically.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/det/writer.h"
#include "core/game/registry.h"
#include "table/record_bots.h"
#include "tests/support/temp_dir.h"
#include "table/tei_store/charter.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"

namespace concord::tei {
namespace {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-charter");
  return root.fresh(name);
}

// Two people (seats 0, 1) and two Ensign officers; the charter, when given, is put in the session.
lockstep::SessionConfig crewSession(const std::string& label) {
  auto s = table::makeBotSession("warp", {{"preset", "official"}, {"objective", "points"}}, 4, label, "ensign");
  EXPECT_TRUE(s) << (s ? "" : s.message());
  s->seats[0].ai = s->seats[1].ai = false;
  s->rated = true;
  return *s;
}

lockstep::Charter charterFor(const lockstep::SessionConfig& s, std::vector<Seat> members) {
  lockstep::Charter c;
  c.id = "friday";
  for (Seat m : members) c.members.push_back(s.seats[m].key);
  c.rulesProfile = std::string(kRulesProfileId);
  c.seats = static_cast<uint32_t>(s.seats.size());
  c.config = s.config;
  return c;
}

std::string record(const fs::path& dir, const std::string& label, const std::function<void(lockstep::SessionConfig&)>& edit) {
  auto s = crewSession(label);
  edit(s);
  const std::string path = (dir / (label + ".ccr")).string();
  auto r = table::recordBotGame(path, s, table::botSessionKeys(label, 4));
  EXPECT_TRUE(r) << (r ? "" : r.message());
  return path;
}

bool excludedBy(const Eligibility& e, Rule r, const std::string& text) {
  for (const auto& x : e.exclusions)
    if (x.rule == r && x.reason.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(TeiCharter, SessionWithoutACharterKeepsItsBytesAndACharterRoundTrips) {
  auto s = crewSession("bytes");
  det::Writer now;
  s.write(now);
  det::Writer old;  // the encoding before charters: ..., seed, rated as a boolean
  old.begin("session");
  old.str("module", s.moduleId);
  old.varu("rulesVersion", s.rulesVersion);
  old.bytes("config", s.config);
  old.varu("seatCount", s.seats.size());
  for (size_t i = 0; i < s.seats.size(); ++i) {
    old.begin("seat", i);
    old.str("name", s.seats[i].name);
    old.raw("key", s.seats[i].key.bytes);
    old.boolean("ai", s.seats[i].ai);
    old.str("botKind", s.seats[i].botKind);
    old.end();
  }
  old.raw("seed", s.seed.bytes);
  old.boolean("rated", s.rated);
  old.end();
  EXPECT_EQ(now.take(), old.take()) << "game ids of sessions without a charter must not change";

  s.charter = charterFor(s, {0, 1});
  det::Writer w;
  s.write(w);
  const auto bytes = w.take();
  det::Reader r(bytes, "session");
  auto back = lockstep::SessionConfig::read(r);
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(*back, s);
  EXPECT_NE(back->gameId(), crewSession("bytes").gameId());  // the charter is signed through the game id
}

TEST(TeiCharter, ACrewGameRatesIntoTheCrewLadderOnly) {
  auto dir = tempDir("crew");
  const auto path = record(dir, "crew-a", [](lockstep::SessionConfig& s) { s.charter = charterFor(s, {0, 1}); });
  auto m = matchFromReplay(path);
  ASSERT_TRUE(m) << m.message();
  EXPECT_EQ(m->record.charterId, "friday");
  EXPECT_FALSE(m->record.charterMismatch) << m->record.charterWhy;
  auto store = TeiStore::open((dir / "t.sqlite").string());
  ASSERT_TRUE(store);
  auto a = applyReplay(*store, path);
  ASSERT_TRUE(a) << a.message();
  ASSERT_TRUE(a->outcome.plan.eligibility.eligible()) << a->outcome.plan.eligibility.summary();
  ASSERT_EQ(a->outcome.plan.writes.size(), 2u);
  for (const auto& w : a->outcome.plan.writes) EXPECT_EQ(w.bucket.str(), "group/friday/points");
}

TEST(TeiCharter, ANonMemberOrOtherSettingsAreRefusedByRule) {
  auto dir = tempDir("mismatch");
  struct Case {
    const char* label;
    std::function<void(lockstep::SessionConfig&)> edit;
    const char* why;
  };
  const std::vector<Case> cases = {
      {"non-member", [](lockstep::SessionConfig& s) { s.charter = charterFor(s, {0}); }, "seat 1 (bot1"},
      {"fleet", [](lockstep::SessionConfig& s) { s.charter = charterFor(s, {0, 1}); s.charter.seats = 6; }, "fleet of 6"},
      {"settings",
       [](lockstep::SessionConfig& s) {
         s.charter = charterFor(s, {0, 1});
         s.charter.config = *(*findModule("warp"))->parseConfig({{"preset", "official"}, {"objective", "goout"}});
       },
       "settings differ"},
      {"rules", [](lockstep::SessionConfig& s) { s.charter = charterFor(s, {0, 1}); s.charter.rulesProfile = "house-v9"; }, "house-v9"},
  };
  auto store = TeiStore::open((dir / "t.sqlite").string());
  ASSERT_TRUE(store);
  for (const auto& c : cases) {
    const auto path = record(dir, c.label, c.edit);
    auto a = applyReplay(*store, path);
    ASSERT_TRUE(a) << c.label << ": " << a.message();
    EXPECT_TRUE(excludedBy(a->outcome.plan.eligibility, Rule::E7, "charter_mismatch")) << c.label;
    EXPECT_TRUE(excludedBy(a->outcome.plan.eligibility, Rule::E7, c.why)) << c.label << ": " << a->outcome.plan.eligibility.summary();
    EXPECT_TRUE(a->outcome.plan.writes.empty()) << c.label;
  }
}

TEST(TeiCharter, AFolderOfTheCrewsReplaysRecomputesItsLadderByteIdentically) {
  auto src = tempDir("ladder-src");
  std::vector<std::string> paths;
  for (const char* l : {"night-1", "night-2", "night-3"})
    paths.push_back(record(src, l, [](lockstep::SessionConfig& s) { s.charter = charterFor(s, {0, 1}); }));
  auto a = tempDir("ladder-a");
  auto b = tempDir("ladder-b");
  for (size_t i = 0; i < paths.size(); ++i) fs::copy_file(paths[i], a / fs::path(paths[i]).filename());
  for (size_t i = paths.size(); i-- > 0;) fs::copy_file(paths[i], b / ("x" + std::to_string(i) + ".bin"));
  auto sa = TeiStore::open(":memory:");
  auto sb = TeiStore::open(":memory:");
  ASSERT_TRUE(sa && sb);
  auto la = buildLedger(*sa, a.string());
  auto lb = buildLedger(*sb, b.string());
  ASSERT_TRUE(la && lb);
  EXPECT_EQ(la->text, lb->text);
  EXPECT_EQ(la->rated, 3u);
  EXPECT_NE(la->text.find("board group/friday/points"), std::string::npos) << la->text;
  EXPECT_EQ(la->text.find("board human/points"), std::string::npos) << "crew games stay off the global pool";
}

TEST(TeiCharter, CharterFilesAreStrict) {
  auto dir = tempDir("files");
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::string key(64, 'a');
  auto ok = loadCharter(write("ok.json", R"({"id":"friday","members":[")" + key + R"("],"seats":4,"options":{"objective":"points"}})"));
  ASSERT_TRUE(ok) << ok.message();
  EXPECT_EQ(ok->seats, 4u);
  EXPECT_EQ(ok->rulesProfile, kRulesProfileId);
  EXPECT_FALSE(loadCharter(write("dup.json", R"({"id":"a","id":"b","members":[")" + key + R"("],"seats":4})")));
  EXPECT_FALSE(loadCharter(write("key.json", R"({"id":"a","members":["zz"],"seats":4})")));
  EXPECT_FALSE(loadCharter(write("seats.json", R"({"id":"a","members":[")" + key + R"("],"seats":1})")));
  EXPECT_FALSE(loadCharter(write("opt.json", R"({"id":"a","members":[")" + key + R"("],"seats":4,"options":{"set":"7"}})")));
  EXPECT_FALSE(loadCharter(write("extra.json", R"({"id":"a","members":[")" + key + R"("],"seats":4,"x":1})")));
  EXPECT_FALSE(loadCharter((dir / "missing.json").string()));
}

}  // namespace concord::tei
