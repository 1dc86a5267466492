// Setup (VC-170 draw order, VC-1450 Seats, VC-590/VC-630 maxima, VC-2000 the stored Terms) and the tie chain.
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/charters.h"
#include "core/elc/state.h"

namespace concord::elc {

GameInfo ElcGame::info() const { return GameInfo{"elc", version_, 2, 8}; }

int64_t ElcGame::cityWorks(int32_t city, uint32_t turn) const {
  if (unsettled(city, turn)) return 0;  // VC-530, VC-2550: zero for an Unsettled city
  return effectiveWorks(world_.cities[city], cities_[city].integration);
}

bool ElcGame::tieChainBefore(Seat a, Seat b) const {
  const Player &pa = players_[a], &pb = players_[b];
  if (pa.tenure != pb.tenure) return pa.tenure > pb.tenure;
  if (pa.standing != pb.standing) return pa.standing > pb.standing;
  if (pa.cities != pb.cities) return pa.cities > pb.cities;
  const int64_t la = unitsLostOf(a), lb = unitsLostOf(b);  // a team's losses are summed (VC-1570)
  if (la != lb) return la < lb;
  return a < b;
}

namespace {

// VC-1180: A distinct Landmark indices per rotation, none Lit in more than 2 consecutive rotations;
// 16 resamples, then the cap is relaxed for that rotation and the relaxation recorded.
void drawRotations(det::Rng& rng, int64_t rotations, int64_t L, int64_t A, std::vector<std::vector<int32_t>>& lit,
                   std::vector<uint8_t>& relaxed) {
  for (int64_t r = 0; r < rotations; ++r) {
    std::vector<int32_t> pick;
    bool ok = false;
    for (int attempt = 0; attempt <= 16 && !ok; ++attempt) {
      std::vector<int32_t> idx(static_cast<size_t>(L));
      for (int32_t i = 0; i < L; ++i) idx[static_cast<size_t>(i)] = i;
      rng.shuffle(idx);
      pick.assign(idx.begin(), idx.begin() + A);
      std::sort(pick.begin(), pick.end());
      ok = true;
      if (r >= 2)
        for (int32_t k : pick) {
          auto in = [&](const std::vector<int32_t>& v) { return std::binary_search(v.begin(), v.end(), k); };
          if (in(lit[static_cast<size_t>(r - 1)]) && in(lit[static_cast<size_t>(r - 2)])) ok = false;
        }
    }
    lit.push_back(pick);
    relaxed.push_back(ok ? 0 : 1);
  }
}

}  // namespace

Result<void> ElcGame::setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) {
  auto c = decodeConfig(config);
  if (!c) return c.error();
  if (seats < 2 || seats > 8) return Err("elc needs 2..8 seats, got ", seats);
  if (version_ < 3 && c->usesV3())
    return Err("Charters, Sealed Orders, Ambition and teams need victoryLogicVersion 3; this game runs ", version_, " (VC-3220)");
  if (version_ < 4 && c->teams() && (c->on(Track::Charters) || c->on(Track::Ambition)))
    return Err("teams with Charters or Ambition need victoryLogicVersion 4; this game runs ", version_, " (VC-3220)");
  if (version_ < 5 && !c->on(Track::Horizon))
    return Err("a game without the Horizon needs victoryLogicVersion 5; this game runs ", version_, " (VC-3220, VC-1340)");
  if (c->teams())  // VC-1570: one team letter per seat, no more, no fewer
    for (Seat s = 0; s < kMaxSeats; ++s)
      if ((s < seats) != (c->team[s] != kNoPick))
        return Err("teams names ", std::count_if(c->team.begin(), c->team.end(), [](uint8_t t) { return t != kNoPick; }),
                   " seats but the table has ", seats, ": give one team letter per seat (VC-1570)");
  const uint32_t version = version_;
  *this = ElcGame();
  version_ = version;
  cfg_ = *c;
  auto mapRng = det::Rng::stream(seed, "map");
  auto w = generateWorld(cfg_, seats, mapRng);
  if (!w) return w.error();
  world_ = std::move(*w);
  facts_ = MapFacts{cfg_.cities, static_cast<int64_t>(world_.landmarks.size()),
                    static_cast<int64_t>(world_.regionCapital.size()), seats, world_.potentialOutput};
  if (facts_.landmarks == 0 && (cfg_.on(Track::Keys) || cfg_.on(Track::Ascendancy) || cfg_.on(Track::GreatWork)))
    return Err("this map carries no Landmarks, so a Landmark Track cannot be enabled (VC-1081, linter L8)");
  if (cfg_.on(Track::Ascendancy) && cfg_.litCount > facts_.landmarks - 1)
    return Err("lit = ", cfg_.litCount, " must be at most L - 1 = ", facts_.landmarks - 1, " (VC-1140)");
  maxTenure_ = mapMaxima(facts_.cities, facts_.landmarks, seats, facts_.potentialOutput).maxTenurePerSeal;
  // VC-170: the victory stream draws, in order, the Ascendancy schedule (also under Charters, which may hand
  // a player the Ascendancy), the Warrant schedule, the Charters and Sealed Orders (§10), and the Horizon jitter.
  auto victory = det::Rng::stream(seed, "victory");
  if (cfg_.on(Track::Ascendancy) || (cfg_.on(Track::Charters) && charterFits(Track::Ascendancy, cfg_, facts_.landmarks)))
    drawRotations(victory, ceilDiv(cfg_.horizon, cfg_.rotationPeriod), facts_.landmarks, cfg_.litCount, lit_, litRelaxed_);
  if (cfg_.on(Track::Warrants)) {  // then the Warrant schedule (VC-1780)
    std::vector<int32_t> candidates;
    for (int32_t k = 0; k < static_cast<int32_t>(world_.cities.size()); ++k)
      if (world_.cities[k].startOf < 0) candidates.push_back(k);
    warrants_ = drawWarrants(victory, cfg_.warPeriod, cfg_.horizon, world_.regionCapital, candidates, cfg_.warrantMode,
                             cfg_.on(Track::Ambition), cfg_.regionHold);
  }
  cities_.assign(world_.cities.size(), City{});
  players_.assign(seats, Player{});
  if (auto o = setupObjectives(victory); !o) return o;
  hTrue_ = cfg_.horizon;  // then the Horizon jitter (VC-1360), last in the VC-170 order
  if (cfg_.jitter > 0) hTrue_ += static_cast<uint32_t>(victory.between(0, cfg_.jitter));
  for (auto& p : players_) p.capturedFrom.assign(seats, 0);
  for (size_t i = 0; i < cities_.size(); ++i) {
    const auto& site = world_.cities[i];
    cities_[i].owner = site.startOf;
    cities_[i].garrison = site.startOf < 0 ? cfg_.neutralDefence : 0;
  }
  for (Seat s = 0; s < seats; ++s) {
    int32_t seat = -1;  // VC-1450: the start city with the highest base Works, ties by sequence number
    for (size_t i = 0; i < cities_.size(); ++i)
      if (cities_[i].owner == s && (seat < 0 || world_.cities[i].baseWorks > world_.cities[seat].baseWorks))
        seat = static_cast<int32_t>(i);
    players_[s].seatCity = seat;
    for (int k = 0; k < 3; ++k) units_.push_back(Unit{nextUnitId_++, s, world_.cities[seat].tile});
  }
  for (Seat s = 0; s < seats; ++s)  // VC-1650, after every start city is placed; once per team, at its first seat
    if (cfg_.on(Track::Charters) && scores(s)) applyCharterHandicap(world_, cities_, s, players_[s].seatCity, charterWeight(players_[s].charter));
  const int64_t rivals = liveRivals(0);  // rival sides: seats - 1, or teams - 1 (VC-1570)
  for (Seat s = 0; s < seats; ++s)  // VC-390: the turn-1 thresholds are readable before the first Seal
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr)) continue;
      players_[s].tracks[i].threshold = tr == Track::Charters  ? thresholdAt(players_[s].charter, cfg_, facts_, 1, rivals)
                                        : tr == Track::Ambition ? int64_t{cfg_.ambitionThreshold}
                                                                : thresholdAt(tr, cfg_, facts_, 1, rivals);
    }
  terms_ = termsParagraph(cfg_, facts_);  // VC-2000: stored verbatim
  if (cfg_.teams()) terms_ += " Teams: " + teamsText() + "; a team plays, scores and wins as one player (VC-1570).";
  keepSetupBytes();
  return Ok();
}

std::vector<Seat> ElcGame::awaiting() const {
  std::vector<Seat> out;
  if (over_) return out;
  for (Seat s = 0; s < players_.size(); ++s)
    if (live(s)) out.push_back(s);
  return out;
}

std::optional<Outcome> ElcGame::outcome() const {
  if (!over_) return std::nullopt;
  Outcome o;
  for (const auto& p : players_) {
    o.rankBySeat.push_back(p.placing);
    o.scoreBySeat.push_back(p.tenure);
  }
  o.summary = (winner_ >= 0 ? who(static_cast<Seat>(winner_)) + " wins by " + route_ : "no winner") + " at turn " +
              std::to_string(turn_);
  return o;
}

}  // namespace concord::elc
