// VC-3300: M1..M13 over one preset's self-play games, each with its target and pass/fail, and the one-line text
// form of a game's facts that `concord elc calibrate metrics` prints per game (so shards merge by concatenation).
// Targets: docs/rules-decisions.md "Acceptance metrics (VC-3300, table lost)".
#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/elc/metrics.h"

namespace concord::elc {

namespace {

constexpr const char* kTag = "elc-metrics/1";

int64_t permille(int64_t part, int64_t whole) { return whole == 0 ? 0 : part * 1000 / whole; }

std::string ratioText(int64_t part, int64_t whole, const char* of) {
  return std::to_string(part) + " of " + std::to_string(whole) + " " + of;
}

MetricResult atMost(const char* id, const char* name, int64_t part, int64_t whole, int64_t limit, const char* of) {
  MetricResult m{id, name, whole > 0, permille(part, whole), "<= " + std::to_string(limit) + " per mille",
                 ratioText(part, whole, of), false};
  m.pass = m.measured && m.value <= limit;
  return m;
}

MetricResult atLeast(const char* id, const char* name, int64_t part, int64_t whole, int64_t limit, const char* of) {
  MetricResult m{id, name, whole > 0, permille(part, whole), ">= " + std::to_string(limit) + " per mille",
                 ratioText(part, whole, of), false};
  m.pass = m.measured && m.value >= limit;
  return m;
}

}  // namespace

std::string factsLine(const GameFacts& f) {
  std::ostringstream o;
  o << kTag << " preset=" << f.preset << " players=" << f.players << " seed=" << f.seed << " end=" << f.end
    << " ending=" << f.ending << " winner=" << f.winner << " decidedRun=" << f.decidedRun
    << " vigilsBegun=" << f.vigilsBegun << " vigilsBroken=" << f.vigilsBroken << " alarmLead=" << f.alarmLead
    << " longestQuiet=" << f.longestQuiet << " ebbTrackWin=" << f.ebbTrackWin << " ebbWin=" << f.ebbWin
    << " inEstimate=" << f.inEstimate << " comeback=" << f.comeback << " grantsDecided=" << f.grantsDecided
    << " capitulations=" << f.capitulations << " falseCapitulations=" << f.falseCapitulations
    << " counterfactual=" << f.counterfactual << " charters=";
  if (f.charters.empty()) o << "-";
  for (size_t i = 0; i < f.charters.size(); ++i) o << (i ? "," : "") << f.charters[i];
  return o.str();
}

Result<GameFacts> parseFactsLine(const std::string& line) {
  std::istringstream in(line);
  std::string tag;
  if (!(in >> tag) || tag != kTag) return Err("not a metrics line (it must start with '", kTag, "'): '", line, "'");
  std::map<std::string, std::string> kv;
  for (std::string tok; in >> tok;) {
    auto eq = tok.find('=');
    if (eq == std::string::npos || eq == 0) return Err("metrics line: '", tok, "' is not key=value");
    kv[tok.substr(0, eq)] = tok.substr(eq + 1);
  }
  GameFacts f;
  auto num = [&](const char* key, int64_t lo, int64_t hi, int64_t& out) -> Result<void> {
    auto it = kv.find(key);
    if (it == kv.end()) return Err("metrics line: no ", key, "=");
    try {
      size_t used = 0;
      long long v = std::stoll(it->second, &used);
      if (used != it->second.size() || v < lo || v > hi) throw std::out_of_range(key);
      out = v;
    } catch (const std::exception&) {
      return Err("metrics line: ", key, "='", it->second, "' is not a whole number in [", lo, ", ", hi, "]");
    }
    return Ok();
  };
  int64_t v[19];
  const char* keys[19] = {"preset", "players", "seed", "end", "ending", "winner", "decidedRun", "vigilsBegun",
                          "vigilsBroken", "alarmLead", "longestQuiet", "ebbTrackWin", "ebbWin", "inEstimate",
                          "comeback", "grantsDecided", "capitulations", "falseCapitulations", "counterfactual"};
  const int64_t hi[19] = {4, kMaxSeats, 999'999'999'999, 100'000, kEndUnfinished, kMaxSeats - 1, 100'000, 1'000'000,
                          1'000'000, 100'000, 100'000, 1, 1, 1, 1, 1, kMaxSeats, kMaxSeats, 1};
  for (int i = 0; i < 19; ++i)
    if (auto r = num(keys[i], i == 5 ? -1 : 0, hi[i], v[i]); !r.ok()) return r.error();
  f.preset = static_cast<int>(v[0]);
  f.players = static_cast<int>(v[1]);
  f.seed = static_cast<uint64_t>(v[2]);
  f.end = static_cast<uint32_t>(v[3]);
  f.ending = static_cast<int>(v[4]);
  f.winner = static_cast<int>(v[5]);
  f.decidedRun = static_cast<uint32_t>(v[6]);
  f.vigilsBegun = static_cast<uint32_t>(v[7]);
  f.vigilsBroken = static_cast<uint32_t>(v[8]);
  f.alarmLead = static_cast<uint32_t>(v[9]);
  f.longestQuiet = static_cast<uint32_t>(v[10]);
  f.ebbTrackWin = v[11];
  f.ebbWin = v[12];
  f.inEstimate = v[13];
  f.comeback = v[14];
  f.grantsDecided = v[15];
  f.capitulations = static_cast<uint32_t>(v[16]);
  f.falseCapitulations = static_cast<uint32_t>(v[17]);
  f.counterfactual = v[18];
  if (f.vigilsBroken > f.vigilsBegun || f.falseCapitulations > f.capitulations || f.winner >= f.players)
    return Err("metrics line: inconsistent counts in '", line, "'");
  auto ch = kv.find("charters");
  if (ch == kv.end()) return Err("metrics line: no charters=");
  if (ch->second != "-") {
    std::istringstream cs(ch->second);
    for (std::string t; std::getline(cs, t, ',');) {
      if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || std::stoi(t) >= kTracks)
        return Err("metrics line: charters='", ch->second, "' is not a list of Track indices");
      f.charters.push_back(std::stoi(t));
    }
    if (static_cast<int>(f.charters.size()) != f.players) return Err("metrics line: one Charter per seat needed");
  }
  return f;
}

