// Issue 26: hidden hands at a Warp table, from live games played by officers through their keepers' agents.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/support/test_scale.h"
#include "tests/warp/hidden/hidden_play.h"

namespace hidden_table_test {

using namespace concord;
using namespace concord::warp;
using namespace concord::warp::hidden;
using namespace concord::warp::hidden::testing;

// Three people (seats 0-2) and an officer (seat 3) run by seat 0's client.
const std::vector<Seat> kTable{0, 1, 2, 0};
// Whole campaigns: Warp 12, or Warp 9 under the sanitizer pass (CONCORD_TEST_SCALE), still every round of one.
int campaignPips() { return concord::testing::testScale() > 1 ? 9 : 12; }

std::vector<uint8_t> bytesOf(const Game& g) {
  det::Writer w;
  g.write(w);
  return w.take();
}

TEST(HiddenTable, HonestCampaignEndsAndTheFullAuditFindsNothing) {
  auto p = playHidden(kTable, tableConfig(campaignPips()), 7);
  ASSERT_TRUE(p.end->outcome().has_value()) << "the campaign did not end in " << p.turns.size() << " turns";
  EXPECT_TRUE(p.end->faults().empty()) << p.end->faults().front();
  for (uint32_t t = 0; t < p.rejected.size(); ++t)
    for (const auto& rj : p.rejected[t]) ADD_FAILURE() << "turn " << t << " seat " << rj.seat << ": " << rj.reason;
  EXPECT_GT(p.end->rules().round(), 3) << "a whole campaign plays many deals";
  auto findings = auditPlayed(p);
  EXPECT_TRUE(findings.empty()) << describeFindings(findings);
}

TEST(HiddenTable, TheSharedStateNeverHoldsAnotherCaptainsUnplayedCoordinate) {
  size_t checked = 0;
  Tamper watch = [&](const HiddenTable& t, Seat seat, uint32_t turn, std::vector<Order>&) {
    if (turn % 7 != 0 || t.hops() < t.holders().size() || t.epoch() != t.rules().deals()) return;
    HolderAgent own(t.keeperOf(seat), keyFor(t.keeperOf(seat)));
    const auto mine = own.readable(t, seat);
    const auto& pub = t.rules().seat(seat).hand;
    for (const auto& [position, tile] : mine) {
      // The state names the position, never the coordinate: the hand holds the placeholder, no place holds the tile.
      EXPECT_NE(std::find(pub.begin(), pub.end(), unknownTile(position)), pub.end());
      auto unseen = t.rules().unseenTiles();
      EXPECT_TRUE(std::binary_search(unseen.begin(), unseen.end(), tile));
      // Every published share and another holder's own layer still do not open it.
      for (Seat other : t.holders()) {
        if (other == t.keeperOf(seat)) continue;
        std::vector<deck::Point> ds;
        for (size_t h = 0; h < t.holders().size(); ++h) {
          if (t.holders()[h] == other) ds.push_back(deck::ownShare(holderScalar(keyFor(other)), t.deck()[position]));
          else if (t.share(position, h)) ds.push_back(*t.share(position, h));
        }
        auto m = deck::unmask(t.deck()[position], ds);
        for (uint16_t ix : t.deckTiles()) ASSERT_NE(deck::tilePoint(ix), m) << "seat " << other << " read seat " << seat;
        ++checked;
      }
    }
  };
  const auto turns = static_cast<uint32_t>(concord::testing::scaled(500));
  auto p = playHidden(kTable, tableConfig(12), 11, watch, turns);
  EXPECT_GT(checked, static_cast<size_t>(turns) / 2);
}

TEST(HiddenTable, SameSeedSameStateAndBytesRoundTrip) {
  auto a = playHidden(kTable, tableConfig(9), 3, {}, 300);
  auto b = playHidden(kTable, tableConfig(9), 3, {}, 300);
  EXPECT_EQ(stateHash(*a.end), stateHash(*b.end));
  auto bytes = bytesOf(*a.end);
  HiddenTable back(kTable);
  det::Reader r(bytes);
  ASSERT_TRUE(back.read(r)) << r.errorMessage();
  EXPECT_EQ(bytesOf(back), bytes);
  EXPECT_EQ(back.awaiting(), a.end->awaiting());
}

TEST(HiddenTable, ADrawWhileHoldingACoverIsNamedByTheAudit) {
  // A modified client draws although its hand charts (RULES §III: draw only when you cannot chart): the table
  // cannot see the hand and takes it; the audit, with every hand known, names the seat.
  int cheats = 0;
  Tamper cheat = [&](const HiddenTable& t, Seat seat, uint32_t, std::vector<Order>& orders) {
    if (seat != 1 || cheats >= 3 || t.busy() || t.awaiting() != std::vector<Seat>{1}) return;
    HolderAgent own(1, keyFor(1));
    auto legal = own.viewFor(t, 1).legalOrders(1);
    bool canChart = std::any_of(legal.begin(), legal.end(), [](const Order& o) { return o.kind == kChart; });
    auto pubLegal = t.legalOrders(1);
    bool drawIsOpen = std::any_of(pubLegal.begin(), pubLegal.end(), [](const Order& o) { return o.kind == kDraw; });
    if (!canChart || !drawIsOpen) return;
    // Nothing is owed while the helm is open, so every order is the play and its proof: send a bare draw.
    orders = {simpleOrder(kDraw)};
    ++cheats;
  };
  auto p = playHidden(kTable, tableConfig(campaignPips()), 5, cheat);
  ASSERT_GT(cheats, 0);
  auto findings = auditPlayed(p);
  ASSERT_FALSE(findings.empty());
  size_t named = 0;
  for (const auto& f : findings) {
    EXPECT_EQ(f.seat, 1u) << f.what;
    named += f.what.find("\"draw\"") != std::string::npos ? 1u : 0u;
  }
  EXPECT_EQ(named, static_cast<size_t>(cheats)) << describeFindings(findings);
}

TEST(HiddenTable, ACoordinateNotHeldIsRefusedAtOnceNamingTheSeat) {
  // The proof opens the position the client points at; the coordinate behind it is not the one charted.
  bool tried = false;
  Tamper cheat = [&](const HiddenTable& t, Seat seat, uint32_t, std::vector<Order>& orders) {
    if (seat != 2 || tried) return;
    for (auto& o : orders) {
      auto d = decodeOrder(o, t.rules().config().maxPip);
      if (!d || d->kind != kChart) continue;
      auto unseen = t.rules().unseenTiles();
      HolderAgent own(2, keyFor(2));
      auto mine = own.readable(t, 2);
      for (Tile other : unseen) {
        bool held = std::any_of(mine.begin(), mine.end(), [&](const auto& e) { return e.second == other; });
        if (held || other == d->tile) continue;
        o = chartOrder(other, d->route);
        tried = true;
        return;
      }
    }
  };
  auto p = playHidden(kTable, tableConfig(12), 9, cheat, 400);
  ASSERT_TRUE(tried);
  bool refused = false;
  for (const auto& turn : p.rejected)
    for (const auto& rj : turn)
      if (rj.seat == 2 && rj.reason.find("not in your hand") != std::string::npos) refused = true;
  EXPECT_TRUE(refused);
}

TEST(HiddenTable, AWrongOrMovedShareIsRefusedNamingTheSeatAndItsClientLeavesTheDeckNotStallingTheTable) {
  // A client that keeps sending bad shares is not silent, so lockstep never substitutes it: the table handles it
  // like a silent seat itself (seat 2 out of the deck for good, its hand kept by seat 0, the round re-dealt).
  for (int mode = 0; mode < 2; ++mode) {
    int bent = 0;
    Tamper cheat = [&](const HiddenTable&, Seat seat, uint32_t, std::vector<Order>& orders) {
      if (seat != 2 || bent > 0) return;
      for (auto& o : orders) {
        if (o.kind != kDeckShares) continue;
        auto b = readShareOrder(o);
        if (!b || b->shares.size() < 2) continue;
        if (mode == 0) b->shares[0].d = b->shares[1].d;  // a wrong share: another position's point
        else b->shares[0].position = b->shares[1].position;  // a share moved to another position
        o = shareOrders(b->epoch, b->shares).front();
        ++bent;
        return;
      }
    };
    auto p = playHidden(kTable, tableConfig(9), 13, cheat);
    ASSERT_EQ(bent, 1) << "mode " << mode;
    int refused = 0;
    for (const auto& turn : p.rejected)
      for (const auto& rj : turn)
        if (rj.seat == 2 && rj.reason.find("by seat 2 refused") != std::string::npos &&
            rj.reason.find("leaves the deck") != std::string::npos)
          ++refused;
    EXPECT_EQ(refused, 1) << "mode " << mode;
    EXPECT_EQ(p.end->keeperOf(2), 0u);
    EXPECT_EQ(p.end->holders(), (std::vector<Seat>{0, 1}));
    EXPECT_TRUE(p.end->outcome().has_value()) << "mode " << mode << ": the table stalled";
    auto findings = auditPlayed(p);
    EXPECT_TRUE(findings.empty()) << describeFindings(findings);
    ASSERT_EQ(p.end->breaches().size(), 1u);  // in plain sight: TEI counts it against seat 2 (docs/tei.md)
    EXPECT_EQ(p.end->breaches()[0].seat, 2u);
    EXPECT_NE(p.end->breaches()[0].what.find("does not verify"), std::string::npos);
  }
}

TEST(HiddenTable, AKeyWithheldAtTheSectorsEndExpelsItsHolderAndTheSectorStillEnds) {
  int withheld = 0;
  Tamper cheat = [&](const HiddenTable&, Seat seat, uint32_t, std::vector<Order>& orders) {
    if (seat != 1) return;
    withheld += static_cast<int>(std::erase_if(orders, [](const Order& o) { return o.kind == kDeckSecret; }));
  };
  auto p = playHidden(kTable, tableConfig(9), 23, cheat);
  ASSERT_EQ(withheld, 1);
  ASSERT_TRUE(p.end->outcome().has_value()) << "the sector never ended";
  ASSERT_EQ(p.end->breaches().size(), 1u);
  EXPECT_EQ(p.end->breaches()[0].seat, 1u);
  EXPECT_NE(p.end->breaches()[0].what.find("its deck key at the sector's end"), std::string::npos);
  auto audit = p.end->audit();
  ASSERT_NE(audit, nullptr);
  auto found = audit->findings();
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.front().seat, 1u);
}

