// The masked deck (issue 26, core/deck/masked_deck.h): tiles, the jointly shuffled deck, key proofs, DLEQ shares
// and their strict encodings. Every expectation is a live computation of the protocol (a tile recovered by
// unmasking, a proof refused by the verifier), except FormatIsPinned, which pins the derivations' bytes.
#include <gtest/gtest.h>

#include "tests/deck/deck_fixtures.h"

namespace deck_test {
namespace {

TEST(MaskedDeck, TilePointsAreDistinctValidAndTheTableRoundTrips190Tiles) {
  const TileTable table(190);
  EXPECT_EQ(table.count(), 190);
  std::set<Point> seen;
  for (uint16_t t = 0; t < 190; ++t) {
    const Point p = tilePoint(t);
    EXPECT_TRUE(valid(p)) << "tile " << t;
    EXPECT_TRUE(seen.insert(p).second) << "tile " << t << " repeats an earlier tile's point";
    ASSERT_EQ(table.tileOf(p), std::optional<uint16_t>(t));
  }
  EXPECT_EQ(table.tileOf(tilePoint(190)), std::nullopt);  // a tile beyond the table
  EXPECT_EQ(table.tileOf(publicKey(holder(0).x)), std::nullopt);
  EXPECT_EQ(table.tileOf(Point{}), std::nullopt);
}

// ---------------------------------------------------------------- shuffle

TEST(MaskedDeck, MaskingCommutesAndTheShuffledDeckIsAPermutationOfTheTiles) {
  const auto hs = holders(2);
  const Point H = jointOf(hs);
  ASSERT_TRUE(valid(H));
  const TileTable table(91);
  const auto tiles = tileRange(91);
  const auto open = openDeck(tiles, H);
  ASSERT_EQ(open.size(), tiles.size());
  const auto ab = remask(remask(open, H, hs[0].key, kEpoch), H, hs[1].key, kEpoch);
  const auto ba = remask(remask(open, H, hs[1].key, kEpoch), H, hs[0].key, kEpoch);
  ASSERT_EQ(ab.size(), tiles.size());
  ASSERT_EQ(ba.size(), tiles.size());

  std::vector<uint16_t> gotAB, gotBA;
  for (size_t i = 0; i < ab.size(); ++i) {
    auto ta = openFully(table, hs, ab[i]);
    auto tb = openFully(table, hs, ba[i]);
    ASSERT_TRUE(ta && tb) << "position " << i << " does not unmask to a tile";
    gotAB.push_back(*ta);
    gotBA.push_back(*tb);
  }
  // The order is the two permutations composed (result i = input perm[i]).
  const auto pa = remaskPermutation(tiles.size(), hs[0].key, kEpoch);
  const auto pb = remaskPermutation(tiles.size(), hs[1].key, kEpoch);
  for (size_t i = 0; i < tiles.size(); ++i) EXPECT_EQ(gotAB[i], tiles[pa[pb[i]]]) << "position " << i;
  EXPECT_NE(gotAB, tiles) << "the shuffle left the deck in order";
  std::sort(gotAB.begin(), gotAB.end());
  std::sort(gotBA.begin(), gotBA.end());
  EXPECT_EQ(gotAB, tiles);
  EXPECT_EQ(gotBA, tiles);
}

TEST(MaskedDeck, TheOpenDeckIsNotReadableWithoutEveryHoldersShare) {
  const auto hs = holders(3);
  const TileTable table(28);
  const auto deck = shuffled(hs, tileRange(28));
  for (size_t i = 0; i < deck.size(); ++i) {
    // Two of three layers removed: still no tile.
    const std::vector<Point> two = {ownShare(hs[0].x, deck[i]), ownShare(hs[1].x, deck[i])};
    EXPECT_EQ(table.tileOf(unmask(deck[i], two)), std::nullopt) << "position " << i;
  }
}

TEST(MaskedDeck, TheDrawingCaptainRecoversItsTileFromTheOthersSharesAndItsOwn) {
  const auto hs = holders(4);
  const TileTable table(91);
  const auto deck = shuffled(hs, tileRange(91));
  const uint16_t captain = 2, position = 17;
  const Cipher& c = deck[position];
  std::vector<Point> ds;
  for (const auto& h : hs) {
    if (h.seat == captain) continue;
    const auto ctx = context(h.seat, position, Purpose::Share);
    const Share sh = makeShare(h.x, c, ctx);
    ASSERT_TRUE(verifyShare(sh, h.X, c, ctx).ok()) << verifyShare(sh, h.X, c, ctx).message();
    ds.push_back(sh.d);
  }
  EXPECT_EQ(table.tileOf(unmask(c, ds)), std::nullopt) << "the others' shares alone open the tile";
  ds.push_back(ownShare(hs[captain].x, c));
  const auto got = table.tileOf(unmask(c, ds));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got, openFully(table, hs, c));
  // The tile the permutations put there.
  size_t src = position;
  for (size_t j = hs.size(); j-- > 0;) src = remaskPermutation(deck.size(), hs[j].key, kEpoch)[src];
  EXPECT_EQ(*got, src);
}

TEST(MaskedDeck, RemaskIsDeterministicAndDependsOnKeyAndEpoch) {
  const auto hs = holders(2);
  const Point H = jointOf(hs);
  const auto open = openDeck(tileRange(40), H);
  const auto once = remask(open, H, hs[0].key, kEpoch);
  ASSERT_EQ(once.size(), open.size());
  EXPECT_EQ(remask(open, H, hs[0].key, kEpoch), once);
  const auto otherKey = remask(open, H, hs[1].key, kEpoch);
  const auto otherEpoch = remask(open, H, hs[0].key, kEpoch + 1);
  for (size_t i = 0; i < once.size(); ++i) {
    EXPECT_NE(once[i], otherKey[i]) << "position " << i;
    EXPECT_NE(once[i], otherEpoch[i]) << "position " << i;
  }
  EXPECT_NE(remaskPermutation(40, hs[0].key, kEpoch), remaskPermutation(40, hs[1].key, kEpoch));
  EXPECT_NE(remaskPermutation(40, hs[0].key, kEpoch), remaskPermutation(40, hs[0].key, kEpoch + 1));
}

TEST(MaskedDeck, RemaskPermutationIsAPermutation) {
  const Key key = keyOf(5);
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{90}, size_t{189}, size_t{1000}}) {
    auto p = remaskPermutation(n, key, kEpoch);
    ASSERT_EQ(p.size(), n);
    std::vector<uint16_t> ident(n);
    std::iota(ident.begin(), ident.end(), uint16_t{0});
    if (n >= 90) {
      EXPECT_NE(p, ident) << n << " positions left in order";
    }
    std::sort(p.begin(), p.end());
    EXPECT_EQ(p, ident) << n << " positions";
  }
  // Every source reaches position 0 of a 3-deck under some epoch (Fisher–Yates reaches every permutation).
  std::set<std::vector<uint16_t>> perms;
  for (uint32_t e = 0; e < 200; ++e) perms.insert(remaskPermutation(3, key, e));
  EXPECT_EQ(perms.size(), 6u);
}

