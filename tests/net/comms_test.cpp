// Comms policy (RULES IX): modes, rated quick-only, DMs, mute, rate limit, the exact hail catalogue,
// strict codec and signatures; LAN announcements; the spectate lobby message.
#include <gtest/gtest.h>

#include <set>

#include "lockstep/crypto.h"
#include "net/comms.h"
#include "net/lan.h"
#include "net/lobby_msg.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;

struct Table {
  KeyPair host = KeyPair::fromLabel("comms:host"), a = KeyPair::fromLabel("comms:a"), b = KeyPair::fromLabel("comms:b");
  uint64_t seqA = 0;
  CommsMsg msg(CommsKind k, uint16_t hail = 0, uint8_t to = 0, std::string text = "") {
    return makeComms(a, host.publicKey, ++seqA, k, hail, to, std::move(text));
  }
};

TEST(Comms, CatalogueHasTheExactPhrasesInFiveGroups) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> want = {
      {"Acknowledge", {"Aye Captain", "Acknowledged", "Make it so", "Course laid in"}},
      {"Get moving", {"Engage!", "Punch it", "Warp speed", "Ahead full", "Steady as she goes"}},
      {"Sportsmanship", {"Well played", "A fine maneuver", "The needs of the many\u2026", "Fly well, Captain"}},
      {"Drama", {"Red Alert!", "Shields up!", "All Stop!", "Distress beacon away", "She's breaking up!", "Fascinating\u2026",
                 "Bold. Very bold."}},
      {"Cheeky", {"You're playing a dangerous game", "Persistence is futile", "Resistance is\u2026 noted",
                  "I have the conn now", "Q would be proud"}},
  };
  size_t n = 0;
  std::set<uint16_t> ids;
  for (size_t g = 0; g < want.size(); ++g)
    for (size_t i = 0; i < want[g].second.size(); ++i) {
      const uint16_t id = static_cast<uint16_t>((g + 1) * 100 + i + 1);
      const Hail* h = findHail(id);
      ASSERT_NE(h, nullptr) << id;
      EXPECT_EQ(h->group, want[g].first);
      EXPECT_EQ(h->phrase, want[g].second[i]);
      ids.insert(id);
      ++n;
    }
  EXPECT_EQ(hailCatalogue().size(), n);
  EXPECT_EQ(ids.size(), n);
  EXPECT_EQ(findHail(0), nullptr);
  EXPECT_EQ(findHail(106), nullptr);
}

TEST(Comms, ModesAndRated) {
  Table t;
  auto hail = t.msg(CommsKind::Hail, 401);
  auto text = t.msg(CommsKind::Text, 0, 0, "hello");
  auto dm = t.msg(CommsKind::Direct, 0, 2, "psst");
  for (bool rated : {false, true})
    for (auto mode : {CommsMode::Lobby, CommsMode::Active, CommsMode::PostGame}) {
      EXPECT_TRUE(commsAllowed(mode, rated, hail));
      const bool full = !(rated && mode == CommsMode::Active);
      EXPECT_EQ(bool(commsAllowed(mode, rated, text)), full) << int(mode) << rated;
      EXPECT_EQ(bool(commsAllowed(mode, rated, dm)), full) << int(mode) << rated;
    }
  auto r = commsAllowed(CommsMode::Active, true, text);
  EXPECT_NE(r.message().find("free text is not allowed in a rated game"), std::string::npos) << r.message();
  EXPECT_NE(commsAllowed(CommsMode::Active, true, dm).message().find("DMs are not allowed"), std::string::npos);
  CommsMsg unknown = hail;
  unknown.hail = 999;
  EXPECT_FALSE(commsAllowed(CommsMode::Lobby, false, unknown));
}

