// The Seal (VC-200..VC-280): the steps of VC-230 in their fixed order (table reconstructed in
// docs/rules-decisions.md). Every step reads the S1 snapshot and earlier steps' outputs (VC-240).
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/state.h"

namespace concord::elc {

void ElcGame::note(uint32_t t, Chron cls, std::string text, int32_t subject, bool readout) {
  uint32_t mask = subject >= 0 ? sideMask(static_cast<Seat>(subject)) : 0xFFFFFFFFu;  // a team's members all see it
  chronicle_.push_back(ChronEntry{t, cls, std::move(text), readout, mask});
}

void ElcGame::seal(uint32_t) {
  if (over_) return;
  const uint32_t t = turn_ + 1;  // VC-270: turns count from 1; this Seal ends turn t
  storyStart_.assign(players_.size() * kTracks, -1);
  storyEnd_.assign(players_.size() * kTracks, -1);
  capturesTold_.assign(captures_.size(), 0);
  winTrack_ = -1;
  s1Snapshot(t);
  s2Standing();
  s3Tenure(t);
  s4Progress(t);
  s5Vigils(t);
  s6Tallies(t);
  s7BrokenReduced(t);
  auto done = s8Completion();
  s9Resolve(t, done);
  if (!over_) s10Eliminate(t);
  if (!over_) s11Contention(t);
  if (!over_) s12Verdict(t);
  syncTeams();  // VC-1580: a member leaving at S13 keeps the team's state of this Seal
  if (!over_) s13Capitulation(t);
  s14Bands(t);
  syncTeams();
  s15Publish(t);
  turn_ = t;
}

// S1: the snapshot, the turn's victory orders, and Seat state (VC-1460, VC-1470).
void ElcGame::s1Snapshot(uint32_t t) {
  const size_t n = players_.size();
  snap_ = Snapshot{};
  for (auto* v : {&snap_.cities, &snap_.landmarks, &snap_.seats, &snap_.output, &snap_.supplyCost, &snap_.regions, &snap_.units,
                  &snap_.memberCities})
    v->assign(n, 0);
  snap_.held.assign(n, {});
  for (const auto& c : cities_) snap_.owner.push_back(sideOfOwner(c.owner));  // VC-1570: aggregated by side
  for (size_t c = 0; c < cities_.size(); ++c) {
    if (cities_[c].owner >= 0) ++snap_.memberCities[cities_[c].owner];
    int32_t o = snap_.owner[c];
    if (o < 0) continue;
    snap_.held[o].push_back(static_cast<int32_t>(c));
    ++snap_.cities[o];
    if (world_.cities[c].landmark >= 0) ++snap_.landmarks[o];
    snap_.output[o] += cityWorks(static_cast<int32_t>(c), t);
  }
  for (const auto& u : units_) {
    ++snap_.units[u.owner];
    bool supplied = false;  // VC-550: in supply within kSupplyRange of a city its owner holds
    const int32_t side = sideOfOwner(u.owner);  // a team-mate's city supplies (one player, VC-1570)
    for (int32_t c : snap_.held[side])
      if (world_.grid.distance(u.tile, world_.cities[c].tile) <= kSupplyRange) supplied = true;
    if (supplied) snap_.supplyCost[side] += kUnitCost;
  }
  for (size_t r = 0; r < world_.regionCapital.size(); ++r) {
    int32_t owner = -2;
    for (size_t c = 0; c < cities_.size(); ++c)
      if (world_.cities[c].region == static_cast<int32_t>(r)) owner = owner == -2 || owner == snap_.owner[c] ? snap_.owner[c] : -3;
    if (owner >= 0) ++snap_.regions[owner];  // VC-1040: every city of the Region, neutral ones included
  }
  for (Seat s = 0; s < n; ++s) {
    Player& p = players_[s];
    if (!live(s)) continue;
    if (p.pendingSeat >= 0 && cities_[p.pendingSeat].owner == s) {  // DesignateSeat takes effect
      if (p.seatless) p.seatless = false, note(t, Chron::SeatRestored, playerName(s) + " re-Seats at " + world_.cities[p.pendingSeat].name + ".", s);
      else p.seatDesignated = true;
      p.seatCity = p.pendingSeat;
    }
    p.pendingSeat = -1;
    if (p.pendingWorkSite >= 0 && sideOf(s) == s && snap_.owner[p.pendingWorkSite] == static_cast<int32_t>(s) && p.workSite < 0) {
      p.workSite = p.pendingWorkSite;
      note(t, Chron::WorkSiteDesignated, who(s) + " begins a Great Work at " + world_.cities[p.workSite].name + ".", s);
    }
    p.pendingWorkSite = -1;
    if (!p.seatless && p.seatCity >= 0 && cities_[p.seatCity].owner != s) {  // VC-1460
      p.seatless = true;
      p.seatlessSince = t;
      note(t, Chron::SeatLost, playerName(s) + " loses the Seat " + world_.cities[p.seatCity].name + ".");
    } else if (p.seatless && t >= p.seatlessSince + 6) {  // VC-1470: from the seventh turn, the best eligible city
      int32_t best = -1;
      for (int32_t c = 0; c < static_cast<int32_t>(cities_.size()); ++c)
        if (cities_[c].owner == static_cast<int32_t>(s) && cities_[c].integration >= 50 && (best < 0 || cityWorks(c, t) > cityWorks(best, t))) best = c;
      if (best >= 0) {
        p.seatless = false;
        p.seatCity = best;
        note(t, Chron::SeatRestored, playerName(s) + " re-Seats at " + world_.cities[best].name + ".");
      }
    }
  }
  for (Seat s = 0; s < n; ++s)  // VC-1460: a marked Seat counts for whoever holds it
    if (live(s) && players_[s].seatCity >= 0 && cities_[players_[s].seatCity].owner >= 0)
      ++snap_.seats[snap_.owner[players_[s].seatCity]];
}

// S2: Standing (VC-500..VC-560) and the peaks of VC-2490.
void ElcGame::s2Standing() {
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;  // VC-280; a team once, at its lead (VC-1570)
    Player& p = players_[s];
    p.cities = snap_.cities[s];
    p.output = snap_.output[s];
    p.standing = standingOf({snap_.cities[s], snap_.landmarks[s], snap_.seats[s], snap_.output[s], snap_.supplyCost[s]}).standing;
    p.peakCities = std::max(p.peakCities, p.cities);
    p.peakOutput = std::max(p.peakOutput, p.output);
  }
}

