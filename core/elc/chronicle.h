// The Chronicle (§13.7): the classes of VC-2430, one rendered fragment per event, per-player visibility
// (VC-2440) and the line layout of VC-2460 (a turn's fragments on one line).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace concord::elc {

/// VC-3250: the presentation (Chronicle wording, Watch text) is versioned apart from the logic; a change
/// to it alone does not invalidate a replay.
inline constexpr uint32_t kPresentationVersion = 1;

enum class Chron : uint8_t {
  TrackCrossed, VigilBegun, VigilHeld, VigilBroken, AlarmRaised, AlarmCleared, EbbStep, TallyResolved,
  WarrantAnnounced, WarrantOpened, WarrantClaimed, WarrantExpired, WarrantTruncated, SealedOrderRevealed,
  AmbitionGained, WorkSiteDesignated, WorkSiteCaptured, SeatLost, SeatRestored, Broken, Recovered, Capitulated,
  Conceded, Substituted, TrackDecided, OutOfContention, VerdictOffered, VerdictPassed, VerdictFailed,
  ReducedEntered, ReducedLeft, RallyIssued, RallyClaimed, DefianceScored, GameWon
};
inline constexpr int kChronClasses = 35;
const char* chronName(Chron c);
/// VC-2440: the classes every player sees whatever the bands say.
bool alwaysPublic(Chron c);

struct ChronEntry {
  uint32_t turn = 0;
  Chron cls = Chron::EbbStep;
  std::string text;            // one rendered fragment, e.g. "VIGIL BEGINS (6)."
  bool readout = false;        // a "<Player> — <Track> ..." readout: aligned in VC-2460's layout
  uint32_t visibleMask = 0;    // seats that may see it (bit s); ignored when alwaysPublic(cls)
};

/// Player names by seat as the Chronicle prints them (Red, Blue, Green, Gold, ...).
std::string playerName(int seat);

// Fragment renderers (VC-2460 reproduces each of them character for character).
std::string fragTakes(const std::string& taker, const std::string& city, bool landmark);
std::string fragHolds(const std::string& player, int64_t cities);
std::string fragCountReadout(const std::string& player, const std::string& track, int64_t progress, int64_t threshold);
/// "Red — 26 cities, 541 ≥ 534." (VC-2460): a per-mille Track's count in its natural unit, then progress against the
/// threshold; "<" once the Track is no longer satisfied.
std::string fragPermilleReadout(const std::string& player, int64_t cities, int64_t ratioPermille, int64_t thresholdPermille,
                                const std::string& unit = "cities");
std::string fragVigilBegins(int64_t vigil);
std::string fragVigilBroken(int64_t counter, int64_t vigil);
std::string fragVigilHolds(int64_t counter, int64_t vigil);  // "Vigil holds 2/3." or, at completion, "Vigil 3/3."
std::string fragAlarm();
std::string fragCapitulates(const std::string& player, int64_t brokenTurns, int64_t ceded, const std::string& to,
                            int64_t unsettledTurns);
/// EbbStep; `unitWord` adds " cities" after the count (the fragment that ends its line names its unit).
std::string fragEbb(const std::string& track, int64_t permille, int64_t count, int64_t of, bool unitWord);
std::string fragDecided(const std::string& track, const std::string& player, const std::vector<std::string>& others,
                        int64_t mark);
std::string fragWins(const std::string& player, const std::string& track);

/// "3 cities" / "1 city": the count with its noun in the right number.
std::string citiesWord(int64_t n);

/// VC-2460 layout: each line is " t<turn>  " and one story's fragments joined by two spaces. A story is a Vigil's
/// event told whole: the captures behind it ("Red takes Kestrel Bay (Landmark)."), its readout, the Vigil's state,
/// "ALARM." and the win; an Ebb step leads the line of a crossing it caused ("Red holds 27."); every other entry is a
/// line of its own. In a run of lines whose second fragment is a readout the first fragments are padded to a common
/// column (longest + 2); lines holding only Ebb steps (one every turn from Ds) do not break a run. The Dominion Ebb
/// fragment that ends its line names its unit: "(29 of 48 cities)."
std::vector<std::string> renderLines(const std::vector<ChronEntry>& entries);

}  // namespace concord::elc