TEST(Comms, ReceiverRefusesFreeTextInRatedActivePlayAndAcceptsHails) {
  Table t;
  CommsPolicy p(t.host.publicKey);
  EXPECT_TRUE(p.accept(CommsMode::Active, true, t.msg(CommsKind::Hail, 101), t.a.publicKey, 0));
  EXPECT_FALSE(p.accept(CommsMode::Active, true, t.msg(CommsKind::Text, 0, 0, "collude"), t.a.publicKey, 10000));
  EXPECT_FALSE(p.accept(CommsMode::Active, true, t.msg(CommsKind::Direct, 0, 1, "collude"), t.a.publicKey, 20000));
  EXPECT_TRUE(p.accept(CommsMode::Active, false, t.msg(CommsKind::Text, 0, 0, "casual chat"), t.a.publicKey, 30000));
  EXPECT_TRUE(p.accept(CommsMode::PostGame, true, t.msg(CommsKind::Text, 0, 0, "gg"), t.a.publicKey, 40000));
  EXPECT_TRUE(p.accept(CommsMode::Lobby, true, t.msg(CommsKind::Direct, 0, 1, "hi"), t.a.publicKey, 50000));
}

TEST(Comms, DmsAreBroadcastAndSignedLikeAnyMessage) {
  Table t;
  auto dm = t.msg(CommsKind::Direct, 0, 3, "visible to all");
  auto back = decodeComms(encodeComms(dm));
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(back->toSeat, 3);
  EXPECT_EQ(back->text, "visible to all");
  EXPECT_TRUE(verifyComms(*back));
  EXPECT_NE(describeComms(*back).find("DM, visible to all"), std::string::npos);
}

TEST(Comms, SignatureTableAndReplayChecked) {
  Table t;
  CommsPolicy p(t.host.publicKey);
  auto m = t.msg(CommsKind::Hail, 201);
  CommsMsg forged = m;
  forged.hail = 202;
  EXPECT_FALSE(p.accept(CommsMode::Lobby, false, forged, t.a.publicKey, 0));
  auto other = makeComms(t.a, t.b.publicKey, 99, CommsKind::Hail, 201, 0, "");
  EXPECT_NE(p.accept(CommsMode::Lobby, false, other, t.a.publicKey, 0).message().find("another table"), std::string::npos);
  EXPECT_TRUE(p.accept(CommsMode::Lobby, false, m, t.a.publicKey, 0));
  EXPECT_EQ(p.accept(CommsMode::Lobby, false, m, t.host.publicKey, 5000).message().rfind("duplicate", 0), 0u);
}

TEST(Comms, RateLimitBurstOfThreeThenThreeSeconds) {
  RateLimiter strict;  // the sender's
  const auto k = KeyPair::fromLabel("comms:rl").publicKey;
  EXPECT_TRUE(strict.take(k, 1000));
  EXPECT_TRUE(strict.take(k, 1000));
  EXPECT_TRUE(strict.take(k, 1000));
  EXPECT_FALSE(strict.take(k, 1000));
  EXPECT_FALSE(strict.take(k, 3999));
  EXPECT_TRUE(strict.take(k, 4000));
  EXPECT_FALSE(strict.take(k, 6999));
  EXPECT_TRUE(strict.take(k, 7000));
  // A long silence refills the burst, but never beyond 3.
  EXPECT_TRUE(strict.take(k, 100000));
  EXPECT_TRUE(strict.take(k, 100000));
  EXPECT_TRUE(strict.take(k, 100000));
  EXPECT_FALSE(strict.take(k, 100000));
  // Another sender has its own bucket.
  EXPECT_TRUE(strict.take(KeyPair::fromLabel("comms:rl2").publicKey, 100000));
}

TEST(Comms, ReceiversEnforceTheRateWithJitterGrace) {
  Table t;
  CommsPolicy p(t.host.publicKey);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(p.accept(CommsMode::Lobby, false, t.msg(CommsKind::Hail, 101), t.a.publicKey, 0));
  auto r = p.accept(CommsMode::Lobby, false, t.msg(CommsKind::Hail, 101), t.a.publicKey, 100);
  EXPECT_NE(r.message().find("rate limit"), std::string::npos) << r.message();
  // Sent 3 s after the burst, arriving 0.5 s early relative to our clock: accepted (grace).
  EXPECT_TRUE(p.accept(CommsMode::Lobby, false, t.msg(CommsKind::Hail, 101), t.a.publicKey, 2500));
  EXPECT_FALSE(p.accept(CommsMode::Lobby, false, t.msg(CommsKind::Hail, 101), t.a.publicKey, 2600));
}

