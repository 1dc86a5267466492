// RULES §II Mission setup: the set, Spacedock set aside and descending with wrap, the deal, the starter.
#include <algorithm>

#include "core/warp/state.h"

namespace concord::warp {

namespace {
/// §II / §V: Spacedock descends one double per round from maxPip-maxPip and wraps past 0-0.
uint8_t spacedockFor(const Config& c, uint16_t round) {
  int n = c.maxPip + 1;
  return static_cast<uint8_t>(c.maxPip - (round - 1) % n);
}
}  // namespace

std::vector<Tile> WarpGame::deckTiles() const {
  std::vector<Tile> deck;
  for (const Tile& t : fullSet(cfg_.maxPip))
    if (!(t.isDouble() && t.hi == spacedock_)) deck.push_back(t);
  return deck;
}

GameInfo WarpGame::info() const { return GameInfo{"warp", rulesVersion_, 2, 18}; }

Result<void> WarpGame::setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) {
  auto c = decodeConfig(config);
  if (!c) return c.error();
  int cap = maxFleet(c->maxPip);
  if (seats < 2 || seats > cap)
    return Err("Warp ", static_cast<int>(c->maxPip), " seats 2..", cap, " captains (RULES §II), got ", seats);
  if (c->squadrons && (seats % c->squadrons != 0 || seats / c->squadrons < 2))
    return Err("Module Zeta: ", seats, " captains cannot form ", static_cast<int>(c->squadrons),
               " equal squadrons of two or more");
  if (c->starter >= seats) return Err("starter seat ", static_cast<int>(c->starter), " is not at a ", seats, "-captain table");
  const uint32_t version = rulesVersion_;  // chosen by the session, not by the deal
  const bool hidden = hiddenDeal_;         // chosen by the table (issue 26), not by the deal
  *this = WarpGame();
  rulesVersion_ = version;
  hiddenDeal_ = hidden;
  setConfig(*c);
  seats_ = static_cast<uint8_t>(seats);
  deal_ = det::Rng::stream(seed, "deal");
  seat_.assign(seats, SeatState{});
  round_ = 1;
  roundsScored_ = 0;
  roundStarter_ = cfg_.starter;
  dealRound();
  return Ok();
}

void WarpGame::dealRound() {
  // §II: scramble, set aside Spacedock (not dealt), deal hands, the rest is Uncharted Sectors.
  // §V Blocked sector: all table coordinates, hands and pile are reshuffled for the next deal.
  spacedock_ = spacedockFor(cfg_, round_);
  ++deals_;
  std::vector<Tile> deck = deckTiles();
  // Hidden deal (issue 26): position i of the jointly shuffled masked deck stands in for a coordinate nobody knows.
  if (hiddenDeal_)
    for (size_t i = 0; i < deck.size(); ++i) deck[i] = unknownTile(static_cast<uint8_t>(i));
  blockClaimed_ = false;
  deal_.shuffle(deck);
  int n = handSize(cfg_, seats_);
  for (uint8_t s = 0; s < seats_; ++s) {
    auto& h = cfg_.epsilon ? seat_[s].pack : seat_[s].hand;  // §VI Epsilon: packs instead of hands
    seat_[s].hand.clear();
    seat_[s].pack.clear();
    seat_[s].picked = false;
    for (int i = 0; i < n; ++i) {
      h.push_back(deck.back());
      deck.pop_back();
    }
    std::sort(h.begin(), h.end());
  }
  pile_ = std::move(deck);
  boxed_.clear();
  grid_.clear();
  // §VI Gamma: the Sensor Grid is dealt face up from the remainder.
  for (int i = 0; cfg_.gamma && i < cfg_.gridSize && !pile_.empty(); ++i) {
    grid_.push_back(pile_.back());
    pile_.pop_back();
  }
  lines_.assign(static_cast<size_t>(seats_) + 1, Line{});
  startRound();
  if (cfg_.epsilon) {
    phase_ = Phase::Draft;
    say(Ev::Requisition);
  }
}

