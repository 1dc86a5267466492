// Issue 4 acceptance: real Warp replays (recorded by table::recordBotGame) → verify → MatchRecord →
// TeiStore, through the library and through `concord tei apply` / `tei ledger`.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/support/run_command.h"
#include "table/record_bots.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"
#include "tests/support/temp_dir.h"

namespace concord::tei {
namespace {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-replay");
  return root.fresh(name);
}

std::vector<uint8_t> readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
void writeAll(const fs::path& p, const std::vector<uint8_t>& b) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

struct GameSpec {
  std::string label;
  ConfigOptions options = {{"preset", "official"}, {"objective", "points"}};
  int humans = 2;            // seats 0..humans-1 are people (ai = false); bots still drive them in the recorder
  Seat seats = 4;
  std::string aiKind = "greedy";
  bool rated = true;
};

/// Records a finished Warp game and returns its path.
std::string record(const fs::path& dir, const GameSpec& g) {
  auto s = table::makeBotSession("warp", g.options, g.seats, g.label, "greedy");
  EXPECT_TRUE(s) << (s ? "" : s.message());
  for (Seat i = 0; i < g.seats; ++i) {
    auto& seat = s->seats[i];
    seat.ai = static_cast<int>(i) >= g.humans;
    if (seat.ai) seat.botKind = g.aiKind;
  }
  s->rated = g.rated;
  const std::string path = (dir / (g.label + ".replay")).string();
  auto r = table::recordBotGame(path, *s, table::botSessionKeys(g.label, g.seats));
  EXPECT_TRUE(r) << (r ? "" : r.message());
  return path;
}

std::string humanId(const GameSpec& g, Seat s) {
  lockstep::SeatInfo si;
  si.key = table::botSessionKeys(g.label, g.seats)[s].publicKey;
  return playerIdOf(si);
}

BucketKey humanPoints() {
  BucketKey k;
  k.kind = BucketKey::Kind::Human;
  k.track = Track::Points;
  return k;
}

TEST(TeiReplay, Warp12PointsCampaignRatesOnceAndReapplyChangesNothing) {
  auto dir = tempDir("flow");
  GameSpec g{"flow-a"};
  const auto path = record(dir, g);
  auto store = TeiStore::open((dir / "tei.sqlite").string());
  ASSERT_TRUE(store) << store.message();

  auto m = matchFromReplay(path);
  ASSERT_TRUE(m) << m.message();
  EXPECT_TRUE(m->report.ok);
  EXPECT_TRUE(m->record.completed);
  EXPECT_EQ(m->record.maxPip, 12);
  EXPECT_EQ(m->record.objective, Objective::Points);
  ASSERT_EQ(m->record.seats.size(), 4u);
  EXPECT_EQ(m->record.seats[0].kind, SeatKind::Human);
  EXPECT_EQ(m->record.seats[2].officer, OfficerKind::Ensign);
  EXPECT_EQ(m->record.gameId.size(), 32u);

  auto a = applyReplay(*store, path);
  ASSERT_TRUE(a) << a.message();
  ASSERT_FALSE(a->outcome.alreadyApplied);
  ASSERT_TRUE(a->outcome.plan.eligibility.eligible()) << a->outcome.plan.eligibility.summary();
  EXPECT_EQ(a->outcome.plan.eligibility.context, Context::HumanPool);
  ASSERT_EQ(a->outcome.plan.writes.size(), 2u);  // the two people; the anchors never move
  for (const auto& w : a->outcome.plan.writes) EXPECT_EQ(w.bucket, humanPoints());
  EXPECT_NE(describeApplied(*a).find("→"), std::string::npos);

  std::vector<StoredRating> after;
  for (Seat s : {Seat(0), Seat(1)}) {
    auto r = store->rating(humanId(g, s), humanPoints());
    ASSERT_TRUE(r && r->has_value());
    EXPECT_EQ((*r)->matches, 1);
    after.push_back(**r);
    auto all = store->playerBuckets(humanId(g, s));
    ASSERT_TRUE(all);
    EXPECT_EQ(all->size(), 1u);  // exactly one bucket changed
  }

  auto again = applyReplay(*store, path);
  ASSERT_TRUE(again) << again.message();
  EXPECT_TRUE(again->outcome.alreadyApplied);
  EXPECT_NE(describeApplied(*again).find("nothing changed"), std::string::npos);
  for (Seat s : {Seat(0), Seat(1)}) EXPECT_EQ(store->rating(humanId(g, s), humanPoints())->value(), after[s]);
}

TEST(TeiReplay, SoloTableRatesTheLocalAiBucket) {
  auto dir = tempDir("solo");
  GameSpec g{"solo-a"};
  g.humans = 1;
  g.seats = 2;
  auto store = TeiStore::open((dir / "tei.sqlite").string());
  ASSERT_TRUE(store);
  auto a = applyReplay(*store, record(dir, g));
  ASSERT_TRUE(a) << a.message();
  ASSERT_TRUE(a->outcome.plan.eligibility.eligible()) << a->outcome.plan.eligibility.summary();
  ASSERT_EQ(a->outcome.plan.writes.size(), 1u);
  EXPECT_EQ(a->outcome.plan.writes[0].bucket.str(), "localAi/ensign/points");
}

struct Excluded {
  GameSpec game;
  Rule rule;
  std::string reasonHas;
  ReplayMatchOptions options = {};
};

TEST(TeiReplay, ExcludedReplaysChangeNothingAndSayWhy_E3_E4_E6_E7_E8) {
  auto dir = tempDir("excluded");
  std::vector<Excluded> cases;
  {
    Excluded e{GameSpec{"ex-lambda"}, Rule::E8, "lambda"};
    e.game.options.push_back({"lambda", "on"});
    cases.push_back(e);
  }
  {
    Excluded e{GameSpec{"ex-warp9"}, Rule::E4, "Warp 9"};
    e.game.options.push_back({"set", "9"});
    cases.push_back(e);
  }
  {
    Excluded e{GameSpec{"ex-random"}, Rule::E6, "non-reference"};
    e.game.aiKind = "random";
    cases.push_back(e);
  }
  {
    Excluded e{GameSpec{"ex-unrated"}, Rule::E7, "not flagged rated"};
    e.game.rated = false;
    cases.push_back(e);
  }
  {
    // The advisor hook: no advisor order exists yet, so the test marks seat 2's (a person's) orders.
    Excluded e{GameSpec{"ex-assisted"}, Rule::E3, "tactical advisor"};
    e.options.isAdvisorOrder = [](Seat s, const Order&) { return s == 1; };
    cases.push_back(e);
  }
  auto store = TeiStore::open((dir / "tei.sqlite").string());
  ASSERT_TRUE(store);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.game.label);
    auto a = applyReplay(*store, record(dir, c.game), c.options);
    ASSERT_TRUE(a) << a.message();
    const auto& el = a->outcome.plan.eligibility;
    ASSERT_FALSE(el.eligible());
    ASSERT_FALSE(el.exclusions.empty());
    bool named = false;
    for (const auto& x : el.exclusions) named = named || (x.rule == c.rule && x.reason.find(c.reasonHas) != std::string::npos);
    EXPECT_TRUE(named) << el.summary();
    EXPECT_TRUE(a->outcome.plan.writes.empty());
    const std::string text = describeApplied(*a);
    EXPECT_NE(text.find(std::string(ruleCode(c.rule))), std::string::npos) << text;
    for (Seat s : {Seat(0), Seat(1)}) {
      auto all = store->playerBuckets(humanId(c.game, s));
      ASSERT_TRUE(all);
      EXPECT_TRUE(all->empty());
    }
  }
}

