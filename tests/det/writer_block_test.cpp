// Writer::Block, the hot-path writer (issue 9 part 6): it must write exactly the bytes of the Writer's own
// calls, and a traced block must name exactly the same field paths, so desync reports keep naming fields.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/warp/config.h"
#include "core/warp/module.h"
#include "core/warp/state.h"
#include "lockstep/desync.h"
#include "lockstep/selfplay.h"
#include "lockstep/turn_engine.h"

using namespace concord;
using concord::det::Bool;
using concord::det::U16;
using concord::det::U32;
using concord::det::U64;
using concord::det::U8;
using concord::det::Writer;

namespace {

// Every varint length boundary (Block writes 1 to 3 bytes without a branch on the length, longer ones in a loop).
const std::vector<uint64_t> kUnsigned = {0, 1, 127, 128, 300, 16383, 16384, 2097151, 2097152, 268435455, UINT64_MAX};
const std::vector<int64_t> kSigned = {0, -1, 63, -64, 64, -8192, 8191, 8192, -1048576, 1048575, 1048576, INT64_MIN, INT64_MAX};

std::vector<uint8_t> bytesOf(size_t n, uint8_t salt) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i * 37 + salt);
  return v;
}

// Every field kind, each length a short copy distinguishes (0..33 and a long piece), varints of every width.
void throughWriter(Writer& w) {
  w.begin("all");
  w.u8("a", 0xAB);
  w.u16("b", 0xBEEF);
  w.u32("c", 0xDEADBEEF);
  w.u64("d", 0x0123456789ABCDEFull);
  w.boolean("e", true);
  w.i32("f", -5);
  w.i64("g", -6);
  for (uint64_t v : kUnsigned) w.varu("v", v);
  for (int64_t v : kSigned) w.vari("z", v);
  for (size_t n = 0; n <= 33; ++n) {
    w.begin("piece", n);
    w.bytes("bytes", bytesOf(n, 1));
    w.raw("raw", bytesOf(n, 2));
    w.end();
  }
  w.bytes("long", bytesOf(300, 3));
  w.str("s", "named fields");
  w.hash("h", det::Hash128{0x1111, 0x2222});
  w.u16("p1", 7);
  w.u8("p2", 8);
  w.u32("p3", 9);
  w.boolean("p4", true);
  w.u64("p5", 10);
  w.u8("p6", 11);
  w.raw("filled", bytesOf(5, 4));
  w.end();
}

void throughBlock(Writer& w, size_t expected) {
  w.block(expected, [&](auto& b) {
    b.begin("all");
    b.u8("a", 0xAB);
    b.u16("b", 0xBEEF);
    b.u32("c", 0xDEADBEEF);
    b.u64("d", 0x0123456789ABCDEFull);
    b.boolean("e", true);
    b.i32("f", -5);
    b.i64("g", -6);
    for (uint64_t v : kUnsigned) b.varu("v", v);
    for (int64_t v : kSigned) b.vari("z", v);
    for (size_t n = 0; n <= 33; ++n) {
      b.begin("piece", n);
      b.bytes("bytes", bytesOf(n, 1));
      b.raw("raw", bytesOf(n, 2));
      b.end();
    }
    b.bytes("long", bytesOf(300, 3));
    b.str("s", "named fields");
    b.hash("h", det::Hash128{0x1111, 0x2222});
    // 2 + 1 + 4 + 1 + 8 + 1 bytes: the pack spans three 8-byte words.
    b.pack(U16{"p1", 7}, U8{"p2", 8}, U32{"p3", 9}, Bool("p4", true), U64{"p5", 10}, U8{"p6", 11});
    auto src = bytesOf(5, 4);
    b.rawFill("filled", src.size(), [&](uint8_t* out) { std::copy(src.begin(), src.end(), out); });
    b.end();
  });
}

std::vector<uint8_t> copyOf(const Writer& w) { return {w.data().begin(), w.data().end()}; }

}  // namespace

TEST(WriterBlock, SameBytesAsTheWritersOwnCalls) {
  for (bool traced : {false, true}) {
    // expected = 0 starts from an empty buffer, so the block grows many times mid-run; 4096 never grows.
    for (size_t expected : {size_t{0}, size_t{4096}}) {
      Writer plain(traced), fast(traced);
      plain.u8("before", 1);  // a block continues whatever the writer already holds
      fast.u8("before", 1);
      throughWriter(plain);
      throughBlock(fast, expected);
      plain.u8("after", 2);
      fast.u8("after", 2);
      EXPECT_EQ(copyOf(fast), copyOf(plain)) << "traced " << traced << " expected " << expected;
    }
  }
}

