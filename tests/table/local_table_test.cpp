// table::LocalTable (issue 24): the one table under every local game. The bot recorder, self-play and a live
// steward name the bot stream once (botStream, "ai.<seat>.<turn>") and ask every seat alike, so the same seed
// gives the same game; a W.E.B. game played on the table is recorded, resumed and verified like any other.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "lockstep/selfplay.h"
#include "replay/reader.h"
#include "replay/verify.h"
#include "table/local_table.h"
#include "table/record_bots.h"

using namespace concord;
namespace fs = std::filesystem;

namespace {

fs::path tempFile(const std::string& name) {
  return fs::temp_directory_path() / ("local-table-" + name + "-" + std::to_string(::getpid()) + ".ccr");
}

std::vector<Order> gameOrders(const std::vector<Order>& orders) {
  std::vector<Order> out;
  for (const auto& o : orders)
    if (o.kind < lockstep::kSystemOrderBase) out.push_back(o);
  return out;
}

// Warp's officers catch a missed Drop to Impulse out of turn: a recorder that asked only the awaited seat, or drew
// from another stream, plays a different game than the networked pipeline with the same session.
TEST(LocalTable, RecordedBotGameAndSelfPlayChooseIdentically) {
  struct Case {
    const char* module;
    const char* bots;
    ConfigOptions options;
  };
  for (const Case& c : {Case{"warp", "lieutenant", {{"set", "9"}}}, Case{"elc", "", {{"preset", "blitz"}}},
                        Case{"web", "", {{"turns", "12"}}}}) {
    lockstep::SelfPlayParams p;
    p.moduleId = c.module;
    p.botKind = c.bots;
    p.options = c.options;
    p.seats = 3;
    p.seed = 11;
    auto live = lockstep::runSelfPlay(p);
    ASSERT_TRUE(live.ok()) << c.module << ": " << live.message();
    ASSERT_TRUE(live->completed && live->agreed) << c.module;
    const fs::path path = tempFile(c.module);
    auto recorded = table::recordBotGame(path.string(), live->session, lockstep::selfPlayKeys(p));
    ASSERT_TRUE(recorded.ok()) << c.module << ": " << recorded.message();
    EXPECT_EQ(recorded->turns, live->seals.size()) << c.module;
    EXPECT_EQ(recorded->finalSeal, live->seals.back()) << c.module << ": the recorded game is not the self-play game";
    auto reader = replay::ReplayReader::open(path.string());
    ASSERT_TRUE(reader.ok());
    for (uint32_t t = 0; t < live->records.size() && t < reader->turnCount(); ++t) {
      auto rec = reader->turn(t);
      ASSERT_TRUE(rec.ok());
      ASSERT_EQ(rec->ordersBySeat.size(), live->records[t].bundles.size());
      for (size_t s = 0; s < rec->ordersBySeat.size(); ++s)  // the game's orders (self-play peers add officer marks)
        ASSERT_EQ(gameOrders(rec->ordersBySeat[s]), gameOrders(live->records[t].bundles[s].orders))
            << c.module << " turn " << t << " seat " << s;
    }
    fs::remove(path);
  }
}

// Three W.E.B. seats for six turns, the person at seat 1, recorded to `path`.
table::TableSetup webEvening(const fs::path& path) {
  table::TableSetup setup;
  setup.moduleId = "web";
  setup.options = {{"turns", "6"}};
  setup.seats = 3;
  setup.person = 1;
  setup.seed = 5;
  setup.identity = lockstep::KeyPair::fromLabel("local-table-test:person");
  setup.replayPath = path.string();
  setup.casual = true;
  return setup;
}

// A person's W.E.B. evening on the table: recorded as it goes, left, resumed from the file, finished, verified.
TEST(LocalTable, WebIsRecordedResumedAndVerified) {
  const fs::path path = tempFile("web");
  const table::TableSetup setup = webEvening(path);
  {
    auto t = table::LocalTable::open(setup);
    ASSERT_TRUE(t.ok()) << t.message();
    auto person = std::make_unique<table::ChosenSeat>();
    table::ChosenSeat* me = person.get();
    (*t)->seat(1, std::move(person));
    EXPECT_FALSE((*t)->tryTurn().value()) << "the person has not decided";
    for (int turn = 0; turn < 2; ++turn) {
      me->choose({(*t)->game().legalOrders(1).front()});
      ASSERT_TRUE((*t)->tryTurn().value());
    }
    EXPECT_EQ((*t)->session().seats[1].name, "Empire 1") << "seats are called as the game calls them";
    ASSERT_TRUE((*t)->close().ok());  // "q": the save is a valid, shorter replay
  }
  auto t = table::LocalTable::resume(path.string(), setup.identity);
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ((*t)->engine().turn(), 2u);
  EXPECT_EQ((*t)->person(), std::optional<Seat>(1));
  while (!(*t)->over()) ASSERT_TRUE((*t)->tryTurn().value());  // the person's officer plays on (no SeatPlayer given)
  ASSERT_TRUE((*t)->close().ok());
  auto report = replay::verifyReplay(path.string());
  ASSERT_TRUE(report.ok()) << report.message();
  EXPECT_TRUE(report->ok) << report->failure;
  // Another identity cannot continue it: its seat signs with a key this table does not hold.
  auto other = table::LocalTable::resume(path.string(), lockstep::KeyPair::fromLabel("someone else"));
  EXPECT_FALSE(other.ok());
  fs::remove(path);
}

// Issue 30: records are written in 256-turn blocks, so a local table checkpoints after every turn a person played:
// the file on disk, read while the table is still open (what a kill -9 leaves), already holds that person's move.
TEST(LocalTable, APersonsMoveIsOnDiskBeforeTheBlockEnds) {
  const fs::path path = tempFile("checkpoint");
  const table::TableSetup setup = webEvening(path);
  auto t = table::LocalTable::open(setup);
  ASSERT_TRUE(t.ok()) << t.message();
  auto person = std::make_unique<table::ChosenSeat>();
  table::ChosenSeat* me = person.get();
  (*t)->seat(1, std::move(person));
  const Order move = (*t)->game().legalOrders(1).front();
  me->choose({move});
  ASSERT_TRUE((*t)->tryTurn().value());
  auto onDisk = replay::ReplayReader::open(path.string());  // the table is still open: no trailer yet
  ASSERT_TRUE(onDisk.ok()) << onDisk.message();
  ASSERT_EQ(onDisk->turnCount(), 1u) << "the person's turn waits in an unflushed block";
  auto block = onDisk->block(0);
  for (size_t i = 0; !block.ok() && i < onDisk->frames().size(); ++i) block = onDisk->block(i);
  ASSERT_TRUE(block.ok()) << block.message();
  EXPECT_EQ(gameOrders(block->turns.at(0).ordersBySeat.at(1)), std::vector<Order>{move});
  ASSERT_TRUE((*t)->close().ok());
  fs::remove(path);
}

}  // namespace
