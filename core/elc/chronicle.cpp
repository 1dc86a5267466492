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
std::string fragPermilleReadout(const std::string& player, int64_t cities, int64_t ratioPermille, int64_t thresholdPermille) {
  return player + kDash + std::to_string(cities) + " cities, " + std::to_string(ratioPermille) + " \u2265 " +
         std::to_string(thresholdPermille) + ".";
}
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
  std::string cities = std::to_string(ceded) + (ceded == 1 ? " city" : " cities");
  if (to.empty()) return s + " " + cities + " become Free Cities.";
  return s + " " + cities + " ceded to " + to + kDash + "Unsettled " + std::to_string(unsettledTurns) + " turns.";
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

std::vector<std::string> renderLines(const std::vector<ChronEntry>& entries) {
  // Group fragments by turn, in emission order.
  std::vector<std::pair<uint32_t, std::vector<const ChronEntry*>>> lines;
  for (const auto& e : entries) {
    if (lines.empty() || lines.back().first != e.turn) lines.push_back({e.turn, {}});
    lines.back().second.push_back(&e);
  }
  auto aligned = [&](size_t i) { return lines[i].second.size() > 1 && lines[i].second[1]->readout; };
  std::vector<size_t> column(lines.size(), 0);
  for (size_t i = 0; i < lines.size();) {
    if (!aligned(i)) { ++i; continue; }
    size_t j = i, widest = 0;
    while (j < lines.size() && aligned(j)) widest = std::max(widest, width(lines[j].second[0]->text)), ++j;
    for (size_t k = i; k < j; ++k) column[k] = widest + 2;
    i = j;
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string s = " t" + std::to_string(lines[i].first) + "  ";
    const auto& frags = lines[i].second;
    for (size_t k = 0; k < frags.size(); ++k) {
      s += frags[k]->text;
      if (k + 1 == frags.size()) break;
      size_t pad = (k == 0 && column[i] > 0) ? column[i] - width(frags[k]->text) : 2;
      s += std::string(pad, ' ');
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace concord::elc
