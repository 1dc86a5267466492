#include "replay/writer.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <unistd.h>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "replay/anchor.h"
#include "replay/reader.h"

namespace concord::replay {

std::vector<uint8_t> encodeIndex(const std::vector<IndexEntry>& entries) {
  det::Writer w;
  w.varu("entries", entries.size());
  for (const auto& e : entries) {
    w.u8("kind", static_cast<uint8_t>(e.kind));
    w.varu("firstTurn", e.firstTurn);
    w.varu("turnCount", e.turnCount);
    w.varu("offset", e.offset);
  }
  return w.take();
}

Result<std::vector<IndexEntry>> decodeIndex(std::span<const uint8_t> raw) {
  det::Reader r(raw, "index trailer");
  uint64_t n = r.count("entries", 1u << 24, 4);
  std::vector<IndexEntry> out;
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    IndexEntry e;
    uint8_t k = r.u8("kind");
    if (r.ok() && (k < 1 || k > kMaxFrameKind || k == 3 || k == 5))
      r.fail("kind", "index entries name turn, snapshot, comms or gap frames only");
    e.kind = static_cast<FrameKind>(k);
    e.firstTurn = static_cast<uint32_t>(r.varu("firstTurn", UINT32_MAX));
    e.turnCount = static_cast<uint32_t>(r.varu("turnCount", UINT32_MAX));
    e.offset = r.varu("offset");
    out.push_back(e);
  }
  if (auto f = r.finish(); !f) return f.error();
  return out;
}

ReplayWriter::~ReplayWriter() {
  if (file_ && !closed_) {
    (void)flush();  // best effort: the file stays readable without its trailer
    std::fclose(file_);
  }
}

Result<std::unique_ptr<ReplayWriter>> ReplayWriter::create(const std::string& path,
                                                           const lockstep::SessionConfig& session,
                                                           WriterOptions options) {
  if (options.blockTurns == 0) return Err("replay writer: blockTurns must be at least 1");
  if (options.formatVersion < kMinFormatVersion || options.formatVersion > kFormatVersion)
    return Err("replay writer: format version ", options.formatVersion, " is not one this build writes (",
               kMinFormatVersion, "..", kFormatVersion, ")");
  if (session.seats.empty() || session.seats.size() > kMaxSeats) return Err("replay writer: bad seat count");
  std::unique_ptr<ReplayWriter> w(new ReplayWriter());
  w->path_ = path;
  w->header_.blockTurns = options.blockTurns;
  w->header_.snapshotEvery = options.snapshotEvery;
  w->header_.formatVersion = options.formatVersion;
  w->header_.session = session;
  w->seats_ = static_cast<Seat>(session.seats.size());
  w->file_ = std::fopen(path.c_str(), "wb");
  if (!w->file_) return Err("cannot create replay ", path, ": ", std::strerror(errno));
  const auto header = encodeHeader(w->header_);
  if (auto r = w->writeBytes(header); !r) return r.error();
  // A second copy of the header (format 5): one bad byte in the first no longer loses the whole file.
  if (w->header_.formatVersion >= kAnchorFormat)
    if (auto r = w->writeBytes(encodeFrame(FrameKind::HeaderCopy, 0, 0, header)); !r) return r.error();
  if (std::fflush(w->file_) != 0) return Err("cannot write replay ", path, ": ", std::strerror(errno));
  return w;
}

Result<std::unique_ptr<ReplayWriter>> ReplayWriter::reopen(const std::string& path, const ReplayReader& reader) {
  std::unique_ptr<ReplayWriter> w(new ReplayWriter());
  w->path_ = path;
  w->header_ = reader.header();
  w->seats_ = static_cast<Seat>(w->header_.session.seats.size());
  w->nextTurn_ = reader.turnCount();
  w->lastCommsTurn_ = reader.turnCount();
  w->offset_ = reader.dataEnd();
  for (const auto& f : reader.frames())
    if (f.kind != FrameKind::Index) w->index_.push_back({f.kind, f.firstTurn, f.turnCount, f.offset});
  std::error_code ec;
  std::filesystem::resize_file(path, w->offset_, ec);
  if (ec) return Err("cannot truncate replay ", path, " for appending: ", ec.message());
  w->file_ = std::fopen(path.c_str(), "ab");
  if (!w->file_) return Err("cannot reopen replay ", path, ": ", std::strerror(errno));
  return w;
}

Result<void> ReplayWriter::writeBytes(std::span<const uint8_t> b) {
  if (!file_ || closed_) return Err("replay writer for ", path_, " is closed");
  if (std::fwrite(b.data(), 1, b.size(), file_) != b.size())
    return Err("cannot write replay ", path_, ": ", std::strerror(errno));
  offset_ += b.size();
  return Ok();
}

Result<void> ReplayWriter::writeFrame(FrameKind kind, uint32_t first, uint32_t count, std::span<const uint8_t> raw) {
  if (kind != FrameKind::Index) index_.push_back({kind, first, count, offset_});
  if (auto r = writeBytes(encodeFrame(kind, first, count, raw)); !r) return r;
  if (std::fflush(file_) != 0) return Err("cannot flush replay ", path_, ": ", std::strerror(errno));
  return Ok();
}

