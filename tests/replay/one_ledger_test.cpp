// One ledger, not four that agree by accident (issue 9): the live peer, `replay verify`, resume and rejoin
// backfill all step lockstep::TurnLedger, so the same game gives the same turn records through each of them.
#include <gtest/gtest.h>

#include "lockstep/selfplay.h"
#include "replay/backfill.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {

constexpr WriterOptions kOpts{16, 32};

std::vector<lockstep::TurnRecord> livePeerRecords(lockstep::SessionConfig& session) {
  lockstep::SelfPlayParams p;
  p.moduleId = "warp";
  p.seats = 3;
  p.seed = 91;
  p.net.lossPermille = 100;
  p.customize = [](Seat, lockstep::PeerOptions& o) { o.recordStateEvery = kOpts.snapshotEvery; };
  auto res = lockstep::runSelfPlay(p);
  EXPECT_TRUE(res.ok() && res->completed);
  session = res->session;
  return res->records;
}

void expectSame(const std::vector<lockstep::TurnRecord>& got, const std::vector<lockstep::TurnRecord>& live,
                size_t from, const char* path) {
  ASSERT_EQ(got.size(), live.size() - from) << path;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_TRUE(lockstep::sameTurn(got[i], live[from + i])) << path << ": turn " << live[from + i].turn;
}

}  // namespace

TEST(OneLedger, LivePeerVerifyResumeAndBackfillGiveIdenticalTurnRecords) {
  lockstep::SessionConfig session;
  const auto live = livePeerRecords(session);
  ASSERT_GT(live.size(), 100u);
  const auto path = tempPath("one_ledger.ccr");
  {
    auto rec = SessionRecorder::create(path, session, kOpts);
    ASSERT_TRUE(rec.ok()) << rec.message();
    for (const auto& r : live) ASSERT_TRUE((*rec)->record(r).ok());
    ASSERT_TRUE((*rec)->close().ok());
  }

  std::vector<lockstep::TurnRecord> verified;
  auto reader = ReplayReader::open(path);
  ASSERT_TRUE(reader.ok()) << reader.message();
  auto rep = verifyReplay(*reader, {}, [&](const lockstep::TurnRecord& r) { verified.push_back(r); });
  ASSERT_TRUE(rep.ok() && rep->ok) << (rep.ok() ? rep->failure : rep.message());
  expectSame(verified, live, 0, "replay verify");

  // Resume: a save cut after turn k continues through the same ledger with the live bundles.
  const uint32_t k = 70;
  const auto cut = tempPath("one_ledger_cut.ccr");
  {
    auto rec = SessionRecorder::create(cut, session, kOpts);
    ASSERT_TRUE(rec.ok());
    for (uint32_t t = 0; t < k; ++t) ASSERT_TRUE((*rec)->record(live[t]).ok());
    ASSERT_TRUE((*rec)->close().ok());
  }
  auto resumed = resumeReplay(cut);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  std::vector<lockstep::TurnRecord> continued;
  for (size_t t = k; t < live.size(); ++t) {
    auto r = resumed->ledger->apply(live[t].bundles);
    ASSERT_TRUE(r.ok()) << r.message();
    continued.push_back(std::move(*r));
  }
  expectSame(continued, live, k, "resume");

  // Backfill: a rejoined peer's turns before k from the other peers' signed bundles.
  HistoryBackfill bf(session, k);
  for (uint32_t t = 0; t < k; ++t)
    for (const auto& b : live[t].bundles) bf.offer(b);
  ASSERT_TRUE(bf.complete());
  auto history = bf.history(std::span<const lockstep::TurnRecord>(live).subspan(k), kOpts);
  ASSERT_TRUE(history.ok()) << history.message();
  auto firstK = std::vector<lockstep::TurnRecord>(live.begin(), live.begin() + k);
  expectSame(*history, firstK, 0, "backfill");
}
