// Every Last City through the lockstep pipeline for tests: a seeded self-play table with a replay recorder, an
// optional seat killed (and so substituted by the steward), played to the end and its replay verified.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

#include "core/elc/state.h"
#include "lockstep/selfplay.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"

namespace concord::elc::testing {

inline std::string tempReplay(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("elc-pipeline-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

struct PipelineGame {
  std::unique_ptr<lockstep::Table> table;
  uint32_t substitutedAt = 0;  // the pipeline turn whose bundle opened with a Substitute order (0: none)
  bool agreed = false;         // every live peer finished with the same last Seal
  std::optional<replay::VerifyReport> verified;
  const ElcGame& game(Seat peer = 0) const { return dynamic_cast<const ElcGame&>(table->peer(peer).engine().game()); }
};

/// Plays `p` to the end, writing its replay to `path`; kills seat `kill` once peer 0 reaches turn `killAfter`.
inline PipelineGame playPipeline(lockstep::SelfPlayParams p, const std::string& path, std::optional<Seat> kill = {},
                                 uint32_t killAfter = 4) {
  PipelineGame out;
  auto session = lockstep::selfPlaySession(p);
  EXPECT_TRUE(session) << session.message();
  if (!session) return out;
  auto rec = replay::SessionRecorder::create(path, *session);
  EXPECT_TRUE(rec) << rec.message();
  if (!rec) return out;
  p.onTurn = [&](const lockstep::TurnRecord& r) { EXPECT_TRUE((*rec)->record(r)); };
  auto t = lockstep::Table::create(p);
  EXPECT_TRUE(t) << t.message();
  if (!t) return out;
  out.table = std::move(*t);
  auto& table = *out.table;
  if (kill) {
    EXPECT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= killAfter; }));
    table.kill(*kill);
  }
  EXPECT_TRUE(table.runUntil([&] { return table.allOver(); })) << "did not finish in virtual time";
  EXPECT_TRUE((*rec)->close());
  for (const auto& r : table.peer(0).records())
    if (!r.substituted.empty()) out.substitutedAt = r.turn;
  out.agreed = true;
  for (Seat s = 0; s < p.seats; ++s)
    if (table.alive(s)) out.agreed = out.agreed && table.peer(s).engine().lastSeal() == table.peer(0).engine().lastSeal();
  auto rep = replay::verifyReplay(path);
  EXPECT_TRUE(rep) << rep.message();
  if (rep) out.verified = *rep;
  return out;
}

}  // namespace concord::elc::testing