TEST(HiddenTable, ShareWorkWithheldMidGameExpelsItsHolderInsteadOfStallingTheTable) {
  // A client that keeps sending bundles but leaves out the shares a draw owes is not silent to lockstep: the table
  // finds the work missing the turn the bundle arrives and handles it like a silent seat.
  int withheld = 0;
  Tamper cheat = [&](const HiddenTable& t, Seat seat, uint32_t, std::vector<Order>& orders) {
    if (seat != 1 || withheld > 0 || !t.busy() || t.hops() < t.holders().size() || t.rules().round() < 2) return;
    withheld += static_cast<int>(std::erase_if(orders, [](const Order& o) { return o.kind == kDeckShares; }));
  };
  auto p = playHidden(kTable, tableConfig(9), 29, cheat);
  ASSERT_GT(withheld, 0) << "one bundle's shares orders left out";
  EXPECT_TRUE(p.end->outcome().has_value()) << "the table stalled";
  ASSERT_EQ(p.end->breaches().size(), 1u);
  EXPECT_EQ(p.end->breaches()[0].seat, 1u);
  EXPECT_NE(p.end->breaches()[0].what.find("share(s)"), std::string::npos) << p.end->breaches()[0].what;
  EXPECT_EQ(p.end->keeperOf(1), 0u);
}