TEST(WriterBlock, TracedBlockNamesTheSameFieldsWithTheSameRangesAndValues) {
  Writer plain(true), fast(true);
  throughWriter(plain);
  throughBlock(fast, 0);
  ASSERT_EQ(fast.trace().size(), plain.trace().size());
  for (size_t i = 0; i < plain.trace().size(); ++i) {
    const auto& a = plain.trace()[i];
    const auto& b = fast.trace()[i];
    EXPECT_EQ(b.path, a.path) << i;
    EXPECT_EQ(b.begin, a.begin) << a.path;
    EXPECT_EQ(b.end, a.end) << a.path;
    EXPECT_EQ(b.value, a.value) << a.path;
  }
  EXPECT_NE(det::readableDump(fast).find("all.piece[3].bytes = "), std::string::npos);
  EXPECT_NE(det::readableDump(fast).find("all.p5 = 10"), std::string::npos);
}

TEST(WriterBlock, UntracedBlockRecordsNothing) {
  Writer w;
  throughBlock(w, 0);
  EXPECT_TRUE(w.trace().empty());
}

// Warp writes its whole state through one block: the traced write (desync diffs) and the untraced one
// (Seals) must agree byte for byte on every state of a sector, and a traced write must name packed fields.
TEST(WriterBlock, WarpTracedAndUntracedWritesAgreeOnEveryStateOfASector) {
  auto cfg = warp::encodeConfig(warp::officialPreset());
  auto bot = warp::makeBot("random");
  warp::WarpGame g;
  det::Seed seed;
  seed.bytes[0] = 42;
  ASSERT_TRUE(g.setup(cfg, seed, 4).ok());
  auto rng = det::Rng::fromU64(42);
  size_t states = 0;
  while (!g.over()) {
    Seat s = g.awaiting().front();
    auto legal = g.legalOrders(s);
    ASSERT_TRUE(g.act(s, bot->choose(Observation{}, legal, rng).front()).ok());
    Writer fast, traced(true);
    g.write(fast);
    g.write(traced);
    ASSERT_EQ(copyOf(fast), copyOf(traced)) << "state " << states;
    ++states;
  }
  EXPECT_GT(states, 100u);
  Writer traced(true);
  g.write(traced);
  auto dump = det::readableDump(traced);
  for (const char* path : {"warp.seat[2].beacon = ", "warp.seat[3].hazardPasses = ", "warp.turn.toAct = ",
                           "warp.openDouble.wormhole = ", "warp.line[4].main.tiles = ", "warp.rng.deal.s3 = "})
    EXPECT_NE(dump.find(path), std::string::npos) << path;
  // The state opens with the cached config bytes, length-prefixed: exactly encodeConfig(config).
  ASSERT_GT(traced.data().size(), cfg.size() + 1);
  EXPECT_EQ(traced.data()[0], cfg.size());
  EXPECT_TRUE(std::equal(cfg.begin(), cfg.end(), traced.data().begin() + 1));
}

// A desync whose first differing byte sits inside a packed run still names that field (lockstep/desync.*).
TEST(WriterBlock, WarpDesyncReportNamesAPackedField) {
  lockstep::SelfPlayParams p;
  p.moduleId = "warp";
  p.seats = 4;
  p.seed = 9;
  auto session = lockstep::selfPlaySession(p);
  ASSERT_TRUE(session.ok()) << session.message();
  auto engine = lockstep::TurnEngine::create(*session).value();
  for (int t = 0; t < 12 && !engine->over(); ++t) {
    std::vector<std::vector<Order>> orders(session->seats.size());
    for (Seat s : engine->awaiting()) orders[s] = {engine->game().legalOrders(s).front()};
    (void)engine->step(orders);
  }
  Writer fast, traced(true);
  engine->write(fast);
  engine->write(traced);
  ASSERT_EQ(copyOf(fast), copyOf(traced));
  for (const std::string field : {"warp.seat[1].beacon", "warp.seat[2].hazardPasses", "warp.turn.chartsThisTurn"}) {
    auto it = std::find_if(traced.trace().begin(), traced.trace().end(), [&](const det::TraceEntry& e) {
      return e.path.size() >= field.size() && e.path.compare(e.path.size() - field.size(), field.size(), field) == 0;
    });
    ASSERT_NE(it, traced.trace().end()) << field;
    auto bad = copyOf(fast);
    bad[it->begin] ^= 1;  // 0 <-> 1: still a valid state, just a different one
    std::vector<lockstep::StateSample> samples = {{0, {0}, copyOf(fast)}, {1, {1}, copyOf(fast)},
                                                  {2, {2}, copyOf(fast)}, {3, {3}, bad}};
    auto rep = lockstep::buildDesyncReport(*session, engine->turn(), 3, samples);
    ASSERT_TRUE(rep.ok()) << rep.message();
    EXPECT_EQ(rep->fieldPath, it->path);
    EXPECT_EQ(rep->disagreeingSeats, std::vector<Seat>{3});
    EXPECT_NE(rep->majorityValue, rep->otherValue);
    EXPECT_NE(rep->summary().find(field), std::string::npos) << rep->summary();
  }
}
