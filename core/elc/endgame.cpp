// The endgame of §14: mathematical elimination (S10), Out of Contention (S11), the Verdict (S12),
// Capitulation and Concession (S13), placings (VC-3030) and the game's end.
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/lint.h"
#include "core/elc/state.h"

namespace concord::elc {

// VC-2660: Reach(B, R) as a city mask. Ceded cities can arrive anywhere (VC-2540), so unless Cession is Free
// the rivals' cities are sources too: the bound stays a proof (docs/rules-decisions.md).
bool ElcGame::holdsReach(Seat p, uint32_t t, IVec<uint8_t>& reach) const {
  const int64_t R = terminationBound(cfg_) - t;
  if (R * kMaxDisplacement >= world_.grid.span()) return false;  // the guard: skipped entirely
  const int32_t radius = static_cast<int32_t>(R * kMaxDisplacement);
  std::vector<int32_t> sources;
  for (const auto& u : units_)
    if (sideOfOwner(u.owner) == static_cast<int32_t>(p)) sources.push_back(u.tile);  // every member's (VC-1570)
  for (size_t c = 0; c < cities_.size(); ++c) {
    int32_t o = sideOfOwner(cities_[c].owner);
    if (o == static_cast<int32_t>(p) || (o >= 0 && cfg_.cession != Cession::Free)) sources.push_back(world_.cities[c].tile);
  }
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  reach.assign(cities_.size(), 0);
  for (size_t c = 0; c < cities_.size(); ++c) {
    if (sideOfOwner(cities_[c].owner) == static_cast<int32_t>(p)) { reach[c] = 1; continue; }
    for (int32_t s : sources)
      if (world_.grid.distance(s, world_.cities[c].tile) <= radius) { reach[c] = 1; break; }
  }
  return true;
}

// S10: VC-2610 (Accumulative), VC-2620 (the Horizon), VC-2670 (reach bound); DECIDED (VC-1380).
void ElcGame::s10Eliminate(uint32_t t) {
  const int64_t R = terminationBound(cfg_) - t;  // VC-2600: H_end = H + J with jitter
  int64_t leadTenure = 0;
  for (Seat s = 0; s < players_.size(); ++s)
    if (scores(s)) leadTenure = std::max(leadTenure, players_[s].tenure);
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;
    Player& p = players_[s];
    IVec<uint8_t> reach;
    bool guarded = holdsReach(s, t, reach);
    int64_t n = 0, lm = 0, pot = 0, regions = 0;
    if (guarded) {
      IVec<int32_t> inRegion(world_.regionCapital.size(), 0);
      for (size_t c = 0; c < reach.size(); ++c) {
        if (!reach[c]) continue;
        ++n;
        lm += world_.cities[c].landmark >= 0 ? 1 : 0;
        pot += effectiveWorks(world_.cities[c], 100);
        ++inRegion[world_.cities[c].region];
      }
      for (size_t r = 0; r < inRegion.size(); ++r) regions += inRegion[r] == world_.regionSize[r] ? 1 : 0;
    }
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr)) continue;
      TrackState& ts = p.tracks[i];
      const int64_t end = thresholdAt(tr, cfg_, facts_, cfg_.horizon, 0);  // the lowest value (VC-2670)
      bool was = ts.eliminated;
      switch (tr) {
        case Track::Horizon: ts.eliminated = relativelyEliminated(p.tenure, R, maxTenure_, leadTenure); break;
        case Track::Ascendancy: ts.eliminated = absolutelyEliminated(p.ascendancy, R * cfg_.litCount, end); break;
        case Track::GreatWork: ts.eliminated = absolutelyEliminated(p.greatWork, R * cfg_.workRate, end); break;
        case Track::Ambition:  // VC-2610 with VC-1700's maxGainPerSeal 4
          ts.eliminated = absolutelyEliminated(p.ambition, R * kAmbitionMaxGain, cfg_.ambitionThreshold);
          break;
        case Track::Dominion: ts.eliminated = guarded && n * 1000 < end * facts_.cities; break;
        case Track::EveryLastCity: ts.eliminated = guarded && n < facts_.cities; break;
        case Track::Keys: ts.eliminated = guarded && lm < end; break;
        case Track::Hegemony: ts.eliminated = guarded && regions < end; break;
        case Track::Prosperity: ts.eliminated = guarded && pot * 1000 < end * facts_.potentialOutput; break;
        case Track::Endurance: ts.eliminated = guarded && n < enduranceCities(cfg_, facts_); break;
        default: ts.eliminated = false;  // Throne, Last Standing: no sound proof exists
      }
      if (ts.eliminated && !was && tr != Track::Horizon) {  // VC-2690: told, with the arithmetic
        std::string why = std::to_string(R) + " turns \u00d7 " + std::to_string(kMaxDisplacement) + " tiles";
        if (version_ >= 6 && trackKind(tr) == Kind::Accumulative) {  // VC-2610's own sum, not the reach bound's
          const int64_t gain = tr == Track::Ascendancy ? cfg_.litCount : tr == Track::GreatWork ? cfg_.workRate : kAmbitionMaxGain;
          const int64_t now = tr == Track::Ascendancy ? p.ascendancy : tr == Track::GreatWork ? p.greatWork : p.ambition;
          const int64_t bar = tr == Track::Ambition ? cfg_.ambitionThreshold : end;
          why = std::to_string(now) + " + " + std::to_string(R) + " \u00d7 " + std::to_string(gain) + " = " +
                std::to_string(now + R * gain) + " < " + std::to_string(bar);
        }
        note(t, Chron::TrackDecided, who(s) + " can no longer reach " + trackName(tr) + " (" + why + ").", s);
      }
    }
  }
  if (decidedFor_ < 0 && cfg_.on(Track::Horizon)) {  // VC-1380
    std::vector<Seat> open;
    std::vector<std::string> out;
    for (Seat s = 0; s < players_.size(); ++s) {
      if (!scores(s)) continue;
      if (players_[s].tracks[static_cast<int>(Track::Horizon)].eliminated) out.push_back(who(s));
      else open.push_back(s);
    }
    if (open.size() == 1 && !out.empty()) {
      decidedFor_ = open[0];
      decidedAt_ = t;
      note(t, Chron::TrackDecided, fragDecided("Horizon", who(open[0]), out, players_[open[0]].tenure));
    }
  }
}

