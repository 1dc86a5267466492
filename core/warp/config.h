// Warp table configuration: set, fleet, objective, Subspace Fracture, house rules, modules.
// RULES §II (sets, hand sizes, starter), Victory conditions (objectives), §VI (preset and toggles).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/det/result.h"

namespace concord::warp {

enum class Objective : uint8_t { Points = 0, GoOut = 1 };
/// Victory conditions, Go out: sudden death (default), fixed rounds with overtime, first to X.
enum class GoOutMode : uint8_t { SuddenDeath = 0, FixedRounds = 1, FirstTo = 2 };
enum class Overtime : uint8_t { Force = 0, Offer = 1 };
/// §VI Subspace Fracture scope: Off, Own Trail (default when on), All Captains, All Doubles.
enum class Fracture : uint8_t { Off = 0, OwnTrail = 1, AllCaptains = 2, AllDoubles = 3 };

struct Config {
  uint8_t maxPip = 12;            // Warp factor: 9, 12, 15, 18 (6 = Classic, refused)
  bool largeFleetEleven = false;  // §II: 7-8 captains deal 11 instead of 10
  uint8_t starter = 0;            // §II round-1 opener; rotates clockwise
  Objective objective = Objective::Points;
  GoOutMode goOutMode = GoOutMode::SuddenDeath;
  uint16_t rounds = 0;  // Go out fixed rounds N (0 = one full descent); points campaign: full descent always
  uint16_t firstTo = 3;  // Go out first to X
  Overtime overtime = Overtime::Force;
  uint8_t doubleBlank = 0;  // §V Double-blank score: 50, 25 or 0
  bool salamander = true;   // §VI Module Beta
  bool continuum = true;    // §VI Module Alpha
  bool allStop = true;      // §V All Stop! ceremony
  bool dropToImpulse = true;  // §V Drop to Impulse (house rule; on in Official preset)
  uint8_t catchPenalty = 1;   // 1 or 2 coordinates
  Fracture fracture = Fracture::Off;
  bool ownTrailFirst = false;         // §VI house: Require own trail first
  bool nzAfterAllTrails = false;      // §VI house: Neutral Zone after all trails started
  bool beaconClearsOnAnyPlay = false;  // §VI house
  bool starterPlaysTwo = false;        // §VI house
  bool manualShields = false;          // §VI house: Manual shield control
  bool passRedAlertNoDraw = false;     // §VI house: Pass Red Alert without draw or beacon
  bool delta = false;  // §VI Module Delta: Hot Potato (Hazard Marker) + Warp Drive spool
  bool theta = false;  // §VI Module Theta: Longest Trail Bonus (Points) / Trail Momentum (Go-out)
  bool iota = false;   // §VI Module Iota: Double Down
  bool eta = false;    // §VI Module Eta: Temporal Debt (Points only in this build)
  bool lambda = false;  // §VI Module Lambda: Wormholes (Warped, exhibition)
  bool kappa = false;   // §VI Module Kappa: Temporal Inversion (Points) / Hand Exchange (Go-out); Warped
  bool gamma = false;   // §VI Module Gamma: Long-Range Sensor Sweep (Sensor Grid)
  uint8_t gridSize = 5;  // Sensor Grid market size, 4 or 5
  bool epsilon = false;  // §VI Module Epsilon: Tactical Requisition (draft; Points campaign only)
  uint8_t squadrons = 0;  // §VI Module Zeta: number of equal squadrons (0 = off); seat s is in squadron s % n

  friend bool operator==(const Config&, const Config&) = default;
};

/// §VI Official Warp rules preset (the digital default).
Config officialPreset();
/// Sections I-V only: every module and house rule off, Double-blank 50 (tournament standard).
Config standardPreset();

/// Rounds in a full Spacedock descent: maxPip+1 (13 for Warp 12).
inline int descentRounds(const Config& c) { return c.maxPip + 1; }
/// §II fleet caps: Warp 9 2-4, Warp 12 2-8, Warp 15 2-12, Warp 18 2-18.
int maxFleet(int maxPip);
/// §II hand sizes incl. the 7-8 host choice and the 9+ profile (docs/rules-decisions.md "Warp").
int handSize(const Config& c, int seats);

Result<void> validateConfig(const Config& c);
std::vector<uint8_t> encodeConfig(const Config& c);
Result<Config> decodeConfig(std::span<const uint8_t> bytes);
/// key=value options on top of a preset ("preset=official|standard" first). Unknown keys are errors.
Result<Config> parseOptions(const std::vector<std::pair<std::string, std::string>>& opts);
std::string describeConfig(const Config& c);
/// The option keys and their accepted values, for --help.
std::string optionsHelp();

}  // namespace concord::warp