// S3: Tenure (VC-610) and Defiance earned this turn, capped (VC-2990, VC-3000).
void ElcGame::s3Tenure(uint32_t t) {
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;  // VC-1570: Tenure accrues once for a team
    Player& p = players_[s];
    p.tenure += tenureAccrual(p.standing, sideSeatless(s));
    if (p.defianceCaptures == 0) continue;
    int64_t want = kDefianceGrant * p.defianceCaptures, window = 0;
    for (const auto& [turn, paid] : p.defianceLog)
      if (turn + 10 > t) window += paid;
    int64_t pay = std::clamp<int64_t>(std::min(600 - window, 3000 - p.defianceTotal), 0, want);
    p.tenure += pay;
    p.defianceTotal += pay;
    if (pay > 0) p.defianceLog.push_back({t, pay});
    note(t, Chron::DefianceScored, who(s) + " defies the leader: +" + std::to_string(pay) + " Tenure" +
                                       (pay < want ? " (capped from " + std::to_string(want) + ")." : "."));
    p.defianceCaptures = 0;
  }
}

int64_t ElcGame::liveRivals(Seat p) const {
  int64_t n = 0;
  for (Seat s = 0; s < players_.size(); ++s) n += (s != sideOf(p) && scores(s)) ? 1 : 0;  // rival sides
  return n;
}