void WarpGame::startRound() {
  for (auto& st : seat_) {
    st.beacon = false;
    st.chartedOwn = false;
    st.ownSinceDrop = true;
    st.atImpulse = false;
    st.skipNext = false;
    st.vote = 0;
    st.debt = 0;
    st.hazardPasses = 0;
    st.beaconLock = 0;
  }
  exchangeDone_ = exchangePending_ = false;
  exchangeGiver_ = exchangeTaker_ = kNone;
  // §VI Delta: the round starter (Points) / the sector starter (Go-out) receives the Hazard Marker.
  if (cfg_.delta && (cfg_.objective == Objective::Points || hazard_ == kNone)) hazard_ = roundStarter_;
  doubleDown_ = 0;
  momentumClaimed_ = false;
  extraTurn_ = kNone;
  dbl_ = OpenDouble{};
  phase_ = Phase::Play;
  toAct_ = roundStarter_;
  drew_ = mustChartDrawn_ = false;
  drawn_ = Tile{};
  chartsThisTurn_ = 0;
  shieldChanged_ = false;
  openingTurn_ = true;
  flashPending_ = false;
  catchTarget_ = kNone;
  // §VI Alpha: Points-block directives last the round; Go-out-block ones the whole sector.
  if (cfg_.objective == Objective::Points) {
    reversed_ = inversion_ = amplification_ = echo_ = false;
    immunitySeat_ = kNone;
  }
  swap_ = false;
  peekSeat_ = kNone;
  wager_.clear();
  logBase_ += log_.size();
  prevLog_ = std::move(log_);
  log_ = RoundLog{};
  say(Ev::Round, {round_, static_cast<uint16_t>(overtime_ ? 1 : 0), spacedock_, roundStarter_});
}

