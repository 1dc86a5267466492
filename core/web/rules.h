// W.E.B. numbers: the stated ones cited by section, the lost tables as named decisions
// (docs/rules-decisions.md "W.E.B."). Integer only: population is in milli-units (1 pop = 1000).
#pragma once

#include <array>
#include <cstdint>

namespace concord::web {

/// The newest W.E.B. rules version (module.h kRulesVersion says what each changed).
inline constexpr uint32_t kNewestRules = 4;

/// Population fixed point: 1 population unit = kPop milli-units (§6d growth of 0.1 = 100).
inline constexpr int32_t kPop = 1000;

/// §7 ship types. Values are the screening/fire tables' keys and the canonical bytes.
enum class Ship : uint8_t { Cruiser = 0, Destroyer = 1, Missile = 2, Nova = 3, Freighter = 4, DSat = 5, Starbase = 6 };
inline constexpr int kShipTypes = 7;
inline constexpr int kMobileTypes = 5;
/// Index helper: container subscripts are size_t (-Wsign-conversion); ids and counts here are small ints.
inline constexpr size_t ix(int i) { return static_cast<size_t>(i); }  // Cruiser..Freighter travel; D-Sats and Starbases are platforms

struct ShipStats {
  const char* code;  // §9 ship chips: CR, DD, Mi, N, Fr, DS, SB
  const char* name;
  uint8_t hp;
  uint8_t toHit;  // d10 roll needed (§4c)
  uint8_t shots;
  uint8_t cost;  // BP (§6b table lost: CR 3, Mi 2, Fr 1 are decisions)
  uint8_t invadeToHit;  // §7a ratings A 5+, B 8+, C 9+ (A and C numbers are decisions)
  uint8_t invadeDamage;  // §4k Freighters 2, others 1; platforms 0 (cannot invade)
  uint8_t rating;        // 'A', 'B', 'C' or 0
};

// §7: CR 3 HP 5+, Mi 1 HP 5+, N 8+, Fr 1 HP 10, DS 3 HP 5+, SB 10 HP 3+ x2. Lost: DD HP 2 / 6+, Nova HP 2.
inline constexpr std::array<ShipStats, kShipTypes> kStats = {{
    {"CR", "Cruiser", 3, 5, 1, 3, 5, 1, 'A'},
    {"DD", "Destroyer", 2, 6, 1, 1, 8, 1, 'B'},
    {"Mi", "Missile Ship", 1, 5, 1, 2, 9, 1, 'C'},
    {"N", "Nova", 2, 8, 1, 2, 5, 1, 'A'},
    {"Fr", "Freighter", 1, 10, 1, 1, 5, 2, 'A'},
    {"DS", "Defense Satellite", 3, 5, 1, 1, 0, 0, 0},
    {"SB", "Starbase", 10, 3, 2, 4, 0, 0, 0},
}};
inline const ShipStats& stats(Ship s) { return kStats[static_cast<size_t>(s)]; }

/// §4d fire order: Missile, Starbase (2 shots), Cruiser, Destroyer, D-Sat, Nova, Freighter.
inline constexpr std::array<Ship, kShipTypes> kFireOrder = {Ship::Missile, Ship::Starbase, Ship::Cruiser,
                                                           Ship::Destroyer, Ship::DSat,    Ship::Nova,
                                                           Ship::Freighter};
/// §4e screening order (table lost; §7 prose: Destroyers first, Cruisers in the middle shielded by Destroyers
/// and Novas, fixed defences deep behind, Freighters behind everything).
inline constexpr std::array<Ship, kShipTypes> kScreenOrder = {Ship::Destroyer, Ship::Nova,     Ship::Missile,
                                                             Ship::Cruiser,   Ship::DSat,     Ship::Starbase,
                                                             Ship::Freighter};

/// §4g outnumber penalty counts these only.
inline bool countsForOutnumber(Ship s) {
  return s == Ship::Cruiser || s == Ship::Destroyer || s == Ship::Missile || s == Ship::Nova;
}
/// §4a / Enhanced Sensors note: Freighters, D-Sats and Starbases do not ambush.
inline bool canAmbush(Ship s) { return countsForOutnumber(s); }

inline constexpr int kMaxToHit = 10;        // §4c cap
inline constexpr int kAsteroidMissile = 5;  // §1d, §4l: Missile Ships need 10 in an asteroid field
inline constexpr int kFreighterMinerals = 3;  // §7 Freighter: 3 minerals, 1 population or 1 Starbase
inline constexpr int kCruiserMinerals = 1;    // §7 Cruiser onboard cargo pod
inline constexpr int kPdHp = 2;               // §4k each PD unit absorbs 2 damage
inline constexpr int kDebrisPercent = 5;      // §1d debris strike chance per ship
inline constexpr int kShipsPerCrystal = 50;   // §6g: +1 crystal for every 50 ships (cost = ceil(ships / 50))
inline constexpr int kStarbasePopCost = 1;
inline constexpr int kTraderLowStock = 5;     // §3i "low stockpile" (number lost): fewer than 5 minerals    // §4j, §7: building a Starbase costs 1 population

/// Build items besides ships (§6b table lost: PD 1 BP, industry 2 BP, crystal 1 BP per §6g).
inline constexpr int kPdCost = 1;
inline constexpr int kIndustryCost = 2;
inline constexpr int kCrystalCost = 1;

enum class Kind : uint8_t { Star = 0, Dead = 1, Asteroid = 2, Nebula = 3, IonNebula = 4, BlackHole = 5 };
inline constexpr int kKinds = 6;
inline constexpr const char* kKindNames[kKinds] = {"star", "dead", "asteroid", "nebula", "ion-nebula", "black-hole"};

/// §1a quality table (lost). Index 0 = A (Gaia) ... 4 = E. Lower quality mines more (§1a prose).
struct QualityRow {
  char letter;
  int32_t popLimit;   // whole units
  int32_t startPop;   // whole units
  int32_t industry;
  int32_t mineralsPerTurn;
  int32_t startMinerals;
  int32_t pd;
  int32_t dsatCap;    // §2c: Gaia supports up to 20
  int32_t dsatStart;
  int32_t growth;     // milli-units per turn (§6d minimum 100)
  int32_t garrisonCr;  // independent defence fleet
  int32_t garrisonDd;
  int32_t sharePermille;  // share of star systems of this quality
};
inline constexpr std::array<QualityRow, 5> kQuality = {{
    {'A', 20, 12, 8, 2, 10, 6, 20, 8, 500, 2, 6, 60},
    {'B', 15, 8, 6, 3, 10, 4, 12, 4, 400, 1, 4, 180},
    {'C', 10, 5, 4, 4, 8, 3, 8, 2, 300, 0, 3, 300},
    {'D', 7, 3, 2, 4, 6, 2, 5, 1, 200, 0, 2, 280},
    {'E', 4, 2, 1, 5, 5, 1, 3, 0, 100, 0, 1, 180},
}};
inline constexpr int kGaia = 0;
inline constexpr int kQualityB = 1;

/// §1b home system: a class-B world, better established than a typical B colony (numbers lost).
struct HomeStart {
  int32_t pop = 10, industry = 8, minerals = 20, pd = 6, dsats = 4, crystals = 6;
  int32_t cruisers = 2, destroyers = 4, missiles = 1, novas = 1, freighters = 3;
};
inline constexpr HomeStart kHome{};

/// §1 galaxy mix per mille of non-home systems (lost); exactly one black hole (§1g).
inline constexpr int kDeadPermille = 120;
inline constexpr int kAsteroidPermille = 80;
inline constexpr int kNebulaPermille = 60;
inline constexpr int kIonNebulaPermille = 30;
inline constexpr int kDeadWithMineralsPermille = 500;  // §1c "some Dead Systems still contain" stockpiles
inline constexpr int kDeadMineralsMin = 5, kDeadMineralsMax = 20;
inline constexpr int kLanesNearest = 3;  // each system joins its 3 nearest neighbours (then made connected)

/// §6e unrest (threshold lost): a system is restless while whole population > 2 x PD + 2.
inline constexpr int kUnrestPdFactor = 2;
inline constexpr int kUnrestSlack = 2;

}  // namespace concord::web