Result<void> ReplayWriter::append(const lockstep::TurnRecord& rec) {
  if (closed_) return Err("replay writer for ", path_, " is closed");
  if (rec.turn != nextTurn_) return Err("replay writer: expected turn ", nextTurn_, ", got turn ", rec.turn);
  if (rec.bundles.size() != seats_)
    return Err("replay writer: turn ", rec.turn, " needs a bundle for each of ", seats_, " seats");
  TurnRecord t;
  t.turn = rec.turn;
  t.ordersBySeat.reserve(seats_);
  pending_.signatures.clear();
  for (const auto& b : rec.bundles) {
    t.ordersBySeat.push_back(b.orders);
    pending_.signatures.push_back(b.signature);
  }
  t.sealTagBytes = static_cast<uint8_t>(sealTagBytes(header_.formatVersion));
  t.sealTag = sealTagOf(rec.seal, t.sealTagBytes);
  pending_.turns.push_back(std::move(t));
  pending_.lastSeal = rec.seal;
  ++nextTurn_;
  if (pending_.turns.size() >= header_.blockTurns) {
    if (auto r = flush(); !r) return r;
  }
  if (rec.state && header_.snapshotEvery != 0 && nextTurn_ % header_.snapshotEvery == 0) {
    if (auto r = flush(); !r) return r;
    if (auto r = writeFrame(FrameKind::Snapshot, nextTurn_, 0, snapshotPayload(rec, header_.formatVersion)); !r) return r;
  }
  return Ok();
}

Result<void> ReplayWriter::appendComms(CommsEntry e) {
  if (closed_) return Err("replay writer for ", path_, " is closed");
  if (header_.formatVersion < 2)
    return Err("replay writer: ", path_, " is format version ", header_.formatVersion, ", which cannot hold comms");
  if (e.turn > nextTurn_ || e.turn < lastCommsTurn_)
    return Err("replay writer: comms at turn ", e.turn, " (expected ", lastCommsTurn_, "..", nextTurn_, ")");
  if (e.seat >= seats_) return Err("replay writer: comms from seat ", e.seat, ", which is not at this table");
  if (e.signedBytes.empty() || e.signedBytes.size() > kMaxCommsSignedBytes)
    return Err("replay writer: comms message of ", e.signedBytes.size(), " bytes (1..", kMaxCommsSignedBytes, ")");
  if (pendingComms_.size() >= kMaxCommsPerFrame)
    if (auto r = flush(); !r) return r;
  lastCommsTurn_ = e.turn;
  pendingComms_.push_back(std::move(e));
  return Ok();
}

Result<void> ReplayWriter::flush() {
  if (closed_) return Err("replay writer for ", path_, " is closed");
  if (auto r = dropProvisional(); !r) return r;
  if (auto r = writePending(); !r) return r;
  pending_ = TurnBlock{};
  pendingComms_.clear();
  return Ok();
}

Result<void> ReplayWriter::writePending() {
  if (!pending_.turns.empty()) {
    uint32_t first = pending_.turns.front().turn;
    auto count = static_cast<uint32_t>(pending_.turns.size());
    if (auto r = writeFrame(FrameKind::Turns, first, count, encodeBlock(pending_, sealTagBytes(header_.formatVersion))); !r) return r;
  }
  if (!pendingComms_.empty())
    if (auto r = writeFrame(FrameKind::Comms, nextTurn_, 0, encodeComms(pendingComms_)); !r) return r;
  return Ok();
}

Result<void> ReplayWriter::checkpoint() {
  if (closed_) return Err("replay writer for ", path_, " is closed");
  if (pending_.turns.empty() && pendingComms_.empty()) return Ok();
  if (provisional_ && provisionalTurn_ == nextTurn_ && provisionalComms_ == pendingComms_.size()) return Ok();
  if (auto r = dropProvisional(); !r) return r;
  provisionalAt_ = offset_;
  provisionalIndex_ = index_.size();
  provisionalTurn_ = nextTurn_;
  provisionalComms_ = pendingComms_.size();
  provisional_ = true;
  return writePending();
}

Result<void> ReplayWriter::dropProvisional() {
  if (!provisional_) return Ok();
  provisional_ = false;
  index_.resize(provisionalIndex_);
  // Cut back to where the checkpoint began (the frames written next may be shorter than the ones they replace).
  if (std::fflush(file_) != 0 || ::ftruncate(::fileno(file_), static_cast<off_t>(provisionalAt_)) != 0 ||
      std::fseek(file_, static_cast<long>(provisionalAt_), SEEK_SET) != 0)
    return Err("cannot rewrite the provisional end of replay ", path_, ": ", std::strerror(errno));
  offset_ = provisionalAt_;
  return Ok();
}

Result<void> ReplayWriter::close() {
  if (closed_) return Err("replay writer for ", path_, " is already closed");
  if (auto r = flush(); !r) return r;
  uint64_t trailerAt = offset_;
  if (auto r = writeFrame(FrameKind::Index, nextTurn_, 0, encodeIndex(index_)); !r) return r;
  if (auto r = writeBytes(encodeFooter(trailerAt)); !r) return r;
  closed_ = true;
  if (std::fclose(file_) != 0) {
    file_ = nullptr;
    return Err("cannot close replay ", path_, ": ", std::strerror(errno));
  }
  file_ = nullptr;
  return Ok();
}

}  // namespace concord::replay