TEST(MaskedDeck, VerifyRemaskAcceptsTheStepAndNamesTheFirstWrongPosition) {
  const auto hs = holders(2);
  const Point H = jointOf(hs);
  const auto open = openDeck(tileRange(30), H);
  auto out = remask(open, H, hs[0].key, kEpoch);
  EXPECT_TRUE(verifyRemask(open, out, H, hs[0].key, kEpoch).ok());
  auto wrongKey = verifyRemask(open, out, H, hs[1].key, kEpoch);
  ASSERT_FALSE(wrongKey.ok());
  EXPECT_NE(wrongKey.message().find("position 0 of the shuffled deck"), std::string::npos) << wrongKey.message();
  std::swap(out[4], out[9]);
  auto swapped = verifyRemask(open, out, H, hs[0].key, kEpoch);
  ASSERT_FALSE(swapped.ok());
  EXPECT_NE(swapped.message().find("position 4 of the shuffled deck"), std::string::npos) << swapped.message();
  out.pop_back();
  EXPECT_FALSE(verifyRemask(open, out, H, hs[0].key, kEpoch).ok());
}

TEST(MaskedDeck, NoIdentityPointIsEverProduced) {
  const auto hs = holders(4);
  const Point H = jointOf(hs);
  EXPECT_TRUE(valid(H));
  const auto open = openDeck(tileRange(189), H);
  ASSERT_EQ(open.size(), 189u);
  for (const auto& c : open) EXPECT_TRUE(valid(c.c1) && valid(c.c2));
  const auto deck = shuffled(hs, tileRange(189));
  ASSERT_EQ(deck.size(), 189u);
  for (size_t i = 0; i < deck.size(); ++i) {
    EXPECT_TRUE(valid(deck[i].c1) && valid(deck[i].c2)) << "position " << i;
    const Share sh = makeShare(hs[1].x, deck[i], context(1, static_cast<uint16_t>(i), Purpose::Share));
    EXPECT_TRUE(valid(sh.d)) << "position " << i;
  }
  for (uint32_t a = 0; a < 300; ++a) {
    const Scalar s = deriveScalar(hs[0].key, "shuffle", a, 0);
    EXPECT_FALSE(sodium_is_zero(s.data(), s.size()));
    EXPECT_TRUE(valid(publicKey(s)));
  }
  // What cannot be a valid point comes back as Point{} (refused everywhere), never as a usable identity.
  EXPECT_EQ(jointKey({}), Point{});
  const std::vector<Point> bad = {hs[0].X, Point{}};
  EXPECT_EQ(jointKey(bad), Point{});
  EXPECT_TRUE(openDeck(tileRange(3), Point{}).empty());
  EXPECT_TRUE(remask(open, Point{}, hs[0].key, kEpoch).empty());
  EXPECT_EQ(publicKey(Scalar{}), Point{});
  // c2 − d = identity when the "share" is c2 itself: refused as no point.
  const std::vector<Point> whole = {open[0].c2};
  EXPECT_EQ(unmask(open[0], whole), Point{});
}

