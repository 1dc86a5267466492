#include "replay/session_recorder.h"

namespace concord::replay {

Result<std::unique_ptr<SessionRecorder>> SessionRecorder::create(const std::string& path,
                                                                 const lockstep::SessionConfig& session,
                                                                 WriterOptions options) {
  std::unique_ptr<SessionRecorder> r(new SessionRecorder());
  auto w = ReplayWriter::create(path, session, options);
  if (!w) return w.error();
  r->writer_ = std::move(*w);
  return r;
}

Result<std::unique_ptr<SessionRecorder>> SessionRecorder::resume(const std::string& path, const Resumed& resumed) {
  std::unique_ptr<SessionRecorder> r(new SessionRecorder());
  auto w = ReplayWriter::reopen(path, resumed.reader);
  if (!w) return w.error();
  r->writer_ = std::move(*w);
  return r;
}

}  // namespace concord::replay
