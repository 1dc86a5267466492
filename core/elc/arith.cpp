// Pure victory arithmetic (VC-110..VC-140): integers only, divisions on non-negative operands.
#include "core/elc/arith.h"

#include <algorithm>

namespace concord::elc {

StandingBreakdown standingOf(const StandingInputs& in) {
  StandingBreakdown b;
  b.cityTerm = in.cities * kCityWeight;
  b.landmarkTerm = in.landmarks * kLandmarkWeight;
  b.seatTerm = in.seats * kSeatWeight;
  b.outputTerm = in.output * kOutputWeight;
  b.civil = b.cityTerm + b.landmarkTerm + b.seatTerm + b.outputTerm;
  b.militaryRaw = in.inSupplyWorksCost / kMilitaryDivisor;
  b.militaryCap = b.civil * kMilitaryCapPermille / 1000;  // VC-540: the army adds at most a quarter
  b.military = std::min(b.militaryRaw, b.militaryCap);
  b.standing = b.civil + b.military;  // VC-560
  return b;
}

int64_t tenureAccrual(int64_t standing, bool seatless) { return standing / (seatless ? 200 : 100); }

int64_t ebbThreshold(int64_t start, int64_t floor, int64_t ebbStart, int64_t horizon, int64_t turn) {
  if (turn < ebbStart || start <= floor) return start;
  int64_t t = std::min(turn, horizon);  // VC-820: holds at the floor past H
  int64_t span = horizon - ebbStart;
  if (span <= 0) return floor;
  return std::max(floor, start - (start - floor) * (t - ebbStart) / span);
}

int64_t ratioOf(int64_t progress, int64_t threshold) { return threshold <= 0 ? 0 : 1000 * progress / threshold; }

int64_t reportQuantum(int64_t denominator, int64_t threshold) {
  if (denominator <= 0 || threshold <= 0) return 1000;
  return std::max<int64_t>(50, ceilDiv(2'000'000, denominator * threshold));
}

MapMaxima mapMaxima(int64_t mapCities, int64_t landmarks, int64_t players, int64_t potentialOutput) {
  MapMaxima m;
  m.civilMax = kCityWeight * mapCities + kLandmarkWeight * landmarks + kSeatWeight * players +
               kOutputWeight * potentialOutput;
  m.smax = m.civilMax + m.civilMax * kMilitaryCapPermille / 1000;
  m.maxTenurePerSeal = m.smax / 100;
  return m;
}

int64_t regionCount(int64_t mapCities, int64_t players) {
  int64_t m0 = (mapCities + 3) / 6;
  return std::min(mapCities / 2, std::max(std::max<int64_t>(3, players), std::min<int64_t>(24, m0)));
}

int mapClassOf(int64_t mapCities) {
  if (mapCities <= 24) return 0;
  if (mapCities <= 64) return 1;
  if (mapCities <= 128) return 2;
  return 3;
}

const char* mapClassName(int cls) {
  static const char* names[] = {"Skirmish", "Medium", "Large", "Huge"};
  return names[std::clamp(cls, 0, 3)];
}

int64_t landmarkCount(int64_t mapCities, int64_t startCities, int64_t players) {
  static const int64_t classDefault[] = {3, 5, 7, 9};
  int64_t avail = std::max<int64_t>(0, mapCities - startCities * players) / 2;
  int64_t cap = avail % 2 == 1 ? avail : avail - 1;  // greatest odd not exceeding
  if (cap < 3) return 0;
  return std::min(classDefault[mapClassOf(mapCities)], cap);
}

std::string withCommas(int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return v < 0 ? "-" + out : out;
}

}  // namespace concord::elc
