#include "replay/reader.h"

#include <filesystem>

#include <cstdio>
#include <fstream>
#include <iterator>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "replay/writer.h"

namespace concord::replay {

namespace {
std::string turnRange(const FrameHeader& h) {
  if (h.kind == FrameKind::Turns && h.turnCount > 0)
    return "turns " + std::to_string(h.firstTurn) + ".." + std::to_string(h.firstTurn + h.turnCount - 1);
  if (h.kind == FrameKind::Snapshot) return "snapshot at turn " + std::to_string(h.firstTurn);
  if (h.kind == FrameKind::Comms) return "comms at turn " + std::to_string(h.firstTurn);
  return "index trailer";
}
}  // namespace

Result<ReplayReader> ReplayReader::open(const std::string& path, OnDamage onDamage) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Err(path, " is a directory, not a replay file (*.ccr)");
  std::ifstream in(path, std::ios::binary);
  if (!in) return Err("cannot open replay ", path);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Err("cannot read replay ", path);
  auto r = fromBytes(std::move(bytes), onDamage);
  if (!r) return Err(path, ": ", r.message());
  return r;
}

Result<ReplayReader> ReplayReader::fromBytes(std::vector<uint8_t> bytes, OnDamage onDamage) {
  ReplayReader rr;
  rr.bytes_ = std::move(bytes);
  rr.onDamage_ = onDamage;
  size_t at = 0;
  auto h = decodeHeader(rr.bytes_, at);
  if (!h) return h.error();
  rr.header_ = std::move(*h);
  rr.dataEnd_ = at;
  if (auto s = rr.scan(); !s) {
    if (rr.onDamage_ == OnDamage::Refuse) return s.error();
    rr.damage_ = s.message();  // the frames before the damage were read and checked: keep them
  }
  return rr;
}

std::span<const uint8_t> ReplayReader::frameBytes(const FrameInfo& f) const {
  return std::span<const uint8_t>(bytes_).subspan(static_cast<size_t>(f.offset), static_cast<size_t>(f.size));
}

Result<void> ReplayReader::scan() {
  size_t at = static_cast<size_t>(dataEnd_);
  const std::span<const uint8_t> all(bytes_);
  const Seat seats = static_cast<Seat>(header_.session.seats.size());
  while (at < all.size()) {
    auto p = parseFrame(all.subspan(at));
    if (p.status == FrameStatus::Cut) {
      notices_.push_back("file is cut at byte " + std::to_string(all.size()) + " (" + p.why + " at offset " +
                         std::to_string(at) + "); read the " + std::to_string(turns_) +
                         " complete turns before the cut");
      return Ok();
    }
    if (p.status == FrameStatus::Corrupt && p.totalSize != 0)  // header intact: name the frame's turns
      return Err("corrupt frame at offset ", at, " (", turnRange(p.header), "): ", p.why);
    if (p.status == FrameStatus::Corrupt)
      return Err("corrupt frame at offset ", at, " (the frame holding turn ", turns_, " or later): ", p.why);
    const auto& fh = p.header;
    auto bad = [&](const std::string& why) {
      return Err("corrupt frame at offset ", at, " (", turnRange(fh), "): ", why);
    };
    FrameInfo fi{fh.kind, fh.firstTurn, fh.turnCount, at, p.totalSize, fh};
    if (fh.kind == FrameKind::Turns) {
      if (fh.firstTurn != turns_) return bad("expected a block starting at turn " + std::to_string(turns_));
      if (fh.turnCount == 0 || fh.turnCount > header_.blockTurns)
        return bad("block of " + std::to_string(fh.turnCount) + " turns (1.." +
                   std::to_string(header_.blockTurns) + " allowed)");
      if (fh.turnCount > UINT32_MAX - turns_) return bad("turn count overflows");
      if (fh.rawLen < fh.turnCount * (1 + sealTagBytes(header_.formatVersion)) + 16 + 64u * seats)
        return bad("block too small for its turns");
      turns_ += fh.turnCount;
      frames_.push_back(fi);
      at += p.totalSize;
      dataEnd_ = at;
    } else if (fh.kind == FrameKind::Comms) {
      if (header_.formatVersion < 2) return bad("comms frame in a format version 1 file");
      if (fh.firstTurn != turns_ || fh.turnCount != 0)
        return bad("comms frame must sit at the current turn " + std::to_string(turns_));
      if (fh.rawLen < 1 + 68) return bad("comms frame too small for a message");
      frames_.push_back(fi);
      at += p.totalSize;
      dataEnd_ = at;
    } else if (fh.kind == FrameKind::Snapshot) {
      if (fh.firstTurn != turns_ || fh.turnCount != 0)
        return bad("snapshot must sit at the current turn " + std::to_string(turns_));
      frames_.push_back(fi);
      at += p.totalSize;
      dataEnd_ = at;
    } else {
      // The index trailer: must be followed by exactly the footer, and must match what we scanned.
      size_t end = at + p.totalSize;
      if (all.size() - end < kFooterSize) {
        notices_.push_back("file is cut inside its footer; the index was rebuilt by scanning");
        return Ok();
      }
      if (all.size() - end > kFooterSize) return bad("bytes after the footer");
      auto footer = all.subspan(end);
      uint64_t ptr = 0;
      for (int i = 0; i < 8; ++i) ptr |= static_cast<uint64_t>(footer[static_cast<size_t>(i)]) << (8 * i);
      if (!std::equal(kFooterMagic.begin(), kFooterMagic.end(), footer.begin() + 8) || ptr != at)
        return bad("footer is corrupt");
      if (fh.firstTurn != turns_ || fh.turnCount != 0) return bad("trailer names the wrong turn count");
      auto raw = framePayload(all.subspan(at, p.totalSize), fh);
      if (!raw) return bad(raw.message());
      auto idx = decodeIndex(*raw);
      if (!idx) return bad(idx.message());
      if (idx->size() != frames_.size()) return bad("index does not match the frames in the file");
      for (size_t i = 0; i < frames_.size(); ++i) {
        IndexEntry e{frames_[i].kind, frames_[i].firstTurn, frames_[i].turnCount, frames_[i].offset};
        if (!((*idx)[i] == e)) return bad("index entry " + std::to_string(i) + " does not match its frame");
      }
      fi.size = p.totalSize;
      frames_.push_back(fi);
      closed_ = true;
      return Ok();
    }
  }
  notices_.push_back("no index trailer (the writer did not close the file: crash or still recording); index rebuilt by scanning");
  return Ok();
}

