// Peer: the turn manager of one seat owner (DESIGN: The turn pipeline, steps 2-6). Builds, signs and
// broadcasts its bundles; collects, admits and applies everyone's in ascending seat order; compares
// Seals; detects desyncs and equivocation; stewards AI seats. Single-threaded, pumped by tick(nowMs)
// with virtual time: no threads, no clocks, so a whole network of peers is a deterministic test.
// Its parts, one concept each, share a PeerCore: BundleInbox (admission), Stewardship (membership), RaceJudge
// (races and resync), SeatScheduler (when our seats answer) and VouchAudit (link-vouched signatures); the Peer
// itself dispatches messages, applies complete turns, serves snapshots and reports desyncs.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lockstep/bundle_inbox.h"
#include "lockstep/desync.h"
#include "lockstep/peer_core.h"
#include "lockstep/peer_options.h"
#include "lockstep/race_judge.h"
#include "lockstep/seat_bot.h"
#include "lockstep/seat_scheduler.h"
#include "lockstep/stewardship.h"
#include "lockstep/transport.h"
#include "lockstep/turn_ledger.h"
#include "lockstep/vouch_audit.h"

namespace concord::lockstep {

class Peer {
 public:
  static Result<std::unique_ptr<Peer>> create(const SessionConfig& session, Transport& transport, PeerOptions opt);

  /// Receives, applies every complete turn, sends due bundles, resends, requests, substitutes.
  void tick(uint64_t nowMs);

  uint32_t turn() const { return core_.ledger_->turn(); }
  bool over() const { return core_.ledger_->over(); }
  /// Stopped by a desync; the report follows once the other states arrive.
  bool halted() const { return core_.halted_; }
  bool syncing() const { return core_.syncing_; }
  const TurnEngine& engine() const { return core_.ledger_->engine(); }
  const TurnLedger& ledger() const { return *core_.ledger_; }
  /// The seats whose bundle of `turn` we hold, applied or waiting (at the current turn: who is not missing).
  std::vector<Seat> seatsIn(uint32_t turn) const { return inbox_.seatsIn(turn); }
  /// Seal hash of every applied turn, indexed from firstTurn().
  const std::vector<det::Hash128>& seals() const { return core_.seals_; }
  /// Every applied turn from firstTurn() (without their state bytes; the ring keeps the recent ones).
  const std::vector<TurnRecord>& records() const { return core_.records_; }
  uint32_t firstTurn() const { return core_.recordBase_; }
  const std::optional<DesyncReport>& desync() const { return report_; }
  /// The highest turn of a member-signed bundle refused as beyond our window, or a member finished at: the table
  /// is that far ahead.
  uint32_t aheadSeen() const { return core_.aheadSeen_; }
  /// How long a seat may stay silent in the current turn before the steward substitutes it.
  uint64_t toleranceNow() const { return stewardship_.toleranceNow(); }
  /// Seats whose owner is deciding the current turn (heard from lately, or our own undecided person).
  std::vector<Seat> deciding() const { return scheduler_.deciding(); }
  /// Owner seats of other keys that have not told us they finished the game (Finished): a finished peer keeps
  /// serving while one of them is still catching up.
  std::vector<Seat> unfinished() const;
  /// When another peer last asked us for a bundle or a snapshot (0: never): someone still needs our records.
  uint64_t lastAskedMs() const { return lastAsked_; }
  /// When seat s's own link last sent us anything (0: never).
  uint64_t lastHeardMs(Seat s) const { return core_.lastHeardMs(s); }
  /// How often we resend our bundles and ask for missing ones: a node paces it by its links' round trips (issue 25),
  /// so a 150 ms link is not asked for bundles still on their way. Local timing only: nothing hashed depends on it.
  void setResendMs(uint64_t ms) { core_.opt_.resendMs = ms; }
  uint64_t resendMs() const { return core_.opt_.resendMs; }
  /// Once over, we announce Finished unless still fetching something ourselves (a rejoiner's backfill).
  void holdFinished(bool hold) { holdFinished_ = hold; }
  /// A restarted owner that signs nothing until its seat is its own again (reclaimed, or never substituted).
  bool following() const { return stewardship_.following(); }
  /// Set when we applied another bundle set than the table for a turn (we lost an owner-vs-substitute race,
  /// docs/lockstep.md "Race policy"): the turn we diverged at. We stop; the caller restarts us as a rejoiner
  /// (snapshot from the table, follow, reclaim), so an honest peer never loses its game to a race.
  std::optional<uint32_t> lostRace() const { return races_.lostRace(); }
  const std::vector<Equivocation>& equivocations() const { return inbox_.equivocations(); }
  const std::vector<Seat>& flaggedSeats() const { return inbox_.flaggedSeats(); }
  /// Every refused input, as logged.
  const std::vector<std::string>& rejections() const { return core_.rejections_; }
  const PeerStats& stats() const { return core_.stats_; }
  /// Whether every signature of the last applied turn is valid (vouched ones are checked now, once): only then
  /// may a replay block end there (a checkpoint), its signatures being the file's last chain heads.
  bool latestProven() { return audit_.latestProven(); }
  PeerId id() const { return core_.net_.self(); }

  /// Test hook: after applying `turn`, rewrite this peer's canonical state through `mutate`
  /// (then read() it back), as a hardware fault or a nondeterministic module would.
  void corruptAfterTurn(uint32_t turn, std::function<void(std::vector<uint8_t>&)> mutate);

 private:
  Peer(Transport& t, PeerOptions opt)
      : core_(t, std::move(opt)),
        races_(core_),
        audit_(core_),
        inbox_(core_, races_, audit_),
        stewardship_(core_),
        scheduler_(core_, stewardship_) {}

  void receive(PeerId from, WireMessage m);
  /// A rejoiner asks for a snapshot: the state a few turns back and the signed bundles since.
  void onSnapshotRequest(PeerId from);
  void onSnapshot(const Snapshot& s);
  /// Applies the current turn once every seat has an admitted bundle and the Seals agree.
  bool tryAdvance();
  void periodic();
  void startDesync(uint32_t turn);
  void tryReport(bool force);

  PeerCore core_;
  RaceJudge races_;
  VouchAudit audit_;
  BundleInbox inbox_;
  Stewardship stewardship_;
  SeatScheduler scheduler_;
  uint64_t nextPeriodic_ = 0;
  uint64_t lastAsked_ = 0;
  std::map<Seat, uint32_t> finished_;  // seat -> the turn its owner finished at
  bool holdFinished_ = false;
  std::map<uint32_t, std::function<void(std::vector<uint8_t>&)>> corruptions_;
  uint32_t desyncTurn_ = 0;
  uint64_t desyncSince_ = 0;
  std::map<PeerId, StateSample> samples_;
  std::optional<DesyncReport> report_;
};

}  // namespace concord::lockstep
