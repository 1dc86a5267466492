// Observations (VC-2160..VC-2190): the viewer's own values in full (VC-2170), rivals' values as their band
// publishes them, Tenure exact (VC-2360); the text is the Watch (VC-2340..VC-2380) for a person.
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/state.h"
#include "core/elc/view.h"

namespace concord::elc {

namespace {
const char* kBand[] = {"rumour", "report", "ALARM"};
}

Observation ElcGame::observeNamed(Seat viewer, const SeatNames& names) const {
  Observation o;
  o.viewer = viewer;
  const bool omni = viewer == kOmniscient;
  const uint32_t t = turn_ + 1;
  det::Writer w;
  w.u16("seat", viewer);
  w.varu("turn", t);
  w.varu("width", static_cast<uint64_t>(world_.grid.width));
  w.varu("height", static_cast<uint64_t>(world_.grid.height));
  w.u8("topology", static_cast<uint8_t>(world_.grid.topology));
  // Bits 14 and 15 (no Track uses them) say which optional blocks end these bytes: the sides (teams) and the Region
  // hold Warrants (VC-1815); without them the bytes are as before.
  w.u16("enabled", static_cast<uint16_t>(cfg_.enabled | (cfg_.teams() ? kViewSides : 0u) | (cfg_.regionHold ? kViewRegionHolds : 0u)));
  w.vari("verdictLeader", verdictLeader_);
  w.varu("cities", cities_.size());
  for (size_t c = 0; c < cities_.size(); ++c) {
    w.varu("tile", static_cast<uint64_t>(world_.cities[c].tile));
    w.vari("owner", cities_[c].owner);
    w.vari("landmark", world_.cities[c].landmark);
    w.varu("garrison", static_cast<uint64_t>(cities_[c].garrison));
    w.varu("region", static_cast<uint64_t>(world_.cities[c].region));
    w.boolean("unsettled", unsettled(static_cast<int32_t>(c), t));
  }
  w.varu("units", units_.size());
  for (const auto& u : units_) w.varu("id", u.id), w.varu("owner", static_cast<uint64_t>(u.owner)), w.varu("tile", static_cast<uint64_t>(u.tile));
  w.varu("players", players_.size());
  for (Seat s = 0; s < players_.size(); ++s) {
    const Player& p = players_[s];
    w.boolean("live", live(s));
    w.boolean("reduced", p.reduced);  // VC-2920: public
    w.boolean("outOfContention", p.outOfContention);  // VC-2700: public
    w.vari("tenure", p.tenure);
    w.vari("seatCity", p.seatCity);
    std::vector<std::pair<int, const TrackState*>> shown;
    for (int i = 0; i < kTracks; ++i)
      if (cfg_.on(static_cast<Track>(i))) shown.push_back({i, &p.tracks[i]});
    w.varu("tracks", shown.size());
    for (auto [i, ts] : shown) {
      bool own = omni || s == viewer || over_ || (viewer < players_.size() && allied(s, viewer));  // VC-2170 (a team's own), VC-2450
      w.u8("track", static_cast<uint8_t>(i));
      w.u8("band", static_cast<uint8_t>(ts->band));
      w.u8("vigil", (own || ts->vigil > 0) ? ts->vigil : 0);  // VC-750: public from 1
      w.vari("published", own ? ts->ratio : ts->published);
    }
  }
  // VC-3190: §10 (absent otherwise), then (v4: both may be on) each seat's side, VC-1570 (absent without teams):
  // the order decodeView reads them in; a game with only one of them writes the bytes it always did.
  if (cfg_.on(Track::Charters) || cfg_.on(Track::Ambition)) writeObjectives(w, viewer);
  if (cfg_.teams()) {  // so a bot knows its team-mates
    w.varu("sides", players_.size());
    for (Seat s = 0; s < players_.size(); ++s) w.varu("side", sideOf(s));
  }
  if (cfg_.regionHold) {  // VC-1815: the announced or open Region hold Warrants (public, VC-1790), by Region index
    std::vector<int32_t> regions;
    for (const auto& wr : warrants_)
      if (wr.form == WarrantForm::RegionHold && wr.claimedBy < 0 && !wr.expired && wr.announce <= turn_ && t <= wr.deadline)
        regions.push_back(wr.region);
    w.varu("regionHolds", regions.size());
    for (int32_t r : regions) w.varu("region", static_cast<uint64_t>(r));
  }
  o.canonical = w.take();
  // The Watch: one row per player, then the footer (VC-2370).
  // VC-1360: the true Horizon stays hidden until 10 turns before it; the window is public from turn 1.
  const bool hidden = cfg_.jitter > 0 && t + 10 < hTrue_;
  const std::string horizon = !cfg_.on(Track::Horizon) ? std::to_string(cfg_.bound) + " (no Horizon: the hard bound)"
                              : hidden ? std::to_string(cfg_.horizon) + "\u2013" + std::to_string(cfg_.horizon + cfg_.jitter)
                                       : std::to_string(hTrue_);
  std::string s = "Every Last City \u2014 turn " + std::to_string(t) + " of " + horizon +
                  (over_ ? " (over: " + (winner_ >= 0 ? namedWho(static_cast<Seat>(winner_), names) : std::string("nobody")) + " wins by " + route_ + ")" : "") + "\n";
  for (Seat p = 0; p < players_.size(); ++p) {
    const Player& pl = players_[p];
    s += "  " + namedLabel(p, names) + (p == viewer ? " (you)" : "") + ": Tenure " + withCommas(pl.tenure);
    if (!live(p)) s += pl.left == Left::Conceded ? "  conceded" : "  capitulated";
    if (pl.reduced) s += "  Reduced";
    if (pl.outOfContention) s += "  Out of Contention";
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr) || tr == Track::LastStanding || !isTerminal(tr)) continue;
      const TrackState& ts = pl.tracks[i];
      bool own = omni || p == viewer || over_ || (viewer < players_.size() && allied(p, viewer));
      s += "  | " + std::string(trackName(tr)) + " ";
      const TrackRecord* sealed = recordedTrack(turn_, p, tr);
      if (own) s += std::to_string(ts.progress) + "/" + std::to_string(ts.threshold);
      else if (sealed) s += publishedReading(tr, *sealed, recordedTrack(turn_ - 1, p, tr), turn_);  // the band and which way it moved
      else if (ts.published < 0) s += kBand[static_cast<int>(ts.band)];
      else s += std::to_string(ts.published / 10) + "%";
      if (ts.vigil > 0) s += " vigil " + std::to_string(ts.vigil);
      if (own && ebbs(tr, cfg_, facts_) && ts.progress < ts.threshold) {  // VC-840: count backwards to a date
        int64_t k = countBackTurn(tr, cfg_, facts_, ts.progress, t);
        s += k < 0 ? " (the Ebb never reaches you)" : " (the Ebb reaches you at turn " + std::to_string(k) + ")";
      }
    }
    s += "\n";
  }
  if (cfg_.on(Track::Dominion)) {
    int64_t now = thresholdAt(Track::Dominion, cfg_, facts_, t, 0);
    s += "  Ebb: Dominion " + std::to_string(citiesFor(now, facts_.cities)) + " of " + std::to_string(facts_.cities) + " cities";
    for (int64_t k = t + 1; k <= cfg_.horizon; ++k)
      if (citiesFor(thresholdAt(Track::Dominion, cfg_, facts_, k, 0), facts_.cities) != citiesFor(now, facts_.cities)) {
        s += ", " + std::to_string(citiesFor(thresholdAt(Track::Dominion, cfg_, facts_, k, 0), facts_.cities)) + " from turn " + std::to_string(k);
        break;
      }
    s += "\n";
  }
  if (viewer < players_.size() && live(viewer)) {  // what a person needs to type orders (the host world has no fog)
    std::string mine;
    for (int32_t c = 0; c < static_cast<int32_t>(cities_.size()); ++c)
      if (cities_[c].owner == static_cast<int32_t>(viewer))
        mine += (mine.empty() ? "" : "; ") + std::to_string(c) + " " + world_.cities[c].name + " (" +
                std::to_string(world_.grid.x(world_.cities[c].tile)) + "," + std::to_string(world_.grid.y(world_.cities[c].tile)) +
                ") Yard " + std::to_string(cities_[c].yard);
    s += "  Your cities: " + (mine.empty() ? std::string("none") : mine) + "\n";
    std::string legions;
    for (const auto& u : units_)
      if (u.owner == static_cast<int32_t>(viewer))
        legions += (legions.empty() ? "" : ", ") + std::to_string(u.id) + " (" + std::to_string(world_.grid.x(u.tile)) + "," +
                   std::to_string(world_.grid.y(u.tile)) + ")";
    s += "  Your Legions: " + (legions.empty() ? std::string("none") : legions) + "\n";
  }
  s += objectivesText(viewer);  // §10: Charters, Sealed Orders, Ambition
  s += alarmText(viewer);       // VC-2280, VC-2230: the Alarm's addresses
  for (const auto& a : attentionEvents(viewer))  // VC-3150: the Dispatch, never demoted
    s += "  DISPATCH [" + std::string(attentionName(a.cls)) + "] " + a.text + "\n";
  for (const auto& wr : warrants_)  // VC-1800/VC-1890: the Warrant board, from the announcement on
    if (wr.announce <= turn_ && wr.claimedBy < 0 && !wr.expired) s += "  " + warrantText(wr) + "\n";
  for (const auto& rw : rally_)  // VC-2960: public with target and holder from the issue
    if (!rw.claimed && !rw.expired) s += "  " + rallyText(rw) + "\n";
  o.text = s;
  return o;
}

