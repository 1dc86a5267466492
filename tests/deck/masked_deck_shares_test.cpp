// The masked deck's shares (issue 26): a share verifies only for its holder, position, deal and game, and the
// strict decoders refuse what is not a point, a reduced scalar or whole.
#include <gtest/gtest.h>

#include "tests/deck/deck_fixtures.h"

namespace deck_test {
namespace {

// ---------------------------------------------------------------- shares

struct MaskedDeckShares : ::testing::Test {
  std::vector<Holder> hs = holders(3);
  std::vector<Cipher> deck = shuffled(hs, tileRange(20));
  static constexpr uint16_t kPos = 7;
  Context ctx = context(1, kPos, Purpose::Share);
  Share sh = makeShare(hs[1].x, deck[kPos], ctx);

  void expectRefused(const Share& s, const Point& X, const Cipher& c, const Context& cx, std::string_view words) {
    auto r = verifyShare(s, X, c, cx);
    ASSERT_FALSE(r.ok()) << "accepted; expected: " << words;
    EXPECT_NE(r.message().find(words), std::string::npos) << r.message();
  }
};

TEST_F(MaskedDeckShares, AShareVerifiesAndIsDeterministic) {
  auto r = verifyShare(sh, hs[1].X, deck[kPos], ctx);
  EXPECT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(sh.position, kPos);
  EXPECT_EQ(sh.d, ownShare(hs[1].x, deck[kPos]));
  EXPECT_EQ(makeShare(hs[1].x, deck[kPos], ctx), sh);
}

TEST_F(MaskedDeckShares, AShareMadeWithAnotherScalarIsRefused) {
  const Scalar stranger = deriveScalar(keyOf(9), "key", kEpoch, 1);
  expectRefused(makeShare(stranger, deck[kPos], ctx), hs[1].X, deck[kPos], ctx,
                "share of position 7 does not match holder key");
  // d from another scalar with the honest proof beside it.
  Share forged = sh;
  forged.d = ownShare(stranger, deck[kPos]);
  expectRefused(forged, hs[1].X, deck[kPos], ctx, "proof challenge mismatch");
}

TEST_F(MaskedDeckShares, AShareReplayedForAnotherPositionIsRefused) {
  constexpr uint16_t kOther = 12;
  const Context there = context(1, kOther, Purpose::Share);
  expectRefused(sh, hs[1].X, deck[kOther], there, "share is for position 7, not position 12");
  Share moved = sh;
  moved.position = kOther;
  expectRefused(moved, hs[1].X, deck[kOther], there, "share of position 12 does not match holder key");
  // Same position number, another cipher there.
  expectRefused(sh, hs[1].X, deck[kOther], ctx, "proof challenge mismatch");
}

TEST_F(MaskedDeckShares, AShareFromAnotherEpochOrGameIsRefused) {
  Context other = ctx;
  other.epoch += 1;
  expectRefused(sh, hs[1].X, deck[kPos], other, "proof challenge mismatch");
  other = ctx;
  other.gameId[15] ^= 0x80;
  expectRefused(sh, hs[1].X, deck[kPos], other, "proof challenge mismatch");
}

TEST_F(MaskedDeckShares, AShareCheckedAgainstAnotherHoldersKeyIsRefused) {
  expectRefused(sh, hs[2].X, deck[kPos], ctx, "does not match holder key");
  Context asTwo = ctx;
  asTwo.holder = 2;
  expectRefused(sh, hs[2].X, deck[kPos], asTwo, "does not match holder key");
  expectRefused(sh, hs[1].X, deck[kPos], asTwo, "does not match holder key");
}

TEST_F(MaskedDeckShares, ATamperedProofIsRefused) {
  Share t = sh;
  t.proof.c = plusOne(t.proof.c);
  expectRefused(t, hs[1].X, deck[kPos], ctx, "proof challenge mismatch");
  t = sh;
  t.proof.s = plusOne(t.proof.s);
  expectRefused(t, hs[1].X, deck[kPos], ctx, "proof challenge mismatch");
  t = sh;
  t.proof.s = kOrder;
  expectRefused(t, hs[1].X, deck[kPos], ctx, "not reduced");
  t = sh;
  t.d = Point{};
  expectRefused(t, hs[1].X, deck[kPos], ctx, "not a valid ristretto255 point");
  expectRefused(sh, Point{}, deck[kPos], ctx, "holder key is not a valid ristretto255 point");
}

// ---------------------------------------------------------------- encodings

TEST_F(MaskedDeckShares, EncodingsRoundTripAndAShareIs98Bytes) {
  det::Writer w;
  writeShare(w, sh);
  EXPECT_EQ(w.size(), 98u);
  const KeyProof kp = proveKey(hs[0].x, context(0, 0, Purpose::Key));
  writeKeyProof(w, kp);
  writeCipher(w, deck[3]);
  EXPECT_EQ(w.size(), 98u + 96u + 64u);
  det::Reader r(w.data(), "deck");
  EXPECT_EQ(readShare(r), sh);
  EXPECT_EQ(readKeyProof(r), kp);
  EXPECT_EQ(readCipher(r), deck[3]);
  EXPECT_TRUE(r.finish().ok()) << r.finish().message();
}

TEST_F(MaskedDeckShares, DecodersRefuseInvalidPointsNonCanonicalScalarsAndTruncationNamingTheField) {
  auto decodeShare = [](std::vector<uint8_t> bytes) {
    det::Reader r(bytes, "share");
    (void)readShare(r);
    return r.finish();
  };
  det::Writer w;
  writeShare(w, sh);
  const std::vector<uint8_t> good(w.data().begin(), w.data().end());
  ASSERT_TRUE(decodeShare(good).ok());

  auto expectError = [](const Result<void>& r, std::string_view field, std::string_view why) {
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find(std::string("'") + std::string(field) + "'"), std::string::npos) << r.message();
    EXPECT_NE(r.message().find(why), std::string::npos) << r.message();
  };
  auto bad = good;
  std::fill(bad.begin() + 2, bad.begin() + 34, 0xff);  // not a field element's canonical encoding
  expectError(decodeShare(bad), "share.d", "not a valid ristretto255 point");
  bad = good;
  std::fill(bad.begin() + 2, bad.begin() + 34, 0);
  expectError(decodeShare(bad), "share.d", "the identity");
  bad = good;
  std::copy(kOrder.begin(), kOrder.end(), bad.begin() + 34);
  expectError(decodeShare(bad), "share.proof.c", "not a reduced scalar");
  bad = good;
  std::copy(kOrder.begin(), kOrder.end(), bad.begin() + 66);
  expectError(decodeShare(bad), "share.proof.s", "not a reduced scalar");
  bad = good;
  bad[97] |= 0xe0;  // top bits set: far above the order
  expectError(decodeShare(bad), "share.proof.s", "not a reduced scalar");
  bad = good;
  bad.resize(50);
  expectError(decodeShare(bad), "share.proof.c", "truncated");
  bad = good;
  bad.push_back(0);
  EXPECT_FALSE(decodeShare(bad).ok());
  // L − 1 is the largest reduced scalar: accepted.
  bad = good;
  Scalar lMinus1 = kOrder;
  lMinus1[0] -= 1;
  std::copy(lMinus1.begin(), lMinus1.end(), bad.begin() + 66);
  EXPECT_TRUE(decodeShare(bad).ok());

