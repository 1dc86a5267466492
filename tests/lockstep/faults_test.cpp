// Hostile and broken peers: desyncs, forgeries, stale/future bundles, garbage, equivocation,
// killed peers, substitution, reclaim and steward death. None may crash or stall the table.
#include <gtest/gtest.h>

#include <algorithm>

#include "lockstep/selfplay.h"
#include "lockstep/wire.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

SelfPlayParams params(Seat seats, uint64_t seed) { return concord::testing::shedTable(seats, seed, 4); }

bool anyLine(const Peer& p, std::string_view needle) {
  return std::any_of(p.rejections().begin(), p.rejections().end(),
                     [&](const std::string& l) { return l.find(needle) != std::string::npos; });
}

// Every live peer's Seal sequence agrees with peer `ref`'s over the turns both applied.
void expectAgreement(Table& t, Seat ref) {
  const Peer& r = t.peer(ref);
  for (Seat s = 0; s < t.session().seats.size(); ++s) {
    if (!t.alive(s)) continue;
    const Peer& p = t.peer(s);
    ASSERT_GE(p.firstTurn(), r.firstTurn());
    auto off = p.firstTurn() - r.firstTurn();
    ASSERT_LE(off + p.seals().size(), r.seals().size()) << "seat " << s;
    for (size_t i = 0; i < p.seals().size(); ++i) EXPECT_EQ(p.seals()[i], r.seals()[off + i]) << "seat " << s;
  }
}

void bumpField(const SessionConfig& session, std::vector<uint8_t>& bytes, std::string_view field) {
  auto e = TurnEngine::create(session);
  ASSERT_TRUE(e.ok());
  det::Reader r(bytes);
  ASSERT_TRUE((*e)->read(r).ok());
  det::Writer w(true);
  (*e)->write(w);
  for (const auto& te : w.trace())
    if (te.path.find(field) != std::string::npos && bytes[te.begin] < 0x70) {
      bytes[te.begin] = static_cast<uint8_t>(bytes[te.begin] + 2);
      return;
    }
  FAIL() << "no field " << field;
}

}  // namespace

TEST(Faults, CorruptedStateGivesDesyncReportAtThatTurnOnEveryPeer) {
  auto p = params(4, 3);
  std::vector<std::string> log;
  p.log = [&](std::string_view l) { log.emplace_back(l); };
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  const SessionConfig session = table.session();
  table.peer(2).corruptAfterTurn(5, [&](std::vector<uint8_t>& b) { bumpField(session, b, "score"); });
  ASSERT_TRUE(table.runUntil([&] {
    for (Seat s = 0; s < 4; ++s)
      if (!table.peer(s).desync()) return false;
    return true;
  }));
  for (Seat s = 0; s < 4; ++s) {
    const auto& rep = *table.peer(s).desync();
    EXPECT_EQ(rep.turn, 5u) << "seat " << s;
    EXPECT_NE(rep.fieldPath.find("score"), std::string::npos) << rep.fieldPath;
    EXPECT_EQ(rep.disagreeingSeats, std::vector<Seat>{2});
    EXPECT_EQ(rep.majoritySeats, (std::vector<Seat>{0, 1, 3}));
    EXPECT_EQ(rep.weAreMajority, s != 2);
    EXPECT_NE(rep.majorityHash, rep.otherHash);
    EXPECT_FALSE(rep.majorityBinary.empty());
    EXPECT_FALSE(rep.otherBinary.empty());
    EXPECT_NE(rep.otherReadable.find("score"), std::string::npos);
    EXPECT_EQ(table.peer(s).seals().size(), 6u);  // stopped right after the bad Seal
  }
  EXPECT_TRUE(std::any_of(log.begin(), log.end(), [](const std::string& l) { return l.find("desync at turn 5") != std::string::npos; }));
}

