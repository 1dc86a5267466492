// The victory arithmetic of "14 — Victory" as pure integer functions (VC-110..VC-140): Standing,
// Tenure, the Ebb, the report quantum, the elimination tests and the setup-time map scalars.
#pragma once

#include <cstdint>
#include <string>

namespace concord::elc {

/// VC-140: ceil(x / y) evaluated as floor((x + y - 1) / y); REQUIRES x >= 0, y > 0.
inline int64_t ceilDiv(int64_t x, int64_t y) { return (x + y - 1) / y; }

/// The five inputs of VC-510 for one player (or one team, VC-1570) at the S1 snapshot.
struct StandingInputs {
  int64_t cities = 0;           // citiesHeld (VC-520)
  int64_t landmarks = 0;        // held cities that are Landmarks
  int64_t seats = 0;            // Seat cities counted (own marked Seat + rivals' Seats held)
  int64_t output = 0;           // effective Works per turn (VC-530)
  int64_t inSupplyWorksCost = 0;  // sum of worksCost over in-supply units (VC-540, VC-550)
};

/// Every line of the VC-570 computation, so the Board can show its arithmetic.
struct StandingBreakdown {
  int64_t cityTerm = 0, landmarkTerm = 0, seatTerm = 0, outputTerm = 0, civil = 0;
  int64_t militaryRaw = 0, militaryCap = 0, military = 0, standing = 0;
};

inline constexpr int64_t kCityWeight = 100;      // VC-510
inline constexpr int64_t kLandmarkWeight = 150;  // VC-510, VC-1085
inline constexpr int64_t kSeatWeight = 200;      // VC-510, VC-1085
inline constexpr int64_t kOutputWeight = 5;      // VC-510 (20 Works = one city, VC-560 rationale)
inline constexpr int64_t kMilitaryDivisor = 4;   // VC-540
inline constexpr int64_t kMilitaryCapPermille = 250;  // VC-540

/// VC-500..VC-560.
StandingBreakdown standingOf(const StandingInputs& in);
/// VC-610: floor(Standing / 100), or / 200 when Seatless.
int64_t tenureAccrual(int64_t standing, bool seatless);

/// VC-800/VC-820: the Ebb as a closed form of the turn (VC-150); holds the floor after H.
int64_t ebbThreshold(int64_t start, int64_t floor, int64_t ebbStart, int64_t horizon, int64_t turn);
/// VC-870 "cities of N": the least city count whose per-mille share meets `permille`.
inline int64_t citiesFor(int64_t permille, int64_t mapCities) { return ceilDiv(permille * mapCities, 1000); }
/// VC-490: floor(1000 × progress / threshold), unclamped; 0 when the threshold is 0.
int64_t ratioOf(int64_t progress, int64_t threshold);
/// VC-2250: Q = max(50, ceil(2 000 000 / (denominator × threshold))).
int64_t reportQuantum(int64_t denominator, int64_t threshold);
/// VC-2250: floor(ratio / Q) × Q.
inline int64_t quantise(int64_t ratio, int64_t q) { return ratio / q * q; }

/// VC-590/VC-630: the setup-time maxima of the map.
struct MapMaxima {
  int64_t civilMax = 0, smax = 0, maxTenurePerSeal = 0;
};
MapMaxima mapMaxima(int64_t mapCities, int64_t landmarks, int64_t players, int64_t potentialOutput);

/// VC-2610: progress + ceiling < threshold at H_end.
inline bool absolutelyEliminated(int64_t progress, int64_t ceiling, int64_t thresholdAtEnd) {
  return progress + ceiling < thresholdAtEnd;
}
/// VC-2620: Tenure(B) + remaining × maxTenurePerSeal < the live leader's Tenure.
inline bool relativelyEliminated(int64_t tenure, int64_t remaining, int64_t maxTenurePerSeal, int64_t leaderTenure) {
  return tenure + remaining * maxTenurePerSeal < leaderTenure;
}
/// VC-2750 condition 1, cross-multiplied (VC-130): Standing(L) >= 2 × Standing(second).
inline bool verdictGap(int64_t leader, int64_t second) { return leader >= 2 * second; }

/// VC-1031: the Region count M.
int64_t regionCount(int64_t mapCities, int64_t players);
/// VC-2040 (table reconstructed, docs/rules-decisions.md): 0 Skirmish, 1 Medium, 2 Large, 3 Huge.
int mapClassOf(int64_t mapCities);
const char* mapClassName(int cls);
/// VC-1081: L from the class default and the availability cap (greatest odd <= (cities - starts × P) / 2).
int64_t landmarkCount(int64_t mapCities, int64_t startCities, int64_t players);

/// "14,880": thousands separated by commas, as the Chronicle of VC-2460 prints Tenure.
std::string withCommas(int64_t v);

}  // namespace concord::elc