std::vector<MetricResult> computeMetrics(std::span<const GameFacts> games) {
  const auto n = static_cast<int64_t>(games.size());
  int64_t decided = 0, begun = 0, broken = 0, alarmed = 0, quietOk = 0, caps = 0, falseCaps = 0, horizon = 0;
  int64_t ebbWins = 0, ebbBelow = 0, inEst = 0, comeback = 0, grants = 0, won = 0;
  bool cadenceExempt = true;
  std::map<int, int64_t> byEnding;
  for (const auto& g : games) {
    decided += g.decidedRun >= 30;
    begun += g.vigilsBegun;
    broken += g.vigilsBroken;
    alarmed += g.alarmLead >= 3;
    quietOk += g.longestQuiet < 20;
    cadenceExempt = cadenceExempt && g.preset == static_cast<int>(Preset::EveryLastCity);
    caps += g.counterfactual ? g.capitulations : 0;  // without a counterfactual a capitulation cannot be judged
    falseCaps += g.counterfactual ? g.falseCapitulations : 0;
    horizon += g.ending == static_cast<int>(Track::Horizon);
    ebbWins += g.ebbTrackWin;
    ebbBelow += g.ebbWin;
    inEst += g.inEstimate;
    comeback += g.comeback;
    grants += g.grantsDecided;
    if (g.winner >= 0) ++won, ++byEnding[g.ending];
  }
  std::vector<MetricResult> out;
  out.push_back(atMost("M1", "decided long before the end (winner >= 2x every rival's Standing for the last 30+ Seals)",
                       decided, n, 250, "games"));
  MetricResult m2{"M2", "Vigils broken before completing (Vigil Reset/Decay, VC-690)", begun > 0,
                  permille(broken, begun), "200..800 per mille", ratioText(broken, begun, "Vigils"), false};
  m2.pass = m2.measured && m2.value >= 200 && m2.value <= 800;
  out.push_back(m2);
  int bestEnding = -1;
  int64_t bestCount = 0;
  std::string shares;
  for (auto [ending, count] : byEnding) {
    if (count > bestCount) bestEnding = ending, bestCount = count;
    shares += (shares.empty() ? "" : ", ") + std::string(ending < kTracks ? trackName(static_cast<Track>(ending)) : ending == kEndVerdict ? "Verdict" : ending == kEndSoleContender ? "Sole Contender" : "other") + " " + std::to_string(count);
  }
  MetricResult m3{"M3", "Track share: the most frequent way to win", won > 0, permille(bestCount, won),
                  "<= 700 per mille", shares.empty() ? "no winner" : shares, false};
  m3.pass = m3.measured && m3.value <= 700;
  (void)bestEnding;
  out.push_back(m3);
  out.push_back(atLeast("M4", "an Alarm on a terminal Track raised 3+ turns before the end (VC-2330)", alarmed, n, 300, "games"));
  MetricResult m5 = atLeast("M5", "every 20-turn window holds a non-Ebb Chronicle entry (VC-060)", quietOk, n, 950, "games");
  if (cadenceExempt && n > 0) m5.target = "exempt (Every Last City, VC-990)", m5.pass = true;
  out.push_back(m5);
  out.push_back(atMost("M6", "capitulations that were false positives (the player recovers with Capitulation Never, VC-2580)",
                       falseCaps, caps, 50, "capitulations"));
  out.push_back(atMost("M7", "games that run to the Horizon (stalemate ended by the clock)", horizon, n, 500, "games"));
  out.push_back(atMost("M8", "Ebb arbitrariness: Ebbing-Track wins below the starting threshold", ebbBelow, ebbWins, 500,
                       "Ebbing-Track wins"));
  out.push_back(atLeast("M9", "end turn inside the Terms' estimate [p20, p80] (VC-2030)", inEst, n, 500, "games"));
  // M10: each Charter's holders' win rate against the fair share 1000 / players.
  std::map<int, std::pair<int64_t, int64_t>> charter;  // Track -> (holders, wins)
  int64_t fair = 0, worst = 0, charterGames = 0;
  for (const auto& g : games) {
    if (g.charters.empty()) continue;
    ++charterGames;
    fair = 1000 / std::max(1, g.players);
    for (int s = 0; s < static_cast<int>(g.charters.size()); ++s) {
      ++charter[g.charters[static_cast<size_t>(s)]].first;
      charter[g.charters[static_cast<size_t>(s)]].second += g.winner == s;
    }
  }
  std::string m10detail = charterGames ? "" : "no game with Charters (no preset enables them)";
  for (auto [tr, hw] : charter) {
    int64_t rate = permille(hw.second, hw.first);
    worst = std::max(worst, rate > fair ? rate - fair : fair - rate);
    m10detail += (m10detail.empty() ? "" : ", ") + std::string(trackName(static_cast<Track>(tr))) + " " + std::to_string(rate);
  }
  MetricResult m10{"M10", "Charter balance: largest gap between a Charter's win rate and the fair share", charterGames > 0,
                   worst, "<= 100 per mille", m10detail, false};
  m10.pass = m10.measured && worst <= 100;
  out.push_back(m10);
  MetricResult m11{"M11", "comebacks: won by a player who trailed the Standing leader by a quarter from turn 20 on", n > 0,
                   permille(comeback, n), "150..350 per mille", ratioText(comeback, n, "games"), false};
  m11.pass = m11.measured && m11.value >= 150 && m11.value <= 350;
  out.push_back(m11);
  out.push_back(atMost("M12", "Horizon wins decided by Warrant, Rally and Defiance Tenure", grants, n, 100, "games"));
  out.push_back(MetricResult{"M13", "players can say who is winning and why from the Watch alone (playtest)", false, 0,
                             "playtest; cannot be automated", "not computed here", false});
  return out;
}

}  // namespace concord::elc
