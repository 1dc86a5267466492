// A session: everything the lobby agrees before turn 0 (DESIGN: The turn pipeline, step 1).
// Its canonical bytes open every replay; its BLAKE2b hash is the game id every bundle carries.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/det/rng.h"
#include "core/game/types.h"
#include "lockstep/crypto.h"

namespace concord::lockstep {

/// Who a seat belongs to: a person's key, or an AI officer run by the steward.
struct SeatInfo {
  std::string name;
  PublicKey key;        // the seat owner's identity; for an AI seat, its owner-of-record (the host)
  bool ai = false;      // computed and signed by the steward peer
  std::string botKind;  // module bot kind for AI seats ("random", "greedy"...)
  friend bool operator==(const SeatInfo&, const SeatInfo&) = default;
};

/// A crew charter the game is played under (TEI §3.4, RULES §VIII "Crews & charters"): its id, its members'
/// keys and the settings it freezes. Part of the session, so every bundle's game id signs it.
struct Charter {
  std::string id;                  // "" = no charter
  std::vector<PublicKey> members;  // the crew, ascending bytes
  std::string rulesProfile;        // e.g. "warp12-official-v1"
  uint32_t seats = 0;              // fleet size
  std::vector<uint8_t> config;     // the module config it freezes (objective, campaign length, rules)
  friend bool operator==(const Charter&, const Charter&) = default;
};

struct SessionConfig {
  std::string moduleId;
  uint32_t rulesVersion = 0;
  std::vector<uint8_t> config;  // the module's canonical config bytes
  std::vector<SeatInfo> seats;  // seat i = index i
  det::Seed seed;               // from commit-reveal
  bool rated = false;
  Charter charter;              // written only when charter.id is set: other sessions keep their bytes and ids
  /// Issue 26: the module's hidden-hands game (a masked deck among the people; ModuleEntry::createHidden).
  /// Set by the host for a table of two or more people; written only when set, so other sessions keep their ids.
  bool hiddenHands = false;
  friend bool operator==(const SessionConfig&, const SessionConfig&) = default;

  /// Canonical bytes (the replay header's session block).
  void write(det::Writer& w) const;
  static Result<SessionConfig> read(det::Reader& r);
  /// BLAKE2b-128 of module, version and config only: the hash the lobby shows everyone.
  det::Hash128 configHash() const;
  /// BLAKE2b-128 of the whole canonical session: the id every bundle of this game carries.
  det::Hash128 gameId() const;
};

/// Commit-reveal: a peer first publishes commit(nonce), later the nonce itself.
std::array<uint8_t, 32> commitNonce(std::span<const uint8_t, 32> nonce);
/// The game seed: BLAKE2b-256 of every revealed nonce in seat order. No single peer chooses it.
det::Seed seedFromNonces(std::span<const std::array<uint8_t, 32>> noncesInSeatOrder);
/// Checks each reveal against its commitment; the error names the first seat that cheated.
Result<void> checkReveals(std::span<const std::array<uint8_t, 32>> commitments,
                          std::span<const std::array<uint8_t, 32>> nonces);

}  // namespace concord::lockstep