// The progress functions of §8 at the snapshot, in each Track's natural unit (VC-480).
int64_t ElcGame::progressOf(Seat p, Track tr, uint32_t t) const {
  switch (tr) {
    case Track::Dominion: return 1000 * snap_.cities[p] / facts_.cities;  // VC-900 (per-mille of map cities)
    case Track::EveryLastCity: return snap_.cities[p];                     // VC-970
    case Track::LastStanding: return liveRivals(p) == 0 ? 1 : 0;           // VC-1000
    case Track::Hegemony: return snap_.regions[p];                         // VC-1040
    case Track::Keys: return snap_.landmarks[p];                           // VC-1100
    case Track::Ascendancy: return players_[p].ascendancy;                 // VC-1170
    case Track::GreatWork: return players_[p].greatWork;                   // VC-1220
    case Track::Prosperity: return facts_.potentialOutput > 0 ? 1000 * snap_.output[p] / facts_.potentialOutput : 0;
    case Track::Horizon: return t;                                         // VC-1370 (Scheduled)
    case Track::Endurance:
      return static_cast<int64_t>(t) >= enduranceTurn(cfg_) && snap_.cities[p] >= enduranceCities(cfg_, facts_) ? 1 : 0;
    case Track::Charters:  // VC-1600: the Charter's own Track, evaluated only for its holder
      return players_[p].charter == Track::Charters ? 0 : progressOf(p, players_[p].charter, t);
    case Track::Ambition: return players_[p].ambition;  // VC-1700
    case Track::Throne: {  // VC-1480
      int64_t n = 0;
      for (Seat r = 0; r < players_.size(); ++r) {  // a rival team counts when every live member's Seat is lost
        if (r == p || !scores(r)) continue;
        bool lost = true;
        for (Seat m = 0; m < players_.size(); ++m)
          if (live(m) && sideOf(m) == r && !players_[m].seatless &&
              !(players_[m].seatCity >= 0 && sideOfOwner(cities_[players_[m].seatCity].owner) == static_cast<int32_t>(p)))
            lost = false;
        n += lost ? 1 : 0;
      }
      return n;
    }
    default: return 0;
  }
}

// S4: thresholds (VC-390, a pure function of the turn), progress and ratios (VC-490).
void ElcGame::s4Progress(uint32_t t) {
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr)) continue;
      TrackState& ts = players_[s].tracks[i];
      const Track own = tr == Track::Charters ? players_[s].charter : tr;  // VC-850: per-player only under Charters
      ts.threshold = tr == Track::Ambition ? int64_t{cfg_.ambitionThreshold} : thresholdAt(own, cfg_, facts_, t, liveRivals(s));
      ts.progress = progressOf(s, tr, t);
      ts.ratio = ratioOf(ts.progress, ts.threshold);
    }
  }
  if (t < 2) return;
  for (Track tr : {Track::Dominion, Track::Hegemony}) {  // VC-860: EbbStep whenever a threshold moves
    if (!cfg_.on(tr)) continue;
    int64_t now = thresholdAt(tr, cfg_, facts_, t, 0), before = thresholdAt(tr, cfg_, facts_, t - 1, 0);
    if (now == before) continue;
    if (tr == Track::Dominion)  // v5: the unit word is the renderer's, for the fragment that ends its line (VC-2460)
      note(t, Chron::EbbStep, fragEbb("Dominion", now, citiesFor(now, facts_.cities), facts_.cities, version_ < 5));
    else note(t, Chron::EbbStep, "Ebb: Hegemony " + std::to_string(now) + " of " + std::to_string(facts_.regions) + " Regions.");
  }
}