  det::Writer kw;
  writeKeyProof(kw, proveKey(hs[0].x, context(0, 0, Purpose::Key)));
  std::vector<uint8_t> kb(kw.data().begin(), kw.data().end());
  kb[40] ^= 0x01;  // R's bytes: almost surely not a valid encoding; if it is one, the proof no longer verifies
  det::Reader kr(kb, "key");
  const KeyProof kp = readKeyProof(kr);
  if (kr.ok()) {
    EXPECT_FALSE(verifyKey(kp, context(0, 0, Purpose::Key)).ok());
  } else {
    EXPECT_NE(kr.errorMessage().find("'keyProof.R'"), std::string::npos) << kr.errorMessage();
  }
  std::fill(kb.begin(), kb.begin() + 32, 0xff);
  det::Reader kr2(kb, "key");
  (void)readKeyProof(kr2);
  expectError(kr2.finish(), "keyProof.X", "not a valid ristretto255 point");

  det::Writer cw;
  writeCipher(cw, deck[0]);
  std::vector<uint8_t> cb(cw.data().begin(), cw.data().end());
  std::fill(cb.begin() + 32, cb.end(), 0xff);
  det::Reader cr(cb, "cipher");
  (void)readCipher(cr);
  expectError(cr.finish(), "cipher.c2", "not a valid ristretto255 point");
  cb.resize(31);
  det::Reader ct(cb, "cipher");
  (void)readCipher(ct);
  expectError(ct.finish(), "cipher.c1", "truncated");
}

// ---------------------------------------------------------------- format

// The derivations' bytes are part of every recorded game: a change here must be a deliberate format change.
// These values were printed by this implementation when it was written; the live tests above are the behaviour.

}  // namespace
}  // namespace deck_test
