// Round-trip property test of the file format, refusal of other formats and versions.
#include <gtest/gtest.h>

#include "core/det/rng.h"
#include "replay/reader.h"
#include "replay/writer.h"
#include "tests/replay/replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {

Order randomOrder(det::Rng& rng) {
  Order o;
  o.kind = static_cast<uint16_t>(rng.below(4) == 0 ? rng.below(0x10000) : rng.below(4));
  size_t len = rng.below(8) == 0 ? static_cast<size_t>(rng.below(Order::kMaxPayload + 1)) : static_cast<size_t>(rng.below(4));
  for (size_t i = 0; i < len; ++i) o.payload.push_back(static_cast<uint8_t>(rng.below(256)));
  return o;
}

}  // namespace

// Arbitrary records (any orders, seals and signatures) come back exactly, for many seeds and shapes.
TEST(ReplayFormat, RoundTripProperty) {
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    auto rng = det::Rng::fromU64(seed);
    auto seats = static_cast<Seat>(2 + rng.below(5));
    auto session = shedSession(seats, "rt" + std::to_string(seed));
    WriterOptions opt;
    opt.blockTurns = static_cast<uint32_t>(1 + rng.below(40));
    opt.snapshotEvery = 0;
    auto path = tempPath("roundtrip.ccr");
    auto w = ReplayWriter::create(path, session, opt);
    ASSERT_TRUE(w.ok()) << w.message();
    std::vector<lockstep::TurnRecord> recs;
    auto turns = static_cast<uint32_t>(rng.below(200));
    for (uint32_t t = 0; t < turns; ++t) {
      lockstep::TurnRecord r;
      r.turn = t;
      r.bundles.resize(seats);
      for (auto& bundle : r.bundles) {
        if (rng.below(3) != 0) continue;
        auto n = 1 + rng.below(rng.below(10) == 0 ? 64 : 3);
        for (uint64_t k = 0; k < n; ++k) bundle.orders.push_back(randomOrder(rng));
      }
      r.seal = det::Hash128{rng.next(), rng.next()};
      for (auto& bundle : r.bundles)
        for (auto& b : bundle.signature.bytes) b = static_cast<uint8_t>(rng.below(256));
      if (rng.below(17) == 0) {
        ASSERT_TRUE((*w)->flush().ok());
      }
      ASSERT_TRUE((*w)->append(r).ok());
      recs.push_back(std::move(r));
    }
    ASSERT_TRUE((*w)->close().ok());
    auto rd = ReplayReader::open(path);
    ASSERT_TRUE(rd.ok()) << rd.message();
    EXPECT_TRUE(rd->closedCleanly());
    EXPECT_EQ(rd->header().session, session);
    EXPECT_EQ(rd->header().blockTurns, opt.blockTurns);
    ASSERT_EQ(rd->turnCount(), turns);
    for (size_t i = 0; i < rd->frames().size(); ++i) {
      const auto& f = rd->frames()[i];
      if (f.kind != FrameKind::Turns) continue;
      auto b = rd->block(i);
      ASSERT_TRUE(b.ok()) << b.message();
      for (const auto& t : b->turns) {
        ASSERT_EQ(t.ordersBySeat.size(), recs[t.turn].bundles.size());
        for (size_t s = 0; s < t.ordersBySeat.size(); ++s)
          EXPECT_EQ(t.ordersBySeat[s], recs[t.turn].bundles[s].orders) << "seed " << seed << " turn " << t.turn;
        EXPECT_TRUE(t.sealMatches(recs[t.turn].seal));
        EXPECT_EQ(t.sealTagBytes, 1u);  // format 4: one byte of each turn's Seal hash
      }
      const auto& last = recs[f.firstTurn + f.turnCount - 1];
      EXPECT_EQ(b->lastSeal, last.seal);
      ASSERT_EQ(b->signatures.size(), last.bundles.size());
      for (size_t s = 0; s < last.bundles.size(); ++s) EXPECT_EQ(b->signatures[s], last.bundles[s].signature);
    }
  }
}

TEST(ReplayFormat, RefusesOtherFormatsAndVersions) {
  auto session = shedSession(3, "versions");
  auto path = tempPath("versions.ccr");
  ASSERT_TRUE(recordBotGame(path, session, botSessionKeys("versions", 3), {{}, 20, true}).ok());
  auto bytes = readAll(path);

  auto notOurs = ReplayReader::fromBytes(std::vector<uint8_t>{'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  ASSERT_FALSE(notOurs.ok());
  EXPECT_NE(notOurs.message().find("not a Concord replay"), std::string::npos) << notOurs.message();

  ASSERT_GT(bytes.size(), kPreambleSize);
  // A file of another version has its header copy in that version too: the header alone stands for it. (One byte
  // flipped in a whole file's version is damage, and its copy is read: tests/replay/survive_test.cpp.)
  const auto header = encodeHeader(ReplayReader::fromBytes(bytes).value().header());
  bytes.resize(header.size());
  auto v6 = bytes;
  v6.at(8) = 6;  // the next format version (4 made the Seal tags one byte, 5 added the header copy and chain heads)
  auto r6 = ReplayReader::fromBytes(v6);
  ASSERT_FALSE(r6.ok());
  EXPECT_NE(r6.message().find("format version 6"), std::string::npos) << r6.message();
  EXPECT_NE(r6.message().find("reads format versions 1..5"), std::string::npos) << r6.message();
  auto v0 = bytes;
  v0.at(8) = 0;
  auto r0 = ReplayReader::fromBytes(v0);
  ASSERT_FALSE(r0.ok());
  EXPECT_NE(r0.message().find("format version 0"), std::string::npos) << r0.message();

  // Another rulesVersion: a correctly checksummed header naming shed v7.
  auto other = session;
  other.rulesVersion = 7;
  Header h;
  h.session = other;
  auto r7 = ReplayReader::fromBytes(encodeHeader(h));
  ASSERT_FALSE(r7.ok());
  EXPECT_NE(r7.message().find("rulesVersion 7"), std::string::npos) << r7.message();
  EXPECT_NE(r7.message().find("runs version 1"), std::string::npos) << r7.message();

  auto unknown = session;
  unknown.moduleId = "chess";
  h.session = unknown;
  auto ru = ReplayReader::fromBytes(encodeHeader(h));
  ASSERT_FALSE(ru.ok());
  EXPECT_NE(ru.message().find("unknown rule module 'chess'"), std::string::npos) << ru.message();
}