namespace {
bool satisfied(Track tr, const TrackState& ts) {
  if (tr == Track::Horizon) return false;  // the Horizon resolves at H only (VC-1320)
  return ts.threshold > 0 && ts.progress >= ts.threshold;  // VC-410, natural units (VC-480)
}
int64_t trackVigil(Track tr, const Config& c) {
  switch (tr) {
    case Track::Dominion: return c.dominionVigil;
    case Track::Hegemony: return c.hegemonyVigil;
    case Track::Keys: return c.keysVigil;
    case Track::Prosperity: return c.prosperityVigil;
    case Track::Throne: return c.throneVigil;
    default: return 1;  // VC-670: Every Last City, Last Standing, Ascendancy, Great Work, Endurance
  }
}
}  // namespace

int64_t ElcGame::vigilFor(Seat s, Track tr) const {
  if (tr == Track::Charters) return players_[s].charter == Track::Charters ? 1 : trackVigil(players_[s].charter, cfg_);
  return trackVigil(tr, cfg_);  // Ambition: vigil 1 (VC-1700)
}

// S5: Vigils (VC-680, VC-690, VC-700) with their Chronicle lines.
void ElcGame::s5Vigils(uint32_t t) {
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr) || tr == Track::Horizon) continue;
      TrackState& ts = players_[s].tracks[i];
      int64_t v = vigilFor(s, tr);
      uint8_t before = ts.vigil;
      const std::string head = who(s) + " \u2014 " + trackLabel(s, tr) + ": ";  // victoryLogicVersion 4's lines
      if (satisfied(tr, ts)) {
        ts.vigil = static_cast<uint8_t>(std::min<int64_t>(ts.vigil + 1, 255));
        if (v > 1 && before == 0) {  // VC-750: public from 1
          if (version_ >= 5) tellVigil(t, s, tr, Chron::TrackCrossed, Chron::VigilBegun, fragVigilBegins(v), true);
          else note(t, Chron::VigilBegun, head + fragVigilBegins(v));
        } else if (v > 1 && version_ < 5) {
          note(t, Chron::VigilHeld, head + fragVigilHolds(ts.vigil, v));
        } else if (v > 1) {  // VC-2460: a Vigil holds as news when it was tested (its progress moved) or completes
          const auto was = progressAtLastSeal(s, tr);
          if (ts.vigil >= v || !was || *was != ts.progress) tellVigil(t, s, tr, Chron::VigilHeld, Chron::VigilHeld, fragVigilHolds(ts.vigil, v), false);
        }
      } else if (before > 0) {
        ts.vigil = cfg_.vigilFailure == VigilFailure::Decay ? static_cast<uint8_t>(before - 1) : 0;
        if (version_ >= 5) tellVigil(t, s, tr, Chron::VigilBroken, Chron::VigilBroken, fragVigilBroken(before, v), false);
        else note(t, Chron::VigilBroken, head + fragVigilBroken(before, v));
      }
    }
  }
}

