// One finished game's facts for the acceptance metrics of VC-3300, read from what the game retains: the Seal
// records (VC-250), the Chronicle's classes and turns, and the players' frozen state. The Alarm record (VC-2330)
// and the capitulation record (VC-2580) are derived here too. Definitions: docs/rules-decisions.md
// "Acceptance metrics (VC-3300, table lost)".
#include "core/elc/metrics.h"

#include <algorithm>

#include "core/elc/state.h"
#include "core/elc/terms.h"

namespace concord::elc {

namespace {

const PlayerRecord* recordOf(const SealRecordElc& r, Seat s) {
  for (const auto& p : r.players)
    if (p.seat == s) return &p;
  return nullptr;
}

const TrackRecord* trackOf(const PlayerRecord& p, Track t) {
  for (const auto& tr : p.tracks)
    if (tr.track == static_cast<uint8_t>(t)) return &tr;
  return nullptr;
}

uint32_t endTurn(const ElcGame& g) { return g.over() ? g.turn() : 0; }

}  // namespace

std::vector<AlarmRecord> alarmRecords(const ElcGame& g) {
  std::vector<AlarmRecord> out;
  std::vector<size_t> open;  // indices into out of Alarms not yet cleared
  for (const auto& rec : g.sealRecords()) {
    for (const auto& p : rec.players)
      for (const auto& tr : p.tracks) {
        auto track = static_cast<Track>(tr.track);
        auto it = std::find_if(open.begin(), open.end(),
                               [&](size_t i) { return out[i].seat == p.seat && out[i].track == track; });
        if (tr.band == Band::Alarm && it == open.end()) {
          open.push_back(out.size());
          out.push_back(AlarmRecord{p.seat, track, rec.turn, 0, 0});
        } else if (tr.band != Band::Alarm && it != open.end()) {
          out[*it].cleared = rec.turn;
          open.erase(it);
        }
      }
    // A player who left the game takes their Alarms with them (VC-720: a not-live player's Vigils reset).
    for (auto it = open.begin(); it != open.end();) {
      if (!recordOf(rec, out[*it].seat)) {
        out[*it].cleared = rec.turn;
        it = open.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& a : out) a.gameEnd = endTurn(g);
  return out;
}

std::vector<CapitulationRecord> capitulationRecords(const ElcGame& g) {
  std::vector<CapitulationRecord> out;
  for (Seat s = 0; s < g.players().size(); ++s) {
    const auto& p = g.players()[s];
    if (p.left == Left::Live) continue;
    out.push_back(CapitulationRecord{s, p.leftTurn, p.left == Left::Conceded, capitulationSeals(g.config()),
                                     p.peakCities, p.peakOutput});
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.turn < b.turn; });
  return out;
}

bool recoversAfter(const ElcGame& g, Seat seat, uint32_t turn) {
  for (const auto& rec : g.sealRecords()) {
    if (rec.turn <= turn) continue;
    const PlayerRecord* p = recordOf(rec, seat);
    if (p && !p->broken) return true;
  }
  return false;
}

int endingOf(const ElcGame& g) {
  if (!g.over()) return kEndUnfinished;
  const std::string& r = g.route();
  if (r == "Verdict") return kEndVerdict;
  if (r == "Sole Contender") return kEndSoleContender;
  if (r.rfind("all eliminated", 0) == 0) return kEndAllEliminated;
  if (r.rfind("tie chain", 0) == 0) return kEndNoPlayerLeft;
  if (r.rfind("Charter (", 0) == 0) return static_cast<int>(Track::Charters);
  for (int t = 0; t < kTracks; ++t)
    if (r == trackName(static_cast<Track>(t))) return t;
  return kEndUnfinished;
}

GameFacts measureGame(const ElcGame& g, uint64_t seed) {
  GameFacts f;
  f.preset = static_cast<int>(g.config().preset);
  f.players = static_cast<int>(g.players().size());
  f.seed = seed;
  f.end = endTurn(g);
  f.ending = endingOf(g);
  f.winner = g.over() ? g.winner() : -1;
  const auto& recs = g.sealRecords();

  // M1: the closing run of Seals at which the eventual winner's Standing was at least twice every rival's.
  if (f.winner >= 0)
    for (auto it = recs.rbegin(); it != recs.rend(); ++it) {
      const PlayerRecord* w = recordOf(*it, static_cast<Seat>(f.winner));
      bool twice = w != nullptr;
      for (const auto& p : it->players)
        if (w && p.seat != w->seat && !g.allied(p.seat, w->seat) && w->standing < 2 * p.standing) twice = false;
      if (!twice) break;
      ++f.decidedRun;
    }

  // M2: Vigils of Tracks whose vigil is at least 2, begun (0 -> >= 1) and broken (the counter falls, VC-690/700).
  for (size_t i = 1; i <= recs.size(); ++i)
    for (const auto& p : recs[i - 1].players)
      for (const auto& tr : p.tracks) {
        if (g.vigilFor(p.seat, static_cast<Track>(tr.track)) < 2) continue;
        const PlayerRecord* before = i >= 2 ? recordOf(recs[i - 2], p.seat) : nullptr;
        const TrackRecord* was = before ? trackOf(*before, static_cast<Track>(tr.track)) : nullptr;
        uint8_t prev = was ? was->vigil : 0;
        if (prev == 0 && tr.vigil >= 1) ++f.vigilsBegun;
        if (prev >= 1 && tr.vigil < prev) ++f.vigilsBroken;
      }

  // M4 (VC-2330): the first Alarm on a terminal Track other than the Horizon, counted back from the end.
  if (f.end > 0)
    for (const auto& a : alarmRecords(g))
      if (a.track != Track::Horizon && isTerminal(a.track)) {
        f.alarmLead = f.end - a.raised;
        break;
      }

  // M5 (VC-060): the longest run of turns 1..end with no Chronicle entry other than EbbStep.
  {
    uint32_t last = 0, lastTurn = f.end ? f.end : g.turn();
    for (const auto& e : g.chronicle())
      if (e.cls != Chron::EbbStep) {
        if (e.turn > last) f.longestQuiet = std::max(f.longestQuiet, e.turn - last - 1);
        last = std::max(last, e.turn);
      }
    if (lastTurn > last) f.longestQuiet = std::max(f.longestQuiet, lastTurn - last);
  }

  // M8: a win on an Ebbing Track by progress below the Track's starting threshold: the Ebb, not play, reached it.
  if (f.ending >= 0 && f.ending < kTracks && !recs.empty()) {
    auto t = static_cast<Track>(f.ending);
    if (ebbs(t, g.config(), g.facts())) {
      f.ebbTrackWin = true;
      const PlayerRecord* w = recordOf(recs.back(), static_cast<Seat>(f.winner));
      const TrackRecord* tr = w ? trackOf(*w, t) : nullptr;
      f.ebbWin = tr && tr->progress < thresholdAt(t, g.config(), g.facts(), 1, f.players - 1);
    }
  }

  // M9 (VC-2030): the end turn inside the estimate the Terms presented.
  Estimate e = estimateLength(g.config(), g.facts());
  f.inEstimate = f.end > 0 && e.p20 <= static_cast<int64_t>(f.end) && static_cast<int64_t>(f.end) <= e.p80;

  // M11: the winner trailed the Standing leader by a quarter or more at some Seal from turn 20 on.
  if (f.winner >= 0)
    for (const auto& rec : recs) {
      if (rec.turn < 20) continue;
      const PlayerRecord* w = recordOf(rec, static_cast<Seat>(f.winner));
      int64_t lead = 0;
      for (const auto& p : rec.players) lead = std::max(lead, p.standing);
      if (w && w->standing * 1000 <= 750 * lead) f.comeback = true;
    }

  // M12: at the Horizon, the Tenure earned from Warrants, the Rally and Defiance decided who led.
  if (f.ending == static_cast<int>(Track::Horizon)) {
    auto earned = [&](Seat s) {
      const auto& p = g.players()[s];
      return p.tenure - p.warrantTenure - p.rallyTenure - p.defianceTotal;
    };
    for (Seat s = 0; s < g.players().size(); ++s)
      if (g.live(s) && !g.allied(s, f.winner) && earned(s) > earned(static_cast<Seat>(f.winner))) f.grantsDecided = true;
  }

  for (const auto& c : capitulationRecords(g)) f.capitulations += c.conceded ? 0 : 1;
  if (g.config().on(Track::Charters))
    for (const auto& p : g.players()) f.charters.push_back(static_cast<int>(p.charter));
  return f;
}

}  // namespace concord::elc
