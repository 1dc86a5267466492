#include "replay/reader.h"

#include <filesystem>

#include <cstdio>
#include <fstream>
#include <iterator>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "replay/anchor.h"
#include "replay/writer.h"

namespace concord::replay {

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
  auto at = rr.readHeader();
  if (!at) return at.error();
  rr.dataEnd_ = *at;
  if (auto s = rr.scan(); !s) return s.error();
  return rr;
}

std::span<const uint8_t> ReplayReader::frameBytes(const FrameInfo& f) const {
  return std::span<const uint8_t>(bytes_).subspan(static_cast<size_t>(f.offset), static_cast<size_t>(f.size));
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
  if (const Hole* h = holeAt(t)) return Err("turn ", t, " is not in the replay: ", h->describe());
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
  auto e = engineFromSnapshot(header_.session, header_.formatVersion, *raw);
  if (!e) return Err("snapshot at turn ", f.firstTurn, ": ", e.message());
  if ((*e)->turn() != f.firstTurn)
    return Err("snapshot at turn ", f.firstTurn, " holds the state of turn ", (*e)->turn());
  return e;
}

Result<std::unique_ptr<lockstep::TurnLedger>> ReplayReader::ledgerAt(size_t i) const {
  if (i >= frames_.size() || frames_[i].kind != FrameKind::Snapshot) return Err("frame ", i, " is not a snapshot");
  const auto& f = frames_[i];
  auto raw = framePayload(frameBytes(f), f.header);
  if (!raw) return Err("snapshot at turn ", f.firstTurn, ": ", raw.message());
  auto l = ledgerFromSnapshot(header_.session, header_.formatVersion, *raw);
  if (!l) return Err("snapshot at turn ", f.firstTurn, ": ", l.message());
  if ((*l)->turn() != f.firstTurn)
    return Err("snapshot at turn ", f.firstTurn, " holds the state of turn ", (*l)->turn());
  return l;
}

const Hole* ReplayReader::holeAt(uint32_t t) const {
  for (const auto& h : holes_)
    if (t >= h.firstTurn && (h.turnCount == 0 || t - h.firstTurn < h.turnCount)) return &h;
  return nullptr;
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
  // Stepping stops at a hole: the turns in it are not in the file and the next snapshot is after `position`.
  if (engine->turn() != position) {
    const Hole* h = holeAt(engine->turn());
    return Err("cannot seek to turn ", position, ": ", h ? h->describe() : "the turns before it are not in the file");
  }
  return engine;
}

}  // namespace concord::replay
