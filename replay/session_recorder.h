// SessionRecorder: the seam between the live pipeline and the replay file. Hook it to
// PeerOptions::onTurn / SelfPlayParams::onTurn: each applied lockstep::TurnRecord is appended. A shadow
// TurnEngine re-steps each turn to write periodic snapshots and to check that the pipeline's Seal and
// bundle chain match what the replay will re-derive on verify (a mismatch is reported at once).
#pragma once

#include <memory>
#include <string>

#include "core/det/result.h"
#include "lockstep/peer.h"
#include "replay/chain.h"
#include "replay/verify.h"
#include "replay/writer.h"

namespace concord::replay {

/// The replay's view of one pipeline turn: the chosen bundles' orders, the Seal and every signature.
TurnRecordInput toRecordInput(const lockstep::TurnRecord& rec);

class SessionRecorder {
 public:
  static Result<std::unique_ptr<SessionRecorder>> create(const std::string& path, const lockstep::SessionConfig& session,
                                                         WriterOptions options = {});
  /// Continues a verified replay (resumeReplay) at its end: drops a cut tail and the old trailer,
  /// then appends. The pipeline continues from a clone of `resumed.engine` and `resumed.chain`.
  static Result<std::unique_ptr<SessionRecorder>> resume(const std::string& path, const Resumed& resumed);
  /// Appends one applied turn. Fails if the turn does not match the re-derived chain or Seal.
  Result<void> record(const lockstep::TurnRecord& rec);
  /// Keeps one accepted comms message (see ReplayWriter::appendComms): a per-peer annotation.
  Result<void> recordComms(CommsEntry entry) { return writer_->appendComms(std::move(entry)); }
  Result<void> close() { return writer_->close(); }
  ReplayWriter& writer() { return *writer_; }

 private:
  SessionRecorder() = default;
  std::unique_ptr<ReplayWriter> writer_;
  std::unique_ptr<lockstep::TurnEngine> shadow_;
  BundleChain chain_;
};

}  // namespace concord::replay
