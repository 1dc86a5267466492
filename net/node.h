// A Concord peer process: lobby (host or joiner), commit-reveal seeding, then the lockstep game over
// EnetTransport, a replay written as it goes. `concord host|join|bot` are thin wrappers around runNode.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/registry.h"
#include "lockstep/crypto.h"
#include "net/enet_transport.h"

namespace concord::net {

/// Most seats a networked table may have (the goal: 18 peers on one machine).
inline constexpr Seat kMaxPlayers = 18;

struct NodeOptions {
  std::string name = "player";
  lockstep::KeyPair key;
  Address bind{"0.0.0.0", 0};
  uint16_t advertisePort = 0;  // the port others should reach us on (a chaos proxy in front); 0 = ours
  // Host only.
  bool host = false;
  std::string moduleId = "shed";
  ConfigOptions options;
  Seat seats = 4;
  std::vector<Seat> aiSeats;   // seats the host fills with AI officers from the start
  bool rated = false;
  unsigned waitFor = 0;        // launch once this many players (host included) are in and ready; 0 = all seats
  // Joiner only.
  std::optional<Address> join;
  // Game.
  uint64_t resendMs = 100;
  uint64_t silenceMs = 5000;    // substitution tolerance (shown as a countdown)
  uint64_t thinkMs = 0;         // bots answer no sooner than this after their turn starts
  uint64_t lingerMs = 3000;     // keep serving peers this long after the game ends
  uint64_t timeoutMs = 600000;  // give up (lobby + game) after this long
  std::string replayPath;       // empty: no replay
  std::function<void(const std::string&)> log;
};

struct NodeResult {
  uint32_t turns = 0;
  uint32_t firstTurn = 0;
  Seat seat = 0;
  bool rejoined = false;
  bool ownsSeat = false;     // our seat was owner-run at the end (a rejoined peer reclaimed it)
  det::Hash128 sealsDigest;  // XXH3-128 over the Seals from firstTurn
  det::Hash128 finalSeal;
  std::string outcome;
  TransportStats transport;
  uint64_t wireBytes = 0;    // lockstep bytes this peer sent
  uint64_t elapsedMs = 0;
};

Result<NodeResult> runNode(const NodeOptions& opt);

}  // namespace concord::net