TEST(Faults, HostileInputIsRejectedLoggedAndHarmless) {
  auto p = params(4, 5);
  p.extraEndpoints = 1;
  p.net.lossPermille = 0;  // every injected message must reach every peer
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  Table& table = **t;
  Transport& rogue = table.net().endpoint(4);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 4; }));
  const uint32_t now = table.peer(0).turn();
  const TurnRecord real = table.peer(0).records()[2];
  auto inject = [&](const Bundle& b) { rogue.broadcast(encodeWire(BundleMsg{b})); };

  Bundle base;
  base.gameId = table.session().gameId();
  base.seat = 1;
  base.orders.push_back(Order{2, {}});

  Bundle stranger = base;  // signed by a key that owns no seat
  stranger.turn = now + 1;
  stranger.signWith(KeyPair::fromLabel("stranger"));
  inject(stranger);

  Bundle forged = base;  // seat 1's key, then one signature byte flipped
  forged.turn = now + 1;
  forged.orders.push_back(Order{1, {3}});
  forged.signWith(table.key(1));
  forged.signature.bytes[10] ^= 1;
  inject(forged);

  Bundle past = base;  // turn 0 is long applied
  past.turn = 0;
  past.signWith(KeyPair::fromLabel("stranger"));
  inject(past);

  Bundle future = base;
  future.turn = now + 100;
  future.signWith(table.key(1));
  inject(future);

  Bundle wrongGame = base;
  wrongGame.gameId = det::Hash128{1, 1};
  wrongGame.turn = now + 1;
  wrongGame.signWith(table.key(1));
  inject(wrongGame);

  // Equivocation: seat 1's real key signs a second, different bundle for applied turn 2.
  Bundle twin = real.bundles[1];
  twin.orders.push_back(Order{2, {}});
  twin.signWith(table.key(1));
  inject(twin);

  std::vector<uint8_t> garbage{0xC1, 0xC0, 1, 1, 0xFF, 0xFF, 0xFF};
  rogue.broadcast(garbage);
  auto valid = encodeWire(BundleMsg{real.bundles[1]});
  rogue.broadcast(std::span(valid.data(), valid.size() - 3));

  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); })) << "hostile input stalled the table";
  expectAgreement(table, 0);
  for (Seat s = 0; s < 4; ++s) {
    const Peer& q = table.peer(s);
    EXPECT_FALSE(q.halted());
    // Refused on arrival: neither the stranger's nor the flipped signature is any seat's.
    EXPECT_TRUE(anyLine(q, "signature does not verify against any seat's key at this table")) << s;
    EXPECT_TRUE(anyLine(q, "turn is in the past")) << s;
    EXPECT_TRUE(anyLine(q, "beyond the window")) << s;
    EXPECT_TRUE(anyLine(q, "wrong game id")) << s;
    EXPECT_TRUE(anyLine(q, "rejected message from peer 4")) << s;
    EXPECT_TRUE(anyLine(q, "EQUIVOCATION by seat 1 at turn 2")) << s;
    ASSERT_EQ(q.equivocations().size(), 1u);
    EXPECT_EQ(q.equivocations()[0].first, real.bundles[1].encode());
    EXPECT_EQ(q.equivocations()[0].second, twin.encode());
    EXPECT_EQ(q.flaggedSeats(), std::vector<Seat>{1});
  }
}

TEST(Faults, KilledPeerIsSubstitutedAndGameCompletes) {
  auto p = params(4, 9);
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok());
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  expectAgreement(table, 0);
  const auto& recs = table.peer(0).records();
  auto sub = std::find_if(recs.begin(), recs.end(), [](const TurnRecord& r) { return !r.substituted.empty(); });
  ASSERT_NE(sub, recs.end());
  EXPECT_EQ(sub->substituted, std::vector<Seat>{2});
  EXPECT_EQ(sub->signers[2], table.key(0).publicKey);  // the steward signed it
  EXPECT_EQ(table.peer(0).engine().membership().seat(2).controller, Controller::Ai);
}

