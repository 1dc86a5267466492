// Issue 30, files that survive a bad byte: games played through the engine, then one byte flipped in every region
// of the file (header, its copy, each frame kind, the index, the footer). A bad frame costs at most the turns up to
// the next snapshot; verify names the turns lost and proves the rest; salvage keeps both sides of a hole; a frame
// removed on purpose is a hole too, and a forged snapshot cannot pick the game up. Old (format 3) files still read.
#include <gtest/gtest.h>

#include "replay/anchor.h"
#include "replay/reader.h"
#include "replay/salvage.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {

struct Recorded {  // a game played through the engine and its file
  std::string path;
  std::vector<uint8_t> bytes;
  uint32_t turns = 0;
};

Recorded record(const std::string& name, const lockstep::SessionConfig& session, const std::string& label, Seat seats,
            WriterOptions writer, uint32_t maxTurns) {
  Recorded g;
  g.path = tempPath(name);
  RecordOptions opt;
  opt.writer = writer;
  opt.maxTurns = maxTurns;
  auto sum = recordBotGame(g.path, session, botSessionKeys(label, seats), opt);
  EXPECT_TRUE(sum.ok()) << sum.message();
  g.turns = sum.ok() ? sum->turns : 0;
  g.bytes = readAll(g.path);
  return g;
}

// A finished Warp game between two officers with the default blocks and snapshots (several snapshots).
const Recorded& warpGame() {
  static const Recorded g = [] {
    auto session = makeBotSession("warp", {}, 2, "survive-warp").value();
    return record("survive-warp.ccr", session, "survive-warp", 2, {}, UINT32_MAX);
  }();
  return g;
}

// A small shed game for the byte-by-byte property: blocks of 16, a snapshot every 64 turns.
const Recorded& shedGame() {
  static const Recorded g = record("survive-shed.ccr", shedSession(3, "survive-shed", 300, 20), "survive-shed", 3, {16, 64}, 300);
  return g;
}

ReplayReader intact(const Recorded& g) { return std::move(ReplayReader::fromBytes(g.bytes).value()); }

// The first snapshot at or after turn `t` in the intact file (nullopt: none).
std::optional<uint32_t> snapshotFrom(const ReplayReader& r, uint32_t t) {
  for (const auto& f : r.frames())
    if (f.kind == FrameKind::Snapshot && f.firstTurn >= t) return f.firstTurn;
  return std::nullopt;
}

std::vector<uint8_t> flipped(const Recorded& g, size_t at) {
  auto b = g.bytes;
  b[at] ^= 0x5A;
  return b;
}

bool anyNotice(const ReplayReader& r, const std::string& word) {
  for (const auto& n : r.notices())
    if (n.find(word) != std::string::npos) return true;
  return false;
}

