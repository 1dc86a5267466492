// Fuzz target: the replay reader. Mode (first byte % 4):
//   0  the bytes as a whole file (header, frames, trailer, footer) -> open (strict, and keeping what is intact around
//      damage: issue 30), verify, seek, pick-up ledgers
//   1  a valid header for a fixed shed session, then frames built from the input with correct checksums
//      and zstd framing (turns, snapshots, index, gaps, header copies, skipped turns), so the fuzzer reaches the
//      block, snapshot, index and gap decoders and the hole logic -> the same
//   2  decodeBlock on the bytes directly;  3  decodeIndex, decodeHeader, decodeComms, decodeGap and the snapshot
//      decoders on the bytes directly
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "replay/anchor.h"
#include "replay/format.h"
#include "replay/reader.h"
#include "table/record_bots.h"
#include "replay/turn_block.h"
#include "replay/verify.h"
#include "replay/writer.h"

using namespace concord;
using namespace concord::replay;

namespace {

void exercise(std::vector<uint8_t> file) {
  for (auto mode : {OnDamage::Refuse, OnDamage::KeepIntact}) {
    auto r = ReplayReader::fromBytes(file, mode);
    if (!r.ok()) continue;
    for (size_t i = 0; i < r->frames().size(); ++i) {
      if (r->frames()[i].kind == FrameKind::Turns) (void)r->block(i);
      if (r->frames()[i].kind == FrameKind::Snapshot) (void)r->ledgerAt(i);
    }
    for (const auto& h : r->holes()) (void)r->seek(h.firstTurn + 1);
    (void)r->comms();
    (void)verifyReplay(*r);
    (void)r->seek(r->turnCount() / 2);
    (void)r->seek(r->turnCount());
  }
}

const Header& fixedHeader() {
  static const Header h = [] {
    Header out;
    out.blockTurns = 8;
    out.snapshotEvery = 8;
    out.session = table::makeBotSession("shed", {{"hands", "2"}}, 3, "fuzz").value();
    return out;
  }();
  return h;
}

std::vector<uint8_t> structured(std::span<const uint8_t> in) {
  auto file = encodeHeader(fixedHeader());
  uint32_t turns = 0;
  size_t at = 0;
  while (at + 3 <= in.size()) {
    uint8_t ctl = in[at];
    size_t len = std::min<size_t>(static_cast<size_t>(in[at + 1]) | (static_cast<size_t>(in[at + 2]) << 8),
                                  in.size() - at - 3);
    auto payload = in.subspan(at + 3, len);
    at += 3 + len;
    std::vector<uint8_t> frame;
    const uint32_t count = 1u + ctl / 8u % 8u;
    switch (ctl % 8) {
      case 0:
      case 1:
        frame = encodeFrame(FrameKind::Turns, turns, count, payload);
        turns += count;
        break;
      case 2: frame = encodeFrame(FrameKind::Snapshot, turns, 0, payload); break;
      case 4:
        frame = encodeFrame(FrameKind::Gap, turns, count, payload);
        turns += count;
        break;
      case 5: frame = encodeFrame(FrameKind::HeaderCopy, 0, 0, encodeHeader(fixedHeader())); break;
      case 6: turns += count; continue;  // turns in no frame: a hole, as a cheater would cut one out
      case 7: frame = encodeFrame(FrameKind::Comms, turns, 0, payload); break;
      default: {
        uint64_t trailerAt = file.size();
        frame = encodeFrame(FrameKind::Index, turns, 0, payload);
        file.insert(file.end(), frame.begin(), frame.end());
        frame = encodeFooter(trailerAt);
        break;
      }
    }
    file.insert(file.end(), frame.begin(), frame.end());
  }
  return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 1 << 16) return 0;
  std::span<const uint8_t> in(data + 1, size - 1);
  switch (data[0] % 4) {
    case 0: exercise(std::vector<uint8_t>(in.begin(), in.end())); break;
    case 1: exercise(structured(in)); break;
    case 2:
      if (!in.empty())  // both tag widths: format 4's one byte and the four of formats 1-3
        (void)decodeBlock(in.subspan(1), 0, in[0] % 16u, static_cast<Seat>(1 + in[0] / 16u), in.size() % 2 ? 1 : 4);
      break;
    default: {
      (void)decodeIndex(in);
      (void)decodeGap(in);
      (void)ledgerFromSnapshot(fixedHeader().session, kFormatVersion, in);
      (void)engineFromSnapshot(fixedHeader().session, 3, in);
      size_t consumed = 0;
      (void)decodeHeader(in, consumed);
      if (auto c = decodeComms(in, in.empty() ? 0 : in[0] * 64u, 0, static_cast<Seat>(1 + in.size() % kMaxSeats)); c.ok())
        if (encodeComms(*c) != std::vector<uint8_t>(in.begin(), in.end())) std::abort();  // strict: one encoding
      break;
    }
  }
  return 0;
}
