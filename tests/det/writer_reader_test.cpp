// Canonical writer/reader: round trips, strictness (DESIGN: determinism discipline).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"

using namespace concord::det;

TEST(WriterReader, RoundTripsEveryFieldKind) {
  Writer w;
  w.u8("a", 0xAB);
  w.u16("b", 0xBEEF);
  w.u32("c", 0xDEADBEEF);
  w.u64("d", 0x0123456789ABCDEFULL);
  w.i32("e", -5);
  w.varu("f", 300);
  w.vari("g", -129);
  w.boolean("h", true);
  std::vector<uint8_t> blob{1, 2, 3};
  w.bytes("i", blob);
  w.str("j", "warp");
  w.hash("k", Hash128{7, 9});
  Reader r(w.data());
  EXPECT_EQ(r.u8("a"), 0xAB);
  EXPECT_EQ(r.u16("b"), 0xBEEF);
  EXPECT_EQ(r.u32("c"), 0xDEADBEEFu);
  EXPECT_EQ(r.u64("d"), 0x0123456789ABCDEFULL);
  EXPECT_EQ(r.i32("e"), -5);
  EXPECT_EQ(r.varu("f"), 300u);
  EXPECT_EQ(r.vari("g"), -129);
  EXPECT_TRUE(r.boolean("h"));
  EXPECT_EQ(r.bytes("i", 10), blob);
  EXPECT_EQ(r.str("j", 10), "warp");
  EXPECT_EQ(r.hash("k"), (Hash128{7, 9}));
  EXPECT_TRUE(r.finish().ok());
}

TEST(WriterReader, LittleEndianAndLeb128Layout) {
  Writer w;
  w.u32("x", 0x01020304);
  w.varu("v", 300);  // 0xAC 0x02
  auto d = w.data();
  EXPECT_EQ(std::vector<uint8_t>(d.begin(), d.end()), (std::vector<uint8_t>{4, 3, 2, 1, 0xAC, 0x02}));
}

TEST(WriterReader, TruncationIsAnErrorNamingTheField) {
  std::vector<uint8_t> b{1, 2};
  Reader r(b, "test");
  (void)r.u32("score");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.errorMessage().find("score"), std::string::npos);
  EXPECT_NE(r.errorMessage().find("truncated"), std::string::npos);
  EXPECT_FALSE(r.finish().ok());
}

TEST(WriterReader, OverlongVarintIsRejected) {
  std::vector<uint8_t> b{0x80, 0x00};  // zero encoded in two bytes
  Reader r(b);
  (void)r.varu("n");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.errorMessage().find("overlong"), std::string::npos);
}

TEST(WriterReader, VarintOverflowIsRejected) {
  std::vector<uint8_t> b(10, 0xFF);
  b.push_back(0x01);
  Reader r(b);
  (void)r.varu("n");
  EXPECT_FALSE(r.ok());
}

TEST(WriterReader, MaxUint64VarintRoundTrips) {
  Writer w;
  w.varu("n", UINT64_MAX);
  w.vari("m", INT64_MIN);
  Reader r(w.data());
  EXPECT_EQ(r.varu("n"), UINT64_MAX);
  EXPECT_EQ(r.vari("m"), INT64_MIN);
  EXPECT_TRUE(r.finish().ok());
}

TEST(WriterReader, OutOfRangeEnumIsRejected) {
  enum class Kind : uint8_t { A, B, C };
  Writer w;
  w.varu("kind", 7);
  Reader r(w.data());
  (void)r.enumeration("kind", Kind::C);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.errorMessage().find("out of range"), std::string::npos);
}

TEST(WriterReader, TrailingBytesAreAnError) {
  std::vector<uint8_t> b{5, 0};
  Reader r(b);
  (void)r.u8("x");
  auto f = r.finish();
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.message().find("trailing"), std::string::npos);
}

TEST(WriterReader, BadBooleanIsRejected) {
  std::vector<uint8_t> b{2};
  Reader r(b);
  (void)r.boolean("flag");
  EXPECT_FALSE(r.ok());
}

TEST(WriterReader, CountCannotExceedRemainingBytes) {
  Writer w;
  w.varu("n", 1000000);
  Reader r(w.data());
  EXPECT_EQ(r.count("n", UINT32_MAX, 1), 0u);
  EXPECT_FALSE(r.ok());
}

TEST(WriterReader, FirstDifferenceNamesTheFieldPath) {
  auto fill = [](Writer& w, int score) {
    w.begin("seat", 0);
    w.vari("score", 10);
    w.end();
    w.begin("seat", 1);
    w.vari("score", score);
    w.bytes("hand", std::vector<uint8_t>{1, 2});
    w.end();
  };
  Writer a(true), b(true);
  fill(a, 20);
  fill(b, 21);
  FieldDiff d = firstDifference(a, b);
  ASSERT_TRUE(d.differs);
  EXPECT_EQ(d.path, "seat[1].score");
  EXPECT_EQ(d.left, "20");
  EXPECT_EQ(d.right, "21");
  EXPECT_FALSE(firstDifference(a, a).differs);
  EXPECT_NE(readableDump(a).find("seat[1].hand = 0102"), std::string::npos);
}

TEST(WriterReader, TracedAndUntracedBytesAreIdentical) {
  Writer a(true), b(false);
  for (Writer* w : {&a, &b}) {
    w->begin("x");
    w->vari("v", -77);
    w->str("s", "abc");
    w->end();
  }
  EXPECT_TRUE(std::equal(a.data().begin(), a.data().end(), b.data().begin(), b.data().end()));
}
