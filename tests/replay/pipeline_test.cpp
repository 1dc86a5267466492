// Replays written from the real lockstep pipeline (SimNetwork self-play, with a killed and substituted
// seat and a reclaim) verify: the replay re-derives exactly the bundles and signers the pipeline used.
#include <gtest/gtest.h>

#include "lockstep/selfplay.h"
#include "replay/reader.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {
lockstep::SelfPlayParams params(uint64_t seed) { return concord::testing::shedTable(4, seed, 4); }
}  // namespace

TEST(ReplayPipeline, SelfPlayReplayVerifies) {
  auto p = params(5);
  auto session = lockstep::selfPlaySession(p);
  ASSERT_TRUE(session.ok());
  auto path = tempPath("pipeline.ccr");
  auto rec = SessionRecorder::create(path, *session, {16, 32});
  ASSERT_TRUE(rec.ok()) << rec.message();
  std::string firstError;
  p.onTurn = [&](const lockstep::TurnRecord& r) {
    if (auto st = (*rec)->record(r); !st && firstError.empty()) firstError = st.message();
  };
  auto res = lockstep::runSelfPlay(p);
  ASSERT_TRUE(res.ok()) << res.message();
  ASSERT_TRUE(res->completed);
  ASSERT_TRUE(firstError.empty()) << firstError;
  ASSERT_TRUE((*rec)->close().ok());
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, res->stats.turns);
  EXPECT_EQ(rep->finalSeal, res->seals.back());
}

TEST(ReplayPipeline, SubstitutionAndReclaimVerify) {
  auto p = params(12);
  p.options = {{"hands", "10"}};
  auto session = lockstep::selfPlaySession(p);
  ASSERT_TRUE(session.ok());
  auto path = tempPath("pipeline_sub.ccr");
  auto rec = SessionRecorder::create(path, *session, {16, 32});
  ASSERT_TRUE(rec.ok());
  std::string firstError;
  p.onTurn = [&](const lockstep::TurnRecord& r) {
    if (auto st = (*rec)->record(r); !st && firstError.empty()) firstError = st.message();
  };
  auto t = lockstep::Table::create(p);
  ASSERT_TRUE(t.ok());
  auto& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.runUntil(
      [&] { return table.peer(0).engine().membership().seat(2).controller == lockstep::Controller::Ai; }));
  ASSERT_TRUE(table.restart(2).ok());
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  ASSERT_TRUE(firstError.empty()) << firstError;
  ASSERT_TRUE((*rec)->close().ok());
  bool sawSub = false;
  for (const auto& r : table.peer(0).records()) sawSub = sawSub || !r.substituted.empty();
  EXPECT_TRUE(sawSub);
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, table.peer(0).turn());
}

namespace {
// A pipeline-shaped record of the engine's next turn (first legal order per awaited seat, signed).
lockstep::TurnRecord nextRecord(lockstep::TurnLedger& l, const std::vector<lockstep::KeyPair>& keys) {
  const auto& e = l.engine();
  std::vector<std::vector<Order>> orders(e.session().seats.size());
  for (Seat s : e.awaiting()) {
    auto legal = e.game().legalOrders(s);
    if (!legal.empty()) orders[s].push_back(legal.front());
  }
  return lockstep::applySignedLocally(l, std::move(orders), keys).value();
}
}  // namespace

TEST(ReplayPipeline, RecorderResumesACrashedSession) {
  auto session = shedSession(3, "rec-resume");
  auto keys = botSessionKeys("rec-resume", 3);
  auto path = tempPath("rec_resume.ccr");
  det::Hash128 straightSeal;
  {
    auto l = std::move(lockstep::TurnLedger::create(session).value());
    for (int i = 0; i < 120; ++i) straightSeal = nextRecord(*l, keys).seal;
  }
  {
    auto rec = SessionRecorder::create(path, session, {16, 32});
    ASSERT_TRUE(rec.ok());
    auto l = std::move(lockstep::TurnLedger::create(session).value());
    for (int i = 0; i < 70; ++i) ASSERT_TRUE((*rec)->record(nextRecord(*l, keys)).ok());
    // The recorder goes away without close(): no index trailer (its destructor flushes turns 64..69).
  }
  auto resumed = resumeReplay(path);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  auto rec = SessionRecorder::resume(path, *resumed);
  ASSERT_TRUE(rec.ok()) << rec.message();
  auto& l = *resumed->ledger;
  EXPECT_EQ(l.turn(), 70u);
  while (l.turn() < 120) ASSERT_TRUE((*rec)->record(nextRecord(l, keys)).ok());
  ASSERT_TRUE((*rec)->close().ok());
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, 120u);
  EXPECT_EQ(rep->finalSeal, straightSeal);
  EXPECT_EQ(rep->snapshotsChecked, 3u);
}
