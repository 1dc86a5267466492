// §9 fog of war: an empire sees systems it owns or owned, explored, one lane from its own, or probed;
// fleets and figures only where it has eyes this turn. observe() = View bytes + the plain-language report.
#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/web/view.h"

namespace concord::web {

const SysView* View::find(uint16_t id) const {
  auto it = std::lower_bound(systems.begin(), systems.end(), id, [](const SysView& s, uint16_t i) { return s.id < i; });
  return it != systems.end() && it->id == id ? &*it : nullptr;
}

View makeView(const WebGame& g, Seat viewer) {
  View v;
  v.turn = g.turn();
  // A viewer that is no empire (kSpectator, issue 26) is nobody: never 0xFE, which names the independents.
  v.viewer = viewer == kOmniscient || viewer >= g.empires() ? kNobody : static_cast<uint8_t>(viewer);
  v.empires = g.empires();
  v.galaxySystems = static_cast<uint16_t>(g.systems().size());
  const uint8_t e = static_cast<uint8_t>(viewer);
  for (uint8_t k = 0; k < g.empires(); ++k) v.vanquished.push_back(g.empire(k).vanquished ? 1 : 0);
  if (viewer != kOmniscient && viewer >= g.empires()) return v;  // no such empire: nothing to see
  // Vanquished: locked out of the map until the game ends, then the full map is revealed.
  const bool lockedOut = viewer != kOmniscient && g.empire(e).vanquished;
  if (lockedOut && !g.over()) {
    for (const auto& ev : g.events())
      if (ev.kind == Ev::Vanquished || ev.kind == Ev::Victory) v.events.push_back(ev);
    return v;
  }
  const bool all = viewer == kOmniscient || lockedOut;
  if (!all) {
    v.unsupplied = g.empire(e).unsupplied, v.reputation = g.empire(e).reputation;
    for (uint8_t o = 0; o < g.empires(); ++o) {
      const Pact* p = o == e ? nullptr : &g.pact(e, o);
      v.pactState.push_back(p ? p->state : 0);
      v.met.push_back(p && g.met(e, o) ? 1 : 0);
      const uint8_t nap = o < e ? kNapByLow : kNapByHigh, peace = o < e ? kPeaceByLow : kPeaceByHigh;
      v.offers.push_back(p ? static_cast<uint8_t>(((p->proposals & nap) ? kOfferNap : 0) | ((p->proposals & peace) ? kOfferPeace : 0)) : 0);
    }
  }
  const auto& sys = g.systems();
  std::vector<uint8_t> inView(sys.size(), all ? 1 : 0), lanes(sys.size(), all ? 1 : 0), known(sys.size(), all ? 1 : 0);
  if (!all) {
    const auto& k = g.empire(e).knowledge;
    inView = eyesOf(g, e);
    for (const auto& s : sys) {
      if (k[s.id] || inView[s.id]) known[s.id] = 1;
      if (k[s.id] & (kExplored | kEverOwned)) lanes[s.id] = 1;
      if (s.owner == e) lanes[s.id] = 1;
    }
    for (const auto& x : g.empire(e).seen) known[x.sys] = 1;  // §9 remembered
    for (const auto& r : g.ships())
      if (r.owner == e && r.alive()) lanes[r.sys] = 1;
    // §1g: a black hole on a known lane is revealed for good.
    for (const auto& s : sys)
      if (lanes[s.id])
        for (uint16_t n : s.lanes)
          if (sys[n].kind == Kind::BlackHole) known[n] = 1;
  }
  for (const auto& s : sys) {
    if (!known[s.id]) continue;
    SysView x;
    x.id = s.id, x.kind = s.kind, x.quality = s.quality, x.homeOf = s.homeOf;
    x.lanesKnown = lanes[s.id], x.inView = inView[s.id];
    if (!all) x.relation = g.empire(e).relation[s.id], x.level = g.empire(e).diplo[s.id];
    if (x.lanesKnown) x.lanes = s.lanes;
    if (x.inView) {
      x.owner = s.owner, x.pop = s.pop, x.popLimit = s.popLimit, x.industry = s.industry;
      x.mineralsPerTurn = s.mineralsPerTurn, x.minerals = s.minerals, x.pd = s.pd, x.dsats = s.dsats;
      x.crystals = s.crystals, x.starbaseKits = s.starbaseKits, x.starbase = s.starbase, x.unrest = s.unrest;
      x.seenTurn = v.turn;
    } else if (const Sighting* m = all ? nullptr : g.empire(e).sighting(s.id)) {  // §9 as last seen
      x.owner = m->owner, x.pop = m->pop, x.industry = m->industry, x.pd = m->pd, x.dsats = m->dsats;
      x.starbase = m->starbase, x.seenTurn = m->turn;
      for (const auto& f : m->fleets) {
        FleetView fv;
        fv.owner = f.owner, fv.ships = f.ships;
        if (f.ships[static_cast<size_t>(Ship::Freighter)]) fv.freighters[0] = f.ships[static_cast<size_t>(Ship::Freighter)];
        x.fleets.push_back(fv);
      }
    }
    v.systems.push_back(std::move(x));
  }
  for (const auto& r : g.ships()) {
    if (!r.alive()) continue;
    auto* sv = const_cast<SysView*>(v.find(r.sys));
    if (!sv || !sv->inView) continue;
    auto it = std::find_if(sv->fleets.begin(), sv->fleets.end(), [&](const FleetView& f) { return f.owner == r.owner; });
    if (it == sv->fleets.end()) {
      FleetView f;
      f.owner = r.owner;
      if (const StanceRec* st = g.stanceAt(r.sys, r.owner); st && (all || r.owner == e)) f.stance = st->stance;
      it = sv->fleets.insert(std::lower_bound(sv->fleets.begin(), sv->fleets.end(), r.owner,
                                              [](const FleetView& a, uint8_t o) { return a.owner < o; }),
                             f);
    }
    ++it->ships[static_cast<size_t>(r.type)];
    if (r.type == Ship::Freighter) ++it->freighters[all || r.owner == e ? static_cast<size_t>(r.cargo) : size_t{0}];
  }
  for (const auto& ev : g.events()) {
    const SysView* sv = ev.sys == kNoSys ? nullptr : v.find(ev.sys);
    bool mine = ev.owner == v.viewer || ev.other == v.viewer;
    bool seen = sv && sv->inView;
    bool global = ev.kind == Ev::Vanquished || ev.kind == Ev::Victory;
    // §2i "the victim and any third-party empires who have met you are notified" of a surprise attack.
    if (ev.kind == Ev::SurpriseAttack && !all && v.viewer < g.empires() && g.met(v.viewer, ev.owner)) global = true;
    if (ev.kind == Ev::RaidLaunched && !all) {
      // §5b: ships of the viewer at the origin field send a specific sighting report (`need` 1: its size and
      // heading); anyone else watching the field sees the fleet leave; every other empire hears only the warning.
      bool there = false;
      for (const auto& r : g.ships()) there = there || (r.alive() && r.owner == v.viewer && r.sys == ev.sys);
      Event warn = ev;
      if (there) warn.need = 1;
      else if (seen) warn.other = kNobody, warn.b = kNoSys;
      else warn.sys = kNoSys, warn.other = kNobody, warn.a = 0, warn.b = 0;
      v.events.push_back(warn);
      continue;
    }
    if (ev.kind == Ev::Probe && ev.owner != v.viewer) continue;  // §3b the defender is not notified
    if (ev.kind == Ev::Supply && ev.owner != v.viewer) continue;
    if (all || mine || seen || global) v.events.push_back(ev);
  }
  return v;
}

std::vector<uint8_t> encodeView(const View& v) {
  det::Writer w;
  w.varu("turn", v.turn);
  w.u8("viewer", v.viewer);
  w.varu("empires", v.empires);
  w.varu("galaxySystems", v.galaxySystems);
  w.boolean("unsupplied", v.unsupplied);
  w.vari("reputation", v.reputation);
  w.bytes("vanquished", v.vanquished);
  w.bytes("pactState", v.pactState), w.bytes("met", v.met), w.bytes("offers", v.offers);
  w.varu("systems", v.systems.size());
  for (const auto& s : v.systems) {
    w.varu("id", s.id);
    w.u8("kind", static_cast<uint8_t>(s.kind));
    w.u8("quality", s.quality);
    w.boolean("lanesKnown", s.lanesKnown), w.boolean("inView", s.inView);
    w.u8("owner", s.owner), w.u8("homeOf", s.homeOf);
    for (int32_t x : {s.pop, s.popLimit, s.industry, s.mineralsPerTurn, s.minerals, s.pd, s.dsats, s.crystals, s.starbaseKits})
      w.vari("n", x);
    w.boolean("starbase", s.starbase), w.boolean("unrest", s.unrest);
    w.u8("relation", s.relation), w.u8("level", s.level);
    w.varu("seenTurn", s.seenTurn);
    w.varu("lanes", s.lanes.size());
    for (uint16_t l : s.lanes) w.varu("lane", l);
    w.varu("fleets", s.fleets.size());
    for (const auto& f : s.fleets) {
      w.u8("owner", f.owner);
      for (uint16_t c : f.ships) w.varu("ships", c);
      for (uint16_t c : f.freighters) w.varu("freighters", c);
      w.u8("stance", static_cast<uint8_t>(f.stance));
    }
  }
  w.varu("events", v.events.size());
  for (const auto& e : v.events) {
    w.u8("kind", static_cast<uint8_t>(e.kind));
    w.u8("round", e.round), w.u16("sys", e.sys), w.u8("owner", e.owner), w.u8("other", e.other);
    w.u8("ship", e.ship), w.u8("roll", e.roll), w.u8("need", e.need), w.vari("a", e.a), w.vari("b", e.b);
  }
  return w.take();
}

Result<View> decodeView(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "web view");
  View v;
  v.turn = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
  v.viewer = r.u8("viewer");
  v.empires = static_cast<uint16_t>(r.varu("empires", kMaxEmpires));
  v.galaxySystems = static_cast<uint16_t>(r.varu("galaxySystems", kMaxSystems));
  v.unsupplied = r.boolean("unsupplied");
  v.reputation = static_cast<int32_t>(r.vari("reputation", kRepMin, kRepMax));
  v.vanquished = r.bytes("vanquished", kMaxEmpires);
  v.pactState = r.bytes("pactState", kMaxEmpires), v.met = r.bytes("met", kMaxEmpires), v.offers = r.bytes("offers", kMaxEmpires);
  const uint64_t n = r.count("systems", kMaxSystems, 10);
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    SysView s;
    s.id = static_cast<uint16_t>(r.varu("id", kMaxSystems - 1));
    uint8_t k = r.u8("kind");
    if (k >= kKinds) r.fail("kind", "unknown system kind");
    s.kind = static_cast<Kind>(k);
    s.quality = r.u8("quality");
    s.lanesKnown = r.boolean("lanesKnown"), s.inView = r.boolean("inView");
    s.owner = r.u8("owner"), s.homeOf = r.u8("homeOf");
    for (int32_t* x : {&s.pop, &s.popLimit, &s.industry, &s.mineralsPerTurn, &s.minerals, &s.pd, &s.dsats, &s.crystals,
                       &s.starbaseKits})
      *x = static_cast<int32_t>(r.vari("n", INT32_MIN, INT32_MAX));
    s.starbase = r.boolean("starbase"), s.unrest = r.boolean("unrest");
    s.relation = r.u8("relation"), s.level = r.u8("level");
    if (s.relation > static_cast<uint8_t>(Rel::Hostile)) r.fail("relation", "unknown relation");
    s.seenTurn = static_cast<uint32_t>(r.varu("seenTurn", v.turn));
    uint64_t nl = r.count("lanes", kMaxSystems);
    for (uint64_t k2 = 0; k2 < nl; ++k2) s.lanes.push_back(static_cast<uint16_t>(r.varu("lane", kMaxSystems - 1)));
    uint64_t nf = r.count("fleets", 256, 11);
    for (uint64_t k2 = 0; k2 < nf && r.ok(); ++k2) {
      FleetView f;
      f.owner = r.u8("owner");
      for (auto& c : f.ships) c = static_cast<uint16_t>(r.varu("ships", 65535));
      for (auto& c : f.freighters) c = static_cast<uint16_t>(r.varu("freighters", 65535));
      uint8_t st = r.u8("stance");
      if (st > 2) r.fail("stance", "unknown stance");
      f.stance = static_cast<Stance>(st);
      s.fleets.push_back(f);
    }
    v.systems.push_back(std::move(s));
  }
  const uint64_t ne = r.count("events", 50000000, 10);
  for (uint64_t i = 0; i < ne && r.ok(); ++i) {
    Event e;
    e.kind = static_cast<Ev>(r.u8("kind"));
    e.round = r.u8("round"), e.sys = r.u16("sys"), e.owner = r.u8("owner"), e.other = r.u8("other");
    e.ship = r.u8("ship"), e.roll = r.u8("roll"), e.need = r.u8("need");
    e.a = static_cast<int32_t>(r.vari("a", INT32_MIN, INT32_MAX)), e.b = static_cast<int32_t>(r.vari("b", INT32_MIN, INT32_MAX));
    v.events.push_back(e);
  }
  if (auto f = r.finish(); !f) return f.error();
  return v;
}