TEST(Comms, SenderOutboxAppliesTheSameRules) {
  Table t;
  CommsOutbox out(t.a, t.host.publicKey);
  EXPECT_FALSE(out.compose(CommsMode::Active, true, CommsKind::Text, 0, 0, "hi", 0));
  EXPECT_FALSE(out.compose(CommsMode::Active, true, CommsKind::Direct, 0, 1, "hi", 0));
  EXPECT_TRUE(out.compose(CommsMode::Active, true, CommsKind::Hail, 301, 0, "", 0));
  EXPECT_TRUE(out.compose(CommsMode::Active, false, CommsKind::Text, 0, 0, "hi", 0));
  EXPECT_TRUE(out.compose(CommsMode::Lobby, true, CommsKind::Direct, 0, 1, "hi", 0));
  auto r = out.compose(CommsMode::Lobby, false, CommsKind::Hail, 101, 0, "", 0);
  EXPECT_NE(r.message().find("rate limit"), std::string::npos);
  auto ok = out.compose(CommsMode::Lobby, false, CommsKind::Hail, 101, 0, "", 3000);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->seq, 4u);  // refused sends use no sequence number
  EXPECT_TRUE(verifyComms(*ok));
}

TEST(Comms, MuteHidesASenderForTheSession) {
  Table t;
  CommsPolicy p(t.host.publicKey);
  p.mute(t.a.publicKey);
  EXPECT_EQ(p.accept(CommsMode::Lobby, false, t.msg(CommsKind::Text, 0, 0, "x"), t.a.publicKey, 0).message(), "muted");
  auto fromB = makeComms(t.b, t.host.publicKey, 1, CommsKind::Text, 0, 0, "y");
  EXPECT_TRUE(p.accept(CommsMode::Lobby, false, fromB, t.b.publicKey, 0));
  p.unmute(t.a.publicKey);
  EXPECT_TRUE(p.accept(CommsMode::Lobby, false, t.msg(CommsKind::Text, 0, 0, "z"), t.a.publicKey, 10000));
}

TEST(Comms, StrictDecoding) {
  Table t;
  auto good = encodeComms(t.msg(CommsKind::Text, 0, 0, "hello"));
  ASSERT_TRUE(decodeComms(good));
  EXPECT_TRUE(isComms(good));
  auto trailing = good;
  trailing.push_back(0);
  EXPECT_FALSE(decodeComms(trailing));
  for (size_t n = 0; n < good.size(); ++n) EXPECT_FALSE(decodeComms(std::span(good.data(), n))) << n;
  EXPECT_FALSE(decodeComms(encodeComms(t.msg(CommsKind::Hail, 777))));          // not in the catalogue
  EXPECT_FALSE(decodeComms(encodeComms(t.msg(CommsKind::Text, 0, 0, ""))));     // empty
  EXPECT_FALSE(decodeComms(encodeComms(t.msg(CommsKind::Text, 0, 0, "a\x1b[2Jb"))));  // terminal escape
  EXPECT_FALSE(decodeComms(encodeComms(t.msg(CommsKind::Text, 0, 0, std::string(kMaxCommsText + 1, 'x')))));
  auto badKind = good;
  badKind[2] = 9;
  EXPECT_FALSE(decodeComms(badKind));
  EXPECT_FALSE(isComms(encodeLobby(ReadyMsg{true, {}})));
}

