// Every Last City configuration: the host world's setup parameters (docs/elc-world.md) and every victory
// setting of "14 — Victory" with its default and legal range (VC-470), plus the presets of VC-2120.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/det/result.h"

namespace concord::elc {

/// The catalogue of VC-880, T1..T14 in order (the "ascending Track index" of VC-2310).
enum class Track : uint8_t {
  Dominion = 0, EveryLastCity, LastStanding, Hegemony, Keys, Ascendancy, GreatWork,
  Prosperity, Horizon, Endurance, Charters, Ambition, Warrants, Throne
};
inline constexpr int kTracks = 14;
/// The module's rulesVersion = victoryLogicVersion (VC-3220); bump on any change VC-3230 lists.
// 2: the Rally's grants (VC-2950) and Warrant modes (VC-1840); 3: Charters, Sealed Orders and Ambition (§10) and
// teams (VC-1570); 4: the Substituted Chronicle entry (VC-3080) and teams with Charters or Ambition; 5 (issue 29): the
// Chronicle in VC-2460's wording, a leaver's placing (VC-2520), Prosperity's report quantum (VC-2250), the Horizon
// disableable with a hard bound (VC-1340, VC-2600) and the estimate from VC-2030 cells only. v2..v4 still verify their
// replays: every later addition is off under an earlier version (core/modules.cpp registers each). 6 (issue 29): a
// vigil-1 Track is published at full precision once some player's ratio on it reaches 500 (VC-740, VC-2320, VC-1240),
// Throne's sites held-first by sequence number (VC-1490) and an Accumulative elimination told with its sum (VC-2690).
inline constexpr uint32_t kRulesVersion = 6;
inline constexpr uint32_t kOldestRulesVersion = 2;
/// VC-090/VC-2600: the range of the hard bound (`bound=`) that ends a game without a Horizon: H's range plus J's.
inline constexpr int64_t kMinBound = 20, kMaxBound = 2040;
/// VC-360 kinds (table reconstructed in docs/rules-decisions.md).
enum class Kind : uint8_t { Threshold, Accumulative, Scheduled, Absolute, Objective };
const char* trackName(Track t);
/// The option spelling of a Track ("great-work"), as `tracks=` and `charters=` take it.
const char* trackKey(Track t);
Kind trackKind(Track t);
/// Whether a Track can end the game (Warrants cannot, VC-1430; Charters and Ambition can, VC-1420).
bool isTerminal(Track t);

enum class Topology : uint8_t { Flat = 0, Cylinder = 1, Torus = 2 };
enum class Capitulation : uint8_t { Never = 0, Standard = 1, Aggressive = 2 };  // §14.2
enum class Cession : uint8_t { Auto = 0, Aggressor = 1, Free = 2 };               // VC-2540
enum class VigilFailure : uint8_t { Reset = 0, Decay = 1 };                         // VC-700
enum class Visibility : uint8_t { Banded = 0, Public = 1, OwnOnly = 2 };            // VC-2190
enum class WarrantMode : uint8_t { Open = 0, Contested = 1, Mixed = 2 };      // VC-1840
enum class CharterMode : uint8_t { Additional = 0, Exclusive = 1 };           // VC-1620 (reconstructed)
inline constexpr uint8_t kNoPick = 0xFF;  // no explicit Charter selection / no team for this seat
inline constexpr int kMaxSeats = 8;
enum class Preset : uint8_t { StandardWar = 0, Tournament, EveryLastCity, LongWar, Blitz };

struct Config {
  Preset preset = Preset::StandardWar;
  bool modified = false;  // VC-2150: a preset changed afterwards shows as modified
  // Host world (docs/elc-world.md).
  uint8_t width = 24, height = 24;
  Topology topology = Topology::Flat;
  uint16_t cities = 48;
  uint8_t startCities = 1;
  uint8_t minStartSeparation = 6;
  uint8_t neutralDefence = 2;
  // Tracks: bit i = Track i enabled. Last Standing always (VC-450); the Horizon unless `bound` is set (VC-1340).
  uint16_t enabled = 0;
  uint16_t dominionStart = 0;  // 0: derived by VC-910
  uint8_t dominionVigil = 3;   // VC-940
  uint16_t ebbStart = 0;       // 0: floor(6H/10), VC-810
  uint8_t hegemonyStart = 0;   // 0: ceil(5M/8), VC-1050
  uint8_t hegemonyVigil = 4;   // VC-1060
  uint8_t keysThreshold = 0;   // 0: (L+1)/2, VC-1100
  uint8_t keysVigil = 6;       // VC-1120
  uint8_t litCount = 3;        // A, VC-1140
  uint8_t rotationPeriod = 12;  // RotP, VC-1150
  uint8_t ascendancyThreshold = 7;  // VC-1170
  uint16_t greatWorkThreshold = 900;  // VC-1220
  uint16_t workRate = 30;             // VC-1230
  uint16_t prosperityThreshold = 450;  // VC-1290
  uint8_t prosperityVigil = 8;
  uint16_t horizon = 200;  // VC-1330
  uint8_t jitter = 0;      // J, VC-1360: the true Horizon is H + draw(0..J)
  // VC-090/VC-2600: the configured hard bound that ends a game whose Horizon is disabled (0 while the Horizon is on;
  // encoded only then, so configurations with a Horizon keep their bytes).
  uint16_t bound = 0;
  uint16_t enduranceTurn = 0;    // 0: floor(3H/4), VC-1400
  uint16_t enduranceCities = 0;  // 0: ceil(MAP_CITIES/8)
  uint8_t throneVigil = 3;       // VC-1480
  uint8_t warPeriod = 15;        // VC-1780
  // VC-1840/VC-1850: Contested excludes the leader; Mixed alternates Open and Contested windows. On outside
  // Tournament (open question 8; docs/rules-decisions.md "Contested and Mixed Warrants").
  WarrantMode warrantMode = WarrantMode::Mixed;
  // Endgame and comeback.
  Capitulation capitulation = Capitulation::Standard;
  uint8_t capitulateAfter = 3;  // C
  Cession cession = Cession::Auto;
  bool verdict = true;
  uint8_t verdictWindow = 2;  // VC-2780
  bool unanimity = false;     // VC-2800 (Tournament)
  bool rally = true;          // VC-2980
  bool defiance = true;       // VC-3010
  VigilFailure vigilFailure = VigilFailure::Reset;
  Visibility visibility = Visibility::Banded;
  // §10 (victoryLogicVersion 3). Charters: the T11 bit; Sealed Orders and Ambition: the T12 bit.
  CharterMode charterMode = CharterMode::Additional;
  std::array<uint8_t, kMaxSeats> charterPick = {kNoPick, kNoPick, kNoPick, kNoPick, kNoPick, kNoPick, kNoPick, kNoPick};
  uint8_t sealedOrders = 1;       // SO per player, VC-1740
  uint8_t ambitionThreshold = 5;  // VC-1700
  // VC-1570 teams: team letter index per seat, kNoPick everywhere = no teams.
  std::array<uint8_t, kMaxSeats> team = {kNoPick, kNoPick, kNoPick, kNoPick, kNoPick, kNoPick, kNoPick, kNoPick};
  // VC-1815: offer the Region hold Warrant form (off by default, so existing schedules keep their draws and bytes).
  bool regionHold = false;

  bool on(Track t) const { return (enabled >> static_cast<int>(t)) & 1u; }
  bool teams() const { return team[0] != kNoPick; }
  /// Whether any victoryLogicVersion-3 setting is in use (its bytes are written only then, so v2 configs and
  /// their replays keep their exact bytes and hashes).
  bool usesV3() const { return on(Track::Charters) || on(Track::Ambition) || teams() || regionHold; }
  friend bool operator==(const Config&, const Config&) = default;
};

Config presetConfig(Preset p);
const char* presetName(Preset p);
/// The effective C (capitulation after C consecutive Broken Seals; Aggressive forces 1, VC-980).
int capitulationSeals(const Config& c);
/// Range checks of VC-470: the error names the setting, its range and the requirement.
Result<void> validateConfig(const Config& c);
std::vector<uint8_t> encodeConfig(const Config& c);
Result<Config> decodeConfig(std::span<const uint8_t> bytes);
/// key=value options on top of a preset ("preset=standard-war" first). Unknown keys are errors.
Result<Config> parseOptions(const std::vector<std::pair<std::string, std::string>>& opts);
std::string describeConfig(const Config& c);

}  // namespace concord::elc