Result<View> decodeView(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "elc observation");
  View v;
  v.seat = r.u16("seat");
  v.turn = static_cast<uint32_t>(r.varu("turn", 100000));
  v.width = static_cast<int32_t>(r.varu("width", 64));
  v.height = static_cast<int32_t>(r.varu("height", 64));
  v.topology = r.u8("topology");
  const uint16_t flags = r.u16("enabled");
  v.enabled = static_cast<uint16_t>(flags & ~(kViewSides | kViewRegionHolds));
  v.verdictLeader = static_cast<int32_t>(r.vari("verdictLeader", -1, 7));
  uint64_t nc = r.count("cities", 256, 6);
  for (uint64_t i = 0; i < nc && r.ok(); ++i) {
    ViewCity c;
    c.tile = static_cast<int32_t>(r.varu("tile", 4095));
    c.owner = static_cast<int32_t>(r.vari("owner", -1, 7));
    c.landmark = static_cast<int32_t>(r.vari("landmark", -1, 10));
    c.garrison = static_cast<int32_t>(r.varu("garrison", 64));
    c.region = static_cast<int32_t>(r.varu("region", 31));
    c.unsettled = r.boolean("unsettled");
    v.cities.push_back(c);
  }
  uint64_t nu = r.count("units", 512, 3);
  for (uint64_t i = 0; i < nu && r.ok(); ++i) {
    ViewUnit u;
    u.id = static_cast<uint32_t>(r.varu("id", UINT32_MAX));
    u.owner = static_cast<int32_t>(r.varu("owner", 7));
    u.tile = static_cast<int32_t>(r.varu("tile", 4095));
    v.units.push_back(u);
  }
  uint64_t np = r.count("players", 8, 5);
  for (uint64_t i = 0; i < np && r.ok(); ++i) {
    ViewPlayer p;
    p.live = r.boolean("live");
    p.reduced = r.boolean("reduced");
    p.outOfContention = r.boolean("outOfContention");
    p.tenure = r.vari("tenure");
    p.seatCity = static_cast<int32_t>(r.vari("seatCity", -1, 255));
    uint64_t nt = r.count("tracks", 14, 4);
    for (uint64_t k = 0; k < nt; ++k) {
      ViewTrack tr;
      tr.track = r.u8("track");
      tr.band = r.u8("band");
      tr.vigil = r.u8("vigil");
      tr.published = r.vari("published");
      p.tracks.push_back(tr);
    }
    v.players.push_back(std::move(p));
  }
  constexpr uint16_t k10 = (1u << static_cast<int>(Track::Charters)) | (1u << static_cast<int>(Track::Ambition));
  if (r.ok() && (v.enabled & k10) != 0) {  // VC-3190: §10, before the sides when teams are on too (v4)
    uint64_t n = r.count("objectivePlayers", 8, 3);
    for (uint64_t i = 0; i < n && r.ok() && i < v.players.size(); ++i) {
      ViewPlayer& p = v.players[i];
      p.charter = r.u8("charter");
      p.ambition = r.vari("ambition", -1, 1000);
      uint64_t no = r.count("orders", 2, 4);
      for (uint64_t k = 0; k < no && r.ok(); ++k) {
        ViewOrder o;
        o.cls = r.u8("class");
        o.revealed = r.boolean("revealed");
        o.done = r.boolean("done");
        if (r.boolean("known")) {
          o.form = r.u8("form");
          o.subject = static_cast<int32_t>(r.vari("subject", -1, 255));
          o.city = static_cast<int32_t>(r.vari("city", -1, 255));
          o.progress = r.vari("progress", 0, 100000);
        }
        p.orders.push_back(o);
      }
    }
    if (n != v.players.size()) return Err("elc observation: objectives for ", n, " players, ", v.players.size(), " seated");
  }
  if (r.ok() && (flags & kViewSides) != 0) {
    uint64_t ns = r.count("sides", 8, 1);
    for (uint64_t i = 0; i < ns && r.ok(); ++i) v.side.push_back(static_cast<int32_t>(r.varu("side", 7)));
  }
  if (r.ok() && (flags & kViewRegionHolds) != 0) {
    uint64_t nr = r.count("regionHolds", 32, 1);
    for (uint64_t i = 0; i < nr && r.ok(); ++i) v.regionHolds.push_back(static_cast<int32_t>(r.varu("region", 31)));
  }
  if (auto f = r.finish(); !f) return f.error();
  return v;
}

}  // namespace concord::elc
