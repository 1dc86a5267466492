// SessionRecorder: the replay file as a sink for the TurnLedger's records. Hook it to PeerOptions::onTurn /
// SelfPlayParams::onTurn: each applied lockstep::TurnRecord is appended as it is (orders, Seal, chain-head
// signatures, a snapshot from the record's state bytes). It re-derives nothing: the ledger already checked every
// bundle against its chain and expected signer, and `replay verify` steps the same ledger.
#pragma once

#include <memory>
#include <string>

#include "core/det/result.h"
#include "lockstep/turn_record.h"
#include "replay/verify.h"
#include "replay/writer.h"

namespace concord::replay {

class SessionRecorder {
 public:
  static Result<std::unique_ptr<SessionRecorder>> create(const std::string& path, const lockstep::SessionConfig& session,
                                                         WriterOptions options = {});
  /// Continues a verified replay (resumeReplay) at its end: drops a cut tail and the old trailer, then
  /// appends. The game continues from `resumed.ledger`.
  static Result<std::unique_ptr<SessionRecorder>> resume(const std::string& path, const Resumed& resumed);
  /// Appends one applied turn (consecutive turns).
  Result<void> record(const lockstep::TurnRecord& rec) { return writer_->append(rec); }
  /// Keeps one accepted comms message (see ReplayWriter::appendComms): a per-peer annotation.
  Result<void> recordComms(CommsEntry entry) { return writer_->appendComms(std::move(entry)); }
  /// Makes the turns so far survive a kill -9 (ReplayWriter::checkpoint): call every few seconds.
  Result<void> checkpoint() { return writer_->checkpoint(); }
  Result<void> close() { return writer_->close(); }
  ReplayWriter& writer() { return *writer_; }

 private:
  SessionRecorder() = default;
  std::unique_ptr<ReplayWriter> writer_;
};

}  // namespace concord::replay