// S11: Out of Contention (VC-2700, VC-2740), Sole Contender (VC-2710), all eliminated (VC-2720).
void ElcGame::s11Contention(uint32_t t) {
  // At the hard bound of a game without a Horizon no Seal remains, so nobody can complete anything: every live player
  // is eliminated from every Track, Throne included (VC-2600, VC-2720: what makes such a game terminate, VC-090).
  const bool atBound = !cfg_.on(Track::Horizon) && t >= cfg_.bound;
  bool provable = !cfg_.on(Track::Throne) || atBound;  // Throne has no sound elimination: nobody can be proved out
  std::vector<Seat> contenders;
  int liveCount = 0;
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;  // one per side (VC-1570)
    ++liveCount;
    Player& p = players_[s];
    bool out = provable;
    for (int i = 0; i < kTracks && out && !atBound; ++i) {
      auto tr = static_cast<Track>(i);
      if (cfg_.on(tr) && isTerminal(tr) && tr != Track::LastStanding && !p.tracks[i].eliminated) out = false;
    }
    if (out != p.outOfContention)
      note(t, Chron::OutOfContention, who(s) + (out ? " is Out of Contention." : " is back in contention."));
    p.outOfContention = out;
    if (!out) contenders.push_back(s);
  }
  if (liveCount > 1 && contenders.size() == 1) endGame(t, contenders[0], "Sole Contender");
  else if (liveCount > 0 && contenders.empty())
    endGame(t, tenureLeader(), atBound ? "the hard bound (tie chain)" : "all eliminated (tie chain)");
}

