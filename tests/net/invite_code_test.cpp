// Invite codes (issue 25): round trips, typo detection, IPv6, and malformed text that must be refused in words.
#include <gtest/gtest.h>

#include <random>

#include "net/crockford32.h"
#include "net/invite_code.h"

namespace concord::net {
namespace {

Invite sampleInvite() {
  Invite inv;
  inv.addresses.push_back(*InviteAddress::parse("203.0.113.7", 27960));
  inv.addresses.push_back(*InviteAddress::parse("192.168.1.20", 27960));
  inv.host = hostFingerprint(lockstep::KeyPair::fromLabel("invite:host").publicKey);
  for (size_t i = 0; i < inv.secret.size(); ++i) inv.secret[i] = static_cast<uint8_t>(17 * i + 3);
  return inv;
}

std::string codeOf(const Invite& inv) {
  auto c = encodeInvite(inv);
  EXPECT_TRUE(c) << c.message();
  return c ? *c : std::string();
}

TEST(InviteCode, RoundTripsAndIsShortAndGroupedInFives) {
  const Invite inv = sampleInvite();
  const std::string code = codeOf(inv);
  auto back = decodeInvite(code);
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(*back, inv);
  EXPECT_EQ(code.size(), 68u + 13u) << code;  // two IPv4 addresses on one port: 68 characters in 14 groups
  for (size_t i = 5; i < code.size(); i += 6) EXPECT_EQ(code[i], '-') << code;
  EXPECT_TRUE(looksLikeInvite(code));
}

TEST(InviteCode, CarriesIpv6AndPortsOtherThanTheFirst) {
  Invite inv = sampleInvite();
  inv.addresses.push_back(*InviteAddress::parse("2001:db8::42", 27960));
  inv.addresses.push_back(*InviteAddress::parse("10.0.0.5", 40000));
  inv.addresses.push_back(*InviteAddress::parse("2001:db8:1:2:3:4:5:6", 1));
  auto back = decodeInvite(codeOf(inv));
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(*back, inv);
  EXPECT_EQ(back->addresses[2].text(), "[2001:db8::42]:27960");
  EXPECT_EQ(back->addresses[3].text(), "10.0.0.5:40000");
}

TEST(InviteCode, IsReadInAnyCaseWithMisreadLettersAndLooseGrouping) {
  const Invite inv = sampleInvite();
  std::string code = codeOf(inv), typed;
  for (char c : code) {
    if (c == '-') typed += "  ";                    // read aloud in pairs, spaced
    else if (c == '1') typed += 'l';                // an l for a one
    else if (c == '0') typed += 'O';                // an O for a zero
    else typed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  auto back = decodeInvite(typed);
  ASSERT_TRUE(back) << back.message() << "\n" << typed;
  EXPECT_EQ(*back, inv);
}

TEST(InviteCode, EveryOneCharacterTypoIsAChecksumMismatch) {
  const std::string code = codeOf(sampleInvite());
  static const std::string symbols = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  size_t tried = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    if (code[i] == '-') continue;
    for (char s : symbols) {
      if (s == code[i]) continue;
      std::string typo = code;
      typo[i] = s;
      auto r = decodeInvite(typo);
      ASSERT_FALSE(r) << "typo at " << i << " accepted: " << typo;
      EXPECT_NE(r.message().find("checksum mismatch: a character was mistyped"), std::string::npos) << r.message();
      ++tried;
    }
  }
  EXPECT_GT(tried, 1500u);
  // Two neighbours swapped, one left out, one doubled: the checksum catches them too.
  std::string swapped = code;
  std::swap(swapped[1], swapped[2]);
  if (swapped != code) {
    EXPECT_NE(decodeInvite(swapped).message().find("checksum mismatch"), std::string::npos);
  }
  EXPECT_NE(decodeInvite(code.substr(0, 7) + code.substr(8)).message().find("checksum mismatch"), std::string::npos);
  EXPECT_NE(decodeInvite(code.substr(0, 7) + code[7] + code.substr(7)).message().find("checksum mismatch"), std::string::npos);
}

TEST(InviteCode, NamesABadCharacterAndWhereItIs) {
  std::string code = codeOf(sampleInvite());
  code[6] = 'U';  // position 7, counting the dash
  EXPECT_EQ(decodeInvite(code).message(),
            "invite code: bad character 'U' at position 7 (a code has only digits and letters, no U; I and L read as 1, O as 0)");
  code[6] = '\x1b';  // never echoed raw to a terminal
  EXPECT_NE(decodeInvite(code).message().find("bad character '\\x1B' at position 7"), std::string::npos);
  code[6] = '.';
  EXPECT_FALSE(decodeInvite(code));
}

TEST(InviteCode, RefusesTooShortTooLongAndEmptyInWords) {
  const std::string code = codeOf(sampleInvite());
  EXPECT_NE(decodeInvite(code.substr(0, 30)).message().find("too short"), std::string::npos);
  EXPECT_NE(decodeInvite("").message().find("too short"), std::string::npos);
  EXPECT_NE(decodeInvite("----").message().find("too short"), std::string::npos);
  EXPECT_NE(decodeInvite(std::string(600, 'A')).message().find("too long"), std::string::npos);
}

TEST(InviteCode, EncodesOneToEightAddressesOnly) {
  Invite inv = sampleInvite();
  inv.addresses.clear();
  EXPECT_FALSE(encodeInvite(inv));
  for (int i = 0; i < 9; ++i) inv.addresses.push_back(*InviteAddress::parse("10.0.0." + std::to_string(i + 1), 27960));
  EXPECT_FALSE(encodeInvite(inv));
  inv.addresses.pop_back();
  auto back = decodeInvite(codeOf(inv));
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(back->addresses.size(), 8u);
  EXPECT_FALSE(InviteAddress::parse("example.org", 27960));  // a code never needs a name resolved
  EXPECT_FALSE(InviteAddress::parse("10.0.0.1", 0));
}

TEST(InviteCode, TellsACodeFromAnAddressOrLan) {
  EXPECT_FALSE(looksLikeInvite("lan"));
  EXPECT_FALSE(looksLikeInvite("127.0.0.1"));
  EXPECT_FALSE(looksLikeInvite("192.168.1.20:27960"));
  EXPECT_FALSE(looksLikeInvite("my-game-box"));
  EXPECT_FALSE(looksLikeInvite("[::1]:27960"));
  EXPECT_TRUE(looksLikeInvite("0A1B2-C3D4E-F5G6H-J7K8M"));
}

TEST(InviteCode, TheFingerprintTellsKeysApart) {
  const auto a = hostFingerprint(lockstep::KeyPair::fromLabel("invite:a").publicKey);
  const auto b = hostFingerprint(lockstep::KeyPair::fromLabel("invite:b").publicKey);
  EXPECT_NE(a, b);
  EXPECT_EQ(fingerprintText(a).size(), 19u);
}

TEST(InviteCode, Base32IsCanonical) {
  const std::vector<uint8_t> bytes{0xFF, 0x00, 0x81};
  const auto fives = bytesToFives(bytes);
  EXPECT_EQ(fives.size(), 5u);
  EXPECT_EQ(fivesToBytes(fives), bytes);
  auto padded = fives;
  padded.back() |= 1;  // a spare bit set: a second spelling of the same bytes
  EXPECT_FALSE(fivesToBytes(padded));
  EXPECT_FALSE(crockfordValue('U'));
  EXPECT_EQ(crockfordValue('i'), 1);
}

// Past the checksum (a forger computes it too): the layout is checked field by field, each refusal in words.
TEST(InviteCode, TheLayoutUnderTheChecksumIsStrict) {
  const Invite inv = sampleInvite();
  const std::vector<uint8_t> good = *inviteBytes(inv);
  ASSERT_EQ(*decodeInviteBytes(good), inv);
  auto refusal = [](std::vector<uint8_t> b) {
    auto r = decodeInviteBytes(b);
    return r ? std::string("accepted") : r.message();
  };
  auto changed = [&](size_t at, uint8_t v) {
    auto b = good;
    b[at] = v;
    return b;
  };
  const size_t first = 1 + 16 + kTableSecretBytes + 2;  // the first address's kind byte
  EXPECT_NE(refusal({}).find("empty"), std::string::npos);
  EXPECT_NE(refusal(changed(0, 2)).find("version 2; this Concord reads version 1"), std::string::npos);
  EXPECT_NE(refusal(std::vector<uint8_t>(good.begin(), good.begin() + first)).find("no address"), std::string::npos);
  EXPECT_NE(refusal(std::vector<uint8_t>(good.begin(), good.begin() + 20)).find("cut short before its first address"), std::string::npos);
  EXPECT_NE(refusal(changed(first, 5)).find("unknown kind 5"), std::string::npos);
  EXPECT_NE(refusal(std::vector<uint8_t>(good.begin(), good.end() - 1)).find("address 2 is cut short"), std::string::npos);
  auto port0 = changed(first - 2, 0);
  port0[first - 1] = 0;
  EXPECT_NE(refusal(port0).find("port 0"), std::string::npos);
  auto samePort = good;  // an own port equal to the default: a second spelling
  samePort.insert(samePort.end(), {0x84, 10, 0, 0, 1, static_cast<uint8_t>(27960 >> 8), static_cast<uint8_t>(27960 & 0xFF)});
  EXPECT_NE(refusal(samePort).find("repeats the default port"), std::string::npos);
  auto nine = good;
  for (int i = 0; i < 7; ++i) nine.insert(nine.end(), {4, 10, 0, 0, static_cast<uint8_t>(i + 1)});
  EXPECT_NE(refusal(nine).find("more than 8 addresses"), std::string::npos);
}

// Hostile or garbled text never crashes and never decodes into something unchecked.
TEST(InviteCode, RandomTextNeverCrashes) {
  std::mt19937 rng(25);
  const Invite original = sampleInvite();
  const std::string code = codeOf(original);
  size_t wrong = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string s = code;
    const int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits; ++e) {
      const size_t at = rng() % (s.size() + 1);
      switch (rng() % 3) {
        case 0: s.insert(at, 1, static_cast<char>(rng() % 256)); break;
        case 1: if (at < s.size()) s.erase(at, 1); break;
        default: if (at < s.size()) s[at] = static_cast<char>(rng() % 256);
      }
    }
    auto r = decodeInvite(s);
    if (r && *r != original) ++wrong;  // edits that only moved dashes or spaces decode to the same invite
  }
  EXPECT_EQ(wrong, 0u);
}

}  // namespace
}  // namespace concord::net
