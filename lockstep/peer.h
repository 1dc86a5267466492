// Peer: the turn manager of one seat owner (DESIGN: The turn pipeline, steps 2-6). Builds, signs and
// broadcasts its bundles; collects, verifies and applies everyone's in ascending seat order; compares
// Seals; detects desyncs and equivocation; stewards AI seats. Single-threaded, pumped by tick(nowMs)
// with virtual time: no threads, no clocks, so a whole network of peers is a deterministic test.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/game.h"
#include "lockstep/admission.h"
#include "lockstep/bundle.h"
#include "lockstep/desync.h"
#include "lockstep/transport.h"
#include "lockstep/turn_engine.h"
#include "lockstep/turn_ledger.h"
#include "lockstep/turn_record.h"
#include "lockstep/wire.h"

namespace concord::lockstep {

/// Two different, validly signed bundles for one (gameId, turn, seat): kept as proof.
struct Equivocation {
  uint32_t turn = 0;
  Seat seat = 0;
  std::vector<uint8_t> first;   // the one applied
  std::vector<uint8_t> second;  // the conflicting one
};

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

/// The bot the session names for seat s (module default when unnamed).
std::unique_ptr<Bot> makeSeatBot(const SessionConfig& session, Seat s);
/// Seat s's bot orders for the engine's current turn (empty when it has no legal order): a pure function of
/// (observation, legal orders, the "ai.<seat>.<turn>" stream), so any steward computes the same.
std::vector<Order> botOrdersFor(const TurnEngine& e, Seat s, Bot& bot);

class Peer {
 public:
  static Result<std::unique_ptr<Peer>> create(const SessionConfig& session, Transport& transport, PeerOptions opt);

  /// Receives, applies every complete turn, sends due bundles, resends, requests, substitutes.
  void tick(uint64_t nowMs);

  uint32_t turn() const { return ledger_->turn(); }
  bool over() const { return ledger_->over(); }
  /// Stopped by a desync; the report follows once the other states arrive.
  bool halted() const { return halted_; }
  bool syncing() const { return syncing_; }
  const TurnEngine& engine() const { return ledger_->engine(); }
  const TurnLedger& ledger() const { return *ledger_; }
  /// The seats whose bundle of `turn` we hold, applied or waiting (at the current turn: who is not missing).
  std::vector<Seat> seatsIn(uint32_t turn) const;
  /// Seal hash of every applied turn, indexed from firstTurn().
  const std::vector<det::Hash128>& seals() const { return seals_; }
  /// Every applied turn from firstTurn() (without their state bytes; the ring keeps the recent ones).
  const std::vector<TurnRecord>& records() const { return records_; }
  uint32_t firstTurn() const { return recordBase_; }
  const std::optional<DesyncReport>& desync() const { return report_; }
  /// The highest turn of a member-signed bundle refused as beyond our window, or a member finished at: the table
  /// is that far ahead.
  uint32_t aheadSeen() const { return aheadSeen_; }
  /// How long a seat may stay silent in the current turn before the steward substitutes it.
  uint64_t toleranceNow() const;
  /// Seats whose owner is deciding the current turn (heard from lately, or our own undecided person).
  std::vector<Seat> deciding() const;
  /// Owner seats of other keys that have not told us they finished the game (Finished): a finished peer keeps
  /// serving while one of them is still catching up.
  std::vector<Seat> unfinished() const;
  /// When another peer last asked us for a bundle or a snapshot (0: never): someone still needs our records.
  uint64_t lastAskedMs() const { return lastAsked_; }
  /// When seat s's own link last sent us anything (0: never).
  uint64_t lastHeardMs(Seat s) const {
    auto it = lastHeard_.find(s);
    return it == lastHeard_.end() ? 0 : it->second;
  }
  /// Once over, we announce Finished unless still fetching something ourselves (a rejoiner's backfill).
  void holdFinished(bool hold) { holdFinished_ = hold; }
  /// A restarted owner that signs nothing until its seat is its own again (reclaimed, or never substituted).
  bool following() const { return following_; }
  /// Set when we applied another bundle set than the table for a turn (we lost an owner-vs-substitute race,
  /// docs/lockstep.md "Race policy"): the turn we diverged at. We stop; the caller restarts us as a rejoiner
  /// (snapshot from the table, follow, reclaim), so an honest peer never loses its game to a race.
  std::optional<uint32_t> lostRace() const { return lostRace_; }
  const std::vector<Equivocation>& equivocations() const { return equivocations_; }
  const std::vector<Seat>& flaggedSeats() const { return flagged_; }
  /// Every refused input, as logged.
  const std::vector<std::string>& rejections() const { return rejections_; }
  const PeerStats& stats() const { return stats_; }
  /// Whether every signature of the last applied turn is valid (vouched ones are checked now, once): only then
  /// may a replay block end there (a checkpoint), its signatures being the file's last chain heads.
  bool latestProven();
  PeerId id() const { return net_.self(); }

