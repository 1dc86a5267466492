// The Terms' Track cards (VC-1910..VC-1950), regenerated from the configuration on every call (VC-1950).
#include "core/elc/cards.h"

#include "core/elc/arith.h"
#include "core/elc/calibration.h"

namespace concord::elc {

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
std::string n(int64_t v) { return std::to_string(v); }
std::string turns(int64_t v) { return n(v) + (v == 1 ? " turn" : " turns"); }

// VC-1940 (reconstructed): Aggression = how much the Track needs taking from others; Complexity = concepts beyond
// cities and turns (Regions, Landmarks, Tallies, Works, Vigils, hidden Orders). Index = Track, T1..T14.
constexpr int kAggression[kTracks] = {4, 5, 5, 4, 3, 3, 2, 2, 1, 1, 3, 2, 2, 5};
constexpr int kComplexity[kTracks] = {2, 1, 1, 3, 3, 4, 3, 3, 1, 2, 4, 5, 3, 2};

const char* sentence(Track t) {
  switch (t) {
    case Track::Dominion: return "Hold a large share of the map's cities for a run of turns; the share falls late in the game.";
    case Track::EveryLastCity: return "Hold every city on the map. Nothing less ends the game on this Track.";
    case Track::LastStanding: return "Be the last player left in the game.";
    case Track::Hegemony: return "Hold every city of enough Regions for a run of turns.";
    case Track::Keys: return "Hold enough of the map's public Landmarks for a run of turns.";
    case Track::Ascendancy: return "Score a point at each Tally for every lit Landmark you hold; reach the target first.";
    case Track::GreatWork: return "Pour Works into a Great Work on a Landmark you hold until it is complete.";
    case Track::Prosperity: return "Produce a large share of the map's potential Works for a run of turns.";
    case Track::Horizon: return "When the last turn comes, the player with the highest Tenure wins.";
    case Track::Endurance: return "Still hold enough cities when a late turn arrives.";
    case Track::Charters: return "Each player has a public Charter, a personal condition; complete yours to win.";
    case Track::Ambition: return "Complete hidden Sealed Orders and claim Warrants to gather Ambition points.";
    case Track::Warrants: return "Scheduled public objectives pay Tenure or Ambition to whoever claims them; they never end the game.";
    case Track::Throne: return "Hold or topple every rival's Seat for a run of turns.";
  }
  return "";
}

// VC-1920: at most three parameters, the ones a player sets; everything else keeps its default behind `describe`.
Params params(Track t, const Config& c, const MapFacts& m) {
  switch (t) {
    case Track::Dominion:
      return {{"dominion-start", n(citiesFor(dominionStart(c, m), m.cities)) + " of " + n(m.cities) + " cities"},
              {"dominion-vigil", turns(c.dominionVigil)},
              {"ebb-start", "turn " + n(ebbStartTurn(c))}};
    case Track::EveryLastCity: return {{"cities", n(m.cities)}};
    case Track::LastStanding: return {};
    case Track::Hegemony:
      return {{"hegemony-start", n(hegemonyStart(c, m)) + " of " + n(m.regions) + " Regions"},
              {"hegemony-vigil", turns(c.hegemonyVigil)},
              {"ebb-start", "turn " + n(ebbStartTurn(c))}};
    case Track::Keys:
      return {{"keys", n(keysThreshold(c, m)) + " of " + n(m.landmarks) + " Landmarks"}, {"keys-vigil", turns(c.keysVigil)}};
    case Track::Ascendancy:
      return {{"ascendancy", n(c.ascendancyThreshold) + " points"}, {"lit", n(c.litCount) + " Landmarks"},
              {"rotation", "every " + turns(c.rotationPeriod)}};
    case Track::GreatWork:
      return {{"great-work", n(c.greatWorkThreshold) + " Works"}, {"work-rate", n(c.workRate) + " Works a turn"}};
    case Track::Prosperity:
      return {{"prosperity", n(ceilDiv(c.prosperityThreshold * m.potentialOutput, 1000)) + " of " + n(m.potentialOutput) +
                                 " potential Works"},
              {"prosperity-vigil", turns(c.prosperityVigil)}};
    case Track::Horizon: return {{"horizon", "turn " + n(c.horizon)}, {"jitter", turns(c.jitter)}};
    case Track::Endurance:
      return {{"endurance-cities", n(enduranceCities(c, m)) + " cities"}, {"endurance-turn", "turn " + n(enduranceTurn(c))}};
    case Track::Charters:
      return {{"charter-mode", c.charterMode == CharterMode::Exclusive ? "exclusive" : "additional"}};
    case Track::Ambition:
      return {{"ambition", n(c.ambitionThreshold) + " points"}, {"sealed-orders", n(c.sealedOrders) + " a player"}};
    case Track::Warrants: {
      const char* mode = c.warrantMode == WarrantMode::Open ? "open" : c.warrantMode == WarrantMode::Contested ? "contested" : "mixed";
      return {{"war-period", "every " + turns(c.warPeriod)}, {"warrant-mode", mode}};
    }
    case Track::Throne: return {{"throne-vigil", turns(c.throneVigil)}};
  }
  return {};
}

}  // namespace

int lengthRating(int64_t medianTurn, int64_t horizon) {
  for (int k = 1; k <= 4; ++k)
    if (5 * medianTurn <= k * horizon) return k;
  return 5;
}

int aggressionRating(Track t) { return kAggression[static_cast<int>(t)]; }
int complexityRating(Track t) { return kComplexity[static_cast<int>(t)]; }

int64_t medianCompletionTurn(Track t, const Config& c, const MapFacts& m) {
  if (t == Track::Horizon) return c.horizon;
  if (!isTerminal(t)) {  // Warrants complete nothing: they run over the whole game
    Estimate e = estimateLength(c, m);
    return (e.p20 + e.p80) / 2;
  }
  if (const CalibrationCell* cell = calibrationCell(static_cast<uint8_t>(t), static_cast<uint8_t>(mapClassOf(m.cities)),
                                                    static_cast<uint8_t>(m.players)))
    return cell->p50;
  Estimate f = fallbackEstimate(t, c);
  return (f.p20 + f.p80) / 2;
}

std::vector<TrackCard> termsCards(const Config& c, const MapFacts& m) {
  std::vector<TrackCard> out;
  for (int i = 0; i < kTracks; ++i) {
    auto t = static_cast<Track>(i);
    if (!c.on(t)) continue;
    TrackCard card{t, trackName(t), sentence(t), params(t, c, m), lengthRating(medianCompletionTurn(t, c, m), c.horizon),
                   aggressionRating(t), complexityRating(t), {}};
    if (t == Track::EveryLastCity) {  // VC-980: the expected length and the forced mercy rule, plainly
      Estimate e = estimateLength(c, m);
      card.warning = "Warning: expect " + n(e.p20) + "\u2013" + n(e.p80) +
                     " turns; Capitulation is forced to Aggressive (the mercy rule) while this Track is on.";
    }
    out.push_back(std::move(card));
  }
  return out;
}

std::string renderCards(const std::vector<TrackCard>& cards) {
  std::string s;
  for (const auto& k : cards) {
    s += "[" + k.name + "] " + k.sentence + "\n ";
    for (const auto& [key, value] : k.params) s += " " + key + ": " + value + ";";
    s += " Length " + n(k.length) + "/5, Aggression " + n(k.aggression) + "/5, Complexity " + n(k.complexity) + "/5\n";
    if (!k.warning.empty()) s += "  " + k.warning + "\n";
  }
  return s;
}

}  // namespace concord::elc
