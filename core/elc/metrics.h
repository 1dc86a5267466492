// The acceptance metrics of VC-3300 (M1..M13; the seed's table is lost, reconstructed in docs/rules-decisions.md
// "Acceptance metrics") and the records they read: the Alarm record of VC-2330 and the capitulation record of
// VC-2580. Everything here is read from what a finished game retains (Seal records, Chronicle, players), so the
// metrics can be computed from a replay alone (VC-3280).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/elc/config.h"
#include "core/game/game.h"

namespace concord::elc {

class ElcGame;

/// VC-2330: one Alarm: who, on which Track, the Seal that raised it, the Seal that cleared it (0: still raised
/// when the game ended) and the turn the game ended (0: not over).
struct AlarmRecord {
  Seat seat = 0;
  Track track = Track::Dominion;
  uint32_t raised = 0, cleared = 0, gameEnd = 0;
};
/// Every Alarm of the game in the order raised, from the retained Seal records (a band entering Alarm, VC-2220).
std::vector<AlarmRecord> alarmRecords(const ElcGame& g);

/// VC-2580: one capitulation or concession with the Seal, the C in force, the peaks, the cities disposed of and
/// the Principal Aggressor (-1: none, the cities went free or there were none).
struct CapitulationRecord {
  Seat seat = 0;
  uint32_t turn = 0;
  bool conceded = false;
  int c = 0;
  int64_t peakCities = 0, peakOutput = 0;
};
std::vector<CapitulationRecord> capitulationRecords(const ElcGame& g);

/// M6's counterfactual: whether `seat` is live and not Broken at some Seal after `turn` in `g` (the same seed played
/// with Capitulation Never): the capitulation at `turn` was a false positive.
bool recoversAfter(const ElcGame& g, Seat seat, uint32_t turn);

/// How a game ended, as a metric reads it: a Track index (0..13) or one of these.
enum Ending : int { kEndVerdict = 14, kEndSoleContender = 15, kEndAllEliminated = 16, kEndNoPlayerLeft = 17,
                    kEndUnfinished = 18 };
int endingOf(const ElcGame& g);

/// One game's inputs to M1..M12: one line of `concord elc calibrate metrics`.
struct GameFacts {
  int preset = 0, players = 0;
  uint64_t seed = 0;
  uint32_t end = 0;
  int ending = kEndUnfinished, winner = -1;
  uint32_t decidedRun = 0;                   // M1: the winner's closing run of Seals at >= 2x every rival's Standing
  uint32_t vigilsBegun = 0, vigilsBroken = 0;  // M2: Vigils (vigil >= 2) begun and broken
  uint32_t alarmLead = 0;     // M4: turns from the first Alarm on a terminal Track other than the Horizon to the end
  uint32_t longestQuiet = 0;  // M5: the longest run of turns without a Chronicle entry other than EbbStep
  bool ebbTrackWin = false, ebbWin = false;  // M8: won on an Ebbing Track; and below its starting threshold
  bool inEstimate = false;                   // M9: the end turn inside the Terms' estimate [p20, p80]
  bool comeback = false;                     // M11: won by a player who trailed by a quarter from turn 20 on
  bool grantsDecided = false;                // M12: Warrant, Rally and Defiance Tenure changed the Tenure winner
  uint32_t capitulations = 0, falseCapitulations = 0;  // M6 (the false ones: filled by the counterfactual)
  bool counterfactual = true;  // M6: false when the preset forbids Capitulation Never (Every Last City, VC-980)
  std::vector<int> charters;                 // M10: each seat's Charter Track index, empty without Charters
};
/// The facts of a finished game (falseCapitulations stays 0: the caller plays the counterfactual).
GameFacts measureGame(const ElcGame& g, uint64_t seed);
std::string factsLine(const GameFacts& f);
Result<GameFacts> parseFactsLine(const std::string& line);

struct MetricResult {
  std::string id, name;
  bool measured = false;  // false: not computable from these games (M10 without Charters, M13 never)
  int64_t value = 0;      // per mille
  std::string target, detail;
  bool pass = false;
};
/// M1..M13 over one preset's games (VC-3300), each with its target and pass/fail.
std::vector<MetricResult> computeMetrics(std::span<const GameFacts> games);

}  // namespace concord::elc
