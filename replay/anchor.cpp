#include "replay/anchor.h"

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "replay/format.h"

namespace concord::replay {

namespace {
constexpr size_t kMaxGapReason = 512;

// Reads the engine's state and, from format 5, the chain heads after it; nothing may follow.
Result<void> readSnapshot(det::Reader& r, lockstep::TurnEngine& engine, uint16_t formatVersion,
                          std::vector<det::Hash128>& heads) {
  if (auto st = engine.read(r); !st) return st;
  if (formatVersion >= kAnchorFormat) {
    heads.resize(engine.session().seats.size());
    for (auto& h : heads) h = r.hash("chainHead");
  }
  return r.finish();
}
}  // namespace

std::vector<uint8_t> snapshotPayload(const lockstep::TurnRecord& record, uint16_t formatVersion) {
  std::vector<uint8_t> out = record.state ? *record.state : std::vector<uint8_t>{};
  if (formatVersion < kAnchorFormat) return out;
  det::Writer w;
  for (const auto& b : record.bundles) w.hash("chainHead", b.bodyHash());
  out.insert(out.end(), w.data().begin(), w.data().end());
  return out;
}

Result<std::unique_ptr<lockstep::TurnEngine>> engineFromSnapshot(const lockstep::SessionConfig& session,
                                                                 uint16_t formatVersion, std::span<const uint8_t> raw) {
  auto e = lockstep::TurnEngine::create(session);
  if (!e) return e.error();
  det::Reader r(raw, "snapshot");
  std::vector<det::Hash128> heads;
  if (auto st = readSnapshot(r, **e, formatVersion, heads); !st) return st.error();
  return e;
}

Result<std::unique_ptr<lockstep::TurnLedger>> ledgerFromSnapshot(const lockstep::SessionConfig& session,
                                                                 uint16_t formatVersion, std::span<const uint8_t> raw) {
  if (formatVersion < kAnchorFormat)
    return Err("a format ", formatVersion, " snapshot holds no chain heads, so the game cannot be picked up after a hole");
  auto engine = lockstep::TurnEngine::create(session);
  if (!engine) return engine.error();
  auto l = lockstep::TurnLedger::create(session);
  if (!l) return l.error();
  det::Reader r(raw, "snapshot");
  std::vector<det::Hash128> heads;
  if (auto st = readSnapshot(r, **engine, formatVersion, heads); !st) return st.error();
  const auto digest = lockstep::turnDigest(heads);  // the next turn's prevDigest follows from the heads
  // rewind() is "the state before a turn, with these heads": exactly a position picked up from a snapshot.
  det::Writer state;
  (*engine)->write(state);
  if (auto st = (*l)->rewind(state.data(), std::move(heads), digest); !st) return st.error();
  return l;
}

std::vector<uint8_t> encodeGap(const std::string& why) {
  det::Writer w;
  w.str("why", why.substr(0, kMaxGapReason));
  return w.take();
}

Result<std::string> decodeGap(std::span<const uint8_t> raw) {
  det::Reader r(raw, "gap frame");
  std::string why = r.str("why", kMaxGapReason);
  if (auto f = r.finish(); !f) return f.error();
  return why;
}

}  // namespace concord::replay