// ---------------------------------------------------------------- key proofs

TEST(MaskedDeck, KeyProofVerifiesOnlyForItsContextAndUntampered) {
  const Holder h = holder(1);
  const auto ctx = context(1, 0, Purpose::Key);
  const KeyProof p = proveKey(h.x, ctx);
  EXPECT_EQ(p.X, h.X);
  EXPECT_TRUE(verifyKey(p, ctx).ok()) << verifyKey(p, ctx).message();
  EXPECT_EQ(proveKey(h.x, ctx), p);  // deterministic

  auto refused = [&](const KeyProof& q, const Context& c, std::string_view what) {
    auto r = verifyKey(q, c);
    EXPECT_FALSE(r.ok()) << what;
    if (!r.ok()) {
      EXPECT_FALSE(r.message().empty());
    }
  };
  Context other = ctx;
  other.gameId[0] ^= 1;
  refused(p, other, "another game");
  other = ctx;
  other.epoch += 1;
  refused(p, other, "another epoch");
  other = ctx;
  other.holder = 2;
  refused(p, other, "another holder");
  other = ctx;
  other.purpose = static_cast<uint8_t>(Purpose::Share);
  refused(p, other, "another purpose");

  KeyProof t = p;
  t.s = plusOne(t.s);
  refused(t, ctx, "tampered s");
  t = p;
  t.R = publicKey(holder(2).x);
  refused(t, ctx, "tampered R");
  t = p;
  t.X = holder(2).X;  // a rogue key with someone else's proof
  refused(t, ctx, "another key");
  t = p;
  t.X = Point{};
  auto r = verifyKey(t, ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("not a valid ristretto255 point"), std::string::npos) << r.message();
  t = p;
  t.s = kOrder;
  r = verifyKey(t, ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("not a reduced scalar"), std::string::npos) << r.message();
}

TEST(MaskedDeck, FormatIsPinned) {
  const Holder h = holder(0);
  EXPECT_EQ(hex(tilePoint(0)), "487963fe06b74d5c7bb48ff32d94e4f8041de88cc9a043247972718e5cc6fb38");
  EXPECT_EQ(hex(h.x), "0a65ba0f7e5bba822759451a366ba52b1d61c5a88ce6cb9ca1c9983807ace40e");
  EXPECT_EQ(hex(bindContext(context(0, 5, Purpose::Share))), "d86ed9284c8c1b4d11ff402d93c75dc96d2f2b6d939ce49e2336ac3e79c50b4d");
  const auto p = remaskPermutation(10, h.key, kEpoch);
  EXPECT_EQ(std::vector<uint16_t>(p.begin(), p.end()), (std::vector<uint16_t>{6, 1, 3, 2, 5, 7, 0, 8, 4, 9}));
  const auto open = openDeck(tileRange(2), jointOf(holders(2)));
  const auto once = remask(open, jointOf(holders(2)), h.key, kEpoch);
  ASSERT_EQ(once.size(), 2u);
  EXPECT_EQ(hex(once[1].c2), "c407b32a701c22de448415ee350ca838b9eb8273ddbebe2899640e4aef7a060a");
  const Share sh = makeShare(h.x, once[1], context(0, 1, Purpose::Share));
  EXPECT_EQ(hex(sh.proof.c) + hex(sh.proof.s), "351e95690925cf6fb4540b674ac1c6a9d0bf21fe4a91a65a12a006418c8dac06"
                                                "862224a051705f7a323da19436358d499327e8acb43d74505cb2363788e38605");
}

}  // namespace
}  // namespace deck_test
