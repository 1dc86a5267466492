// Checkpoints (issue 10: "a peer killed early leaves a replay with 0 turns"): the live pipeline checkpoints its
// replay every second, so a kill -9 mid-block leaves every checkpointed turn readable, while the closed file stays
// byte for byte the one written without checkpoints (peers checkpoint at different moments, replays must match).
#include <gtest/gtest.h>

#include "replay/reader.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {

std::vector<uint8_t> record(const std::string& path, uint32_t checkpointEvery, std::vector<uint32_t>* readable) {
  auto session = shedSession(3, "checkpoint");
  auto keys = botSessionKeys("checkpoint", 3);
  auto ledger = std::move(lockstep::TurnLedger::create(session).value());
  auto w = ReplayWriter::create(path, session, {64, 128});
  EXPECT_TRUE(w.ok());
  for (uint32_t until = 1; until <= 200 && !ledger->over(); ++until) {
    playFirstLegal(*ledger, **w, keys, until, [](uint32_t, auto&) {});
    if (checkpointEvery == 0 || until % checkpointEvery != 0) continue;
    EXPECT_TRUE((*w)->checkpoint().ok());
    // What a kill -9 right now leaves on disk: every turn so far, readable and verifiable.
    auto cut = ReplayReader::fromBytes(readAll(path));
    EXPECT_TRUE(cut.ok()) << cut.message();
    if (!cut.ok()) continue;
    readable->push_back(cut->turnCount());
    EXPECT_EQ(cut->turnCount(), ledger->turn()) << "checkpoint after turn " << until;
    EXPECT_FALSE(cut->closedCleanly());
  }
  EXPECT_TRUE((*w)->close().ok());
  return readAll(path);
}

}  // namespace

TEST(ReplayCheckpoint, AKillMidBlockKeepsEveryCheckpointedTurnAndTheClosedFileIsUnchanged) {
  std::vector<uint32_t> none, seen;
  auto plain = record(tempPath("checkpoint_plain.ccr"), 0, &none);
  auto checkpointed = record(tempPath("checkpoint_every7.ccr"), 7, &seen);
  ASSERT_GE(seen.size(), 20u);
  EXPECT_EQ(seen.front(), 7u);  // before the first 64-turn block ends: without checkpoints this would be 0
  EXPECT_EQ(plain, checkpointed);
  auto v = verifyReplay(tempPath("checkpoint_every7.ccr"));
  ASSERT_TRUE(v.ok()) << v.message();
}

TEST(ReplayCheckpoint, AKilledCheckpointedFileVerifiesAndResumes) {
  auto session = shedSession(3, "checkpoint");
  auto keys = botSessionKeys("checkpoint", 3);
  auto path = tempPath("checkpoint_killed.ccr");
  {
    auto ledger = std::move(lockstep::TurnLedger::create(session).value());
    auto w = ReplayWriter::create(path, session, {64, 128});
    ASSERT_TRUE(w.ok());
    playFirstLegal(*ledger, **w, keys, 40, [](uint32_t, auto&) {});
    ASSERT_TRUE((*w)->checkpoint().ok());
    playFirstLegal(*ledger, **w, keys, 45, [](uint32_t, auto&) {});
    ASSERT_TRUE((*w)->checkpoint().ok());  // a shorter rewrite must not leave the old frame's bytes behind
    auto killed = readAll(path);
    writeAll(path + ".killed", killed);
  }
  auto v = verifyReplay(path + ".killed");
  ASSERT_TRUE(v.ok()) << v.message();
  auto r = resumeReplay(path + ".killed");
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->ledger->turn(), 45u);
}
