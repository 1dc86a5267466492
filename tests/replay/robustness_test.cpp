// A replay cut at any byte reads back every complete turn before the cut; a bit flip anywhere is an
// error or a verification failure naming the turn; a forged but well-formed file fails verify at the turn.
#include <gtest/gtest.h>

#include "core/testgame/shed.h"
#include "replay/reader.h"
#include "replay/verify.h"
#include "tests/replay/replay_test_util.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;

namespace {

struct Sample {
  std::string path;
  std::vector<uint8_t> bytes;
  uint32_t turns = 0;
};

const Sample& sample() {
  static const Sample s = [] {
    Sample out;
    out.path = tempPath("sample.ccr");
    auto session = shedSession(3, "sample");
    RecordOptions opt;
    opt.writer.blockTurns = 8;
    opt.writer.snapshotEvery = 16;
    opt.maxTurns = 45;
    auto sum = recordBotGame(out.path, session, botSessionKeys("sample", 3), opt);
    EXPECT_TRUE(sum.ok()) << sum.message();
    out.turns = sum->turns;
    out.bytes = readAll(out.path);
    return out;
  }();
  return s;
}

}  // namespace

TEST(ReplayRobustness, SampleVerifies) {
  const auto& s = sample();
  ASSERT_EQ(s.turns, 45u);
  auto rep = verifyReplay(s.path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_TRUE(rep->ok) << rep->failure;
  EXPECT_EQ(rep->turns, 45u);
  EXPECT_EQ(rep->snapshotsChecked, 2u);
  EXPECT_EQ(rep->signaturesChecked, 3u * 6u);  // 6 blocks (8,8,8,8,8,5) x 3 seats
}

TEST(ReplayRobustness, TruncationAtEveryByte) {
  const auto& s = sample();
  auto full = ReplayReader::fromBytes(s.bytes);
  ASSERT_TRUE(full.ok());
  // Cut inside the header: refused; from its copy on (format 4) the cut is a notice like any other.
  const size_t headerEnd = encodeHeader(full->header()).size();
  for (size_t cut = 0; cut < s.bytes.size(); ++cut) {
    std::vector<uint8_t> prefix(s.bytes.begin(), s.bytes.begin() + static_cast<std::ptrdiff_t>(cut));
    auto r = ReplayReader::fromBytes(prefix);
    if (cut < headerEnd) {
      ASSERT_FALSE(r.ok()) << "cut " << cut;
      continue;
    }
    ASSERT_TRUE(r.ok()) << "cut " << cut << ": " << r.message();
    uint32_t expected = 0;
    for (const auto& f : full->frames())
      if (f.kind == FrameKind::Turns && f.offset + f.size <= cut) expected = f.firstTurn + f.turnCount;
    ASSERT_EQ(r->turnCount(), expected) << "cut " << cut;
    EXPECT_FALSE(r->closedCleanly());
    EXPECT_FALSE(r->notices().empty());
    auto rep = verifyReplay(*r);
    ASSERT_TRUE(rep.ok()) << rep.message();
    ASSERT_TRUE(rep->ok) << "cut " << cut << ": " << rep->failure;
    ASSERT_EQ(rep->turns, expected);
  }
}

// Issue 30: a flip that loses no turn (the header with its copy intact, the copy, a snapshot, the index, the footer)
// reads every turn and says what it skipped; any other flip is refused or fails verify at a turn.
TEST(ReplayRobustness, BitFlipAnywhereIsDetected) {
  const auto& s = sample();
  for (size_t i = 0; i < s.bytes.size() * 8; ++i) {
    auto bytes = s.bytes;
    bytes[i / 8] ^= static_cast<uint8_t>(1u << (i % 8));
    auto r = ReplayReader::fromBytes(bytes);
    if (!r.ok()) {
      EXPECT_FALSE(r.message().empty());
      continue;
    }
    auto rep = verifyReplay(*r);
    if (!rep.ok()) continue;
    if (rep->ok) {
      ASSERT_EQ(rep->turns, s.turns) << "flip of bit " << i % 8 << " at byte " << i / 8 << " lost turns unnoticed";
      ASSERT_FALSE(r->notices().empty()) << "flip of bit " << i % 8 << " at byte " << i / 8 << " went unnoticed";
      continue;
    }
    EXPECT_TRUE(rep->failedTurn.has_value());
  }
}

// A file written with altered orders but the original signatures (well-formed, checksums fine).
TEST(ReplayRobustness, ForgedOrdersFailVerifyAtTheTurn) {
  auto session = shedSession(3, "forged");
  auto keys = botSessionKeys("forged", 3);
  auto path = tempPath("forged.ccr");
  auto ledger = std::move(lockstep::TurnLedger::create(session).value());
  auto w = ReplayWriter::create(path, session, {8, 0});
  ASSERT_TRUE(w.ok());
  const uint32_t forgedTurn = 13;
  playFirstLegal(*ledger, **w, keys, 40, [&](uint32_t t, std::vector<std::vector<Order>>& orders) {
    if (t != forgedTurn) return;
    orders[1].push_back(Order{shed::kPass, {}});  // an order seat 1 never signed
  });
  ASSERT_TRUE((*w)->close().ok());
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  ASSERT_FALSE(rep->ok);
  // Either the state diverged at the forged turn, or (if the altered order changed nothing) the
  // chain-head signature of the block holding it fails.
  ASSERT_TRUE(rep->failedTurn.has_value());
  EXPECT_GE(*rep->failedTurn, forgedTurn);
  EXPECT_LE(*rep->failedTurn, 15u);
  EXPECT_NE(rep->failure.find("turn " + std::to_string(*rep->failedTurn)), std::string::npos);
}

TEST(ReplayRobustness, WrongSignerFailsVerifyNamingSeat) {
  auto session = shedSession(3, "signer");
  auto keys = botSessionKeys("signer", 3);
  // Seat 1's bundles get signed by an intruder's secret key (listed under seat 1's public key).
  auto intruder = lockstep::KeyPair::fromLabel("intruder");
  keys[1].secretKey = intruder.secretKey;
  auto path = tempPath("signer.ccr");
  auto ledger = std::move(lockstep::TurnLedger::create(session).value());
  auto w = ReplayWriter::create(path, session, {8, 0});
  ASSERT_TRUE(w.ok());
  playFirstLegal(*ledger, **w, keys, 20, [](uint32_t, auto&) {});
  ASSERT_TRUE((*w)->close().ok());
  auto rep = verifyReplay(path);
  ASSERT_TRUE(rep.ok()) << rep.message();
  ASSERT_FALSE(rep->ok);
  EXPECT_EQ(rep->failedTurn, std::optional<uint32_t>(7));
  EXPECT_EQ(rep->failedSeat, std::optional<Seat>(1));
  EXPECT_NE(rep->failure.find("turn 7 seat 1"), std::string::npos) << rep->failure;
}

// A directory given where a replay is expected (`replay verify /tmp`, `play elc --resume DIR`) is refused by name;
// it threw out of std::ifstream and aborted the process before.
TEST(ReplayRobustness, ADirectoryIsRefusedNotACrash) {
  const auto dir = std::filesystem::temp_directory_path();
  auto r = ReplayReader::open(dir.string());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("is a directory"), std::string::npos) << r.message();
}