TEST(TeiReplay, TamperedReplayIsRefused) {
  auto dir = tempDir("tamper");
  GameSpec g{"tamper-a"};
  const auto path = record(dir, g);
  auto reader = replay::ReplayReader::open(path);
  ASSERT_TRUE(reader);
  const auto& f = reader->frames().front();
  auto bytes = readAll(path);
  const fs::path bad = dir / "bad.replay";
  for (uint64_t at : {f.offset + f.size / 2, f.offset + 3}) {
    auto b = bytes;
    b[static_cast<size_t>(at)] ^= 0x40;
    writeAll(bad, b);
    auto m = matchFromReplay(bad.string());
    EXPECT_FALSE(m) << "byte " << at;
    auto store = TeiStore::open((dir / "tei.sqlite").string());
    ASSERT_TRUE(store);
    EXPECT_FALSE(applyReplay(*store, bad.string()));
  }
  // Issue 30: a flipped header byte is damage its copy repairs, not tampering: the same game, every turn intact.
  auto b = bytes;
  b[20] ^= 0x40;
  writeAll(bad, b);
  auto repaired = matchFromReplay(bad.string());
  ASSERT_TRUE(repaired) << repaired.message();
  EXPECT_EQ(repaired->gameIdHex, matchFromReplay(path).value().gameIdHex);
  EXPECT_FALSE(matchFromReplay((dir / "missing.replay").string()));
}

