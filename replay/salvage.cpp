#include "replay/salvage.h"

#include <filesystem>
#include <fstream>

#include "replay/anchor.h"
#include "replay/writer.h"

namespace concord::replay {

namespace {
// Turns the report re-simulated: up to where it stopped, less the holes it stepped over.
uint32_t provenTurns(const VerifyReport& rep) {
  uint64_t lost = 0;
  for (const auto& h : rep.lost)
    if (h.resumed) lost += h.turnCount;
  return rep.turns > lost ? static_cast<uint32_t>(rep.turns - lost) : 0;
}

const Hole* holeFrom(const ReplayReader& reader, uint32_t firstTurn) {
  for (const auto& h : reader.holes())
    if (h.firstTurn == firstTurn && h.resumed) return &h;
  return nullptr;
}
}  // namespace

Result<Recovery> recoverable(const ReplayReader& reader) {
  Recovery r;
  r.damage = reader.damage();
  if (r.damage.empty())
    for (const auto& n : reader.notices())
      if (n.rfind("file is cut", 0) == 0) r.damage = n;
  auto rep = verifyReplay(reader);
  if (!rep) return rep.error();
  r.report = std::move(*rep);
  r.turns = r.report.ok || r.report.holesOnly ? provenTurns(r.report) : 0;
  return r;
}

Result<Recovery> salvageReplay(const std::string& in, const std::string& out) {
  std::error_code ec;
  if (std::filesystem::equivalent(in, out, ec)) return Err("salvage: OUT must be another file than ", in);
  auto reader = ReplayReader::open(in, OnDamage::KeepIntact);
  if (!reader) return reader.error();
  auto rec = recoverable(*reader);
  if (!rec) return rec.error();
  if (!rec->report.ok && !rec->report.holesOnly)
    return Err(in, ": the intact turns do not verify, nothing to salvage: ", rec->report.failure);
  if (rec->turns == 0) return Err(in, ": no complete turn survives the damage, nothing to salvage");
  // The header (and, from format 5, its copy), then every frame the reader kept, a Gap frame for each hole.
  auto bytes = encodeHeader(reader->header());
  if (reader->header().formatVersion >= kAnchorFormat) {
    auto copy = encodeFrame(FrameKind::HeaderCopy, 0, 0, bytes);
    bytes.insert(bytes.end(), copy.begin(), copy.end());
  }
  std::vector<IndexEntry> index;
  for (const auto& f : reader->frames()) {
    if (f.kind == FrameKind::Index) continue;
    index.push_back({f.kind, f.firstTurn, f.turnCount, bytes.size()});
    if (f.damaged) {
      const Hole* h = holeFrom(*reader, f.firstTurn);
      auto gap = encodeFrame(FrameKind::Gap, f.firstTurn, f.turnCount, encodeGap(h ? h->why : "frame damaged"));
      bytes.insert(bytes.end(), gap.begin(), gap.end());
      continue;
    }
    auto frame = reader->bytes().subspan(static_cast<size_t>(f.offset), static_cast<size_t>(f.size));
    bytes.insert(bytes.end(), frame.begin(), frame.end());
  }
  const uint64_t trailerAt = bytes.size();
  auto trailer = encodeFrame(FrameKind::Index, reader->turnCount(), 0, encodeIndex(index));
  auto footer = encodeFooter(trailerAt);
  bytes.insert(bytes.end(), trailer.begin(), trailer.end());
  bytes.insert(bytes.end(), footer.begin(), footer.end());
  {
    std::ofstream f(out, std::ios::binary | std::ios::trunc);
    if (!f) return Err("salvage: cannot write ", out);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) return Err("salvage: writing ", out, " failed");
  }
  auto check = ReplayReader::open(out);
  if (!check) return Err("salvage: the written file does not read back: ", check.message());
  auto again = verifyReplay(*check);
  if (!again) return Err("salvage: the written file does not read back: ", again.message());
  if ((!again->ok && !again->holesOnly) || provenTurns(*again) != rec->turns)
    return Err("salvage: the written file does not verify: ", again->failure);
  return rec;
}

}  // namespace concord::replay