TEST(Faults, RestartedOwnerFastForwardsAndReclaims) {
  auto p = params(4, 12);
  p.options = {{"hands", "10"}};
  p.log = [](std::string_view l) { if (getenv("TLOG")) fprintf(stderr, "%.*s\n", int(l.size()), l.data()); };
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok());
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 3; }));
  table.kill(2);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(0).engine().membership().seat(2).controller == Controller::Ai; }));
  ASSERT_TRUE(table.restart(2).ok());
  ASSERT_TRUE(table.runUntil([&] {
    const Peer& q = table.peer(2);
    return !q.syncing() && q.engine().membership().seat(2).controller == Controller::Owner;
  })) << "owner never reclaimed its seat";
  const uint32_t back = table.peer(2).turn();
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); }));
  expectAgreement(table, 0);
  // After the reclaim the owner signs its own bundles again.
  const auto& rec = table.peer(0).records().back();
  EXPECT_GT(rec.turn, back);
  EXPECT_EQ(rec.signers[2], table.key(2).publicKey);
  EXPECT_GT(table.peer(2).firstTurn(), 0u);
}

TEST(Faults, StewardDeathHandsAiSeatsToTheNextOwner) {
  auto p = params(4, 21);
  p.options = {{"hands", "8"}};
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok());
  Table& table = **t;
  ASSERT_TRUE(table.runUntil([&] { return table.peer(1).turn() >= 3; }));
  table.kill(3);
  ASSERT_TRUE(table.runUntil([&] { return table.peer(1).engine().membership().seat(3).controller == Controller::Ai; }));
  table.kill(0);  // the steward, now also running seat 3
  ASSERT_TRUE(table.runUntil([&] { return table.allOver(); })) << "steward death stalled the table";
  expectAgreement(table, 1);
  const auto& m = table.peer(1).engine().membership();
  EXPECT_EQ(m.seat(0).controller, Controller::Ai);
  EXPECT_EQ(m.steward(), std::optional<Seat>(1));
  const auto& last = table.peer(1).records().back();
  EXPECT_EQ(last.signers[0], table.key(1).publicKey);
  EXPECT_EQ(last.signers[3], table.key(1).publicKey);
}

// docs/net.md "total stalls split the table": a peer whose links all fail sees every other seat silent
// at once. Without the guard it substitutes everyone and plays alone; with it, it substitutes nobody,
// while the others (who see one silent seat) substitute it and finish the game.
TEST(Faults, CutOffPeerSubstitutesNobodyWithTheGuard) {
  for (bool guard : {false, true}) {
    auto p = params(4, 31);
    p.options = {{"hands", "6"}};
    p.cutOffGuard = guard;
    std::vector<std::string> lines;
    p.log = [&](std::string_view l) { lines.emplace_back(l); };
    auto t = Table::create(p);
    ASSERT_TRUE(t.ok());
    Table& table = **t;
    // Cut when peer 3 holds no other seat's bundle of its turn: every other seat then falls silent at once for it.
    ASSERT_TRUE(table.runUntil([&] {
      const Peer& cutOff = table.peer(3);
      return cutOff.turn() >= 3 && cutOff.seatsIn(cutOff.turn()) == std::vector<Seat>{3};
    }));
    for (PeerId other = 0; other < 3; ++other) table.net().setLink(3, other, false);
    ASSERT_TRUE(table.runUntil([&] {
      for (Seat s = 0; s < 3; ++s)
        if (!table.peer(s).over()) return false;
      return true;
    })) << "guard " << guard;
    const auto& cut = table.peer(3).engine().membership();
    const auto& rest = table.peer(0).engine().membership();
    EXPECT_EQ(rest.seat(3).controller, Controller::Ai) << "the others substitute the cut-off seat";
    for (Seat s = 0; s < 3; ++s)
      EXPECT_EQ(cut.seat(s).controller, guard ? Controller::Owner : Controller::Ai) << "guard " << guard << " seat " << s;
    const bool logged = std::any_of(lines.begin(), lines.end(),
                                    [](const std::string& l) { return l.find("we are probably cut off") != std::string::npos; });
    EXPECT_EQ(logged, guard);
    if (guard) {
      EXPECT_FALSE(table.peer(3).over());
    }
  }
}