TEST(HiddenTable, ALieToTheBlockedPollIsNamedByTheAudit) {
  int lies = 0;
  Tamper cheat = [&](const HiddenTable&, Seat seat, uint32_t, std::vector<Order>& orders) {
    for (auto& o : orders) {
      if (o.kind != kDeckClaim) continue;
      auto c = readClaimOrder(o);
      if (!c || !c->couldChart || seat != 1) continue;
      c->couldChart = false;
      o = claimOrder(*c);
      ++lies;
    }
  };
  auto p = playHidden(kTable, tableConfig(9), 21, cheat);
  ASSERT_GT(lies, 0) << "no poll asked seat 1 a question it could answer yes";
  auto findings = auditPlayed(p);
  bool named = std::any_of(findings.begin(), findings.end(), [](const Finding& f) {
    return f.seat == 1 && f.what.find("when polled") != std::string::npos;
  });
  EXPECT_TRUE(named) << describeFindings(findings);
}

TEST(HiddenTable, APersonSubstitutedMidRoundIsAMisdealNotAStallAndTheirReturnIsAnother) {
  // Lockstep substitution (a person silent too long): their layer is gone, so the round is re-dealt among the
  // holders present and their seat's hand is kept by the lowest person present (the steward) until they reclaim it.
  Control control = [](uint32_t turn) -> std::vector<SeatControlEvent> {
    if (turn == 60) return {{2, SeatControlEvent::Kind::Substituted}};
    if (turn == 400) return {{2, SeatControlEvent::Kind::Reclaimed}};
    return {};
  };
  uint16_t roundAt60 = 0;
  Tamper watch = [&](const HiddenTable& t, Seat seat, uint32_t turn, std::vector<Order>&) {
    if (seat != 0) return;
    if (turn == 59) roundAt60 = t.rules().round();
    if (turn == 61) {
      EXPECT_EQ(t.keeperOf(2), 0u);
      EXPECT_EQ(t.holders(), (std::vector<Seat>{0, 1}));
      EXPECT_EQ(t.rules().round(), roundAt60) << "a misdeal keeps the round";
    }
    if (turn == 401) {
      EXPECT_EQ(t.keeperOf(2), 2u);
    }
  };
  auto p = playHidden(kTable, tableConfig(campaignPips()), 17, watch, 20000, control);
  ASSERT_TRUE(p.end->outcome().has_value()) << "the table stalled after the substitution";
  ASSERT_GE(p.end->faults().size(), 2u);
  EXPECT_NE(p.end->faults()[0].find("seat 2 left the deck"), std::string::npos) << p.end->faults()[0];
  for (uint32_t t = 0; t < p.rejected.size(); ++t)
    for (const auto& rj : p.rejected[t]) ADD_FAILURE() << "turn " << t << " seat " << rj.seat << ": " << rj.reason;
  auto findings = auditPlayed(p, control);
  EXPECT_TRUE(findings.empty()) << describeFindings(findings);
}

TEST(HiddenTable, ModulesThatChartUnseenDrawsAreRefusedInWords) {
  Config c = tableConfig(12);
  c.delta = true;
  HiddenTable t(kTable);
  auto r = t.setup(encodeConfig(c), det::Seed{}, 4);
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("Module Delta"), std::string::npos);
  HiddenTable solo(std::vector<Seat>{0, 0});
  auto r2 = solo.setup(encodeConfig(tableConfig(12)), det::Seed{}, 2);
  ASSERT_FALSE(r2);
  EXPECT_NE(r2.message().find("two or more people"), std::string::npos);
}

}  // namespace hidden_table_test