  /// Test hook: after applying `turn`, rewrite this peer's canonical state through `mutate`
  /// (then read() it back), as a hardware fault or a nondeterministic module would.
  void corruptAfterTurn(uint32_t turn, std::function<void(std::vector<uint8_t>&)> mutate);

 private:
  struct Candidate : Arrival {
    std::optional<PublicKey> verifiedWith;  // the expected signer it was admitted as at assembly
    PeerId from = 0;                        // the transport peer it arrived from
    bool vouched() const { return known == SignerKnown::Vouched; }
  };
  Peer(Transport& t, PeerOptions opt) : net_(t), opt_(std::move(opt)) {}

  void logLine(std::string line);
  void reject(PeerId from, const Bundle& b, std::string why);
  void send(PeerId to, const WireMessage& m);
  void broadcast(const WireMessage& m);

  void receive(PeerId from, WireMessage m);
  void onBundle(PeerId from, Bundle b);
  // peer_audit.cpp: link-vouched bundles (docs/lockstep.md "32 seats").
  bool vouchable(PeerId from, const Bundle& b) const;
  void auditTurn(uint32_t turn);
  bool relayChecked(const BundleRequest& q);
  bool finalTurnProven(std::vector<std::vector<Candidate>>& slots, const std::vector<const Candidate*>& chosen,
                       std::vector<det::Hash128> headsBefore, det::Hash128 digestBefore);
  bool recordProven(uint32_t turn, Seat seat);
  bool repair(const Bundle& b);
  std::vector<Bundle> provenTail(uint32_t base, uint32_t end);
  void strike(PeerId from);
  bool ignoring(PeerId from) const;  // past its own bad-signature allowance, or the non-members' shared one
  void onPastBundle(PeerId from, const Bundle& b);
  void equivocation(PeerId from, const Bundle& b, const Bundle& applied, const PublicKey& appliedSigner);
  void onRequest(PeerId from, const BundleRequest& r);
  void onSnapshot(const Snapshot& s);
  void onReclaimRequest(PeerId from, const ReclaimRequest& r);

  bool tryAdvance();
  // peer_race.cpp: a Seal unlike ours, from a real divergence or from a race over which bundles a turn applied.
  enum class SealVerdict { Agree, Desync, Wait, Resync };
  SealVerdict judgeSeals(uint32_t t, std::vector<std::vector<Candidate>>& slots, const std::vector<const Candidate*>& chosen);
  /// A member-signed bundle for seat `s` at `turn` signed by another key than the one we applied or expect (a race):
  /// kept for judgeSeals, which learns from it which side of the race its signer is on.
  void raceSign(uint32_t turn, Seat s, const Bundle& b, const PublicKey& signedBy);
  /// Undecided race at t: ask everyone for the bundles they applied at t-1 (evidence for raceSign).
  void askRaceEvidence(uint32_t t);
  /// Whether a bundle of a turn after t is in: stuck at t ourselves, that is the other side of a race playing on.
  bool tableMovedOn(uint32_t t) const;
  /// What a member-signed bundle of `turn` says of its signer: on our history (its prevSeal is our Seal of turn-1)
  /// or on another. `chosen`: we chose it for this turn (its signer is with us now, not only until turn-1).
  void noteHistory(uint32_t turn, const Bundle& b, const PublicKey& signedBy, bool chosen);
  /// Most of the table's signers were lately seen signing another history than ours, while we played on alone
  /// (every bundle of theirs dropped as from a seat we substituted, so no Seal check ever compared them): we lost,
  /// and stop to resync (lostRace), even after our own game ended.
  void resyncIfOutvoted();
  /// We applied another bundle set than the table at `turn`: stop (lostRace) and log `why` (the caller resyncs us).
  void loseRace(uint32_t turn, const std::string& why);
  /// We are the one cut off: every other member heard from lately has gone quiet at once (substitute nobody).
  bool cutOff(const Membership& m, const std::vector<Seat>& silent) const;
  /// Before applying turn t: the verified candidates we did not choose go to raceSign (the other side's choice).
  void noteUnchosen(uint32_t t, const std::vector<std::vector<Candidate>>& slots, const std::vector<const Candidate*>& chosen);
  Membership membershipNow() const;
  bool holdsSeatKey(Seat s) const;  // seat s is signed with our key (our own seat, or an AI seat we host)
  std::vector<Order> botOrders(Seat s);
  /// `orders` with the substitution officer mark when seat s belongs to a person (lockstep/assistance.h).
  std::vector<Order> officerFor(Seat s, std::vector<Order> orders) const;
  void sendOwn(Seat s, std::vector<Order> orders);
  void buildOwnBundles();
  bool personSeat(const Membership& m, Seat s) const;
  bool stopFollowing(const Membership& m, uint32_t t);
  /// Following, but caught up at turn t with our pre-crash self's bundle of t in: we do the steward's duties of t
  /// (the others count on us) after asking reclaimProbeMs for what our pre-crash self signed.
  bool followerStewards(const Membership& m, uint32_t t);
  bool holdsOwnBundle(uint32_t t, Seat s) const;  // a candidate for (t, s) signed by our key
  void sendAiSeat(Seat s, uint32_t t);             // the steward's bundle for AI-run seat s (with a pending reclaim)
  void buildPersonBundles(uint32_t t);
  uint64_t decidingInterval() const;
  void stewardDuties();
  void periodic();
  void startDesync(uint32_t turn);
  void tryReport(bool force);
  const std::vector<uint8_t>* ringState(uint32_t turn) const;
  const TurnRecord* record(uint32_t turn) const;

