#include <gtest/gtest.h>

#include "lockstep/bundle.h"

using namespace concord;
using namespace concord::lockstep;

namespace {
Bundle sample() {
  Bundle b;
  b.gameId = det::Hash128{1, 2};
  b.turn = 42;
  b.seat = 3;
  b.orders.push_back(Order{1, {7}});
  b.prevSeal = det::Hash128{3, 4};
  b.prevDigest = det::Hash128{5, 6};
  b.chain = det::Hash128{7, 8};
  return b;
}
}  // namespace

TEST(Bundle, SignEncodeDecodeVerify) {
  auto key = KeyPair::fromLabel("seat3");
  Bundle b = sample();
  b.signWith(key);
  auto bytes = b.encode();
  auto back = Bundle::decode(bytes);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(*back, b);
  EXPECT_TRUE(back->verifySignature(key.publicKey));
  EXPECT_FALSE(back->verifySignature(KeyPair::fromLabel("other").publicKey));
}

TEST(Bundle, TamperedOrderFailsSignature) {
  auto key = KeyPair::fromLabel("seat3");
  Bundle b = sample();
  b.signWith(key);
  b.orders[0].payload[0] = 8;
  EXPECT_FALSE(b.verifySignature(key.publicKey));
}

TEST(Bundle, EveryTruncationIsAnError) {
  Bundle b = sample();
  b.signWith(KeyPair::fromLabel("k"));
  auto bytes = b.encode();
  for (size_t n = 0; n < bytes.size(); ++n) {
    auto r = Bundle::decode(std::span(bytes.data(), n));
    EXPECT_FALSE(r.ok()) << "prefix " << n;
  }
  bytes.push_back(0);
  EXPECT_FALSE(Bundle::decode(bytes).ok());
}

TEST(Bundle, BadMagicIsNamed) {
  std::vector<uint8_t> junk{0, 0, 0, 0};
  auto r = Bundle::decode(junk);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("magic"), std::string::npos);
}

TEST(Bundle, ChainLinksBodies) {
  Bundle a = sample();
  Bundle b = sample();
  b.turn = 43;
  b.chain = a.bodyHash();
  a.orders[0].payload[0] = 9;
  EXPECT_NE(b.chain, a.bodyHash());
}

TEST(Crypto, FingerprintIsStableAndShort) {
  auto k = KeyPair::fromLabel("x");
  EXPECT_EQ(k.publicKey.fingerprint(), KeyPair::fromLabel("x").publicKey.fingerprint());
  EXPECT_EQ(k.publicKey.fingerprint().size(), 14u);
}