Observation WebGame::observeNamed(Seat viewer, const SeatNames& names) const {
  Observation o;
  o.viewer = viewer;
  View v = makeView(*this, viewer);
  o.canonical = encodeView(v);
  std::string& t = o.text;
  t = "W.E.B. turn " + std::to_string(turn_) +
      (viewer == kOmniscient ? ""
       : viewer < emp_.size() ? ", " + ownerName(static_cast<uint8_t>(viewer), names)
                              : std::string(", a spectator (no empire: nothing in view)")) +
      "\n";
  if (viewer != kOmniscient && viewer < emp_.size()) {
    t += "  reputation " + std::string(repName(v.reputation)) + " (§2d)\n";
    t += supplyStatus(v, supplyCost(static_cast<uint8_t>(viewer)));
  }
  for (const auto& s : v.systems) {
    if ((s.owner != v.viewer || !s.inView) && viewer != kOmniscient) continue;
    const System& real = sys_[s.id];
    t += "  " + real.name + " [" + kKindNames[static_cast<int>(s.kind)] + (s.kind == Kind::Star ? std::string(" ") + kQuality[s.quality].letter : "") +
         "] pop " + std::to_string(s.pop / kPop) + "." + std::to_string(s.pop % kPop / 100) + " ind " +
         std::to_string(s.industry) + " min " + std::to_string(s.minerals) + " PD " + std::to_string(s.pd) + " DS " +
         std::to_string(s.dsats) + (s.crystals ? " Ion-9 " + std::to_string(s.crystals) : "") +
         (s.starbaseKits ? " kits " + std::to_string(s.starbaseKits) : "") + (s.starbase ? " SB" : "") +
         (s.unrest ? " UNREST" : "") + "\n";
  }
  // §9 memory: foreign systems and fleets out of view, as last seen.
  bool header = false;
  for (const auto& s : v.systems) {
    if (!s.stale() || (s.fleets.empty() && (s.owner == kNobody || s.owner == v.viewer))) continue;
    if (!header) t += "Last seen (out of view now):\n", header = true;
    t += "  " + systemCard(*this, s, names);
  }
  t += turnReport(v, names);
  return o;
}

}  // namespace concord::web