// Checks one flipped byte against what the intact file says lives there.
void expectSurvives(const Recorded& g, const ReplayReader& clean, size_t at) {
  SCOPED_TRACE("byte " + std::to_string(at));
  const auto bytes = flipped(g, at);
  const FrameInfo* hit = nullptr;
  for (const auto& f : clean.frames())
    if (at >= f.offset && at < f.offset + f.size) hit = &f;
  auto r = ReplayReader::fromBytes(bytes, OnDamage::KeepIntact);
  ASSERT_TRUE(r.ok()) << r.message();
  auto rep = verifyReplay(*r);
  ASSERT_TRUE(rep.ok()) << rep.message();
  if (!hit || hit->kind != FrameKind::Turns) {
    // The header (its copy survives), its copy, a snapshot, the index or the footer: every turn verifies.
    EXPECT_TRUE(rep->ok) << rep->failure;
    EXPECT_EQ(rep->turns, g.turns);
    EXPECT_TRUE(r->holes().empty());
    EXPECT_FALSE(r->notices().empty());
    EXPECT_TRUE(ReplayReader::fromBytes(bytes).ok()) << "nothing was lost, so the strict reader reads it too";
    return;
  }
  // A turn block: its turns and those up to the next snapshot are lost, everything else verifies.
  ASSERT_EQ(r->holes().size(), 1u);
  const auto& h = r->holes().front();
  EXPECT_EQ(h.firstTurn, hit->firstTurn);
  EXPECT_FALSE(h.salvaged);
  EXPECT_FALSE(rep->ok);
  EXPECT_TRUE(rep->holesOnly) << rep->failure;
  const auto next = snapshotFrom(clean, hit->firstTurn + hit->turnCount);
  if (next) {
    EXPECT_TRUE(h.resumed);
    EXPECT_EQ(h.firstTurn + h.turnCount, *next);
    EXPECT_EQ(rep->turns, g.turns) << "the turns after the snapshot verify";
  } else {
    EXPECT_FALSE(h.resumed);
    EXPECT_EQ(r->turnCount(), hit->firstTurn);
    EXPECT_EQ(h.firstTurn + h.turnCount, g.turns) << "the trailer sizes the lost tail";
  }
  EXPECT_FALSE(ReplayReader::fromBytes(bytes).ok()) << "the strict reader refuses a file that lost turns";
}

}  // namespace