// S6: Tallies (VC-1160), the Great Work (VC-1230, VC-1250). Tracks fed here re-read their progress
// and Vigil for this Seal (docs/rules-decisions.md, VC-230 S6).
void ElcGame::s6Tallies(uint32_t t) {
  // The Tallies and the Great Work also run for a Charter of that Track (VC-1600) when the shared Track is off.
  if ((cfg_.on(Track::Ascendancy) || anyCharter(Track::Ascendancy)) && !lit_.empty() && t % cfg_.rotationPeriod == 0 &&
      t <= cfg_.horizon) {
    const auto& lit = lit_[t / cfg_.rotationPeriod - 1];
    std::string line = "Tally:";
    for (Seat s = 0; s < players_.size(); ++s) {
      if (!scores(s)) continue;
      int64_t gain = 0;
      for (int32_t k : lit) gain += snap_.owner[world_.landmarks[k]] == static_cast<int32_t>(s) ? 1 : 0;
      players_[s].ascendancy += gain;
      if (gain > 0) line += " " + who(s) + " +" + std::to_string(gain);
    }
    note(t, Chron::TallyResolved, line + ".");
  }
  if (cfg_.on(Track::GreatWork) || anyCharter(Track::GreatWork)) {
    for (Seat s = 0; s < players_.size(); ++s) {
      Player& p = players_[s];
      if (!scores(s) || p.workSite < 0) continue;
      if (sideOfOwner(cities_[p.workSite].owner) != static_cast<int32_t>(s)) {  // VC-1250: halved, the captor gains nothing, 5 turns' ban
        p.greatWork /= 2;
        note(t, Chron::WorkSiteCaptured, world_.cities[p.workSite].name + " is taken: " + who(s) +
                                             "'s Great Work falls to " + std::to_string(p.greatWork) + " Works.");
        p.workSite = -1;
        p.workSiteBanThrough = t + 5;
        continue;
      }
      p.greatWork += std::min<int64_t>(cfg_.workRate, p.output);  // VC-1230: capped at WorkRate
    }
  }
  if (cfg_.on(Track::Warrants)) s6Warrants(t);
  s6Objectives(t);  // §10: Sealed Orders and Ambition (objectives.cpp)
  for (Track tr : {Track::Ascendancy, Track::GreatWork, Track::Charters, Track::Ambition}) {
    if (!cfg_.on(tr)) continue;
    for (Seat s = 0; s < players_.size(); ++s) {
      if (!scores(s)) continue;
      if (tr == Track::Charters && players_[s].charter != Track::Ascendancy && players_[s].charter != Track::GreatWork) continue;
      TrackState& ts = players_[s].tracks[static_cast<int>(tr)];
      ts.progress = progressOf(s, tr, t);
      ts.ratio = ratioOf(ts.progress, ts.threshold);
      ts.vigil = satisfied(tr, ts) ? 1 : 0;  // vigil 1 (an Accumulative Charter keeps its Track's, VC-670)
    }
  }
}

// S7: Broken (VC-2480) and Reduced (VC-2900, VC-2910).
void ElcGame::s7BrokenReduced(uint32_t t) {
  int64_t lead = 0;
  int32_t leader = -1;  // VC-2900/VC-2920: the highest Standing, ties by the tie chain; the Rally names it
  for (Seat s = 0; s < players_.size(); ++s)
    if (scores(s) && (leader < 0 || players_[s].standing > lead ||
                    (players_[s].standing == lead && tieChainBefore(s, static_cast<Seat>(leader)))))
      lead = players_[s].standing, leader = s;
  IVec<uint8_t> entered(players_.size(), 0);
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;
    Player& p = players_[s];
    bool wasBroken = p.broken;
    p.broken = p.cities == 0 ||
               (p.cities <= std::max<int64_t>(1, p.peakCities / 8) && p.output * 1000 <= 200 * p.peakOutput);
    p.brokenRun = p.broken ? p.brokenRun + 1 : 0;
    if (p.broken && !wasBroken) note(t, Chron::Broken, who(s) + " is Broken.");
    if (!p.broken && wasBroken) note(t, Chron::Recovered, who(s) + " recovers.");
    bool was = p.reduced;
    if (!p.reduced && t >= 20 && !p.broken && p.standing * 1000 <= 400 * lead) p.reduced = true;
    else if (p.reduced && (p.broken || p.standing * 1000 > 550 * lead)) p.reduced = false;
    if (p.reduced != was)
      note(t, p.reduced ? Chron::ReducedEntered : Chron::ReducedLeft,
           who(s) + (p.reduced ? " is Reduced." : " is no longer Reduced."));
    entered[s] = p.reduced && !was ? 1 : 0;
  }
  s7Rally(t, entered, leader);
}

