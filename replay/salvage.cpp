#include "replay/salvage.h"

#include <filesystem>
#include <fstream>

#include "replay/writer.h"

namespace concord::replay {

Result<Recovery> recoverable(const ReplayReader& reader) {
  Recovery r;
  r.damage = reader.damage();
  if (r.damage.empty())
    for (const auto& n : reader.notices())
      if (n.rfind("file is cut", 0) == 0) r.damage = n;
  auto rep = verifyReplay(reader);
  if (!rep) return rep.error();
  r.report = std::move(*rep);
  r.turns = r.report.ok ? r.report.turns : 0;
  return r;
}

Result<Recovery> salvageReplay(const std::string& in, const std::string& out) {
  std::error_code ec;
  if (std::filesystem::equivalent(in, out, ec)) return Err("salvage: OUT must be another file than ", in);
  auto reader = ReplayReader::open(in, OnDamage::KeepPrefix);
  if (!reader) return reader.error();
  auto rec = recoverable(*reader);
  if (!rec) return rec.error();
  if (!rec->report.ok) return Err(in, ": the intact turns do not verify, nothing to salvage: ", rec->report.failure);
  if (rec->turns == 0) return Err(in, ": no complete turn before the damage, nothing to salvage");
  // Every frame the reader kept is intact and in order; the index names exactly those frames.
  std::vector<IndexEntry> index;
  for (const auto& f : reader->frames())
    if (f.kind != FrameKind::Index) index.push_back({f.kind, f.firstTurn, f.turnCount, f.offset});
  auto prefix = reader->bytes().first(static_cast<size_t>(reader->dataEnd()));
  std::vector<uint8_t> bytes(prefix.begin(), prefix.end());
  auto trailer = encodeFrame(FrameKind::Index, reader->turnCount(), 0, encodeIndex(index));
  auto footer = encodeFooter(bytes.size());
  bytes.insert(bytes.end(), trailer.begin(), trailer.end());
  bytes.insert(bytes.end(), footer.begin(), footer.end());
  {
    std::ofstream f(out, std::ios::binary | std::ios::trunc);
    if (!f) return Err("salvage: cannot write ", out);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) return Err("salvage: writing ", out, " failed");
  }
  auto check = verifyReplay(out);
  if (!check) return Err("salvage: the written file does not read back: ", check.message());
  if (!check->ok || check->turns != rec->turns)
    return Err("salvage: the written file does not verify: ", check->failure);
  return rec;
}

}  // namespace concord::replay