// S12: the Verdict (VC-2750..VC-2820).
void ElcGame::s12Verdict(uint32_t t) {
  int32_t lead = -1;
  for (Seat s = 0; s < players_.size(); ++s)
    if (scores(s) && (lead < 0 || players_[s].standing > players_[lead].standing ||
                    (players_[s].standing == players_[lead].standing && tieChainBefore(s, static_cast<Seat>(lead)))))
      lead = s;
  leadSeals_ = lead == standingLeader_ ? leadSeals_ + 1 : 1;
  standingLeader_ = lead;
  if (!cfg_.verdict || lead < 0) return;
  if (verdictLeader_ >= 0) {
    if (!scores(static_cast<Seat>(verdictLeader_))) { verdictLeader_ = -1; return; }
    if (t < verdictResolveAt_) return;
    int voters = 0, yes = 0;  // one vote per rival side (a team's: its members' majority, teams.cpp)
    for (Seat s = 0; s < players_.size(); ++s)
      if (scores(s) && static_cast<int32_t>(s) != verdictLeader_) ++voters, yes += verdictVote(s);
    bool pass = cfg_.unanimity ? yes == voters : 2 * yes > voters;  // VC-2760, VC-2800; abstention plays on (VC-2770)
    int32_t l = verdictLeader_;
    verdictLeader_ = -1;
    for (auto& p : players_) p.vote = -1;
    if (pass) {
      note(t, Chron::VerdictPassed, "The Verdict passes " + std::to_string(yes) + " of " + std::to_string(voters) + ".");
      endGame(t, l, "Verdict");
      return;
    }
    verdictCooldownThrough_ = t + 20;  // VC-2790
    note(t, Chron::VerdictFailed, "The Verdict fails " + std::to_string(yes) + " of " + std::to_string(voters) + ".");
    return;
  }
  if (t <= verdictCooldownThrough_) return;
  const Player& L = players_[lead];
  int64_t second = 0;
  bool tenureLead = true, vigils = false;
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s) || static_cast<int32_t>(s) == lead) continue;
    second = std::max(second, players_[s].standing);
    tenureLead &= L.tenure > players_[s].tenure;
    for (const auto& ts : players_[s].tracks) vigils |= ts.vigil > 0;
  }
  if (verdictGap(L.standing, second) && tenureLead && leadSeals_ >= 12 && !vigils) {  // VC-2750's four conditions
    verdictLeader_ = lead;
    verdictResolveAt_ = t + cfg_.verdictWindow;
    for (auto& p : players_) p.vote = -1;
    note(t, Chron::VerdictOffered, "A Verdict is offered for " + who(static_cast<Seat>(lead)) + ": the vote closes at turn " +
                                       std::to_string(verdictResolveAt_) + ".");
  }
}

