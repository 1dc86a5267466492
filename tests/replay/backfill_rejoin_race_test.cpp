// End to end over a SimNetwork table: a peer that rejoins after an owner-vs-substitute race writes the same replay
// as everyone (issue 10 drill, docs/net.md "Rejoin backfill after a race"). The race of
// Faults.APeerThatLostASubstitutionRaceResyncsInsteadOfDesyncing (seat 3 cut one way, substituted, applies its own
// bundle and resyncs); then seat 2 is killed and restarted. Every restarted peer backfills as net/node_catch_up.cpp
// does: a HistoryBackfill anchored from its first live record, fed by PeerOptions::onHistory, serving
// PeerOptions::history, asking a rotating live peer for missing(64) every 20 ms. The losing bundle reaches seat 2
// before any answer, as the drill's late broadcasts did.
#include <gtest/gtest.h>

#include <array>
#include <memory>

#include "lockstep/wire.h"
#include "tests/replay/backfill_fixture.h"

using namespace concord;
using namespace concord::replay;
using namespace concord::replay::testing;
using namespace concord::replay::testing::backfill;

namespace {

struct Rejoiner {
  bool restarted = false;
  std::unique_ptr<HistoryBackfill> bf;
  uint64_t nextAskMs = 0;
  size_t round = 0;
};
using Rejoiners = std::array<Rejoiner, 4>;

// As Node::anchorBackfill: the chain heads of the turn before the snapshot.
void anchor(const lockstep::Peer& peer, HistoryBackfill& bf) {
  std::vector<det::Hash128> heads;
  if (!peer.records().empty()) {
    for (const auto& b : peer.records().front().bundles) heads.push_back(b.chain);
  } else {
    heads = peer.ledger().heads();
  }
  auto st = bf.anchor(heads);
  EXPECT_TRUE(st.ok()) << st.message();
}

// As Node::catchUpAndBackfill, for every restarted peer; `onCreated` runs when a backfill starts.
void drive(lockstep::Table& table, Rejoiners& rej, const std::function<void(Seat)>& onCreated) {
  const uint64_t now = table.now();
  for (Seat s = 0; s < rej.size(); ++s) {
    Rejoiner& r = rej[s];
    if (!r.restarted || !table.alive(s)) continue;
    const lockstep::Peer& peer = table.peer(s);
    if (!r.bf && !peer.syncing() && peer.firstTurn() > 0) {
      r.bf = std::make_unique<HistoryBackfill>(table.session(), peer.firstTurn());
      anchor(peer, *r.bf);
      r.nextAskMs = now + 60;
      onCreated(s);
    }
    if (!r.bf || r.bf->complete() || now < r.nextAskMs) continue;
    r.nextAskMs = now + 20;
    std::vector<Seat> live;
    for (Seat o = 0; o < rej.size(); ++o)
      if (o != s && table.alive(o)) live.push_back(o);
    const Seat to = live[r.round++ % live.size()];
    for (auto [turn, seat] : r.bf->missing(64))
      table.net().sendFrom(s, to, lockstep::encodeWire(lockstep::BundleRequest{turn, seat}));
  }
}

}  // namespace