TEST(ReplaySurvive, EveryByteFlippedCostsAtMostTheTurnsUpToTheNextSnapshot) {
  const auto& g = shedGame();
  ASSERT_EQ(g.turns, 300u);
  const auto clean = intact(g);
  ASSERT_TRUE(clean.closedCleanly());
  ASSERT_EQ(clean.header().formatVersion, kFormatVersion);
  // Every byte of the header, its copy and each frame's header and checks; every 11th payload byte (time).
  auto framing = [&](size_t at) {
    for (const auto& f : clean.frames())
      if (at >= f.offset && at < f.offset + f.size)
        return at - f.offset < kFrameHeaderSize || f.offset + f.size - at <= kFrameCheckSize;
    return true;
  };
  for (size_t at = 0; at < g.bytes.size(); ++at) {
    if (!framing(at) && at % 11 != 0) continue;
    expectSurvives(g, clean, at);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(ReplaySurvive, AWarpGameLosesOneSnapshotSpanForAByteInTheMiddle) {
  const auto& g = warpGame();
  ASSERT_GT(g.turns, 1000u);
  const auto clean = intact(g);
  const FrameInfo* mid = nullptr;
  for (const auto& f : clean.frames())
    if (f.kind == FrameKind::Turns && f.firstTurn >= g.turns / 2) {
      mid = &f;
      break;
    }
  ASSERT_NE(mid, nullptr);
  auto damaged = flipped(g, static_cast<size_t>(mid->offset + mid->size / 2));
  const auto path = tempPath("survive-warp-damaged.ccr");
  writeAll(path, damaged);
  auto r = ReplayReader::open(path, OnDamage::KeepIntact);
  ASSERT_TRUE(r.ok()) << r.message();
  auto rep = verifyReplay(*r);
  ASSERT_TRUE(rep.ok()) << rep.message();
  ASSERT_TRUE(rep->holesOnly) << rep->failure;
  const uint32_t next = snapshotFrom(clean, mid->firstTurn + mid->turnCount).value();
  EXPECT_EQ(rep->lostTurns, next - mid->firstTurn);
  EXPECT_LE(rep->lostTurns, clean.header().snapshotEvery) << "at most one snapshot span (blocks end at snapshots)";
  EXPECT_NE(rep->failure.find("turns " + std::to_string(mid->firstTurn) + "-" + std::to_string(next - 1) + " lost"),
            std::string::npos)
      << rep->failure;
  EXPECT_EQ(rep->turns, g.turns);
  EXPECT_EQ(rep->finalSeal, verifyReplay(g.path).value().finalSeal) << "the game after the hole ends where it did";

  // Salvage keeps both sides of the hole, names it in a Gap frame, and the result verifies the same way.
  const auto out = tempPath("survive-warp-salvaged.ccr");
  auto rec = salvageReplay(path, out);
  ASSERT_TRUE(rec.ok()) << rec.message();
  EXPECT_EQ(rec->turns, g.turns - (next - mid->firstTurn));
  auto again = ReplayReader::open(out);
  ASSERT_TRUE(again.ok()) << again.message() << ": a salvaged file is not damaged, so the strict reader takes it";
  ASSERT_EQ(again->holes().size(), 1u);
  EXPECT_TRUE(again->holes().front().salvaged);
  EXPECT_TRUE(again->closedCleanly());
  auto check = verifyReplay(*again);
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->holesOnly) << check->failure;
  EXPECT_EQ(check->turns, g.turns);
  EXPECT_EQ(check->lostTurns, next - mid->firstTurn);
  EXPECT_FALSE(check->ok) << "a game with a hole is not the whole game: never rated";
  // Seeking across the hole: the turns in it are refused by name, the turns after it load from the snapshot.
  EXPECT_FALSE(again->seek(mid->firstTurn + 1).ok());
  auto after = again->seek(next + 5);
  ASSERT_TRUE(after.ok()) << after.message();
  EXPECT_EQ((*after)->turn(), next + 5);
}

TEST(ReplaySurvive, AWarpGameKeepsEveryTurnWhenTheHeaderOrTheFooterIsHit) {
  const auto& g = warpGame();
  const auto clean = intact(g);
  const size_t headerByte = 20, footerByte = g.bytes.size() - 12, indexByte = static_cast<size_t>(clean.frames().back().offset + 30);
  for (size_t at : {headerByte, footerByte, indexByte}) {
    auto r = ReplayReader::fromBytes(flipped(g, at));
    ASSERT_TRUE(r.ok()) << "byte " << at << ": " << r.message();
    auto rep = verifyReplay(*r);
    ASSERT_TRUE(rep.ok());
    EXPECT_TRUE(rep->ok) << "byte " << at << ": " << rep->failure;
    EXPECT_EQ(rep->turns, g.turns);
  }
  EXPECT_TRUE(anyNotice(ReplayReader::fromBytes(flipped(g, headerByte)).value(), "read its copy"));
  EXPECT_TRUE(anyNotice(ReplayReader::fromBytes(flipped(g, footerByte)).value(), "index"));
}

// A cheater who cuts a whole block out (to hide a mark in it) makes a hole like damage does: named, never rated.
TEST(ReplaySurvive, AFrameRemovedOnPurposeIsAHoleNotAShorterGame) {
  const auto& g = warpGame();
  const auto clean = intact(g);
  const FrameInfo* cut = nullptr;
  for (const auto& f : clean.frames())
    if (f.kind == FrameKind::Turns && f.firstTurn >= 300) {
      cut = &f;
      break;
    }
  ASSERT_NE(cut, nullptr);
  auto bytes = g.bytes;
  bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(cut->offset), bytes.begin() + static_cast<std::ptrdiff_t>(cut->offset + cut->size));
  auto strict = ReplayReader::fromBytes(bytes);
  ASSERT_FALSE(strict.ok());
  EXPECT_NE(strict.message().find("turns " + std::to_string(cut->firstTurn)), std::string::npos) << strict.message();
  auto r = ReplayReader::fromBytes(bytes, OnDamage::KeepIntact);
  ASSERT_TRUE(r.ok()) << r.message();
  auto rep = verifyReplay(*r);
  ASSERT_TRUE(rep.ok());
  EXPECT_FALSE(rep->ok);
  ASSERT_FALSE(rep->lost.empty());
  EXPECT_EQ(rep->lost.front().firstTurn, cut->firstTurn);
}