// S13: Capitulation (VC-2500, VC-2510) and Concession (VC-2840..VC-2860), effects in VC-2520's order.
void ElcGame::s13Capitulation(uint32_t t) {
  std::vector<Seat> wereLive;
  for (Seat s = 0; s < players_.size(); ++s)
    if (live(s)) wereLive.push_back(s);
  const int C = capitulationSeals(cfg_);
  // Who leaves: Broken is the side's (a team capitulates as a unit, VC-1570); VC-2510's empty hand and Concede are
  // each member's own. A member leaving while a team-mate plays on leaves the team (VC-1580).
  IVec<uint8_t> leaving(players_.size(), 0);
  for (Seat s : wereLive) {
    const Player& side = players_[sideOf(s)];
    bool byC = cfg_.capitulation != Capitulation::Never && side.broken && static_cast<int>(side.brokenRun) >= C;
    bool empty = snap_.memberCities[s] == 0 && snap_.units[s] == 0;  // VC-2510
    leaving[s] = byC || empty || players_[s].concede ? 1 : 0;
  }
  IVec<uint8_t> leavesTeam(players_.size(), 0);
  for (Seat s : wereLive)
    for (Seat k : wereLive)
      if (leaving[s] && !leaving[k] && k != s && teamed(s) && teamed(k) && cfg_.team[k] == cfg_.team[s]) leavesTeam[s] = 1;
  for (Seat s : wereLive) {
    Player& p = players_[s];
    if (!leaving[s]) continue;
    if (leavesTeam[s]) {
      const std::string team = who(s);
      p.leftTeam = true;  // frozen with the team's Standing and Tenure of this Seal (synced before S13, VC-280)
      note(t, p.concede ? Chron::Conceded : Chron::Capitulated, playerName(s) + " leaves " + team + "; the team plays on (VC-1580).");
    }
    int32_t seatCity = p.seatCity;
    std::erase_if(units_, [&](const Unit& u) { return u.owner == static_cast<int32_t>(s); });  // no chase
    p.greatWork = 0;
    p.workSite = -1;
    if (!leavesTeam[s]) revealSealedOrders(s, t);  // VC-2520; a leaver's copies are the team's, which plays on
    p.seatCity = -1;
    int32_t pa = -1;  // VC-2530 Principal Aggressor
    int32_t paDist = 0;
    for (Seat q = 0; q < players_.size(); ++q) {
      if (q == s || !live(q) || allied(q, s) || p.capturedFrom.empty() || players_[q].capturedFrom[s] == 0) continue;
      int32_t d = INT32_MAX;
      for (size_t c = 0; c < cities_.size() && seatCity >= 0; ++c)
        if (cities_[c].owner == q) d = std::min(d, world_.grid.distance(world_.cities[c].tile, world_.cities[seatCity].tile));
      uint32_t nq = players_[q].capturedFrom[s], nb = pa >= 0 ? players_[pa].capturedFrom[s] : 0;
      if (pa < 0 || nq > nb || (nq == nb && d < paDist)) pa = q, paDist = d;
    }
    int others = 0;  // live rival sides (a leaving member's own team is not its rival)
    for (Seat q = 0; q < players_.size(); ++q)
      others += (q != s && scores(q) && !(cfg_.teams() && cfg_.team[q] == cfg_.team[s])) ? 1 : 0;
    bool cede = pa >= 0 && (cfg_.cession == Cession::Aggressor || (cfg_.cession == Cession::Auto && others <= 2));
    int64_t n = 0;
    for (auto& city : cities_) {
      if (city.owner != static_cast<int32_t>(s)) continue;
      ++n;
      if (cede) city.owner = pa, city.unsettledThrough = t + kUnsettledTurns;  // VC-2550
      else city.owner = kNeutral, city.garrison = cfg_.neutralDefence;          // VC-2560 Free Cities
    }
    p.left = p.concede ? Left::Conceded : Left::Capitulated;
    p.leftTurn = t;
    for (auto& ts : p.tracks) ts.vigil = 0;  // VC-720
    std::string text;
    if (version_ < 5)  // victoryLogicVersion 4's words, kept byte for byte for its replays ("1 cities")
      text = p.concede ? playerName(s) + " concedes." + (n ? " " + std::to_string(n) + (cede ? " cities ceded to " + playerName(pa) : " cities become Free Cities") + "." : "")
                       : n == 1 && !cede ? playerName(s) + " capitulates (Broken " + std::to_string(p.brokenRun) +
                                               (p.brokenRun == 1 ? " turn). 1 city become Free Cities." : " turns). 1 city become Free Cities.")
                                         : fragCapitulates(playerName(s), p.brokenRun, n, cede ? playerName(pa) : "", kUnsettledTurns);
    else if (p.concede)
      text = playerName(s) + " concedes." +
             (n == 0 ? "" : " " + (cede ? citiesWord(n) + " ceded to " + playerName(pa) + " \u2014 Unsettled " + std::to_string(kUnsettledTurns) + " turns"
                                        : n == 1 ? std::string("1 city becomes a Free City") : citiesWord(n) + " become Free Cities") + ".");
    else
      text = fragCapitulates(playerName(s), p.brokenRun, n, cede ? playerName(pa) : "", kUnsettledTurns);
    note(t, p.concede ? Chron::Conceded : Chron::Capitulated, text);
  }
  placeLeavers();
  bool any = false;
  for (Seat s = 0; s < players_.size(); ++s) any |= live(s);  // VC-1580: an emptied team is one not-live player
  if (!any && !wereLive.empty()) {  // VC-1020: mutual annihilation, by the tie chain among those live before
    Seat best = wereLive[0];
    for (Seat s : wereLive)
      if (tieChainBefore(s, best)) best = s;
    endGame(t, best, "tie chain (no player left)");
  }
}

