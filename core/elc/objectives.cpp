// §10 in play: Charters assigned with their handicap (VC-1630, VC-1650), Sealed Orders drawn with the bounded
// redraw (VC-1750), tested every Seal, revealed at 600 per mille (VC-1720), and Ambition credited (VC-1690, VC-1700).
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/charters.h"
#include "core/elc/state.h"

namespace concord::elc {

// VC-3190: every Charter (public, VC-1610), the viewer's own Ambition, and each Order's class; the form, subject,
// target city and progress only where the viewer may read the text (own, revealed or after the game, VC-1720).
void ElcGame::writeObjectives(det::Writer& w, Seat viewer) const {
  w.varu("objectivePlayers", players_.size());
  for (Seat p = 0; p < players_.size(); ++p) {
    const Player& pl = players_[p];
    const bool own = p == viewer || viewer == kOmniscient || over_ || (viewer < players_.size() && allied(p, viewer));
    w.u8("charter", static_cast<uint8_t>(pl.charter));
    w.vari("ambition", own ? pl.ambition : -1);
    w.varu("orders", pl.sealedOrders.size());
    for (const auto& o : pl.sealedOrders) {
      const bool known = own || o.revealed;
      w.u8("class", static_cast<uint8_t>(orderClass(o.form)));
      w.boolean("revealed", o.revealed);
      w.boolean("done", o.done);
      w.boolean("known", known);
      if (!known) continue;
      int32_t city = o.form == OrderForm::RegionCapital ? world_.regionCapital[o.subject]
                     : o.form == OrderForm::LandmarkHold ? world_.landmarks[o.subject]
                     : o.form == OrderForm::RivalSeat    ? players_[o.subject].seatCity
                                                         : -1;
      w.u8("form", static_cast<uint8_t>(o.form));
      w.vari("subject", o.subject);
      w.vari("city", city);
      w.vari("progress", o.progress);
    }
  }
}

bool ElcGame::anyCharter(Track tr) const {
  return std::any_of(players_.begin(), players_.end(), [&](const Player& p) { return p.charter == tr; });
}

// Setup, after the Warrant schedule: the Charters, then each player's Sealed Orders (VC-170 order). With teams
// (VC-1570: a team is one player, v4) each team's first seat draws the team's, and its team-mates carry copies
// (syncTeams keeps them equal), so a member who later leads the team still holds them.
Result<void> ElcGame::setupObjectives(det::Rng& victory) {
  const int seats = static_cast<int>(players_.size());
  std::vector<uint8_t> carries(static_cast<size_t>(seats));
  for (int s = 0; s < seats; ++s) carries[static_cast<size_t>(s)] = scores(static_cast<Seat>(s)) ? 1 : 0;
  if (cfg_.on(Track::Charters)) {
    auto charters = assignCharters(cfg_, facts_.landmarks, seats, victory, carries);
    if (!charters) return charters.error();
    for (int s = 0; s < seats; ++s) players_[s].charter = (*charters)[static_cast<size_t>(sideOf(static_cast<Seat>(s)))];
  }
  if (cfg_.on(Track::Ambition))
    for (int s = 0; s < seats; ++s) {
      if (!carries[static_cast<size_t>(s)]) {
        players_[s].sealedOrders = players_[sideOf(static_cast<Seat>(s))].sealedOrders;
        players_[s].orderShortfall = players_[sideOf(static_cast<Seat>(s))].orderShortfall;
        continue;
      }
      const uint32_t allies = cfg_.teams() ? sideMask(static_cast<Seat>(s)) : 0;  // a team-mate's Seat is no rival's
      auto d = drawSealedOrders(victory, world_, seats, s, cfg_.sealedOrders, sealedOrderPool(), allies);
      players_[s].sealedOrders = std::move(d.orders);
      players_[s].orderShortfall = d.shortfall;
    }
  return Ok();
}

// VC-1650: the handicap at the start of turn 1 — Works in the Seat's Yard and, from Weight 4, a city nearby.
void applyCharterHandicap(const World& w, IVec<City>& cities, Seat s, int32_t seatCity, int weight) {
  cities[seatCity].yard += charterWorks(weight);
  if (!charterExtraCity(weight)) return;
  int32_t best = -1;  // the nearest neutral city (wrapped Chebyshev, VC-190), ties by sequence number
  for (int32_t c = 0; c < static_cast<int32_t>(cities.size()); ++c)
    if (cities[c].owner == kNeutral &&
        (best < 0 || w.grid.distance(w.cities[c].tile, w.cities[seatCity].tile) < w.grid.distance(w.cities[best].tile, w.cities[seatCity].tile)))
      best = c;
  if (best < 0) return;
  cities[best].owner = static_cast<int32_t>(s);
  cities[best].garrison = 0;
}

bool ElcGame::sealedTestHolds(Seat p, const SealedOrder& o) const {
  const auto mine = [&](int32_t c) { return c >= 0 && snap_.owner[c] == static_cast<int32_t>(p); };
  switch (o.form) {
    case OrderForm::RegionShare: case OrderForm::WholeRegion: {
      int32_t n = 0;
      for (int32_t c : snap_.held[p]) n += world_.cities[c].region == o.subject ? 1 : 0;
      return o.form == OrderForm::RegionShare ? n >= kRegionShare : n == world_.regionSize[o.subject];
    }
    case OrderForm::Expansion: return snap_.cities[p] >= cfg_.startCities + 4;
    case OrderForm::Muster: return snap_.supplyCost[p] >= kMusterLegions * kUnitCost;
    case OrderForm::RegionCapital: return mine(world_.regionCapital[o.subject]);
    case OrderForm::LandmarkHold: return mine(world_.landmarks[o.subject]);
    case OrderForm::RivalSeat: return mine(players_[o.subject].seatCity);
  }
  return false;
}

std::string ElcGame::sealedOrderText(Seat holder, const SealedOrder& o) const {
  const std::string seals = " for " + std::to_string(orderSeals(o.form)) + " consecutive turns";
  std::string what;
  switch (o.form) {
    case OrderForm::RegionShare: what = "hold " + std::to_string(kRegionShare) + " cities of Region " + std::to_string(o.subject + 1); break;
    case OrderForm::Expansion: what = "hold " + std::to_string(cfg_.startCities + 4) + " cities"; break;
    case OrderForm::Muster: what = "keep " + std::to_string(kMusterLegions) + " Legions in supply"; break;
    case OrderForm::RegionCapital: what = "hold " + world_.cities[world_.regionCapital[o.subject]].name + ", capital of Region " + std::to_string(o.subject + 1); break;
    case OrderForm::LandmarkHold: what = "hold the Landmark " + world_.cities[world_.landmarks[o.subject]].name; break;
    case OrderForm::RivalSeat: what = "hold " + playerName(o.subject) + "'s Seat"; break;
    case OrderForm::WholeRegion: what = "hold every city of Region " + std::to_string(o.subject + 1); break;
  }
  const OrderClass c = orderClass(o.form);
  return who(holder) + "'s " + className(c) + " Sealed Order: " + what + seals + " (" + std::to_string(ambitionPoints(c)) +
         " Ambition).";
}

std::string ElcGame::objectivesText(Seat viewer) const {
  std::string s;
  for (Seat p = 0; p < players_.size(); ++p) {
    const Player& pl = players_[p];
    if (teamed(p) && sideOf(p) != p) continue;  // VC-1570: a team's objects are listed once, under its name
    const bool own = p == viewer || viewer == kOmniscient || over_ || (viewer < players_.size() && allied(p, viewer));
    if (cfg_.on(Track::Charters) && pl.charter != Track::Charters) {
      const TrackState& ts = pl.tracks[static_cast<int>(Track::Charters)];
      s += "  " + who(p) + "'s Charter: " + trackName(pl.charter) + " (Weight " + std::to_string(charterWeight(pl.charter)) +
           ", provisional): " + std::to_string(ts.threshold) + " to reach, vigil " + std::to_string(vigilFor(p, Track::Charters)) + "\n";
    }
    if (!cfg_.on(Track::Ambition)) continue;
    std::string classes;
    for (const auto& o : pl.sealedOrders) classes += (classes.empty() ? "" : ", ") + std::string(className(orderClass(o.form)));
    s += "  " + who(p) + ": " + std::to_string(pl.sealedOrders.size()) + " Sealed Orders (" + classes + ")" +
         (pl.orderShortfall ? ", " + std::to_string(pl.orderShortfall) + " short (VC-1750)" : std::string()) + "; Ambition " +
         std::to_string(pl.ambition) + " of " + std::to_string(cfg_.ambitionThreshold) + "\n";
    for (const auto& o : pl.sealedOrders)
      if (o.revealed || own)
        s += "    " + sealedOrderText(p, o) + " " + std::to_string(o.progress) + "/" + std::to_string(orderSeals(o.form)) +
             (o.done ? " done" : "") + "\n";
  }
  return s;
}

void ElcGame::revealSealedOrders(Seat p, uint32_t t) {  // VC-2520: on capitulation every Order is revealed
  for (size_t i = 0; i < players_[p].sealedOrders.size(); ++i) {
    auto& o = players_[p].sealedOrders[i];
    if (o.revealed) continue;
    o.revealed = true;
    note(t, Chron::SealedOrderRevealed, "Revealed: " + sealedOrderText(p, o));
    for (Seat k = 0; k < players_.size(); ++k)  // VC-1570: a team's one set of Orders, revealed in every copy once
      if (k != p && teamed(p) && teamed(k) && cfg_.team[k] == cfg_.team[p] && i < players_[k].sealedOrders.size())
        players_[k].sealedOrders[i].revealed = true;
  }
}

// S6 (after the Warrants): Sealed Orders advance or break, reveal at 600 (VC-1720), complete into Ambition, which
// is credited at most 4 a Seal (VC-1700 maxGainPerSeal; the rest next Seal).
void ElcGame::s6Objectives(uint32_t t) {
  if (!cfg_.on(Track::Ambition)) return;
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;  // once per side (VC-1570); without teams every live player
    Player& p = players_[s];
    for (auto& o : p.sealedOrders) {
      if (o.done) continue;
      o.progress = sealedTestHolds(s, o) ? o.progress + 1 : 0;  // consecutive Seals
      const int64_t need = orderSeals(o.form);
      if (!o.revealed && ratioOf(o.progress, need) >= 600) {
        o.revealed = true;
        note(t, Chron::SealedOrderRevealed, "Revealed: " + sealedOrderText(s, o));
      }
      if (o.progress >= need) {
        o.done = true;
        p.ambitionPending += ambitionPoints(orderClass(o.form));
      }
    }
    const int64_t gain = std::min(p.ambitionPending, kAmbitionMaxGain);
    if (gain == 0) continue;
    p.ambition += gain;
    p.ambitionPending -= gain;
    note(t, Chron::AmbitionGained, who(s) + " gains " + std::to_string(gain) + " Ambition (" + std::to_string(p.ambition) +
                                       " of " + std::to_string(cfg_.ambitionThreshold) + ").");
  }
}

}  // namespace concord::elc