// S8: completion (VC-420, VC-430, VC-760): the counter has reached the Track's vigil.
std::vector<std::pair<Seat, Track>> ElcGame::s8Completion() const {
  std::vector<std::pair<Seat, Track>> done;
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr) || !isTerminal(tr) || tr == Track::Horizon) continue;
      // VC-1620 Exclusive (reconstructed): a player wins by their Charter, Ambition or Last Standing only.
      if (cfg_.on(Track::Charters) && cfg_.charterMode == CharterMode::Exclusive && tr != Track::Charters &&
          tr != Track::Ambition && tr != Track::LastStanding)
        continue;
      if (players_[s].tracks[i].vigil >= vigilFor(s, tr)) done.push_back({s, tr});
    }
  }
  return done;
}

// S9: the winner among completers (VC-1510..VC-1540), else the Horizon at H (VC-1320).
void ElcGame::s9Resolve(uint32_t t, const std::vector<std::pair<Seat, Track>>& done) {
  if (!done.empty()) {
    std::vector<std::pair<Seat, Track>> best;  // per Track: higher raw progress, then the tie chain (VC-1540)
    for (const auto& d : done) {
      const Seat s = d.first;
      const Track tr = d.second;  // named, not bound: clang 14 cannot capture a structured binding
      auto it = std::find_if(best.begin(), best.end(), [&](const auto& b) { return b.second == tr; });
      if (it == best.end()) { best.push_back({s, tr}); continue; }
      const auto &a = players_[s].tracks[static_cast<int>(tr)], &b = players_[it->first].tracks[static_cast<int>(tr)];
      if (a.progress > b.progress || (a.progress == b.progress && tieChainBefore(s, it->first))) it->first = s;
    }
    auto win = best.front();  // across Tracks: the tie chain, no precedence among Tracks (VC-1530)
    for (const auto& b : best)
      if (tieChainBefore(b.first, win.first)) win = b;
    winTrack_ = static_cast<int32_t>(win.second);
    endGame(t, win.first, win.second == Track::Charters ? std::string("Charter (") + trackName(players_[win.first].charter) + ")"
                                                        : std::string(trackName(win.second)));
    return;
  }
  if (t + 11 == hTrue_ && cfg_.jitter > 0)  // published for the start of turn H_true - 10 (VC-1360)
    note(t, Chron::TrackDecided, "The Horizon falls at the end of turn " + std::to_string(hTrue_) + ".");
  if (t == hTrue_ && cfg_.on(Track::Horizon)) {
    int32_t lead = tenureLeader();
    if (lead >= 0) endGame(t, lead, "Horizon");
  }
}

// S15: publication — the Seal record (VC-250), retained and hashed (VC-260).
void ElcGame::s15Publish(uint32_t t) {
  SealRecordElc rec;
  rec.turn = t;
  for (Seat s = 0; s < players_.size(); ++s) {
    const Player& p = players_[s];
    if (p.left != Left::Live && p.leftTurn != t) continue;  // live at this Seal
    PlayerRecord pr{s, p.standing, p.tenure, p.seatless, p.broken, p.reduced, {}};
    for (int i = 0; i < kTracks; ++i) {
      if (!cfg_.on(static_cast<Track>(i))) continue;
      const TrackState& ts = p.tracks[i];
      pr.tracks.push_back(TrackRecord{static_cast<uint8_t>(i), ts.progress, ts.threshold, ts.ratio, ts.vigil, ts.band});
    }
    rec.players.push_back(std::move(pr));
  }
  appendRecord(std::move(rec));
  if (over_ && winner_ >= 0) {  // the last line of the game; the whole Chronicle becomes public (VC-2450)
    // v5: the winning Vigil's story moves last, so the win ends its line and the Chronicle (VC-2460)
    if (version_ >= 5 && winTrack_ >= 0) storyToTheEnd(sideOf(static_cast<Seat>(winner_)), static_cast<Track>(winTrack_));
    note(t, Chron::GameWon, fragWins(who(static_cast<Seat>(winner_)), route_));
    for (auto& e : chronicle_) e.visibleMask = 0xFFFFFFFFu;
  }
}

}  // namespace concord::elc