TEST(Comms, SignedBytesAsKeptInTheReplayRoundTrip) {
  // The replay keeps (signed bytes, signature); the message comes back exactly and still verifies.
  const auto k = KeyPair::fromLabel("comms:replay");
  for (const auto& m : {makeComms(k, k.publicKey, 1, CommsKind::Hail, 401, 0, ""),
                        makeComms(k, k.publicKey, 2, CommsKind::Text, 0, 0, "gg"),
                        makeComms(k, k.publicKey, 3, CommsKind::Direct, 0, 2, "psst")}) {
    auto bytes = commsSignedBytes(m);
    EXPECT_TRUE(lockstep::verify(k.publicKey, bytes, m.sig));
    auto back = commsFromSigned(bytes, m.sig);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(encodeComms(*back), encodeComms(m));
    EXPECT_TRUE(verifyComms(*back));
    auto noContext = std::vector<uint8_t>(bytes.begin() + 4, bytes.end());
    EXPECT_FALSE(commsFromSigned(noContext, m.sig).ok());
    for (size_t cut = 0; cut < bytes.size(); ++cut)
      EXPECT_FALSE(commsFromSigned(std::span<const uint8_t>(bytes).first(cut), m.sig).ok()) << cut;
  }
}

TEST(Lan, AnnouncementRoundTripAndStrictDecoding) {
  LanAnnounce a{"host", "warp", det::Hash128{}, 4, 3, true, false, 27960, det::Hash128{}, {}};
  auto bytes = encodeAnnounce(a);
  auto back = decodeAnnounce(bytes);
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(back->hostName, "host");
  EXPECT_EQ(back->free, 3);
  EXPECT_EQ(back->port, 27960);
  for (size_t n = 0; n < bytes.size(); ++n) EXPECT_FALSE(decodeAnnounce(std::span(bytes.data(), n)));
  a.free = 5;
  EXPECT_FALSE(decodeAnnounce(encodeAnnounce(a)));
  a.free = 1;
  a.port = 0;
  EXPECT_FALSE(decodeAnnounce(encodeAnnounce(a)));
}

// Issue 10: a running game is announced by every peer with its id and the players' keys, so a crashed
// peer (the host too) finds it again with `concord join lan`.
TEST(Lan, RunningGameCarriesItsIdAndSeatKeys) {
  LanAnnounce a{"host", "warp", det::Hash128{}, 3, 0, false, true, 27960, det::Hash128{}, {}};
  a.gameId = det::Hash128{7, 9};
  for (uint8_t i = 0; i < 3; ++i) {
    lockstep::PublicKey k;
    k.bytes.fill(i);
    a.seatKeys.push_back(k);
  }
  auto back = decodeAnnounce(encodeAnnounce(a));
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(back->gameId, a.gameId);
  EXPECT_EQ(back->seatKeys, a.seatKeys);
  a.seatKeys.push_back(a.seatKeys[0]);  // four keys at a three-seat table
  EXPECT_FALSE(decodeAnnounce(encodeAnnounce(a)));
}

// Found by fuzz_net_packet in CI: a 24-seat table announcing 20 keys decoded, then re-encoded with 18 (the
// encoder's cap), so the decoder accepted bytes no peer sends. Only canonical announcements decode.
TEST(Lan, MoreKeysThanEverAnnouncedAreRefused) {
  LanAnnounce a{"host", "warp", det::Hash128{}, 24, 0, false, true, 27960, det::Hash128{}, {}};
  a.seatKeys.resize(kMaxAnnouncedSeats);
  auto bytes = encodeAnnounce(a);
  ASSERT_TRUE(decodeAnnounce(bytes));
  const size_t countAt = bytes.size() - kMaxAnnouncedSeats * 32 - 1;
  bytes[countAt] = static_cast<uint8_t>(kMaxAnnouncedSeats + 2);
  bytes.resize(bytes.size() + 2 * 32, 0);
  auto refused = decodeAnnounce(bytes);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("keys"), std::string::npos) << refused.message();
}

TEST(Lobby, SpectateMessageRoundTrips) {
  auto m = decodeLobby(encodeLobby(SpectateMsg{"watcher"}));
  ASSERT_TRUE(m) << m.message();
  ASSERT_TRUE(std::holds_alternative<SpectateMsg>(*m));
  EXPECT_EQ(std::get<SpectateMsg>(*m).name, "watcher");
}

}  // namespace
}  // namespace concord::net
