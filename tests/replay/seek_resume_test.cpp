// Seeking to any turn (forwards and backwards) gives the state of a straight run; resume continues a
// crashed or cut recording and yields the same game as an uninterrupted one.
#include <gtest/gtest.h>

#include "replay/reader.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

TEST(ReplaySeek, EveryTurnMatchesStraightRunForwardsAndBackwards) {
  auto session = shedSession(4, "seek");
  auto path = tempPath("seek.ccr");
  RecordOptions opt;
  opt.writer = {16, 64};
  opt.maxTurns = 300;
  auto sum = recordBotGame(path, session, botSessionKeys("seek", 4), opt);
  ASSERT_TRUE(sum.ok()) << sum.message();
  auto rd = ReplayReader::open(path);
  ASSERT_TRUE(rd.ok()) << rd.message();
  ASSERT_EQ(rd->turnCount(), sum->turns);
  EXPECT_EQ(rd->snapshotCount(), sum->turns / 64);

  // Straight run: state hash after every position.
  std::vector<det::Hash128> straight;
  auto engine = std::move(lockstep::TurnEngine::create(session).value());
  straight.push_back(stateOf(*engine));
  for (uint32_t t = 0; t < rd->turnCount(); ++t) {
    auto rec = rd->turn(t);
    ASSERT_TRUE(rec.ok()) << rec.message();
    engine->step(rec->ordersBySeat);
    straight.push_back(stateOf(*engine));
  }
  EXPECT_EQ(engine->lastSeal(), sum->finalSeal);
  for (uint32_t p = 0; p <= rd->turnCount(); ++p) {
    auto e = rd->seek(p);
    ASSERT_TRUE(e.ok()) << e.message();
    ASSERT_EQ((*e)->turn(), p);
    ASSERT_EQ(stateOf(**e), straight[p]) << "forward seek to " << p;
  }
  for (uint32_t p = rd->turnCount() + 1; p-- > 0;) {
    auto e = rd->seek(p);
    ASSERT_TRUE(e.ok()) << e.message();
    ASSERT_EQ(stateOf(**e), straight[p]) << "backward seek to " << p;
  }
  EXPECT_FALSE(rd->seek(rd->turnCount() + 1).ok());
}

TEST(ReplayResume, CrashedRecordingResumesToTheSameGame) {
  auto session = shedSession(3, "resume");
  auto keys = botSessionKeys("resume", 3);
  // Uninterrupted reference.
  auto refPath = tempPath("resume_ref.ccr");
  {
    auto ledger = std::move(lockstep::TurnLedger::create(session).value());
    auto w = ReplayWriter::create(refPath, session, {16, 32});
    ASSERT_TRUE(w.ok());
    playFirstLegal(*ledger, **w, keys, 150, [](uint32_t, auto&) {});
    ASSERT_TRUE((*w)->close().ok());
  }
  // Crash after 100 turns (no close), then cut mid-frame for good measure.
  auto path = tempPath("resume.ccr");
  {
    auto ledger = std::move(lockstep::TurnLedger::create(session).value());
    auto w = ReplayWriter::create(path, session, {16, 32});
    ASSERT_TRUE(w.ok());
    playFirstLegal(*ledger, **w, keys, 100, [](uint32_t, auto&) {});
    ASSERT_TRUE((*w)->flush().ok());
    auto bytes = readAll(path);
    bytes.resize(bytes.size() - 5);  // the last block (turns 96..99) is now cut
    writeAll(path, bytes);
    // The writer goes away without close(), as a crash would leave it: no trailer.
  }
  auto res = resumeReplay(path);
  ASSERT_TRUE(res.ok()) << res.message();
  EXPECT_EQ(res->ledger->turn(), 96u);
  EXPECT_FALSE(res->report.notices.empty());
  auto w = ReplayWriter::reopen(path, res->reader);
  ASSERT_TRUE(w.ok()) << w.message();
  playFirstLegal(*res->ledger, **w, keys, 150, [](uint32_t, auto&) {});
  ASSERT_TRUE((*w)->close().ok());

  auto a = verifyReplay(refPath);
  auto b = verifyReplay(path);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_TRUE(a->ok) << a->failure;
  ASSERT_TRUE(b->ok) << b->failure;
  EXPECT_EQ(b->turns, 150u);
  EXPECT_EQ(a->finalSeal, b->finalSeal);
  auto rd = ReplayReader::open(path);
  ASSERT_TRUE(rd.ok());
  EXPECT_TRUE(rd->closedCleanly());
}

TEST(ReplayResume, RefusesATamperedReplay) {
  auto session = shedSession(2, "resume-bad");
  auto keys = botSessionKeys("resume-bad", 2);
  auto path = tempPath("resume_bad.ccr");
  auto ledger = std::move(lockstep::TurnLedger::create(session).value());
  auto w = ReplayWriter::create(path, session, {8, 0});
  ASSERT_TRUE(w.ok());
  playFirstLegal(*ledger, **w, keys, 30, [](uint32_t t, std::vector<std::vector<Order>>& o) {
    if (t == 20) o[0].push_back(Order{7, {1}});  // an unsigned extra order
  });
  ASSERT_TRUE((*w)->close().ok());
  auto res = resumeReplay(path);
  ASSERT_FALSE(res.ok());
  EXPECT_NE(res.message().find("turn 23 seat 0"), std::string::npos) << res.message();
}
