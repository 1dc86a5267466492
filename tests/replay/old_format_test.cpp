// Files an older build wrote keep reading (docs/replay-format.md "Format versions"). The fixture is a real format 3
// file, written by the build before format 4 (`concord selfplay --module warp --seats 2 --games 1 --seed 3
// --opt set=9` at commit 2f5ecae): four-byte Seal tags, 64-turn blocks, a snapshot every 256 turns.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "replay/reader.h"
#include "replay/turn_block.h"
#include "replay/verify.h"

using namespace concord;
using namespace concord::replay;

namespace {

const std::string kFormat3 = std::string(CONCORD_SOURCE_DIR) + "/tests/replay/fixtures/format3_warp9.cwr";

}  // namespace

TEST(ReplayOldFormats, AFormat3FileFromTheOlderBuildReadsVerifiesAndSeeks) {
  auto r = ReplayReader::open(kFormat3);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->header().formatVersion, 3);
  EXPECT_EQ(r->header().blockTurns, 64u);
  EXPECT_EQ(r->turnCount(), 753u);
  auto rep = verifyReplay(*r);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, 753u);
  EXPECT_EQ(rep->snapshotsChecked, 2u);
  for (uint32_t at : {0u, 300u, 753u}) {
    auto e = r->seek(at);
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_EQ((*e)->turn(), at);
  }
}

// Each block of the old file decodes with four-byte tags and encodes back to exactly the bytes the old build wrote.
TEST(ReplayOldFormats, Format3BlocksKeepFourByteTagsAndEncodeBackByteForByte) {
  auto r = ReplayReader::open(kFormat3);
  ASSERT_TRUE(r.ok()) << r.message();
  std::ifstream in(kFormat3, std::ios::binary);
  const std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t blocks = 0;
  for (size_t i = 0; i < r->frames().size(); ++i) {
    const auto& f = r->frames()[i];
    if (f.kind != FrameKind::Turns) continue;
    auto b = r->block(i);
    ASSERT_TRUE(b.ok()) << b.message();
    for (const auto& t : b->turns) EXPECT_EQ(t.sealTagBytes, 4u);
    const auto bytes = std::span<const uint8_t>(file).subspan(f.offset, f.size);
    const auto parsed = parseFrame(bytes);
    ASSERT_EQ(parsed.status, FrameStatus::Ok) << parsed.why;
    auto raw = framePayload(bytes, parsed.header);
    ASSERT_TRUE(raw.ok()) << raw.message();
    EXPECT_EQ(encodeBlock(*b, sealTagBytes(3)), *raw) << "frame " << i;
    ++blocks;
  }
  EXPECT_EQ(blocks, 12u);  // 753 turns in blocks of 64
}

// Format 4 keeps one byte a turn; a re-simulation that differs is still named at its turn (tests/cli replay
// analyst tests forge an order and expect its turn) and always by the block's full Seal hash.
TEST(ReplayOldFormats, OneByteTagsMatchOnlyTheirOwnSeal) {
  det::Hash128 seal{0x1122334455667788ull, 0x99aabbccddeeff00ull};
  TurnRecord t;
  t.sealTagBytes = 1;
  t.sealTag = sealTagOf(seal, 1);
  EXPECT_EQ(t.sealTag, 0x88u);
  EXPECT_TRUE(t.sealMatches(seal));
  det::Hash128 other = seal;
  other.lo ^= 0x01;
  EXPECT_FALSE(t.sealMatches(other));
  other = seal;
  other.lo ^= 0x100;  // differs above the kept byte: a collision the block-end Seal hash catches
  EXPECT_TRUE(t.sealMatches(other));
  t.sealTagBytes = 4;
  t.sealTag = sealTagOf(seal, 4);
  EXPECT_EQ(t.sealTag, 0x55667788u);
  EXPECT_FALSE(t.sealMatches(other));
}
