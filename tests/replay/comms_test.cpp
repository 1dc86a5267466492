// Comms kept in the replay beside the orders (format version 2): round trip, verify checks each
// sender signature against the seat key and names a bad one, strict decoding, version 1 still read.
#include <gtest/gtest.h>

#include <string>

#include "core/det/hash.h"
#include "replay/format.h"
#include "replay/reader.h"
#include "table/record_bots.h"
#include "replay/verify.h"
#include "replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {

std::vector<uint8_t> text(const std::string& s) { return {s.begin(), s.end()}; }

CommsEntry signedBy(const lockstep::KeyPair& key, uint32_t turn, Seat seat, const std::string& body) {
  CommsEntry e;
  e.turn = turn;
  e.seat = seat;
  e.signedBytes = text(body);
  e.sig = lockstep::sign(key, e.signedBytes);
  return e;
}

struct Sample {
  std::string path;
  std::vector<CommsEntry> written;
  RecordSummary summary;
};

// 3 seats, blocks of 8, 20 turns; comms at turns 0 (lobby), 3, 3, 9 and 20 (after the last turn).
Sample record(const std::string& name, const std::function<void(std::vector<CommsEntry>&)>& tamper = {},
              uint16_t formatVersion = kFormatVersion) {
  Sample s;
  s.path = tempPath(name);
  auto session = shedSession(3, "comms");
  auto keys = botSessionKeys("comms", 3);
  std::vector<CommsEntry> all = {signedBy(keys[0], 0, 0, "lobby hello"), signedBy(keys[1], 3, 1, "hail 401"),
                                 signedBy(keys[2], 3, 2, "hail 301"), signedBy(keys[1], 9, 1, "text gl"),
                                 signedBy(keys[0], 20, 0, "text gg")};
  if (tamper) tamper(all);
  s.written = all;
  RecordOptions opt;
  opt.writer = {8, 8, formatVersion};
  opt.maxTurns = 20;
  auto sum = recordBotGame(s.path, session, keys, opt, [&](uint32_t t) {
    std::vector<CommsEntry> now;
    for (const auto& e : all)
      if (e.turn == t) now.push_back(e);
    return now;
  });
  EXPECT_TRUE(sum.ok()) << sum.message();
  if (sum.ok()) s.summary = *sum;
  return s;
}

}  // namespace

TEST(ReplayComms, RoundTripAndVerify) {
  auto s = record("comms_ok.ccr");
  auto r = ReplayReader::open(s.path);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->header().formatVersion, replay::kFormatVersion);  // 2 added comms; 3 the assistance marks
  EXPECT_TRUE(r->closedCleanly());
  EXPECT_EQ(r->turnCount(), 20u);
  auto c = r->comms();
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(*c, s.written);
  auto rep = verifyReplay(*r);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->commsChecked, 5u);
  // Comms are outside the Seal: the same game without them ends on the same Seal.
  auto plain = tempPath("comms_plain.ccr");
  RecordOptions opt;
  opt.writer = {8, 8};
  opt.maxTurns = 20;
  auto sum = recordBotGame(plain, shedSession(3, "comms"), botSessionKeys("comms", 3), opt);
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(sum->finalSeal, s.summary.finalSeal);
  EXPECT_EQ(rep->finalSeal, sum->finalSeal);
}

