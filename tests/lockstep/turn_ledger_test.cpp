// TurnLedger (DESIGN: The turn pipeline, step 7): the checks every consumer of a turn relies on.
#include <gtest/gtest.h>

#include "lockstep/local_signing.h"
#include "lockstep/membership.h"
#include "lockstep/turn_ledger.h"
#include "table/record_bots.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

// Three seats run by their owners (people), so membership decides who signs.
SessionConfig ownerSession() {
  auto s = table::makeBotSession("shed", {{"hands", "5"}}, 3, "ledger").value();
  for (auto& seat : s.seats) seat.ai = false;
  return s;
}

struct Fixture {
  SessionConfig session = ownerSession();
  std::vector<KeyPair> keys = table::botSessionKeys("ledger", 3);
  std::unique_ptr<TurnLedger> ledger = std::move(TurnLedger::create(session).value());

  std::vector<std::vector<Order>> firstLegal() const {
    std::vector<std::vector<Order>> orders(3);
    for (Seat s : ledger->engine().awaiting()) orders[s].push_back(ledger->engine().game().legalOrders(s).front());
    return orders;
  }
  std::vector<Bundle> signedBundles(std::vector<std::vector<Order>> orders) const {
    std::vector<Bundle> out;
    for (Seat s = 0; s < 3; ++s) {
      out.push_back(ledger->draft(s, orders[s]));
      out.back().signWith(keys[s]);
    }
    return out;
  }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(TurnLedger, DraftsContinueEachSeatsChain) {
  Fixture f;
  auto rec = applySignedLocally(*f.ledger, f.firstLegal(), f.keys);
  ASSERT_TRUE(rec.ok()) << rec.message();
  auto b = f.ledger->draft(1, {});
  EXPECT_EQ(b.turn, 1u);
  EXPECT_EQ(b.chain, rec->bundles[1].bodyHash());
  EXPECT_EQ(b.chain, rec->heads[1]);
  EXPECT_EQ(b.prevSeal, rec->seal);
  EXPECT_EQ(b.prevDigest, rec->digest);
  EXPECT_EQ(rec->digest, turnDigest(rec->heads));
  ASSERT_TRUE(rec->state);
  EXPECT_EQ(det::hash128(*rec->state), rec->seal);  // the record's bytes are the ones the Seal hashed
}

TEST(TurnLedger, RefusesABundleThatDoesNotContinueItsChainNamingTheSeat) {
  Fixture f;
  ASSERT_TRUE(applySignedLocally(*f.ledger, f.firstLegal(), f.keys).ok());
  auto bundles = f.signedBundles(f.firstLegal());
  bundles[2].chain.lo ^= 1;
  bundles[2].signWith(f.keys[2]);
  auto fault = f.ledger->linkFault(bundles[2]);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->field, LinkField::Chain);
  const uint32_t before = f.ledger->turn();
  auto rec = f.ledger->apply(bundles);
  ASSERT_FALSE(rec.ok());
  EXPECT_TRUE(contains(rec.message(), "turn 1 seat 2: its chain")) << rec.message();
  EXPECT_EQ(f.ledger->turn(), before);  // nothing applied
}

TEST(TurnLedger, AWrongPrevSealIsRefusedButAnotherBundleSetIsOnlyNoted) {
  Fixture f;
  ASSERT_TRUE(applySignedLocally(*f.ledger, f.firstLegal(), f.keys).ok());
  auto sealed = f.signedBundles(f.firstLegal());
  sealed[0].prevSeal.hi ^= 1;
  sealed[0].signWith(f.keys[0]);
  auto rec = f.ledger->apply(sealed);
  ASSERT_FALSE(rec.ok());
  EXPECT_TRUE(contains(rec.message(), "turn 1 seat 0: its prevSeal")) << rec.message();
  auto digest = f.signedBundles(f.firstLegal());
  digest[1].prevDigest.lo ^= 1;
  digest[1].signWith(f.keys[1]);
  auto ok = f.ledger->apply(digest);
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ(ok->digestMismatch, std::vector<Seat>{1});
}

