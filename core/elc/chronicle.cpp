// Chronicle rendering (VC-2420..VC-2460): plain-language fragments and the one-line-per-turn layout.
#include "core/elc/chronicle.h"

#include <algorithm>

#include "core/elc/arith.h"

namespace concord::elc {

namespace {
const char* kNames[kChronClasses] = {
    "TrackCrossed", "VigilBegun", "VigilHeld", "VigilBroken", "AlarmRaised", "AlarmCleared", "EbbStep",
    "TallyResolved", "WarrantAnnounced", "WarrantOpened", "WarrantClaimed", "WarrantExpired", "WarrantTruncated",
    "SealedOrderRevealed", "AmbitionGained", "WorkSiteDesignated", "WorkSiteCaptured", "SeatLost", "SeatRestored",
    "Broken", "Recovered", "Capitulated", "Conceded", "Substituted", "TrackDecided", "OutOfContention",
    "VerdictOffered", "VerdictPassed", "VerdictFailed", "ReducedEntered", "ReducedLeft", "RallyIssued", "RallyClaimed",
    "DefianceScored", "GameWon"};
const char* kPlayers[] = {"Red", "Blue", "Green", "Gold", "Violet", "Teal", "Orange", "Grey"};
const std::string kDash = " \u2014 ";  // the em dash the Chronicle of VC-2460 prints

// Display width in characters (UTF-8 continuation bytes do not count), for the column layout.
size_t width(const std::string& s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}
}  // namespace

const char* chronName(Chron c) { return kNames[static_cast<int>(c)]; }

bool alwaysPublic(Chron c) {
  switch (c) {
    case Chron::EbbStep: case Chron::TallyResolved: case Chron::WarrantAnnounced: case Chron::WarrantOpened:
    case Chron::WarrantExpired: case Chron::Capitulated: case Chron::Conceded: case Chron::Substituted:
    case Chron::ReducedEntered: case Chron::ReducedLeft: case Chron::OutOfContention: case Chron::GameWon:
    case Chron::RallyIssued: case Chron::RallyClaimed:  // VC-070, VC-2960: published to every player at once
      return true;
    default: return false;
  }
}

std::string playerName(int seat) {
  if (seat >= 0 && seat < 8) return kPlayers[seat];
  return "Seat " + std::to_string(seat);
}

std::string fragTakes(const std::string& taker, const std::string& city, bool landmark) {
  return taker + " takes " + city + (landmark ? " (Landmark)." : ".");
}
std::string fragHolds(const std::string& player, int64_t cities) {
  return player + " holds " + std::to_string(cities) + ".";
}
std::string fragCountReadout(const std::string& player, const std::string& track, int64_t progress, int64_t threshold) {
  return player + kDash + track + " " + std::to_string(progress) + "/" + std::to_string(threshold) + ".";
}
std::string fragPermilleReadout(const std::string& player, int64_t cities, int64_t ratioPermille, int64_t thresholdPermille,
                                const std::string& unit) {
  const char* cmp = ratioPermille >= thresholdPermille ? " \u2265 " : " < ";
  return player + kDash + std::to_string(cities) + " " + unit + ", " + std::to_string(ratioPermille) + cmp +
         std::to_string(thresholdPermille) + ".";
}
std::string citiesWord(int64_t n) { return std::to_string(n) + (n == 1 ? " city" : " cities"); }
std::string fragVigilBegins(int64_t vigil) { return "VIGIL BEGINS (" + std::to_string(vigil) + ")."; }
std::string fragVigilBroken(int64_t counter, int64_t vigil) {
  return "VIGIL BROKEN at " + std::to_string(counter) + "/" + std::to_string(vigil) + ".";
}
std::string fragVigilHolds(int64_t counter, int64_t vigil) {
  std::string n = std::to_string(counter) + "/" + std::to_string(vigil) + ".";
  return counter >= vigil ? "Vigil " + n : "Vigil holds " + n;
}
std::string fragAlarm() { return "ALARM."; }
std::string fragCapitulates(const std::string& player, int64_t brokenTurns, int64_t ceded, const std::string& to,
                            int64_t unsettledTurns) {
  std::string s = player + " capitulates (Broken " + std::to_string(brokenTurns) + (brokenTurns == 1 ? " turn)." : " turns).");
  if (ceded == 0) return s;
  if (to.empty()) return s + " " + (ceded == 1 ? std::string("1 city becomes a Free City.") : citiesWord(ceded) + " become Free Cities.");
  return s + " " + citiesWord(ceded) + " ceded to " + to + kDash + "Unsettled " + std::to_string(unsettledTurns) + " turns.";
}
std::string fragEbb(const std::string& track, int64_t permille, int64_t count, int64_t of, bool unitWord) {
  return "Ebb: " + track + " " + std::to_string(permille) + " per mille (" + std::to_string(count) + " of " +
         std::to_string(of) + (unitWord ? " cities)." : ").");
}
std::string fragDecided(const std::string& track, const std::string& player, const std::vector<std::string>& others,
                        int64_t mark) {
  std::string who;
  for (size_t i = 0; i < others.size(); ++i)
    who += (i == 0 ? "" : i + 1 == others.size() ? " and " : ", ") + others[i];
  return track + " DECIDED for " + player + kDash + who + " can no longer reach " + withCommas(mark) + ".";
}
std::string fragWins(const std::string& player, const std::string& track) {
  std::string up = player;
  for (auto& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return up + " WINS" + kDash + track + ".";
}

namespace {

// The part a fragment plays in a VC-2460 line.
enum class Part { Takes, Readout, Holds, Vigil, Alarm, Won, Ebb, Other };

Part partOf(const ChronEntry& e) {
  if (e.cls == Chron::EbbStep) return Part::Ebb;
  if (e.cls == Chron::GameWon) return Part::Won;
  if (e.cls == Chron::AlarmRaised) return e.text == fragAlarm() ? Part::Alarm : Part::Other;
  if (e.readout) return Part::Readout;
  if (e.cls != Chron::TrackCrossed && e.cls != Chron::VigilBegun && e.cls != Chron::VigilHeld && e.cls != Chron::VigilBroken)
    return Part::Other;
  if (e.text.rfind("VIGIL ", 0) == 0 || e.text.rfind("Vigil ", 0) == 0) return Part::Vigil;
  if (e.text.find(kDash) != std::string::npos) return Part::Other;  // victoryLogicVersion 4's "Red — Keys: VIGIL ..."
  if (e.text.find(" takes ") != std::string::npos) return Part::Takes;
  if (e.text.find(" holds ") != std::string::npos) return Part::Holds;
  return Part::Other;
}

// Whether a fragment continues the story on the line before it (same turn) or starts a line of its own.
bool continues(Part before, Part p) {
  switch (p) {
    case Part::Takes: case Part::Readout: return before == Part::Takes;
    case Part::Holds: return before == Part::Ebb || before == Part::Takes;
    case Part::Vigil: return before == Part::Takes || before == Part::Readout || before == Part::Holds;
    case Part::Alarm: return before == Part::Vigil || before == Part::Readout || before == Part::Holds;
    case Part::Won: return before == Part::Vigil || before == Part::Alarm;
    default: return false;
  }
}

// "Ebb: Dominion 536 per mille (26 of 48)." ends its line as "... (26 of 48 cities)."
std::string withUnitWord(const std::string& text) {
  if (text.rfind("Ebb: Dominion ", 0) != 0 || text.size() < 2 || text.compare(text.size() - 2, 2, ").") != 0 ||
      text.find(" cities)") != std::string::npos)
    return text;
  return text.substr(0, text.size() - 2) + " cities).";
}

}  // namespace

std::vector<std::string> renderLines(const std::vector<ChronEntry>& entries) {
  struct Line {
    uint32_t turn;
    std::vector<const ChronEntry*> frags;
  };
  std::vector<Line> lines;
  for (const auto& e : entries) {
    if (lines.empty() || lines.back().turn != e.turn || !continues(partOf(*lines.back().frags.back()), partOf(e)))
      lines.push_back({e.turn, {}});
    lines.back().frags.push_back(&e);
  }
  auto aligned = [&](size_t i) { return lines[i].frags.size() > 1 && partOf(*lines[i].frags[1]) == Part::Readout; };
  auto ebbOnly = [&](size_t i) {
    return std::all_of(lines[i].frags.begin(), lines[i].frags.end(), [](const ChronEntry* e) { return e->cls == Chron::EbbStep; });
  };
  std::vector<size_t> column(lines.size(), 0);
  for (size_t i = 0; i < lines.size();) {
    if (!aligned(i)) { ++i; continue; }
    std::vector<size_t> run;
    size_t j = i, widest = 0;
    for (; j < lines.size() && (aligned(j) || ebbOnly(j)); ++j)
      if (aligned(j)) run.push_back(j), widest = std::max(widest, width(lines[j].frags[0]->text));
    for (size_t k : run) column[k] = widest + 2;
    i = j;
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string s = " t" + std::to_string(lines[i].turn) + "  ";
    const auto& frags = lines[i].frags;
    for (size_t k = 0; k < frags.size(); ++k) {
      const bool last = k + 1 == frags.size();
      s += last && frags[k]->cls == Chron::EbbStep ? withUnitWord(frags[k]->text) : frags[k]->text;
      if (last) break;
      size_t pad = (k == 0 && column[i] > 0) ? column[i] - width(frags[k]->text) : 2;
      s += std::string(pad, ' ');
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace concord::elc