TEST(HistoryBackfillRace, APeerRejoiningAfterTheRaceWritesTheTablesReplay) {
  auto p = concord::testing::shedTable(4, 64, 4);
  p.options = {{"hands", "7"}};
  p.cutOffGuard = true;
  auto applied = std::make_shared<std::vector<Record>>();
  auto rej = std::make_shared<Rejoiners>();
  auto loser = std::make_shared<std::optional<Bundle>>();
  auto loserKept = std::make_shared<bool>(false);
  p.customize = [=](Seat s, lockstep::PeerOptions& o) {
    o.recordStateEvery = kOpts.snapshotEvery;
    if (s == 3) o.onTurn = [applied](const Record& rec) { applied->push_back(rec); };
    if (!o.rejoin) return;
    (*rej)[s] = Rejoiner{};  // a new process: its backfill starts empty
    (*rej)[s].restarted = true;
    o.onHistory = [=](const Bundle& b) {
      if (!(*rej)[s].bf) return;
      const bool kept = (*rej)[s].bf->offer(b);
      if (*loser && b == **loser && kept) *loserKept = true;
    };
    o.history = [rej, s](uint32_t turn, Seat seat) -> std::optional<Bundle> {
      return (*rej)[s].bf ? (*rej)[s].bf->find(turn, seat) : std::nullopt;
    };
  };
  auto t = lockstep::Table::create(p);
  ASSERT_TRUE(t.ok()) << t.message();
  auto& table = **t;
  auto onCreated = [&](Seat s) {
    if (s != 2 || !*loser) return;
    for (int i = 0; i < 3; ++i)  // a late broadcast from the loser's link (the network loses some)
      table.net().sendFrom(3, 2, lockstep::encodeWire(lockstep::BundleMsg{**loser}));
  };
  auto run = [&](const std::function<bool()>& done) {
    return table.runUntil([&] {
      drive(table, *rej, onCreated);
      return done();
    });
  };
  // The race (Faults.APeerThatLostASubstitutionRaceResyncsInsteadOfDesyncing, first case).
  ASSERT_TRUE(run([&] { return table.peer(0).turn() >= 3; }));
  for (lockstep::PeerId s = 0; s < 3; ++s) table.net().setOneWay(3, s, false);
  ASSERT_TRUE(run([&] {
    return table.peer(0).engine().membership().seat(3).controller == lockstep::Controller::Ai &&
           table.peer(0).turn() >= table.peer(3).turn() + 2;
  }));
  for (lockstep::PeerId s = 0; s < 3; ++s) table.net().setOneWay(3, s, true);
  ASSERT_TRUE(run([&] { return table.peer(3).firstTurn() > 0 && !table.peer(3).syncing(); })) << "seat 3 resyncs";
  uint32_t lastLost = 0;
  for (const auto& rec : *applied)
    for (Seat s = 0; s < rec.bundles.size(); ++s)
      if (rec.turn < table.peer(0).records().size() && !(rec.bundles[s] == table.peer(0).records()[rec.turn].bundles[s])) {
        if (!*loser) *loser = rec.bundles[s];
        lastLost = std::max(lastLost, rec.turn);
      }
  ASSERT_TRUE(loser->has_value()) << "seat 3 applied no bundle the table did not";

  // Seat 2 dies after the race and comes back from a snapshot past it.
  ASSERT_TRUE(run([&] { return table.peer(0).turn() >= lastLost + 4; }));
  table.kill(2);
  ASSERT_TRUE(run([&] { return table.peer(0).turn() >= lastLost + 40; }));
  ASSERT_TRUE(table.restart(2).ok());
  ASSERT_TRUE(run([&] {
    if (!table.allOver()) return false;
    for (const auto& r : *rej)
      if (r.restarted && (!r.bf || !r.bf->complete())) return false;
    return true;
  })) << "the game or a rejoiner's backfill did not finish";
  ASSERT_GT(table.peer(2).firstTurn(), lastLost + 1) << "seat 2's snapshot should postdate the race";
  EXPECT_TRUE(*loserKept) << "the losing bundle should have reached seat 2's backfill as a candidate";

  Played g{table.session(), table.peer(0).records(), p.seed};
  const auto full = fullReplay(g, "backfill_rejoin_race_full.ccr");
  for (Seat s : {Seat{2}, Seat{3}}) {
    SCOPED_TRACE("seat " + std::to_string(s));
    const auto& r = (*rej)[s];
    ASSERT_TRUE(r.bf);
    const auto path = tempPath("backfill_rejoin_race_" + std::to_string(s) + ".ccr");
    auto st = r.bf->write(path, table.peer(s).records(), kOpts);
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_TRUE(readAll(path) == full) << "the rejoined peer's replay differs from peer 0's";
  }
}