TEST(ReplayComms, VerifyNamesAnAlteredMessage) {
  auto s = record("comms_altered.ccr", [](std::vector<CommsEntry>& all) { all[3].signedBytes.back() ^= 1; });
  auto rep = verifyReplay(s.path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_FALSE(rep->ok);
  ASSERT_TRUE(rep->failedComms.has_value());
  EXPECT_EQ(*rep->failedComms, 3u);
  EXPECT_EQ(rep->failedTurn, 9u);
  EXPECT_EQ(rep->failedSeat, Seat{1});
  EXPECT_NE(rep->failure.find("comms message 4 of 5"), std::string::npos) << rep->failure;
  EXPECT_NE(rep->failure.find("turn 9 seat 1"), std::string::npos) << rep->failure;
}

TEST(ReplayComms, VerifyRefusesAMessageSignedByAnotherSeat) {
  // Seat 2's message claims seat 1: the signature does not verify with seat 1's key.
  auto s = record("comms_wrong_seat.ccr", [](std::vector<CommsEntry>& all) { all[2].seat = 1; });
  auto rep = verifyReplay(s.path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_FALSE(rep->ok);
  EXPECT_EQ(rep->failedComms, std::optional<uint64_t>(2));
  EXPECT_EQ(rep->failedSeat, Seat{1});
}

TEST(ReplayComms, WriterRefusesOutOfOrderOrUnknownSeat) {
  auto path = tempPath("comms_writer.ccr");
  auto session = shedSession(3, "comms");
  auto keys = botSessionKeys("comms", 3);
  auto w = ReplayWriter::create(path, session);
  ASSERT_TRUE(w.ok()) << w.message();
  EXPECT_FALSE((*w)->appendComms(signedBy(keys[0], 1, 0, "future")).ok());  // no turn played yet
  EXPECT_FALSE((*w)->appendComms(signedBy(keys[0], 0, 3, "seat 3")).ok());  // 3 seats
  CommsEntry empty = signedBy(keys[0], 0, 0, "x");
  empty.signedBytes.clear();
  EXPECT_FALSE((*w)->appendComms(empty).ok());
  CommsEntry big = signedBy(keys[0], 0, 0, std::string(kMaxCommsSignedBytes + 1, 'a'));
  EXPECT_FALSE((*w)->appendComms(big).ok());
  EXPECT_TRUE((*w)->appendComms(signedBy(keys[0], 0, 0, "ok")).ok());
  EXPECT_TRUE((*w)->close().ok());
  auto r = ReplayReader::open(path);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->turnCount(), 0u);
  ASSERT_TRUE(r->comms().ok());
  EXPECT_EQ(r->comms()->size(), 1u);
}

TEST(ReplayComms, StrictDecoding) {
  auto keys = botSessionKeys("comms", 3);
  std::vector<CommsEntry> two = {signedBy(keys[0], 1, 0, "a"), signedBy(keys[1], 2, 1, "b")};
  auto raw = encodeComms(two);
  auto ok = decodeComms(raw, 2, 0, 3);
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ(*ok, two);
  EXPECT_FALSE(decodeComms(raw, 1, 0, 3).ok());  // a turn after the frame's position
  EXPECT_FALSE(decodeComms(raw, 2, 2, 3).ok());  // before the previous frame's last message
  EXPECT_FALSE(decodeComms(raw, 2, 0, 1).ok());  // seat 1 is not at a 1-seat table
  auto trailing = raw;
  trailing.push_back(0);
  EXPECT_FALSE(decodeComms(trailing, 2, 0, 3).ok());
  EXPECT_FALSE(decodeComms(std::vector<uint8_t>{0}, 2, 0, 3).ok());  // an empty comms frame
  std::vector<CommsEntry> backwards = {two[1], two[0]};
  EXPECT_FALSE(decodeComms(encodeComms(backwards), 2, 0, 3).ok());
  for (size_t cut = 0; cut < raw.size(); ++cut)
    EXPECT_FALSE(decodeComms(std::span<const uint8_t>(raw).first(cut), 2, 0, 3).ok()) << cut;
}

TEST(ReplayComms, FormatVersion1IsStillReadAndCannotHoldComms) {
  // A version 1 file (no comms frames) reads and verifies as before.
  auto path = tempPath("comms_v1.ccr");
  RecordOptions opt;
  opt.writer = {8, 8, 3};  // what a format 3 build wrote (4-byte Seal tags, like versions 1 and 2)
  opt.maxTurns = 20;
  ASSERT_TRUE(recordBotGame(path, shedSession(3, "comms"), botSessionKeys("comms", 3), opt).ok());
  auto bytes = readAll(path);
  ASSERT_EQ(bytes.at(8), 3);
  // Relabel as version 1: from format 3 the header checksum covers the version byte (body-only before). A format 4
  // file also loses its header copy (a kind a version 1 file cannot hold).
  auto relabelV1 = [](std::vector<uint8_t>& b) {
    const bool copy = b[8] >= kAnchorFormat;
    b[8] = 1;
    size_t len = 0;
    for (size_t i = 0; i < 4; ++i) len |= static_cast<size_t>(b[10 + i]) << (8 * i);
    const uint64_t sum = det::hash64(b.data() + kPreambleSize, len, 0x434f4e43u);
    for (size_t i = 0; i < 8; ++i) b[kPreambleSize + len + i] = static_cast<uint8_t>(sum >> (8 * i));
    const auto first = static_cast<std::ptrdiff_t>(kPreambleSize + len + 8);
    if (copy) b.erase(b.begin() + first, b.begin() + first + static_cast<std::ptrdiff_t>(parseFrame(std::span(b).subspan(static_cast<size_t>(first))).totalSize));
  };
  relabelV1(bytes);
  auto v1 = ReplayReader::fromBytes(bytes);
  ASSERT_TRUE(v1.ok()) << v1.message();
  EXPECT_EQ(v1->header().formatVersion, 1);
  auto rep = verifyReplay(*v1);
  ASSERT_TRUE(rep.ok());
  EXPECT_TRUE(rep->ok) << rep->failure;
  // A comms frame in a version 1 file is corruption, not something to skip.
  auto s = record("comms_in_v1.ccr", {}, 3);
  auto withComms = readAll(s.path);
  relabelV1(withComms);
  auto bad = ReplayReader::fromBytes(withComms);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("comms frame in a format version 1 file"), std::string::npos) << bad.message();
}

TEST(ReplayComms, CutTailKeepsEarlierComms) {
  auto s = record("comms_cut.ccr");
  auto bytes = readAll(s.path);
  auto r = ReplayReader::open(s.path);
  ASSERT_TRUE(r.ok());
  // Cut inside the last comms frame (the one after turn 20): the earlier messages still read and verify.
  uint64_t lastComms = 0;
  for (const auto& f : r->frames())
    if (f.kind == FrameKind::Comms) lastComms = f.offset;
  ASSERT_GT(lastComms, 0u);
  bytes.resize(static_cast<size_t>(lastComms) + 30);
  auto cut = ReplayReader::fromBytes(bytes);
  ASSERT_TRUE(cut.ok()) << cut.message();
  auto c = cut->comms();
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(c->size(), 4u);
  auto rep = verifyReplay(*cut);
  ASSERT_TRUE(rep.ok());
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->commsChecked, 4u);
}
