// Canonical write/read of the whole W.E.B. state (named fields; the reader is strict and range-checks).
#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/web/state.h"

namespace concord::web {

void WebGame::write(det::Writer& w) const {
  w.begin("config");
  w.varu("systemsPerEmpire", cfg_.systemsPerEmpire);
  w.varu("turnLimit", cfg_.turnLimit);
  w.end();
  combat_.write(w, "combat");
  hazard_.write(w, "hazard");
  diplo_.write(w, "diplomacy");
  w.varu("turn", turn_);
  w.varu("nextShipId", nextShipId_);
  w.boolean("over", over_);
  w.str("victoryKind", victoryKind_);
  w.varu("winners", winners_.size());
  for (uint8_t e : winners_) w.u8("winner", e);
  w.varu("systems", sys_.size());
  for (const auto& s : sys_) {
    w.begin("system", s.id);
    w.str("name", s.name);
    w.varu("kind", static_cast<uint8_t>(s.kind));
    w.varu("quality", s.quality);
    w.u8("owner", s.owner);
    w.u8("homeOf", s.homeOf);
    w.vari("x", s.x), w.vari("y", s.y), w.vari("z", s.z);
    w.varu("lanes", s.lanes.size());
    for (uint16_t l : s.lanes) w.varu("lane", l);
    w.vari("pop", s.pop), w.vari("newPop", s.newPop), w.vari("popLimit", s.popLimit);
    w.vari("industry", s.industry), w.vari("mineralsPerTurn", s.mineralsPerTurn), w.vari("minerals", s.minerals);
    w.vari("pd", s.pd), w.vari("pdDamage", s.pdDamage), w.vari("dsats", s.dsats), w.vari("dsatDamage", s.dsatDamage);
    w.vari("crystals", s.crystals), w.vari("starbaseKits", s.starbaseKits);
    w.boolean("starbase", s.starbase), w.vari("starbaseDamage", s.starbaseDamage);
    w.boolean("unrest", s.unrest), w.boolean("conqueredThisTurn", s.conqueredThisTurn);
    w.u8("joining", s.joining), w.boolean("joinRogue", s.joinRogue), w.boolean("joinEarned", s.joinEarned);
    w.varu("joinTurn", s.joinTurn), w.boolean("raided", s.raided);
    w.varu("routes", s.routes.size());
    for (uint16_t l : s.routes) w.varu("route", l);
    w.end();
  }
  w.varu("ships", ships_.size());
  for (const auto& r : ships_) {
    w.begin("ship", r.id);
    w.varu("id", r.id);
    w.u8("owner", r.owner);
    w.u8("type", static_cast<uint8_t>(r.type));
    w.varu("sys", r.sys);
    w.u8("damage", r.damage);
    w.u8("cargo", static_cast<uint8_t>(r.cargo));
    w.u8("load", r.load);
    w.u16("dest", r.dest), w.u16("from", r.from);
    w.u8("flags", r.flags);
    w.varu("raid", r.raid);
    w.end();
  }
  w.varu("stances", stances_.size());
  for (const auto& s : stances_) {
    w.varu("sys", s.sys);
    w.u8("owner", s.owner);
    w.u8("stance", static_cast<uint8_t>(s.stance));
    w.varu("targets", s.targets);
    w.varu("lanes", s.lanes.size());
    for (uint16_t l : s.lanes) w.varu("lane", l);
  }
  w.varu("empires", emp_.size());
  for (size_t e = 0; e < emp_.size(); ++e) {
    w.begin("empire", e);
    w.varu("home", emp_[e].home);
    w.boolean("vanquished", emp_[e].vanquished);
    w.varu("vanquishedTurn", emp_[e].vanquishedTurn);
    w.boolean("unsupplied", emp_[e].unsupplied);
    w.bytes("knowledge", emp_[e].knowledge);
    w.vari("reputation", emp_[e].reputation);
    w.varu("repJoinTurn", emp_[e].repJoinTurn), w.varu("repPirateTurn", emp_[e].repPirateTurn);
    w.bytes("relation", emp_[e].relation);
    w.bytes("diplo", emp_[e].diplo);
    w.varu("met", emp_[e].met);
    w.boolean("manualTraders", emp_[e].manualTraders);
    if (rulesVersion_ >= 4) w.vari("paidToPirates", emp_[e].paidToPirates);
    w.varu("seen", emp_[e].seen.size());  // §9 memory
    for (const auto& x : emp_[e].seen) {
      w.varu("sys", x.sys), w.varu("turn", x.turn), w.u8("owner", x.owner);
      w.vari("pop", x.pop), w.vari("industry", x.industry), w.vari("pd", x.pd), w.vari("dsats", x.dsats);
      w.boolean("starbase", x.starbase);
      w.varu("fleets", x.fleets.size());
      for (const auto& f : x.fleets) {
        w.u8("owner", f.owner);
        for (uint16_t c : f.ships) w.varu("ships", c);
      }
    }
    w.end();
  }
  w.varu("pacts", pacts_.size());
  for (const auto& p : pacts_) {
    w.u8("state", p.state), w.boolean("everNap", p.everNap);
    w.varu("peaceTurn", p.peaceTurn), w.varu("napEndTurn", p.napEndTurn), w.u8("proposals", p.proposals);
  }
  w.varu("raids", raids_.size());
  for (const auto& x : raids_) {
    w.varu("id", x.id), w.varu("origin", x.origin), w.varu("target", x.target), w.boolean("homeward", x.homeward);
    w.varu("arrived", x.arrived), w.u8("blockade", x.blockade);
    w.varu("route", x.route.size());
    for (uint16_t v : x.route) w.varu("hop", v);
  }
  w.varu("nextRaidId", nextRaidId_), w.varu("nextRaidTurn", nextRaidTurn_), w.varu("raidsLaunched", raidsLaunched_);
  w.vari("pirateReserve", pirateReserve_);
  w.bytes("scriptD10", scriptD10_);
  w.bytes("scriptPct", scriptPct_);
  w.bytes("scriptDip", scriptDip_);
  w.varu("activeLanes", activeLanes_.size());
  for (uint64_t k : activeLanes_) w.u64("lane", k);
  w.varu("events", events_.size());
  for (const auto& e : events_) {
    w.u8("kind", static_cast<uint8_t>(e.kind));
    w.u8("round", e.round);
    w.u16("sys", e.sys);
    w.u8("owner", e.owner), w.u8("other", e.other), w.u8("ship", e.ship), w.u8("roll", e.roll), w.u8("need", e.need);
    w.vari("a", e.a), w.vari("b", e.b);
  }
}

Result<void> WebGame::read(det::Reader& r) {
  WebGame g;
  g.rulesVersion_ = rulesVersion_;
  g.cfg_.systemsPerEmpire = static_cast<uint16_t>(r.varu("systemsPerEmpire", 65535));
  g.cfg_.turnLimit = static_cast<uint16_t>(r.varu("turnLimit", 65535));
  g.combat_ = det::Rng::read(r, "combat");
  g.hazard_ = det::Rng::read(r, "hazard");
  g.diplo_ = det::Rng::read(r, "diplomacy");
  g.turn_ = static_cast<uint32_t>(r.varu("turn", UINT32_MAX));
  g.nextShipId_ = static_cast<uint32_t>(r.varu("nextShipId", UINT32_MAX));
  g.over_ = r.boolean("over");
  g.victoryKind_ = r.str("victoryKind", 64);
  uint64_t nw = r.count("winners", kMaxEmpires);
  for (uint64_t i = 0; i < nw; ++i) g.winners_.push_back(r.u8("winner"));
  const uint64_t ns = r.count("systems", kMaxSystems, 20);
  auto sysId = [&](const char* name) { return static_cast<uint16_t>(r.varu(name, ns ? ns - 1 : 0)); };
  auto i32 = [&](const char* name, int64_t lo, int64_t hi) { return static_cast<int32_t>(r.vari(name, lo, hi)); };
  constexpr int64_t kBig = 100000000;
  for (uint64_t i = 0; i < ns && r.ok(); ++i) {
    System s;
    s.id = static_cast<uint16_t>(i);
    s.name = r.str("name", 64);
    s.kind = r.enumeration("kind", Kind::BlackHole);
    s.quality = static_cast<uint8_t>(r.varu("quality", 4) & 0xFF);
    s.owner = r.u8("owner");
    s.homeOf = r.u8("homeOf");
    s.x = i32("x", -kBig, kBig), s.y = i32("y", -kBig, kBig), s.z = i32("z", -kBig, kBig);
    uint64_t nl = r.count("lanes", ns);
    for (uint64_t k = 0; k < nl; ++k) s.lanes.push_back(sysId("lane"));
    s.pop = i32("pop", 0, kBig), s.newPop = i32("newPop", 0, kBig), s.popLimit = i32("popLimit", 0, kBig);
    s.industry = i32("industry", 0, kBig), s.mineralsPerTurn = i32("mineralsPerTurn", 0, kBig);
    s.minerals = i32("minerals", 0, kBig);
    s.pd = i32("pd", 0, kBig), s.pdDamage = i32("pdDamage", 0, kBig), s.dsats = i32("dsats", 0, kBig);
    s.dsatDamage = i32("dsatDamage", 0, kBig), s.crystals = i32("crystals", 0, kBig);
    s.starbaseKits = i32("starbaseKits", 0, kBig);
    s.starbase = r.boolean("starbase"), s.starbaseDamage = i32("starbaseDamage", 0, kBig);
    s.unrest = r.boolean("unrest"), s.conqueredThisTurn = r.boolean("conqueredThisTurn");
    s.joining = r.u8("joining"), s.joinRogue = r.boolean("joinRogue"), s.joinEarned = r.boolean("joinEarned");
    s.joinTurn = static_cast<uint32_t>(r.varu("joinTurn", UINT32_MAX));
    s.raided = r.boolean("raided");
    const uint64_t nr = r.count("routes", ns);
    for (uint64_t k = 0; k < nr; ++k) s.routes.push_back(sysId("route"));
    g.sys_.push_back(std::move(s));
  }
  const uint64_t nsh = r.count("ships", 10000000, 10);
  for (uint64_t i = 0; i < nsh && r.ok(); ++i) {
    ShipRec s;
    s.id = static_cast<uint32_t>(r.varu("id", UINT32_MAX));
    s.owner = r.u8("owner");
    uint8_t t = r.u8("type");
    if (t >= kMobileTypes) r.fail("type", "not a mobile ship type");
    s.type = static_cast<Ship>(t);
    s.sys = sysId("sys");
    s.damage = r.u8("damage");
    uint8_t c = r.u8("cargo");
    if (c > 3) r.fail("cargo", "unknown cargo");
    s.cargo = static_cast<Cargo>(c);
    s.load = r.u8("load");
    s.dest = r.u16("dest"), s.from = r.u16("from");
    s.flags = r.u8("flags");
    s.raid = static_cast<uint16_t>(r.varu("raid", 65535));
    if (!g.ships_.empty() && s.id <= g.ships_.back().id) r.fail("id", "ship ids must ascend");
    g.ships_.push_back(s);
  }
  const uint64_t nst = r.count("stances", 10000000, 5);
  for (uint64_t i = 0; i < nst && r.ok(); ++i) {
    StanceRec s;
    s.sys = sysId("sys");
    s.owner = r.u8("owner");
    uint8_t st = r.u8("stance");
    if (st > 2) r.fail("stance", "unknown stance");
    s.stance = static_cast<Stance>(st);
    s.targets = static_cast<uint32_t>(r.varu("targets", (1u << 18) - 1));
    uint64_t nl = r.count("lanes", 64);
    for (uint64_t k = 0; k < nl; ++k) s.lanes.push_back(sysId("lane"));
    g.stances_.push_back(std::move(s));
  }
  const uint64_t ne = r.count("empires", kMaxEmpires, 4);
  for (uint64_t e = 0; e < ne && r.ok(); ++e) {
    Empire m;
    m.home = sysId("home");
    m.vanquished = r.boolean("vanquished");
    m.vanquishedTurn = static_cast<uint32_t>(r.varu("vanquishedTurn", UINT32_MAX));
    m.unsupplied = r.boolean("unsupplied");
    m.knowledge = r.bytes("knowledge", kMaxSystems);
    if (m.knowledge.size() != ns) r.fail("knowledge", "one entry per system");
    m.reputation = static_cast<int32_t>(r.vari("reputation", kRepMin, kRepMax));
    m.repJoinTurn = static_cast<uint32_t>(r.varu("repJoinTurn", UINT32_MAX));
    m.repPirateTurn = static_cast<uint32_t>(r.varu("repPirateTurn", UINT32_MAX));
    m.relation = r.bytes("relation", kMaxSystems);
    m.diplo = r.bytes("diplo", kMaxSystems);
    if (m.relation.size() != ns || m.diplo.size() != ns) r.fail("relation", "one entry per system");
    for (size_t k = 0; k < m.relation.size() && r.ok(); ++k)
      if (m.relation[k] > static_cast<uint8_t>(Rel::Hostile) || m.diplo[k] > kDiploMax + 1)
        r.fail("relation", "unknown relation or diplomacy level");
    m.met = static_cast<uint32_t>(r.varu("met", (uint64_t{1} << kMaxEmpires) - 1));
    m.manualTraders = r.boolean("manualTraders");
    if (g.rulesVersion_ >= 4) m.paidToPirates = static_cast<int32_t>(r.vari("paidToPirates", 0, INT32_MAX));
    const uint64_t nseen = r.count("seen", ns, 9);  // §9 memory: at most one sighting per system
    for (uint64_t k = 0; k < nseen && r.ok(); ++k) {
      Sighting x;
      x.sys = sysId("sys");
      if (!m.seen.empty() && x.sys <= m.seen.back().sys) r.fail("sys", "sightings must ascend by system");
      x.turn = static_cast<uint32_t>(r.varu("turn", g.turn_));
      x.owner = r.u8("owner");
      x.pop = i32("pop", 0, kBig), x.industry = i32("industry", 0, kBig), x.pd = i32("pd", 0, kBig);
      x.dsats = i32("dsats", 0, kBig);
      x.starbase = r.boolean("starbase");
      const uint64_t nf = r.count("fleets", kMaxEmpires + 2, 1 + kMobileTypes);
      for (uint64_t f = 0; f < nf && r.ok(); ++f) {
        SeenFleet sf;
        sf.owner = r.u8("owner");
        if (!x.fleets.empty() && sf.owner <= x.fleets.back().owner) r.fail("owner", "seen fleets must ascend by owner");
        for (auto& c : sf.ships) c = static_cast<uint16_t>(r.varu("ships", UINT16_MAX));
        x.fleets.push_back(sf);
      }
      m.seen.push_back(std::move(x));
    }
    g.emp_.push_back(std::move(m));
  }
  const uint64_t np = r.count("pacts", kMaxEmpires * (kMaxEmpires - 1) / 2, 5);
  if (np != g.emp_.size() * (g.emp_.size() - (g.emp_.empty() ? 0 : 1)) / 2) r.fail("pacts", "one per pair of empires");
  for (uint64_t i = 0; i < np && r.ok(); ++i) {
    Pact p;
    p.state = r.u8("state");
    if (p.state > static_cast<uint8_t>(PactState::Nap)) r.fail("state", "unknown pact state");
    p.everNap = r.boolean("everNap");
    p.peaceTurn = static_cast<uint32_t>(r.varu("peaceTurn", UINT32_MAX));
    p.napEndTurn = static_cast<uint32_t>(r.varu("napEndTurn", UINT32_MAX));
    p.proposals = r.u8("proposals");
    if (p.proposals > 15) r.fail("proposals", "unknown offer bits");
    g.pacts_.push_back(p);
  }
  const uint64_t nr = r.count("raids", 65535, 6);
  for (uint64_t i = 0; i < nr && r.ok(); ++i) {
    Raid x;
    x.id = static_cast<uint16_t>(r.varu("id", 65535));
    x.origin = sysId("origin"), x.target = sysId("target");
    x.homeward = r.boolean("homeward");
    x.arrived = static_cast<uint32_t>(r.varu("arrived", UINT32_MAX));
    x.blockade = r.u8("blockade");
    const uint64_t nh = r.count("route", 100000);
    for (uint64_t k = 0; k < nh; ++k) x.route.push_back(sysId("hop"));
    if (x.route.empty()) r.fail("route", "a raid has a route");
    if (!g.raids_.empty() && x.id <= g.raids_.back().id) r.fail("id", "raid ids must ascend");
    g.raids_.push_back(std::move(x));
  }
  g.nextRaidId_ = static_cast<uint16_t>(r.varu("nextRaidId", 65535));
  g.nextRaidTurn_ = static_cast<uint32_t>(r.varu("nextRaidTurn", UINT32_MAX));
  g.raidsLaunched_ = static_cast<uint32_t>(r.varu("raidsLaunched", UINT32_MAX));
  g.pirateReserve_ = static_cast<int32_t>(r.vari("pirateReserve", 0, kBig));
  g.scriptD10_ = r.bytes("scriptD10", 100000);
  g.scriptPct_ = r.bytes("scriptPct", 100000);
  g.scriptDip_ = r.bytes("scriptDip", 100000);
  const uint64_t na = r.count("activeLanes", 100000, 8);
  for (uint64_t i = 0; i < na; ++i) g.activeLanes_.push_back(r.u64("lane"));
  const uint64_t nev = r.count("events", 50000000, 10);
  for (uint64_t i = 0; i < nev && r.ok(); ++i) {
    Event e;
    uint8_t k = r.u8("kind");
    if (k > kLastEvent) r.fail("kind", "unknown event");
    e.kind = static_cast<Ev>(k);
    e.round = r.u8("round");
    e.sys = r.u16("sys");
    e.owner = r.u8("owner"), e.other = r.u8("other"), e.ship = r.u8("ship"), e.roll = r.u8("roll"), e.need = r.u8("need");
    e.a = static_cast<int32_t>(r.vari("a", INT32_MIN, INT32_MAX)), e.b = static_cast<int32_t>(r.vari("b", INT32_MIN, INT32_MAX));
    g.events_.push_back(e);
  }
  if (auto f = r.finish(); !f) return f;
  for (const auto& s : g.ships_)
    if (s.owner >= g.emp_.size() && s.owner != kPirate && s.owner != kIndependent)
      return Err("web state: a ship belongs to unknown owner ", s.owner);
  auto ownerKnown = [&](uint8_t o) { return o < g.emp_.size() || o == kPirate || o == kIndependent || o == kNobody; };
  for (const auto& m : g.emp_)
    for (const auto& x : m.seen) {
      if (!ownerKnown(x.owner)) return Err("web state: a sighting names unknown owner ", x.owner);
      for (const auto& f : x.fleets)
        if (!ownerKnown(f.owner) || f.owner == kNobody) return Err("web state: a seen fleet belongs to unknown owner ", f.owner);
    }
  for (const auto& s : g.sys_)
    if (s.joining != kNobody && s.joining >= g.emp_.size()) return Err("web state: a system votes to join unknown empire ", s.joining);
  *this = std::move(g);
  return Ok();
}

}  // namespace concord::web