Result<void> WarpGame::loadPosition(const Position& p, const det::Seed& seed) {
  if (auto v = validateConfig(p.config); !v) return v;
  int cap = maxFleet(p.config.maxPip);
  if (p.seats < 2 || p.seats > cap)
    return Err("Warp ", static_cast<int>(p.config.maxPip), " seats 2..", cap, " captains, got ", p.seats);
  if (p.round < 1) return Err("round must be 1 or more");
  if (p.spacedock != spacedockFor(p.config, p.round))
    return Err("round ", p.round, " has Spacedock ", static_cast<int>(spacedockFor(p.config, p.round)), "-",
               static_cast<int>(spacedockFor(p.config, p.round)), " (RULES §II descent), not ",
               static_cast<int>(p.spacedock), "-", static_cast<int>(p.spacedock));
  if (p.config.squadrons && (p.seats % p.config.squadrons != 0 || p.seats / p.config.squadrons < 2))
    return Err("Module Zeta: ", p.seats, " captains cannot form ", static_cast<int>(p.config.squadrons),
               " equal squadrons of two or more");
  if (p.starter >= p.seats) return Err("starter ", static_cast<int>(p.starter), " is not a seat");
  if (p.blockedDeals && p.config.objective != Objective::GoOut)
    return Err("blockedDeals: only Go-out rounds are re-dealt when blocked (Victory conditions)");
  if (p.blockedDeals >= kMaxBlockedDeals)
    return Err("blockedDeals must be below ", kMaxBlockedDeals, " (the re-deal cap, docs/rules-decisions.md)");
  if (p.hands.size() != p.seats) return Err("need one hand per seat (", p.seats, "), got ", p.hands.size());
  if (!p.trails.empty() && p.trails.size() != p.seats) return Err("trails: need one list per seat");
  if (!p.beacons.empty() && p.beacons.size() != p.seats) return Err("beacons: need one flag per seat");
  if (!p.campaign.empty() && p.campaign.size() != p.seats) return Err("campaign: need one score per seat");
  if (!p.roundWins.empty() && p.roundWins.size() != p.seats) return Err("roundWins: need one count per seat");
  std::vector<Tile> set = fullSet(p.config.maxPip);
  std::vector<bool> used(set.size(), false);
  auto claim = [&](Tile t, const std::string& where) -> Result<void> {
    if (t.hi > p.config.maxPip || t.lo > t.hi) return Err(where, ": ", t.text(), " is not in this set");
    auto i = static_cast<size_t>(t.index());
    if (used[i]) return Err(where, ": ", t.text(), " appears twice (Spacedock, hands, pile and trails share one set)");
    used[i] = true;
    return Ok();
  };
  if (auto r = claim(Tile{p.spacedock, p.spacedock}, "spacedock"); !r) return r;
  WarpGame g;
  g.rulesVersion_ = rulesVersion_;
  g.setConfig(p.config);
  g.seats_ = static_cast<uint8_t>(p.seats);
  g.deal_ = det::Rng::stream(seed, "deal");
  g.seat_.assign(p.seats, SeatState{});
  g.immunitySeat_ = g.peekSeat_ = kNone;
  g.round_ = p.round;
  g.roundsScored_ = static_cast<uint16_t>(p.round - 1);
  g.spacedock_ = p.spacedock;
  g.roundStarter_ = p.starter;
  g.blockedDeals_ = p.blockedDeals;
  g.lines_.assign(static_cast<size_t>(p.seats) + 1, Line{});
  for (Seat s = 0; s < p.seats; ++s) {
    for (Tile t : p.hands[s])
      if (auto r = claim(t, "hand of seat " + std::to_string(s)); !r) return r;
    g.seat_[s].hand = p.hands[s];
    std::sort(g.seat_[s].hand.begin(), g.seat_[s].hand.end());
  }
  for (Tile t : p.pile)
    if (auto r = claim(t, "pile"); !r) return r;
  g.pile_.assign(p.pile.rbegin(), p.pile.rend());
  if (!p.grid.empty() && !p.config.gamma) return Err("grid: the Sensor Grid needs Module Gamma (gamma=on)");
  if (p.grid.size() > p.config.gridSize) return Err("grid: more coordinates than the Sensor Grid size");
  for (Tile t : p.grid)
    if (auto r = claim(t, "grid"); !r) return r;
  g.grid_ = p.grid;
  if (!p.packs.empty() && (!p.config.epsilon || p.packs.size() != p.seats))
    return Err("packs: Requisition Packs need Module Epsilon and one pack per seat");
  for (size_t s = 0; s < p.packs.size(); ++s) {
    if (p.packs[s].size() != p.packs[0].size()) return Err("packs: every pack must hold the same number of coordinates");
    for (Tile t : p.packs[s])
      if (auto r = claim(t, "pack of seat " + std::to_string(s)); !r) return r;
    g.seat_[s].pack = p.packs[s];
    std::sort(g.seat_[s].pack.begin(), g.seat_[s].pack.end());
  }
  auto chain = [&](const std::vector<Tile>& ts, Line& line, const std::string& where) -> Result<void> {
    uint8_t end = p.spacedock;
    for (Tile t : ts) {
      if (auto r = claim(t, where); !r) return r;
      if (!t.has(end)) return Err(where, ": ", t.text(), " does not match the open end ", static_cast<int>(end));
      end = t.other(end);
      line.main.push_back(Placed{t, end});
    }
    return Ok();
  };
  for (size_t s = 0; s < p.trails.size(); ++s)
    if (auto r = chain(p.trails[s], g.lines_[s], "trail of seat " + std::to_string(s)); !r) return r;
  if (auto r = chain(p.neutral, g.lines_[p.seats], "neutral zone"); !r) return r;
  for (size_t i = 0; i < set.size(); ++i)
    if (!used[i]) g.boxed_.push_back(set[i]);
  g.startRound();
  bool anyLine = false;
  for (const auto& l : g.lines_) anyLine = anyLine || !l.main.empty();
  g.openingTurn_ = !anyLine;
  for (Seat s = 0; s < p.seats; ++s) {
    if (!p.beacons.empty()) g.seat_[s].beacon = p.beacons[s];
    if (!p.campaign.empty()) g.seat_[s].campaign = p.campaign[s];
    if (!p.roundWins.empty()) g.seat_[s].roundWins = p.roundWins[s];
    g.seat_[s].chartedOwn = !g.lines_[g.home(static_cast<uint8_t>(s))].main.empty();
    if (p.config.squadrons && g.home(static_cast<uint8_t>(s)) != s && !g.lines_[s].main.empty())
      return Err("trails: with squadrons, list a squadron's shared trail under its first seat (", s % p.config.squadrons, ")");
  }
  // A trail whose last coordinate is an uncovered double is not a legal position to start from.
  for (const auto& l : g.lines_)
    if (!l.main.empty() && l.main.back().tile.isDouble())
      return Err("a line ends in the uncovered double ", l.main.back().tile.text(),
                 "; start scenarios with every double covered (chart it in the orders instead)");
  if (!p.packs.empty() && !p.packs[0].empty()) g.phase_ = Phase::Draft;
  *this = std::move(g);
  return Ok();
}

}  // namespace concord::warp
