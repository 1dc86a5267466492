// What a Peer is told (PeerOptions) and what it counts (PeerStats): the knobs of the turn pipeline (DESIGN: The turn
// pipeline, steps 2-6) in one place, so each part of a Peer reads the same ones.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/game/game.h"
#include "lockstep/bundle.h"
#include "lockstep/crypto.h"
#include "lockstep/turn_engine.h"
#include "lockstep/turn_record.h"

namespace concord::lockstep {

struct PeerOptions {
  KeyPair key;
  uint32_t window = 8;            // bundles for turns beyond now+window are refused
  uint64_t resendMs = 100;        // resend own bundles and request missing ones this often
  uint64_t silenceMs = 3000;      // the steward substitutes a seat silent this long in one turn
  uint32_t firstTurnGrace = 3;    // turn 0 waits this many times silenceMs: links are still coming up
  size_t stateRing = 16;          // canonical states kept for desync dumps and snapshots
  uint32_t reclaimLead = 4;       // a reclaim takes effect this many turns ahead
  bool rejoin = false;            // restarted: fetch a snapshot before playing
  /// A restarted owner whose seat was never substituted asks this long for its own bundle of the turn the table
  /// waits on (its pre-crash self may have sent one) before it signs for the seat again (docs/lockstep.md, Reclaim).
  uint64_t reclaimProbeMs = 1000;
  uint64_t thinkMs = 0;           // bots answer an awaited turn no sooner than this (0: at once)
  /// When every other owner seat (two or more) is silent at once, suspect that we are the one cut off
  /// and substitute nobody (else each isolated peer plays alone and the table splits). Off by default.
  bool cutOffGuard = false;
  /// A person decides our own owner-run seats instead of the module bot: asked on every tick while such a
  /// seat is awaited (clockLeftMs: time left on its turn clock, UINT64_MAX without one); returns the orders
  /// once decided. Meanwhile we send Deciding heartbeats, so a thinking owner is not substituted as silent.
  std::function<std::optional<std::vector<Order>>(const TurnEngine&, Seat, uint64_t clockLeftMs)> decide;
  /// How long a person may take over one turn before the seat's officer plays it for them (0: no limit).
  uint64_t turnClockMs = 0;
  /// When our person's seat is not awaited but has legal orders (Warp: a catch window), how long they are
  /// asked before the seat sends nothing for the turn (0: never asked out of turn).
  uint64_t outOfTurnMs = 0;
  /// Every signed bundle received for a turn before firstTurn() (a rejoined peer backfilling its replay).
  std::function<void(const Bundle&)> onHistory;
  /// Answers another peer's request for a turn before firstTurn() (a rejoined peer serves what it backfilled), so
  /// a rejoiner gets its history from any peer, rejoined ones included.
  std::function<std::optional<Bundle>(uint32_t turn, Seat seat)> history;
  /// records() keep the state bytes of every turn t with (t + 1) % recordStateEvery == 0 (0: none): a rejoined
  /// peer's backfilled replay writes its snapshots from them, as a peer that played from turn 0 does.
  uint32_t recordStateEvery = kSnapshotEvery;
  std::function<void(std::string_view)> log;        // human-readable log lines
  /// Every applied turn, as the ledger returned it (with its state bytes): the replay writer's seam.
  std::function<void(const TurnRecord&)> onTurn;
  /// The transport's sender ids are authenticated (SimNetwork; EnetTransport over SecureChannel): accept a
  /// bundle sent straight by its seat's key holder without checking its signature, except as an auditor, at
  /// chain heads, on conflicts and desyncs (lockstep/signature_audit.h, docs/lockstep.md "32 seats").
  bool vouchLinks = false;
  uint32_t chainHeadEvery = 64;  // turns per replay block: the bundles of each block's last turn are checked
};

struct PeerStats {
  uint64_t bundlesSent = 0;
  uint64_t messagesSent = 0;
  uint64_t bytesSent = 0;
  uint64_t duplicates = 0;
  uint64_t digestMismatches = 0;
  uint64_t ignored = 0;  // bundles from a sender past its bad-signature allowance, dropped unchecked
  uint64_t vouched = 0;  // bundles accepted on their link's authentication, signature not checked (yet)
  uint64_t requestsSent = 0;  // BundleRequests broadcast (each answered by every peer holding the bundle)
};

}  // namespace concord::lockstep