// The snapshot that picks a game up is not trusted: change one chain head (checksums redone) and the next block's
// signatures fail; change the state and its Seal fails. Either way the file is refused, not a hole.
TEST(ReplaySurvive, AForgedSnapshotCannotPickTheGameUp) {
  const auto& g = warpGame();
  const auto clean = intact(g);
  size_t hole = 0, snap = 0;
  for (size_t i = 0; i < clean.frames().size(); ++i) {
    const auto& f = clean.frames()[i];
    if (f.kind == FrameKind::Snapshot && f.firstTurn >= 512 && hole != 0) {
      snap = i;
      break;
    }
    if (f.kind == FrameKind::Turns && f.firstTurn >= 256 && hole == 0) hole = i;
  }
  ASSERT_NE(snap, 0u);
  const auto& sf = clean.frames()[snap];
  auto raw = framePayload(clean.bytes().subspan(static_cast<size_t>(sf.offset), static_cast<size_t>(sf.size)), sf.header).value();
  for (size_t fromEnd : {8u, 20u, 200u}) {  // seat 1's chain head (the last 16 bytes), seat 0's, the game state
    SCOPED_TRACE("byte " + std::to_string(fromEnd) + " from the snapshot's end");
    auto forgedRaw = raw;
    forgedRaw[forgedRaw.size() - fromEnd] ^= 0x01;
    auto frame = encodeFrame(FrameKind::Snapshot, sf.firstTurn, 0, forgedRaw);
    auto bytes = g.bytes;
    bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(sf.offset), bytes.begin() + static_cast<std::ptrdiff_t>(sf.offset + sf.size));
    bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(sf.offset), frame.begin(), frame.end());
    const auto& hf = clean.frames()[hole];
    bytes[static_cast<size_t>(hf.offset + hf.size / 2)] ^= 0x5A;  // the hole the forged snapshot would pick up after
    auto r = ReplayReader::fromBytes(bytes, OnDamage::KeepIntact);
    ASSERT_TRUE(r.ok()) << r.message();
    auto rep = verifyReplay(*r);
    ASSERT_TRUE(rep.ok()) << rep.message();
    EXPECT_FALSE(rep->ok);
    EXPECT_NE(rep->failure.find("turn "), std::string::npos) << rep->failure;
    EXPECT_FALSE(rep->holesOnly) << "a forged snapshot must fail verify, not pass as a hole: " << rep->failure;
  }
}

TEST(ReplaySurvive, FormatThreeFilesStillReadVerifyAndLoseOnlyTheirTailToDamage) {
  for (const char* name : {"v3_shed.ccr", "v3_warp.ccr"}) {
    SCOPED_TRACE(name);
    const std::string path = std::string(CONCORD_SOURCE_DIR) + "/tests/replay/data/" + name;
    auto r = ReplayReader::open(path);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->header().formatVersion, 3);
    auto rep = verifyReplay(*r);
    ASSERT_TRUE(rep.ok());
    EXPECT_TRUE(rep->ok) << rep->failure;
    // Its snapshots hold no chain heads: a hole in a format 3 file loses the turns after it, as before format 5.
    Recorded g{path, readAll(path), r->turnCount()};
    const auto clean = intact(g);
    const FrameInfo* first = nullptr;
    for (const auto& f : clean.frames())
      if (f.kind == FrameKind::Turns && f.firstTurn > 0) {
        first = &f;
        break;
      }
    ASSERT_NE(first, nullptr);
    auto d = ReplayReader::fromBytes(flipped(g, static_cast<size_t>(first->offset + first->size / 2)), OnDamage::KeepIntact);
    ASSERT_TRUE(d.ok()) << d.message();
    ASSERT_EQ(d->holes().size(), 1u);
    EXPECT_FALSE(d->holes().front().resumed);
    EXPECT_EQ(d->turnCount(), first->firstTurn);
    // ...but the index and footer are only a cache there too.
    auto f = ReplayReader::fromBytes(flipped(g, g.bytes.size() - 3));
    ASSERT_TRUE(f.ok()) << f.message();
    EXPECT_EQ(f->turnCount(), g.turns);
  }
}
