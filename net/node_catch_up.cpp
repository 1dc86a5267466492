// A rejoined peer (or a spectator) starts from a snapshot behind the table: it asks the live peers for
// the turns it lacks (lockstep alone asks one per resend period, which a table at bot speed outruns)
// and, to write a replay from turn 0, for the signed bundles before its snapshot (replay::HistoryBackfill).
#include "net/node_internal.h"

namespace concord::net {

// The seats whose owners we are connected to, other than ours: who we may ask.
std::vector<Seat> Node::liveOtherSeats() const {
  std::vector<Seat> live;
  for (Seat s = 0; s < seats_.size(); ++s)
    if (seats_[s].kind == SeatKind::Human && seats_[s].key != opt_.key.publicKey && transport_.connected(seats_[s].key)) live.push_back(s);
  return live;
}

// The history our live records chain to decides, slot by slot, which of two validly signed bundles (an
// owner-vs-substitute race) belongs in our replay: the chain heads of the turn before our snapshot.
void Node::anchorBackfill(GameInProgress& g) {
  const lockstep::Peer& peer = *g.peer;
  if (!g.backfill || g.backfill->anchored()) return;
  std::vector<det::Hash128> heads;
  if (!peer.records().empty() && peer.records().front().turn == peer.firstTurn()) {
    for (const auto& b : peer.records().front().bundles) heads.push_back(b.chain);
  } else if (peer.records().empty() && peer.ledger().turn() == peer.firstTurn()) {
    heads = peer.ledger().heads();
  } else {
    return;
  }
  if (auto st = g.backfill->anchor(heads); !st) log("replay: " + st.message());
}

void Node::catchUpAndBackfill(GameInProgress& g, uint64_t nowMs) {
  if (!rejoin_) return;
  lockstep::Peer& peer = *g.peer;
  if (peer.aheadSeen() > peer.turn() + g.peerOptions.window) g.behindUntilMs = nowMs + 300;
  if (!peer.syncing() && nowMs < g.behindUntilMs && nowMs >= g.nextCatchUpMs) {
    // While behind, ask one live peer (rotating) for every seat of the next window of turns.
    g.nextCatchUpMs = nowMs + 10;
    const auto live = liveOtherSeats();
    if (!live.empty()) {
      const Seat to = live[g.catchUpRound++ % live.size()];
      for (uint32_t t = peer.turn(); t < peer.turn() + 8; ++t)
        for (Seat s = 0; s < seats_.size(); ++s) transport_.send(to, lockstep::encodeWire(lockstep::BundleRequest{t, s}));
    }
  }
  if (!opt_.replayPath.empty() && !peer.syncing() && !g.backfill && peer.firstTurn() > 0) {
    g.backfill = std::make_unique<replay::HistoryBackfill>(session_, peer.firstTurn());
    anchorBackfill(g);
    log("replay: fetching turns 0.." + std::to_string(peer.firstTurn() - 1) + " from the other peers to write our replay");
  }
  if (g.backfill && !g.backfill->complete() && nowMs >= g.behindUntilMs && nowMs >= g.nextBackfillAskMs) {
    // Ask one live peer (rotating) for the next holes of the history before our snapshot.
    g.nextBackfillAskMs = nowMs + 20;
    const auto live = liveOtherSeats();
    if (!live.empty()) {
      const Seat to = live[g.backfillRound % live.size()];
      for (auto [turn, seat] : g.backfill->missing(64)) transport_.send(to, lockstep::encodeWire(lockstep::BundleRequest{turn, seat}));
    }
    ++g.backfillRound;
  }
}

}  // namespace concord::net