uint32_t ReplayReader::snapshotCount() const {
  uint32_t n = 0;
  for (const auto& f : frames_) n += f.kind == FrameKind::Snapshot ? 1 : 0;
  return n;
}

Result<TurnBlock> ReplayReader::block(size_t i) const {
  if (i >= frames_.size() || frames_[i].kind != FrameKind::Turns) return Err("frame ", i, " is not a turn block");
  const auto& f = frames_[i];
  auto raw = framePayload(frameBytes(f), f.header);
  if (!raw) return Err("turns ", f.firstTurn, "..", f.firstTurn + f.turnCount - 1, ": ", raw.message());
  auto b = decodeBlock(*raw, f.firstTurn, f.turnCount, static_cast<Seat>(header_.session.seats.size()),
                       sealTagBytes(header_.formatVersion));
  if (!b) return Err("turns ", f.firstTurn, "..", f.firstTurn + f.turnCount - 1, ": ", b.message());
  return b;
}

Result<TurnRecord> ReplayReader::turn(uint32_t t) const {
  for (size_t i = 0; i < frames_.size(); ++i) {
    const auto& f = frames_[i];
    if (f.kind != FrameKind::Turns || t < f.firstTurn || t - f.firstTurn >= f.turnCount) continue;
    auto b = block(i);
    if (!b) return b.error();
    return std::move(b->turns[t - f.firstTurn]);
  }
  return Err("turn ", t, " is not in the replay (it has ", turns_, " turns)");
}

Result<std::vector<CommsEntry>> ReplayReader::comms() const {
  std::vector<CommsEntry> out;
  const auto seats = static_cast<Seat>(header_.session.seats.size());
  for (const auto& f : frames_) {
    if (f.kind != FrameKind::Comms) continue;
    auto raw = framePayload(frameBytes(f), f.header);
    if (!raw) return Err("comms frame at offset ", f.offset, " (turn ", f.firstTurn, "): ", raw.message());
    auto c = decodeComms(*raw, f.firstTurn, out.empty() ? 0 : out.back().turn, seats);
    if (!c) return Err("comms frame at offset ", f.offset, " (turn ", f.firstTurn, "): ", c.message());
    for (auto& e : *c) out.push_back(std::move(e));
  }
  return out;
}

Result<std::unique_ptr<lockstep::TurnEngine>> ReplayReader::loadSnapshot(size_t i) const {
  if (i >= frames_.size() || frames_[i].kind != FrameKind::Snapshot) return Err("frame ", i, " is not a snapshot");
  const auto& f = frames_[i];
  auto raw = framePayload(frameBytes(f), f.header);
  if (!raw) return Err("snapshot at turn ", f.firstTurn, ": ", raw.message());
  auto e = lockstep::TurnEngine::create(header_.session);
  if (!e) return e.error();
  det::Reader r(*raw, "snapshot");
  if (auto st = (*e)->read(r); !st) return Err("snapshot at turn ", f.firstTurn, ": ", st.message());
  if (auto st = r.finish(); !st) return Err("snapshot at turn ", f.firstTurn, ": ", st.message());
  if ((*e)->turn() != f.firstTurn)
    return Err("snapshot at turn ", f.firstTurn, " holds the state of turn ", (*e)->turn());
  return e;
}

Result<std::unique_ptr<lockstep::TurnEngine>> ReplayReader::seek(uint32_t position) const {
  if (position > turns_) return Err("cannot seek to turn ", position, ": the replay has ", turns_, " turns");
  std::unique_ptr<lockstep::TurnEngine> engine;
  for (size_t i = frames_.size(); i-- > 0;) {
    if (frames_[i].kind != FrameKind::Snapshot || frames_[i].firstTurn > position) continue;
    auto e = loadSnapshot(i);
    if (!e) return e.error();
    engine = std::move(*e);
    break;
  }
  if (!engine) {
    auto e = lockstep::TurnEngine::create(header_.session);
    if (!e) return e.error();
    engine = std::move(*e);
  }
  for (size_t i = 0; i < frames_.size() && engine->turn() < position; ++i) {
    const auto& f = frames_[i];
    if (f.kind != FrameKind::Turns || f.firstTurn + f.turnCount <= engine->turn()) continue;
    auto b = block(i);
    if (!b) return b.error();
    for (const auto& t : b->turns) {
      if (t.turn < engine->turn()) continue;
      if (t.turn >= position) break;
      auto res = engine->step(t.ordersBySeat);
      if (!t.sealMatches(res.seal))
        return Err("turn ", t.turn, ": Seal hash ", res.seal.shortHex(),
                   " does not match the recorded one (replay corrupt or recorded by different rules)");
    }
  }
  return engine;
}

}  // namespace concord::replay
