// The Terms paragraph (VC-1960..VC-2010), the estimate (VC-2050, VC-2060) and the threshold schedule.
#include "core/elc/terms.h"

#include <algorithm>
#include <vector>

#include "core/elc/arith.h"
#include "core/elc/calibration.h"

namespace concord::elc {

MapFacts referenceMap() { return MapFacts{}; }

int64_t dominionStart(const Config& c, const MapFacts& m) {
  return c.dominionStart != 0 ? c.dominionStart : 500 + 500 / std::max<int64_t>(1, m.players);  // VC-910
}
int64_t hegemonyStart(const Config& c, const MapFacts& m) {
  int64_t lo = m.regions / 2 + 1;
  int64_t v = c.hegemonyStart != 0 ? c.hegemonyStart : ceilDiv(5 * m.regions, 8);  // VC-1050
  return std::clamp(v, lo, m.regions);
}
int64_t keysThreshold(const Config& c, const MapFacts& m) {
  int64_t lo = (m.landmarks + 1) / 2;
  return std::clamp<int64_t>(c.keysThreshold != 0 ? c.keysThreshold : lo, lo, std::max(lo, m.landmarks));  // VC-1100
}
int64_t ebbStartTurn(const Config& c) { return c.ebbStart != 0 ? c.ebbStart : 6 * c.horizon / 10; }  // VC-810
int64_t enduranceTurn(const Config& c) { return c.enduranceTurn != 0 ? c.enduranceTurn : 3 * c.horizon / 4; }
int64_t enduranceCities(const Config& c, const MapFacts& m) {
  return c.enduranceCities != 0 ? c.enduranceCities : ceilDiv(m.cities, 8);  // VC-1400
}

int64_t trackFloor(Track t, const Config& c, const MapFacts& m) {
  switch (t) {
    case Track::Dominion: return 501;                   // VC-930
    case Track::Hegemony: return m.regions / 2 + 1;     // VC-1050
    default: return thresholdAt(t, c, m, 1, m.players - 1);  // VC-790 (reconstructed): the rest never Ebb
  }
}

bool ebbs(Track t, const Config& c, const MapFacts& m) {
  if (t == Track::Dominion) return dominionStart(c, m) > 501;
  if (t == Track::Hegemony) return hegemonyStart(c, m) > m.regions / 2 + 1;  // VC-1050: equal start and floor do not Ebb
  return false;
}

int64_t thresholdAt(Track t, const Config& c, const MapFacts& m, int64_t turn, int64_t liveRivals) {
  switch (t) {
    case Track::Dominion: return ebbThreshold(dominionStart(c, m), 501, ebbStartTurn(c), c.horizon, turn);
    case Track::EveryLastCity: return m.cities;  // VC-970
    case Track::LastStanding: return 1;          // VC-1000
    case Track::Hegemony:
      return ebbThreshold(hegemonyStart(c, m), m.regions / 2 + 1, ebbStartTurn(c), c.horizon, turn);
    case Track::Keys: return keysThreshold(c, m);
    case Track::Ascendancy: return c.ascendancyThreshold;
    case Track::GreatWork: return c.greatWorkThreshold;
    case Track::Prosperity: return c.prosperityThreshold;
    case Track::Horizon: return c.horizon;  // Scheduled: the readout ratio is floor(1000 t / H) (VC-1370)
    case Track::Endurance: return 1;
    case Track::Throne: return liveRivals;  // VC-1480
    case Track::Charters: case Track::Ambition: case Track::Warrants: return 0;
  }
  return 0;
}

namespace {

std::string turnsWord(int64_t n) { return std::to_string(n) + (n == 1 ? " turn" : " turns"); }
std::string forVigil(int64_t v) { return v <= 1 ? "" : " for " + turnsWord(v); }

}  // namespace

// VC-880 "Est. turns" fallback (table lost; reconstructed in docs/rules-decisions.md).
Estimate fallbackEstimate(Track t, const Config& c) {
  switch (t) {
    case Track::Dominion: return {90, 170, false};
    case Track::EveryLastCity: return {220, 400, false};
    case Track::LastStanding: return {200, 400, false};
    case Track::Hegemony: return {110, 190, false};
    case Track::Keys: return {100, 160, false};
    case Track::Ascendancy: return {90, 150, false};
    case Track::GreatWork: return {70, 140, false};
    case Track::Prosperity: return {100, 180, false};
    case Track::Horizon: return {c.horizon, c.horizon, false};
    case Track::Endurance: return {enduranceTurn(c), enduranceTurn(c), false};
    case Track::Throne: return {40, 90, false};
    case Track::Charters: return {80, 170, false};  // §10 (reconstructed): between the Keys' and Dominion's
    case Track::Ambition: return {90, 170, false};
    default: return {c.horizon, c.horizon, false};
  }
}

int64_t countBackTurn(Track t, const Config& c, const MapFacts& m, int64_t progress, int64_t turn) {
  for (int64_t k = turn + 1; k <= std::min<int64_t>(c.horizon, terminationBound(c)); ++k)
    if (progress >= thresholdAt(t, c, m, k, 0)) return k;
  return -1;
}

Estimate estimateLength(const Config& c, const MapFacts& m, EstimateSource src) {
  Estimate e{INT64_MAX, INT64_MAX, true, kCalibrationRulesetVersion != kRulesVersion};
  for (int i = 0; i < kTracks; ++i) {
    auto t = static_cast<Track>(i);
    if (!c.on(t) || !isTerminal(t)) continue;
    // Every cell's games run with Last Standing on, so its effect is in the table already (VC-2050).
    if (t == Track::LastStanding && src == EstimateSource::Table && !calibrationTable().empty()) continue;
    const CalibrationCell* cell = src == EstimateSource::Table && t != Track::Horizon
                                      ? calibrationCell(static_cast<uint8_t>(i), static_cast<uint8_t>(mapClassOf(m.cities)),
                                                        static_cast<uint8_t>(m.players))
                                      : nullptr;
    Estimate f = cell ? Estimate{cell->p20, cell->p80, true, false} : fallbackEstimate(t, c);
    if (!cell && t != Track::Horizon) e.calibrated = false;  // the Horizon's length is exact, not estimated
    e.p20 = std::min(e.p20, f.p20);
    e.p80 = std::min(e.p80, f.p80);
  }
  e.p80 = std::min<int64_t>(e.p80, terminationBound(c));  // VC-2050: the Horizon (or the hard bound) caps everything
  e.p20 = std::min(e.p20, e.p80);
  return e;
}

std::string termsParagraph(const Config& c, const MapFacts& m, EstimateSource src) {
  std::vector<std::string> ends;  // VC-1970 terminal clauses, catalogue order, Last Standing last
  int64_t pot = m.potentialOutput;
  if (c.on(Track::Dominion))
    ends.push_back("holds " + std::to_string(citiesFor(dominionStart(c, m), m.cities)) + " of the map's " +
                   std::to_string(m.cities) + " cities" + forVigil(c.dominionVigil));
  if (c.on(Track::EveryLastCity)) ends.push_back("holds every one of the map's " + std::to_string(m.cities) + " cities");
  if (c.on(Track::Hegemony))
    ends.push_back("holds every city of " + std::to_string(hegemonyStart(c, m)) + " of the " + std::to_string(m.regions) +
                   " Regions" + forVigil(c.hegemonyVigil));
  if (c.on(Track::Keys))
    ends.push_back("holds " + std::to_string(keysThreshold(c, m)) + " of the " + std::to_string(m.landmarks) +
                   " Landmarks" + forVigil(c.keysVigil));
  if (c.on(Track::Ascendancy))
    ends.push_back("scores " + std::to_string(c.ascendancyThreshold) + " Ascendancy points at the Tallies");
  if (c.on(Track::GreatWork))
    ends.push_back("completes a Great Work of " + std::to_string(c.greatWorkThreshold) + " Works on a Landmark it holds");
  if (c.on(Track::Prosperity))
    ends.push_back("produces " + std::to_string(ceilDiv(c.prosperityThreshold * pot, 1000)) + " of the map's " +
                   std::to_string(pot) + " potential Works" + forVigil(c.prosperityVigil));
  if (c.on(Track::Endurance))
    ends.push_back("holds " + std::to_string(enduranceCities(c, m)) + " cities at turn " +
                   std::to_string(enduranceTurn(c)) + " or later");
  if (c.on(Track::Throne)) ends.push_back("holds or has toppled every rival's Seat" + forVigil(c.throneVigil));
  const bool exclusive = c.on(Track::Charters) && c.charterMode == CharterMode::Exclusive;
  if (exclusive) ends.clear();  // VC-1990: under Exclusive the shared Tracks cannot end the game
  if (c.on(Track::Charters)) ends.push_back("completes its own Charter, public from turn 1");
  if (c.on(Track::Ambition))
    ends.push_back("gathers " + std::to_string(c.ambitionThreshold) + " Ambition points from Sealed Orders and Warrants");
  ends.push_back("is the last player left");  // VC-1010: always enabled
  std::string s = "This game ends when a player ";
  for (size_t i = 0; i < ends.size(); ++i) s += (i == 0 ? "" : "; or ") + ends[i];
  s += ".";
  std::string h = std::to_string(c.horizon), ds = std::to_string(ebbStartTurn(c));
  if (c.on(Track::Dominion) && !exclusive && ebbs(Track::Dominion, c, m))  // VC-1980: natural units, never per-mille
    s += " From turn " + ds + " the Dominion requirement falls, reaching " + std::to_string(citiesFor(501, m.cities)) +
         " of " + std::to_string(m.cities) + " cities at turn " + h + ".";
  if (c.on(Track::Hegemony) && !exclusive && ebbs(Track::Hegemony, c, m))
    s += " From turn " + ds + " the Hegemony requirement falls, reaching " + std::to_string(m.regions / 2 + 1) + " of " +
         std::to_string(m.regions) + " Regions at turn " + h + ".";
  if (!c.on(Track::Horizon))  // VC-1340 disabled: the hard bound ends the game by the tie chain (VC-2600, VC-2720)
    s += " There is no Horizon: if no one has won by turn " + std::to_string(c.bound) +
         ", the game ends there and the player with the highest Tenure wins.";
  else if (c.jitter > 0)  // VC-1360: the window is public from turn 1, the true turn 10 turns ahead
    s += " Between turns " + h + " and " + std::to_string(c.horizon + c.jitter) +
         " (the exact turn is announced 10 turns ahead), the player with the highest Tenure wins.";
  else
    s += " At turn " + h + ", the player with the highest Tenure wins.";
  if (c.capitulation != Capitulation::Never)
    s += " Broken players surrender automatically after " + turnsWord(capitulationSeals(c)) + ".";
  if (c.verdict)
    s += std::string(" A decided game may be ended early by a ") + (c.unanimity ? "unanimous " : "") +
         "vote of the trailing players.";
  if (c.rally && c.defiance)
    s += " A player far behind receives public Rally objectives, and taking a city from the leader is worth extra Tenure.";
  else if (c.rally)
    s += " A player far behind receives public Rally objectives.";
  else if (c.defiance)
    s += " Taking a city from the leader is worth extra Tenure.";
  Estimate e = estimateLength(c, m, src);
  s += " Estimated length: " + std::to_string(e.p20) + "\u2013" + std::to_string(e.p80) + " turns.";
  return s;
}

}  // namespace concord::elc
