#include "replay/session_recorder.h"

namespace concord::replay {

TurnRecordInput toRecordInput(const lockstep::TurnRecord& rec) {
  TurnRecordInput in;
  in.turn = rec.turn;
  in.seal = rec.seal;
  for (const auto& b : rec.bundles) {
    in.ordersBySeat.push_back(b.orders);
    in.signatures.push_back(b.signature);
  }
  return in;
}

Result<std::unique_ptr<SessionRecorder>> SessionRecorder::create(const std::string& path,
                                                                 const lockstep::SessionConfig& session,
                                                                 WriterOptions options) {
  std::unique_ptr<SessionRecorder> r(new SessionRecorder());
  auto e = lockstep::TurnEngine::create(session);
  if (!e) return e.error();
  r->shadow_ = std::move(*e);
  r->chain_ = BundleChain(r->shadow_->gameId(), static_cast<Seat>(session.seats.size()));
  auto w = ReplayWriter::create(path, session, options);
  if (!w) return w.error();
  r->writer_ = std::move(*w);
  return r;
}

Result<std::unique_ptr<SessionRecorder>> SessionRecorder::resume(const std::string& path, const Resumed& resumed) {
  std::unique_ptr<SessionRecorder> r(new SessionRecorder());
  r->shadow_ = resumed.engine->clone();
  r->chain_ = resumed.chain;
  auto w = ReplayWriter::reopen(path, resumed.reader);
  if (!w) return w.error();
  r->writer_ = std::move(*w);
  return r;
}

Result<void> SessionRecorder::record(const lockstep::TurnRecord& rec) {
  auto in = toRecordInput(rec);
  if (in.ordersBySeat.size() != chain_.heads().size())
    return Err("replay recorder: turn ", rec.turn, " has ", in.ordersBySeat.size(), " bundles");
  auto signers = expectedSigners(shadow_->session(), shadow_->membership(), rec.turn, in.ordersBySeat);
  auto bundles = chain_.build(rec.turn, in.ordersBySeat, shadow_->lastSeal());
  for (size_t s = 0; s < bundles.size(); ++s) {
    if (bundles[s].body() != rec.bundles[s].body())
      return Err("replay recorder: turn ", rec.turn, " seat ", s,
                 ": the pipeline's bundle differs from the one the replay re-derives (chain/digest/prevSeal)");
    if (!(signers[s] == rec.signers.at(s)))
      return Err("replay recorder: turn ", rec.turn, " seat ", s, ": signed by ", rec.signers[s].fingerprint(),
                 " but the replay expects ", signers[s].fingerprint());
  }
  chain_.advance(bundles);
  auto res = shadow_->step(in.ordersBySeat);
  if (res.seal != rec.seal)
    return Err("replay recorder: turn ", rec.turn, ": pipeline Seal ", rec.seal.shortHex(), " but re-simulation gives ",
               res.seal.shortHex());
  return writer_->append(in, shadow_.get());
}

}  // namespace concord::replay