// tests/net/security.sh --slot-flood found that forged candidates could fill a slot (4 per turn and seat)
// and crowd out the owner's real bundle, slowing a table ~14x. Signatures are now checked on arrival (a
// stranger's bundle never takes a slot) and the owner's bundle evicts other members' candidates.
// A stranger with a fresh identity per 16 forgeries: every non-member shares one allowance of 64 bad
// signatures, so twelve identities cost 64 signature checks, not 12 x 16 (issue 5 security).
TEST(Faults, FreshIdentitiesShareOneBadSignatureAllowance) {
  auto p = params(4, 43);
  p.net.lossPermille = 0;
  p.extraEndpoints = 12;  // transport ids 4..15: not seats
  auto t = Table::create(p);
  ASSERT_TRUE(t.ok());
  Table& table = **t;
  constexpr int kStrangers = 12, kEach = 20;
  bool sent = false;
  uint64_t n = 0;
  ASSERT_TRUE(table.runUntil([&] {
    if (!sent && table.peer(0).turn() >= 2) {
      sent = true;
      for (int e = 0; e < kStrangers; ++e) {
        Transport& from = table.net().endpoint(static_cast<PeerId>(4 + e));
        const KeyPair key = KeyPair::fromLabel("stranger-" + std::to_string(e));
        for (int k = 0; k < kEach; ++k) {
          Bundle b;
          b.gameId = table.session().gameId();
          b.turn = table.peer(0).turn() + 1;
          b.seat = static_cast<Seat>(k % 4);
          b.orders.push_back(Order{2, {static_cast<uint8_t>(n++ & 0x7F)}});
          b.signWith(key);
          from.send(0, encodeWire(BundleMsg{b}));
        }
      }
    }
    return table.allOver();
  }));
  ASSERT_TRUE(sent);
  expectAgreement(table, 0);
  // 240 forgeries reached peer 0: 64 were checked and refused, the rest dropped unchecked.
  EXPECT_EQ(table.peer(0).stats().ignored, uint64_t{kStrangers * kEach - 64});
  const auto& rej = table.peer(0).rejections();
  EXPECT_EQ(std::count_if(rej.begin(), rej.end(),
                          [](const std::string& l) { return l.find("signature does not verify") != std::string::npos; }),
            64);
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(table.peer(s).engine().membership().seat(s).controller, Controller::Owner);
}

TEST(Faults, ForgedCandidatesCannotCrowdOutTheOwner) {
  auto clean = params(4, 41);
  clean.net.lossPermille = 0;
  clean.extraEndpoints = 1;
  auto c = Table::create(clean);
  ASSERT_TRUE(c.ok());
  ASSERT_TRUE((*c)->runUntil([&] { return (*c)->allOver(); }));
  const uint64_t cleanMs = (*c)->now();
  for (int attacker : {4, 3}) {  // 4: a stranger endpoint; 3: a member signing for other seats
    auto p = clean;
    auto t = Table::create(p);
    ASSERT_TRUE(t.ok());
    Table& table = **t;
    Transport& from = table.net().endpoint(static_cast<PeerId>(attacker));
    const KeyPair key = attacker == 4 ? KeyPair::fromLabel("stranger") : table.key(3);
    uint64_t n = 0, steps = 0;
    ASSERT_TRUE(table.runUntil([&] {
      const uint32_t now = table.peer(0).turn();
      if (steps++ % 4 != 0) return table.allOver();  // every 20 ms: about once a turn
      for (uint32_t turn = now + 1; turn < now + 2; ++turn)
        for (Seat seat = 0; seat < 3; ++seat)
          for (int k = 0; k < 4; ++k) {  // enough to fill a slot before its owner's bundle arrives
          Bundle b;
          b.gameId = table.session().gameId();
          b.turn = turn;
          b.seat = seat;
          b.orders.push_back(Order{2, {static_cast<uint8_t>(n++ & 0x7F)}});
          b.signWith(key);
          from.broadcast(encodeWire(BundleMsg{b}));
          }
      return table.allOver();
    })) << "attacker " << attacker << " stalled the table";
    expectAgreement(table, 0);
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(table.peer(s).engine().membership().seat(s).controller, Controller::Owner);
    EXPECT_LE(table.now(), cleanMs * 3 / 2 + 2000) << "attacker " << attacker << ": " << table.now() << " ms vs " << cleanMs << " clean";
    if (attacker == 4) {
      EXPECT_TRUE(anyLine(table.peer(0), "signature does not verify against any seat's key at this table"));
      // Past 16 bad signatures the stranger is ignored without spending a signature check per bundle.
      EXPECT_GT(table.peer(0).stats().ignored, 1000u);
    } else {
      EXPECT_EQ(table.peer(0).stats().ignored, 0u);  // a member's bundles verify: never banned
    }
  }
}