TEST(TurnLedger, RefusesASignatureFromAnyoneButTheExpectedSigner) {
  Fixture f;
  auto bundles = f.signedBundles(f.firstLegal());
  bundles[1].signWith(f.keys[0]);  // a member, but not seat 1's owner
  auto rec = f.ledger->apply(bundles);
  ASSERT_FALSE(rec.ok());
  EXPECT_TRUE(contains(rec.message(), "turn 0 seat 1: signature does not verify against the expected signer"))
      << rec.message();
  // A caller's claim that it checked the bundle with another key does not stand in for the expected one.
  std::vector<PublicKey> claimed{f.keys[0].publicKey, f.keys[0].publicKey, f.keys[2].publicKey};
  std::vector<Arrival> turn;
  for (Seat s = 0; s < bundles.size(); ++s) turn.push_back(Arrival::checked(bundles[s], bundles[s].bodyHash(), claimed[s]));
  auto claimedRec = f.ledger->apply(std::move(turn));
  ASSERT_FALSE(claimedRec.ok());
  EXPECT_TRUE(contains(claimedRec.message(), "turn 0 seat 1: signed by " + f.keys[0].publicKey.fingerprint() +
                                                 " but the membership of this turn expects"))
      << claimedRec.message();
}

TEST(TurnLedger, ASubstituteBundleMustBeSignedByTheSteward) {
  Fixture f;
  auto orders = f.firstLegal();
  orders[2].insert(orders[2].begin(), makeSubstituteOrder(2));
  auto signers = f.ledger->expectedSigners(orders);
  EXPECT_EQ(signers[2], f.keys[0].publicKey);  // the lowest owner-run seat signs for the substituted one
  auto rec = applySignedLocally(*f.ledger, orders, f.keys);
  ASSERT_TRUE(rec.ok()) << rec.message();
  EXPECT_EQ(rec->substituted, std::vector<Seat>{2});
  EXPECT_EQ(f.ledger->engine().membership().seat(2).controller, Controller::Ai);
}

TEST(TurnLedger, ApplyOrdersAndApplyAgreeOnEveryRecordField) {
  Fixture a, b;
  for (int i = 0; i < 40 && !a.ledger->over(); ++i) {
    auto orders = a.firstLegal();
    auto live = applySignedLocally(*a.ledger, orders, a.keys);
    ASSERT_TRUE(live.ok()) << live.message();
    auto derived = b.ledger->applyOrders(orders);
    ASSERT_TRUE(sameTurn(*live, derived)) << "turn " << live->turn;
    EXPECT_TRUE(derived.bundles[0].signature == Signature{});  // re-derived bundles carry no signature
  }
}

TEST(TurnLedger, FromSnapshotContinuesTheSameChain) {
  Fixture f;
  TurnRecord last;
  for (int i = 0; i < 6; ++i) last = applySignedLocally(*f.ledger, f.firstLegal(), f.keys).value();
  auto copy = TurnLedger::fromSnapshot(f.session, f.ledger->turn(), *last.state, last.bundles);
  ASSERT_TRUE(copy.ok()) << copy.message();
  EXPECT_EQ((*copy)->heads(), f.ledger->heads());
  EXPECT_EQ((*copy)->lastDigest(), f.ledger->lastDigest());
  EXPECT_EQ((*copy)->lastSeal(), f.ledger->lastSeal());
  // Bundles of another turn, a missing seat or junk state are refused with a reason.
  EXPECT_FALSE(TurnLedger::fromSnapshot(f.session, f.ledger->turn() + 1, *last.state, last.bundles).ok());
  EXPECT_FALSE(TurnLedger::fromSnapshot(f.session, f.ledger->turn(), *last.state,
                                        std::span<const Bundle>(last.bundles).first(2)).ok());
  std::vector<uint8_t> junk(last.state->begin(), last.state->begin() + 3);
  EXPECT_FALSE(TurnLedger::fromSnapshot(f.session, f.ledger->turn(), junk, last.bundles).ok());
}
