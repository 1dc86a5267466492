// Reading a replay's frames so that one bad byte costs at most the turns up to the next snapshot (issue 30,
// docs/replay-format.md "Damage and salvage"): the header falls back on its copy, a damaged frame is skipped (to the
// next frame whose two checksums hold), the game is picked up at the first snapshot after it, and what the index
// trailer or footer would only have cached is rebuilt by scanning when they are damaged.
#include <algorithm>

#include "replay/anchor.h"
#include "replay/reader.h"
#include "replay/writer.h"

namespace concord::replay {

namespace {
std::string turnRange(const FrameHeader& h) {
  if (h.kind == FrameKind::Turns && h.turnCount > 0)
    return "turns " + std::to_string(h.firstTurn) + ".." + std::to_string(h.firstTurn + h.turnCount - 1);
  if (h.kind == FrameKind::Snapshot) return "snapshot at turn " + std::to_string(h.firstTurn);
  if (h.kind == FrameKind::Comms) return "comms at turn " + std::to_string(h.firstTurn);
  if (h.kind == FrameKind::Gap) return "gap at turn " + std::to_string(h.firstTurn);
  if (h.kind == FrameKind::HeaderCopy) return "header copy";
  return "index trailer";
}

std::string at(uint64_t offset) { return "offset " + std::to_string(offset); }

// The footer's trailer offset, when the file's last 16 bytes are a footer.
std::optional<uint64_t> footerPointer(std::span<const uint8_t> all) {
  if (all.size() < kFooterSize) return std::nullopt;
  auto f = all.last(kFooterSize);
  if (!std::equal(kFooterMagic.begin(), kFooterMagic.end(), f.begin() + 8)) return std::nullopt;
  uint64_t ptr = 0;
  for (size_t i = 0; i < 8; ++i) ptr |= static_cast<uint64_t>(f[i]) << (8 * i);
  return ptr;
}
}  // namespace

std::string Hole::describe() const {
  std::string turns = turnCount == 0 ? "turns from " + std::to_string(firstTurn) + " on"
                      : turnCount == 1 ? "turn " + std::to_string(firstTurn)
                                       : "turns " + std::to_string(firstTurn) + "-" + std::to_string(firstTurn + turnCount - 1);
  if (salvaged) return turns + " lost before this file was salvaged (" + why + ")";
  return turns + " lost (" + why + ")";
}

/// Damage met since the last frame that continued the game, until a frame says what it cost.
struct ReplayReader::Pending {
  bool any = false;
  bool damaged = false;    // checksums failed or frames did not fit (a salvaged Gap frame is not damage)
  bool turnsLost = false;  // a later frame starts past the turn the game had reached
  uint64_t offset = 0, end = 0;
  uint32_t seenEnd = 0;    // end turn of the frames dropped since (no state to re-simulate them from)
  std::string why;
  void note(uint64_t from, uint64_t to, const std::string& what) {
    if (!any) offset = from, why = what;
    any = damaged = true;
    end = std::max(end, to);
  }
};

Result<size_t> ReplayReader::readHeader() {
  const std::span<const uint8_t> all(bytes_);
  size_t first = 0;
  auto h = decodeHeader(all, first);
  if (h) {
    header_ = std::move(*h);
    if (header_.formatVersion < kAnchorFormat) return first;
    auto p = parseFrame(all.subspan(first));
    if (p.status == FrameStatus::Cut) return first;  // the scan reports the cut
    if (p.status == FrameStatus::Ok && p.header.kind == FrameKind::HeaderCopy) {
      auto copy = framePayload(all.subspan(first, p.totalSize), p.header);
      if (!copy || !std::ranges::equal(*copy, all.first(first)))
        return Err("the header and its copy at ", at(first), " differ: the file was altered after it was written");
      return first + p.totalSize;
    }
    if (p.status == FrameStatus::Ok) {  // written without its copy (by hand, or a fuzzer): the frame is the game's
      notices_.push_back("the header has no copy (the first frame, at " + at(first) + ", is a " + turnRange(p.header) + ")");
      return first;
    }
    notices_.push_back("the header's copy at " + at(first) + " is damaged; the header itself is intact");
    return p.totalSize ? first + p.totalSize : nextIntactFrame(all, first + 1);
  }
  // The header is damaged: a format 5 file keeps its copy as the first intact frame.
  const size_t copyAt = nextIntactFrame(all, std::min(all.size(), kPreambleSize));
  if (copyAt == all.size()) return h.error();
  auto p = parseFrame(all.subspan(copyAt));
  if (p.header.kind != FrameKind::HeaderCopy) return h.error();
  auto raw = framePayload(all.subspan(copyAt, p.totalSize), p.header);
  if (!raw) return h.error();
  size_t used = 0;
  auto copy = decodeHeader(*raw, used);
  if (!copy || used != raw->size()) return h.error();
  header_ = std::move(*copy);
  notices_.push_back("the header is damaged (" + h.message() + "); read its copy at " + at(copyAt));
  return copyAt + p.totalSize;
}

Result<void> ReplayReader::scan() {
  const std::span<const uint8_t> all(bytes_);
  size_t pos = static_cast<size_t>(dataEnd_);
  Pending pending;
  while (pos < all.size()) {
    // An ignored trailer leaves its footer: the file ends there.
    if (all.size() - pos == kFooterSize && footerPointer(all)) break;
    auto p = parseFrame(all.subspan(pos));
    if (p.status == FrameStatus::Cut) {
      if (pending.any) pending.turnsLost = true;  // the damaged bytes may have held turns
      if (auto r = resolve(pending, std::nullopt, 0); !r) return r;
      notices_.push_back("file is cut at byte " + std::to_string(all.size()) + " (" + p.why + " at " + at(pos) +
                         "); read the " + std::to_string(turns_) + " complete turns before the cut");
      return Ok();
    }
    if (p.status == FrameStatus::Corrupt && p.totalSize != 0 && p.header.kind == FrameKind::Index) {
      notices_.push_back("the index trailer at " + at(pos) + " is damaged (" + p.why + "); the index was rebuilt by scanning");
      pos += p.totalSize;
      continue;
    }
    if (p.status == FrameStatus::Corrupt) {
      const size_t next = p.totalSize != 0 ? pos + p.totalSize : nextIntactFrame(all, pos + 1);
      const std::string what = p.totalSize != 0 ? turnRange(p.header) : "the frame after turn " + std::to_string(turns_);
      pending.note(pos, next, "frame damaged at " + at(pos) + ", " + what + ": " + p.why);
      pos = next;
      continue;
    }
    FrameInfo fi{p.header.kind, p.header.firstTurn, p.header.turnCount, pos, p.totalSize, p.header};
    if (fi.kind == FrameKind::Index) {
      auto stop = takeTrailer(pos, fi, pending);
      if (!stop) return stop.error();
      if (*stop) return Ok();
    } else {
      auto misplaced = place(fi, pending);
      if (!misplaced) return misplaced.error();
      // Intact but out of place: a malformed or spliced file, refused by the strict reader, skipped otherwise.
      if (!misplaced->empty() && onDamage_ == OnDamage::Refuse)
        return Err("corrupt frame at ", at(pos), " (", turnRange(p.header), "): ", *misplaced);
      if (!misplaced->empty()) pending.note(pos, pos + p.totalSize, "frame at " + at(pos) + " (" + turnRange(p.header) + "): " + *misplaced);
    }
    pos += p.totalSize;
  }
  // Damage at the very end: only the index trailer if the footer points at it, else it may have held turns.
  if (pending.any && !(footerPointer(all) == std::optional<uint64_t>(pending.offset))) pending.turnsLost = true;
  if (auto r = resolve(pending, std::nullopt, 0); !r) return r;
  if (!closed_)
    notices_.push_back("no index trailer (the writer did not close the file: crash or still recording); index rebuilt by scanning");
  return Ok();
}

// "": the frame continues the game (kept) or belongs to turns already lost (dropped); else why it does not fit.
Result<std::string> ReplayReader::place(const FrameInfo& fi, Pending& pending) {
  const auto& fh = fi.header;
  const bool fits = !pending.turnsLost && fh.firstTurn == turns_;
  const Seat seats = static_cast<Seat>(header_.session.seats.size());
  const std::string here = "at the current turn " + std::to_string(turns_);
  auto keep = [&]() -> Result<std::string> {
    if (auto r = resolve(pending, std::nullopt, 0); !r) return r.error();
    frames_.push_back(fi);
    dataEnd_ = fi.offset + fi.size;
    return std::string();
  };
  // A frame past the turn the game reached: the turns before it are lost (dropped until a snapshot picks them up).
  auto past = [&](uint32_t end) -> Result<std::string> {
    if (!pending.any) pending.note(fi.offset, fi.offset, "turns " + std::to_string(turns_) + " on are in no frame");
    pending.turnsLost = true;
    pending.seenEnd = std::max(pending.seenEnd, end);
    if (onDamage_ == OnDamage::Refuse && pending.damaged)
      return Err(pending.why, "; `concord replay verify` says which turns survive, `concord replay salvage` keeps them");
    return std::string();
  };
  const bool later = fh.firstTurn > turns_ && fh.firstTurn >= pending.seenEnd;
  switch (fh.kind) {
    case FrameKind::Turns:
      if (fh.turnCount == 0 || fh.turnCount > header_.blockTurns)
        return "block of " + std::to_string(fh.turnCount) + " turns (1.." + std::to_string(header_.blockTurns) + " allowed)";
      if (fh.turnCount > UINT32_MAX - fh.firstTurn) return std::string("turn count overflows");
      if (fh.rawLen < fh.turnCount * (1 + sealTagBytes(header_.formatVersion)) + 16 + 64u * seats)
        return std::string("block too small for its turns");
      if (fits) {
        auto k = keep();
        if (k && k->empty()) turns_ += fh.turnCount;
        return k;
      }
      if (later || (pending.turnsLost && fh.firstTurn >= pending.seenEnd)) return past(fh.firstTurn + fh.turnCount);
      return "expected a block starting at turn " + std::to_string(turns_);
    case FrameKind::Snapshot:
      if (fh.turnCount != 0) return "snapshot must sit " + here;
      if (fits) return keep();
      if (later && header_.formatVersion < kAnchorFormat) return past(fh.firstTurn);  // no chain heads to resume from
      if (!later) return "snapshot must sit " + here;
      if (auto r = past(fh.firstTurn); !r || !r->empty()) return r;
      if (auto r = resolve(pending, fh.firstTurn, 0); !r) return r.error();  // the game is picked up here
      return keep();
    case FrameKind::Comms:
      if (header_.formatVersion < 2) return std::string("comms frame in a format version 1 file");
      if (fh.turnCount != 0 || fh.rawLen < 1 + 68) return std::string("comms frame too small for a message");
      if (fits) return keep();
      if (pending.turnsLost && fh.firstTurn >= pending.seenEnd) return std::string();  // went with the lost turns
      return "comms frame must sit " + here;
    case FrameKind::Gap: {
      if (header_.formatVersion < kAnchorFormat) return std::string("gap frame in a file older than format 5");
      if (!fits || fh.turnCount == 0 || fh.turnCount > UINT32_MAX - turns_) return "gap frame must start " + here;
      auto raw = framePayload(frameBytes(fi), fh);
      auto why = raw ? decodeGap(*raw) : Result<std::string>(raw.error());
      if (!why) return why.message();
      if (auto r = resolve(pending, std::nullopt, 0); !r) return r.error();
      pending = Pending{true, false, true, fi.offset, fi.offset + fi.size, fh.firstTurn + fh.turnCount, *why};
      return std::string();
    }
    default: return std::string("a copy of the header after the first frame");
  }
}

Result<bool> ReplayReader::takeTrailer(size_t pos, const FrameInfo& fi, Pending& pending) {
  const std::span<const uint8_t> all(bytes_);
  const size_t end = pos + fi.size;
  // The trailer names the game's turn count: a damaged tail before it is sized by it.
  if (pending.any && fi.firstTurn > turns_) pending.turnsLost = true;
  if (auto r = resolve(pending, std::nullopt, fi.firstTurn); !r) return r.error();
  if (all.size() - end < kFooterSize) {
    notices_.push_back("file is cut inside its footer; the index was rebuilt by scanning");
    return true;
  }
  auto ignored = [&](const std::string& why) {
    notices_.push_back("the index trailer at " + at(pos) + " is ignored (" + why + "); the index was rebuilt by scanning");
    return all.size() - end == kFooterSize;  // anything after its footer is read as frames
  };
  if (all.size() - end > kFooterSize) return ignored("bytes after the footer");
  if (footerPointer(all) != std::optional<uint64_t>(pos)) return ignored("the footer is damaged");
  if (fi.firstTurn != turns_) return ignored("it names " + std::to_string(fi.firstTurn) + " turns");
  auto raw = framePayload(frameBytes(fi), fi.header);
  if (!raw) return ignored(raw.message());
  auto idx = decodeIndex(*raw);
  if (!idx) return ignored(idx.message());
  if (idx->size() != frames_.size()) return ignored("it does not match the frames in the file");
  for (size_t i = 0; i < frames_.size(); ++i) {
    IndexEntry e{frames_[i].kind, frames_[i].firstTurn, frames_[i].turnCount, frames_[i].offset};
    if (!((*idx)[i] == e)) return ignored("entry " + std::to_string(i) + " does not match its frame");
  }
  frames_.push_back(fi);
  closed_ = true;
  return true;
}

// Says what the damage since the last kept frame cost, once a frame (or the file's end) tells: nothing (a notice),
// turns up to `anchor` (the snapshot the game is picked up from), or the rest of the turns (up to `knownEnd`).
Result<void> ReplayReader::resolve(Pending& pending, std::optional<uint32_t> anchor, uint32_t knownEnd) {
  if (!pending.any) return Ok();
  if (!pending.turnsLost) {
    notices_.push_back("damaged bytes at " + at(pending.offset) + " (" + std::to_string(pending.end - pending.offset) +
                       " bytes) skipped; no turns lost (" + pending.why + ")");
    pending = Pending{};
    return Ok();
  }
  const uint32_t end = anchor ? *anchor : std::max(pending.seenEnd, knownEnd);
  Hole h{turns_, end > turns_ ? end - turns_ : 0, pending.offset, pending.end - pending.offset, anchor.has_value(),
         !pending.damaged, pending.why};
  if (pending.damaged && onDamage_ == OnDamage::Refuse)
    return Err(h.describe(), "; `concord replay verify` says which turns survive, `concord replay salvage` keeps them");
  if (pending.damaged && damage_.empty()) damage_ = h.describe();
  if (anchor) {
    FrameHeader gh{FrameKind::Gap, turns_, h.turnCount, 0, 0};
    frames_.push_back(FrameInfo{FrameKind::Gap, turns_, h.turnCount, h.offset, h.size, gh, pending.damaged});
    turns_ = *anchor;
  }
  holes_.push_back(std::move(h));
  pending = Pending{};
  return Ok();
}

}  // namespace concord::replay