// Issue 10 drill runs 9 and 18: a peer nobody hears for longer than the tolerance, while it still hears everyone,
// holds every other bundle of the turn its seat is substituted at and applies its own; the table applied the
// substitute. Before, it desynced at that turn (exit 1, no replay). Now it sees the next turn's Seals follow
// another bundle set, finds another member signing its seat (or itself in the minority), restarts as a rejoiner
// (snapshot, follow, reclaim) and ends on the table's Seals. Variants: a person's seat mid-game, the same at turn
// 0 (a late start), and the steward itself (the next seat takes over its AI duties). Not a two-seat table: there
// the cut peer substitutes the other seat too (one silent seat cannot be told from a cut; docs/net.md).
TEST(Faults, APeerThatLostASubstitutionRaceResyncsInsteadOfDesyncing) {
  struct Case {
    Seat seats, loser;
    uint32_t cutAt;
  };
  for (const Case c : {Case{4, 3, 3}, Case{4, 3, 0}, Case{4, 0, 5}}) {
    auto p = params(c.seats, 61 + c.cutAt);
    p.options = {{"hands", "7"}};
    p.cutOffGuard = true;
    std::vector<std::string> lines;
    p.log = [&](std::string_view l) { lines.emplace_back(l); };
    auto t = Table::create(p);
    ASSERT_TRUE(t.ok());
    Table& table = **t;
    const Seat other = c.loser == 0 ? 1 : 0;
    ASSERT_TRUE(table.runUntil([&] { return table.peer(other).turn() >= c.cutAt; }));
    for (PeerId s = 0; s < c.seats; ++s)
      if (s != c.loser) table.net().setOneWay(c.loser, s, false);  // it hears the table; the table does not hear it
    // The table substitutes the silent seat and plays on; the loser applied its own bundle for that turn.
    ASSERT_TRUE(table.runUntil([&] {
      return table.peer(other).engine().membership().seat(c.loser).controller == Controller::Ai &&
             table.peer(other).turn() >= table.peer(c.loser).turn() + 2;
    })) << "loser " << c.loser << " cut at " << c.cutAt;
    for (PeerId s = 0; s < c.seats; ++s) table.net().setOneWay(c.loser, s, true);
    ASSERT_TRUE(table.runUntil([&] { return table.allOver(); })) << "loser " << c.loser << " cut at " << c.cutAt;
    for (Seat s = 0; s < c.seats; ++s) {
      EXPECT_FALSE(table.peer(s).halted()) << "seat " << s << " desynced; loser " << c.loser << " cut at " << c.cutAt;
      EXPECT_FALSE(table.peer(s).desync().has_value());
    }
    expectAgreement(table, other);
    EXPECT_EQ(table.peer(c.loser).seals().back(), table.peer(other).seals().back());
    EXPECT_GT(table.peer(c.loser).firstTurn(), 0u) << "the loser restarted from a snapshot";
    const bool resynced = std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
      return l.find("we lost an owner-vs-substitute race; resyncing") != std::string::npos;
    });
    std::string tail;
    for (size_t i = lines.size() > 40 ? lines.size() - 40 : 0; i < lines.size(); ++i) tail += lines[i] + "\n";
    EXPECT_TRUE(resynced) << "loser " << c.loser << " cut at " << c.cutAt << "; the log ends:\n" << tail;
    EXPECT_FALSE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("DESYNC") != std::string::npos; }));
  }
}