TEST(TeiReplay, FailedStoreWriteLeavesTheDatabaseUnchanged) {
  auto dir = tempDir("fault");
  GameSpec g{"fault-a"};
  const auto path = record(dir, g);
  auto store = TeiStore::open((dir / "tei.sqlite").string());
  ASSERT_TRUE(store);
  auto m = matchFromReplay(path);
  ASSERT_TRUE(m) << m.message();
  int failures = 0;
  for (int64_t n = 1; n < 200; ++n) {
    int64_t seen = 0;
    store->setFaultHook([&, n](int64_t) { return ++seen == n; });
    auto a = store->applyMatch(m->record);
    store->setFaultHook({});
    if (a) {
      EXPECT_GT(n, 1);  // every statement before the commit has been failed once
      break;
    }
    ++failures;
    EXPECT_FALSE(*store->gameApplied(m->gameIdHex));
    for (Seat s : {Seat(0), Seat(1)}) EXPECT_TRUE(store->playerBuckets(humanId(g, s))->empty());
  }
  EXPECT_GT(failures, 0);
  for (Seat s : {Seat(0), Seat(1)}) EXPECT_EQ(store->rating(humanId(g, s), humanPoints())->value().matches, 1);
}

TEST(TeiReplay, LedgerIsByteIdenticalForTheSameFolderWhateverNamesAndOrder) {
  auto src = tempDir("ledger-src");
  std::vector<std::string> paths;
  for (const char* l : {"crew-1", "crew-2", "crew-3"}) paths.push_back(record(src, GameSpec{l}));
  GameSpec warped{"crew-warped"};
  warped.options.push_back({"lambda", "on"});
  paths.push_back(record(src, warped));

  auto a = tempDir("ledger-a");
  auto b = tempDir("ledger-b");
  for (size_t i = 0; i < paths.size(); ++i) fs::copy_file(paths[i], a / fs::path(paths[i]).filename());
  for (size_t i = paths.size(); i-- > 0;) fs::copy_file(paths[i], b / ("z" + std::to_string(9 - i) + ".bin"));
  fs::copy_file(paths[1], b / "copy-of-2.replay");  // a second copy of one game counts once
  writeAll(b / "notes.txt", {'h', 'i', '\n'});

  auto sa = TeiStore::open(":memory:");
  auto sb = TeiStore::open(":memory:");
  ASSERT_TRUE(sa && sb);
  auto la = buildLedger(*sa, a.string());
  auto lb = buildLedger(*sb, b.string());
  ASSERT_TRUE(la) << la.message();
  ASSERT_TRUE(lb) << lb.message();
  EXPECT_EQ(la->text, lb->text);
  EXPECT_EQ(la->rated, 3u);
  EXPECT_EQ(lb->duplicates, 1u);
  EXPECT_EQ(lb->ignoredFiles, 1u);
  EXPECT_NE(la->text.find("E8"), std::string::npos);
  EXPECT_NE(la->text.find("board human/points"), std::string::npos);

  // One tampered replay refuses the whole ledger, naming it, before anything is written.
  auto bytes = readAll(b / "copy-of-2.replay");
  bytes[bytes.size() / 2] ^= 0x01;
  writeAll(b / "copy-of-2.replay", bytes);
  auto sc = TeiStore::open(":memory:");
  ASSERT_TRUE(sc);
  auto lc = buildLedger(*sc, b.string());
  ASSERT_FALSE(lc);
  EXPECT_NE(lc.message().find("copy-of-2.replay"), std::string::npos) << lc.message();
  EXPECT_TRUE(sc->leaderboard(humanPoints(), BoardSort::TeiPath)->empty());
  EXPECT_FALSE(buildLedger(*sc, (b / "nope").string()));
}