  Transport& net_;
  PeerOptions opt_;
  std::unique_ptr<TurnLedger> ledger_;
  std::map<Seat, std::unique_ptr<Bot>> bots_;
  uint64_t now_ = 0;
  uint64_t nextPeriodic_ = 0;
  uint64_t turnStartMs_ = 0;
  std::optional<uint32_t> builtFor_;
  std::optional<uint32_t> seenFor_;  // the turn turnStartMs_ belongs to
  std::optional<uint32_t> substitutedFor_;
  std::map<Seat, uint32_t> personBuilt_;           // the turn each person seat of ours last sent
  std::map<Seat, std::pair<uint32_t, uint64_t>> heard_;  // seat -> (turn, ms) of its last Deciding
  std::map<Seat, uint32_t> finished_;                    // seat -> the turn its owner finished at
  uint64_t lastAsked_ = 0;
  std::map<Seat, uint64_t> lastHeard_;
  bool holdFinished_ = false;
  std::optional<uint32_t> probeTurn_;  // the turn a restarted owner is asking for its own bundle of
  std::optional<std::pair<uint32_t, uint64_t>> stewardProbe_;  // (turn, since): a follower asking before it stewards
  std::optional<uint32_t> followerSigned_;                     // the turn a follower signed the missing AI seats of
  uint64_t probeSince_ = 0;
  uint64_t nextDeciding_ = 0;
  uint32_t aheadSeen_ = 0;
  std::map<PeerId, uint32_t> badSignatures_;  // failed signature checks per sender
  uint32_t guestBadSignatures_ = 0;           // ... and by all non-member senders together
  std::map<PeerId, uint32_t> late_;            // late member-signed past bundles per sender (logged a few times)
  std::optional<uint32_t> cutOffLogged_;
  uint64_t cutOffAt_ = 0;  // when the cut-off guard last held: silence is counted from then on
  std::map<uint32_t, std::vector<std::vector<Candidate>>> pending_;
  std::map<uint32_t, std::vector<Bundle>> own_;
  std::vector<std::pair<uint32_t, std::shared_ptr<const std::vector<uint8_t>>>> ring_;
  std::vector<det::Hash128> seals_;
  std::vector<TurnRecord> records_;
  uint32_t recordBase_ = 0;
  std::vector<Equivocation> equivocations_;
  std::vector<Seat> flagged_;
  std::vector<std::string> rejections_;
  std::map<Seat, Order> pendingReclaim_;
  std::optional<uint32_t> provenTurn_;  // the last turn latestProven() checked in full
  std::set<std::pair<uint32_t, Seat>> unproven_;  // applied vouched bundles whose signature failed: awaiting a valid copy
  std::map<uint32_t, std::function<void(std::vector<uint8_t>&)>> corruptions_;
  bool halted_ = false;
  bool syncing_ = false;
  bool following_ = false;  // restarted owner: sends nothing for its seat until it has reclaimed it
  std::optional<uint32_t> lostRace_;
  struct RaceSign {
    uint32_t turn = 0;
    Seat seat = 0;
    PublicKey signedBy{};
    bool byOwner = false;   // signed by the seat's owner
    det::Hash128 prevSeal;  // the Seal its signer had for turn-1
  };
  std::vector<RaceSign> raceSigns_;  // recent ones only (peer_race.cpp)
  std::map<PublicKey, uint64_t> elsewhere_;  // member key -> when last seen signing another history (peer_race.cpp)
  std::optional<uint64_t> tieSince_;          // as many live keys elsewhere as with us, since (peer_race.cpp)
  std::optional<std::pair<uint32_t, uint64_t>> sealDoubt_;  // (turn, since): a race not yet decided (peer_race.cpp)
  std::optional<std::pair<uint32_t, uint64_t>> raceAsked_;  // (turn, when): last evidence request (peer_race.cpp)
  uint32_t desyncTurn_ = 0;
  uint64_t desyncSince_ = 0;
  std::map<PeerId, StateSample> samples_;
  std::optional<DesyncReport> report_;
  PeerStats stats_;
};

}  // namespace concord::lockstep