// VC-3030 placings, VC-1590 the result, GameWon in the Chronicle; the full Chronicle becomes public (VC-2450).
void ElcGame::endGame(uint32_t t, int32_t winner, std::string route) {
  over_ = true;
  winner_ = winner;
  route_ = std::move(route);
  const int32_t winSide = winner >= 0 ? static_cast<int32_t>(sideOf(static_cast<Seat>(winner))) : -1;
  const auto placing = placingsWith(winSide);
  for (Seat k = 0; k < players_.size(); ++k) players_[k].placing = placing[k];
  (void)t;  // GameWon is published last, at S15
}

// VC-3030: the winner's side first, then every side by the tie chain on its state at the Seal it left or at this one.
// VC-1570: a side places as a unit; its members share the placing, the next side's counts the seats above it.
std::vector<uint32_t> ElcGame::placingsWith(int32_t winSide) const {
  std::vector<Seat> order;  // one seat per side (its lead): the winner's, then the others by the tie chain
  if (winSide >= 0) order.push_back(static_cast<Seat>(winSide));
  const auto others = static_cast<std::ptrdiff_t>(order.size());
  for (Seat s = 0; s < players_.size(); ++s)
    if (sideOf(s) == s && static_cast<int32_t>(s) != winSide) order.push_back(s);
  std::sort(order.begin() + others, order.end(), [&](Seat a, Seat b) { return tieChainBefore(a, b); });
  std::vector<uint32_t> placing(players_.size(), 0);
  uint32_t next = 1;
  for (Seat side : order) {
    uint32_t members = 0;
    for (Seat k = 0; k < players_.size(); ++k)
      if (sideOf(k) == side) placing[k] = next, ++members;
    next += members;
  }
  return placing;
}

// VC-2520: a player who leaves receives a placing at once: VC-3030's, from their frozen state against everyone's at
// this Seal. Live players' Tenure only rises (VC-620), so later Seals can move it down but never up; the end of the
// game fixes it (docs/rules-decisions.md, issue 29 "VC-2520: a leaver's placing").
void ElcGame::placeLeavers() {
  if (version_ < 5 || over_) return;
  const auto placing = placingsWith(-1);
  for (Seat k = 0; k < players_.size(); ++k)
    if (!live(k)) players_[k].placing = placing[k];
}

}  // namespace concord::elc

namespace concord::elc {

std::string ElcGame::resultRecord() const {
  std::string s = "Result: " + (winner_ >= 0 ? who(static_cast<Seat>(winner_)) + " wins by " + route_ : std::string("no winner yet")) +
                  " at turn " + std::to_string(turn_) + "\n";
  std::vector<Seat> order;
  for (Seat p = 0; p < players_.size(); ++p) order.push_back(p);
  std::sort(order.begin(), order.end(), [&](Seat a, Seat b) { return players_[a].placing < players_[b].placing; });
  for (Seat p : order) {
    const Player& pl = players_[p];
    s += "  " + std::to_string(pl.placing) + ". " + seatLabel(p) + ": Standing " + std::to_string(pl.standing) +
         ", Tenure " + std::to_string(pl.tenure) + ", " +
         (pl.left == Left::Live ? "to the end" : std::string(pl.left == Left::Conceded ? "conceded" : "capitulated") +
                                                     " at turn " + std::to_string(pl.leftTurn)) + "\n";
  }
  s += "Terms: " + terms_ + "\n";
  std::vector<Track> charters;  // VC-2090: every Warning, dismissed, in the record
  for (const auto& p : players_) charters.push_back(p.charter);
  for (const auto& f : lintTerms(cfg_, facts_, cfg_.on(Track::Charters) ? charters : std::vector<Track>{}))
    s += f.code + " Warning (dismissed): " + f.message + "\n";
  s += "Chronicle:\n";
  for (const auto& line : renderLines(chronicle_)) s += line + "\n";
  s += "victoryLogicVersion " + std::to_string(version_) + ", rulesetVersion " + std::to_string(version_) +
       ", victoryPresentationVersion " + std::to_string(kPresentationVersion) + "\n";
  return s;
}

}  // namespace concord::elc