#ifdef CONCORD_BIN
concord::testing::Ran run(const std::string& args) {
  return concord::testing::runCommand(std::string(CONCORD_BIN) + " " + args + " 2>&1");
}

// End to end through the real `concord` binary.
TEST(TeiReplayCli, ApplyApplyAgainTamperedAndBadInput) {
  auto dir = tempDir("cli");
  GameSpec g{"cli-a"};
  const auto path = record(dir, g);
  const std::string db = "--db " + (dir / "tei.sqlite").string();
  auto r1 = run("tei apply " + path + " " + db);
  EXPECT_EQ(r1.code, 0) << r1.out;
  EXPECT_NE(r1.out.find("rated (human-pool)"), std::string::npos) << r1.out;
  EXPECT_NE(r1.out.find("→"), std::string::npos) << r1.out;
  auto r2 = run("tei apply " + path + " " + db);
  EXPECT_EQ(r2.code, 0);
  EXPECT_NE(r2.out.find("already applied"), std::string::npos) << r2.out;

  auto l0 = run("tei ledger " + dir.string() + " --out " + (dir / "board.txt").string());
  EXPECT_EQ(l0.code, 0) << l0.out;
  auto board = readAll(dir / "board.txt");
  EXPECT_NE(std::string(board.begin(), board.end()).find("board human/points"), std::string::npos);

  auto bytes = readAll(path);
  const auto turns = replay::ReplayReader::open(path).value().frames().front();  // a turn block: damage loses turns
  bytes[static_cast<size_t>(turns.offset + turns.size / 2)] ^= 0x10;
  writeAll(dir / "bad.replay", bytes);
  auto r3 = run("tei apply " + (dir / "bad.replay").string() + " " + db);
  EXPECT_EQ(r3.code, 1) << r3.out;
  EXPECT_NE(r3.out.find("refused"), std::string::npos) << r3.out;

  EXPECT_EQ(run("tei apply " + (dir / "missing").string() + " " + db).code, 1);
  EXPECT_EQ(run("tei apply " + (dir / "tei.sqlite").string() + " " + db).code, 1);  // not a replay
  EXPECT_EQ(run("tei apply").code, 2);
  EXPECT_EQ(run("tei ledger " + (dir / "missing").string()).code, 1);

  auto show = run("tei show --player " + humanId(g, 0) + " " + db);
  EXPECT_NE(show.out.find("human/points"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("matches 1 "), std::string::npos) << show.out;

  auto l1 = run("tei ledger " + dir.string());
  EXPECT_EQ(l1.code, 1) << l1.out;  // bad.replay is in the folder: the whole ledger is refused
  EXPECT_NE(l1.out.find("bad.replay"), std::string::npos) << l1.out;
}
#endif

}  // namespace
}  // namespace concord::tei
