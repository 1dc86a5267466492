// Self-play: N bot seats of one module played through the full pipeline (signed bundles, SimNetwork
// with faults, Seal checks). Used by `concord selfplay`, the determinism golden test and benchmarks.
// Table is the harness underneath, exposed so tests can kill, restart, corrupt and inject.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game/registry.h"
#include "lockstep/peer.h"
#include "lockstep/sim_network.h"

namespace concord::lockstep {

struct SelfPlayParams {
  std::string moduleId = "shed";
  ConfigOptions options;           // module config key=value
  uint32_t rulesVersion = 0;       // 0: the module's newest; an older registered one plays (and records) the old rules
  std::string botKind;             // empty: the module's default
  Seat seats = 4;
  uint64_t seed = 1;               // game seed, keys and network faults all derive from it
  SimParams net;
  uint64_t maxVirtualMs = 3'600'000;
  uint64_t stepMs = 5;             // virtual time per harness step
  uint64_t resendMs = 100;
  uint64_t silenceMs = 3000;
  PeerId extraEndpoints = 0;       // network endpoints beyond the seats (tests inject from these)
  bool cutOffGuard = false;        // PeerOptions::cutOffGuard for every peer
  bool vouchLinks = false;         // PeerOptions::vouchLinks for every peer (SimNetwork's sender ids are its own)
  bool resyncLostRaces = true;     // restart a peer that lost a race (Peer::lostRace) as a rejoiner, as a node does
  std::function<void(std::string_view)> log;
  std::function<void(const TurnRecord&)> onTurn;  // peer 0's records, as applied (replay writer seam)
  /// Adjusts seat s's PeerOptions before its peer is created (tests: a person deciding, a turn clock).
  std::function<void(Seat, PeerOptions&)> customize;
  /// Corrupts seat `first`'s peer state right after turn `second` (a desync drill: every peer must
  /// report a desync at exactly that turn, naming the field).
  std::optional<std::pair<Seat, uint32_t>> injectDesync;
};

struct SelfPlayStats {
  uint32_t turns = 0;
  uint64_t messages = 0;
  uint64_t bytes = 0;
  uint64_t dropped = 0;
  uint64_t requests = 0;  // BundleRequests every peer broadcast
  uint64_t virtualMs = 0;
};

struct SelfPlayResult {
  SessionConfig session;
  bool completed = false;                 // every peer reached the outcome
  bool agreed = false;                    // every peer has the same Seal sequence
  std::vector<det::Hash128> seals;        // peer 0's Seal per turn
  det::Hash128 sealsDigest;               // XXH3-128 over all seals in order
  std::optional<Outcome> outcome;
  std::vector<TurnRecord> records;        // peer 0's
  SelfPlayStats stats;
  std::vector<std::string> problems;      // desyncs, rejections: empty in a clean game
  std::vector<std::pair<Seat, DesyncReport>> desyncs;  // each reporting peer's report
};

/// Bumps the first field of a canonical session state whose traced path contains `field` (or, when
/// none does, the last byte): the corruption the desync drill injects. False if the bytes do not decode.
bool corruptStateField(const SessionConfig& session, std::vector<uint8_t>& bytes, std::string_view field);

/// The deterministic session of a self-play game: keys from labels, seed from `seed`.
Result<SessionConfig> selfPlaySession(const SelfPlayParams& p);
/// XXH3-128 over a Seal sequence: one value per game for golden files.
det::Hash128 digestSeals(const std::vector<det::Hash128>& seals);

class Table {
 public:
  static Result<std::unique_ptr<Table>> create(const SelfPlayParams& p);

  /// Advances virtual time one step and ticks every live peer in ascending id.
  void step();
  /// Steps until `done` or the time limit; returns whether `done` held.
  bool runUntil(const std::function<bool()>& done);
  bool allOver() const;

  Peer& peer(Seat s) { return *peers_[s]; }
  SimNetwork& net() { return *net_; }
  const SessionConfig& session() const { return session_; }
  const KeyPair& key(Seat s) const { return keys_[s]; }
  uint64_t now() const { return now_; }
  bool alive(Seat s) const { return net_->alive(s); }
  /// Kills seat s's peer (its process dies; its network traffic stops).
  void kill(Seat s);
  /// A new process for seat s with the same key: it fetches a snapshot, follows, then reclaims.
  Result<void> restart(Seat s);

 private:
  PeerOptions options(Seat s, bool rejoin) const;

  SelfPlayParams p_;
  SessionConfig session_;
  std::vector<KeyPair> keys_;
  std::unique_ptr<SimNetwork> net_;
  std::vector<std::unique_ptr<Peer>> peers_;
  uint64_t now_ = 0;
};

/// The key pair of every seat of selfPlaySession(p): a local table over the same session signs what the peers do
/// (the golden test plays each game on a table::LocalTable too, whose Seals must equal runSelfPlay's).
std::vector<KeyPair> selfPlayKeys(const SelfPlayParams& p);

/// Plays one whole game and checks that every peer agrees.
Result<SelfPlayResult> runSelfPlay(const SelfPlayParams& p);

}  // namespace concord::lockstep
