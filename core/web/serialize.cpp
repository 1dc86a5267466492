// Canonical write/read of the whole W.E.B. state (named fields; the reader is strict and range-checks).
#include <algorithm>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/web/state.h"

namespace concord::web {

// Writer::Block (issue 30): the Seal writes this every turn, so it takes the cursor-in-registers path; runs of
// fixed-width fields are packs. Same bytes and, traced, same field paths as one Writer call per field.
void WebGame::write(det::Writer& w) const {
  using det::Bool, det::U16, det::U8;
  size_t expected = 256 + sys_.size() * 96 + ships_.size() * 16 + events_.size() * 16 + activeLanes_.size() * 8 +
                    scriptD10_.size() + scriptPct_.size() + scriptDip_.size();
  for (const auto& m : emp_) expected += 32 + m.knowledge.size() * 3 + m.seen.size() * 24;
  w.block(expected, [&](auto& b) {
    b.begin("config");
    b.varu("systemsPerEmpire", cfg_.systemsPerEmpire);
    b.varu("turnLimit", cfg_.turnLimit);
    b.end();
    combat_.write(b, "combat");
    hazard_.write(b, "hazard");
    diplo_.write(b, "diplomacy");
    b.varu("turn", turn_);
    b.varu("nextShipId", nextShipId_);
    b.boolean("over", over_);
    b.str("victoryKind", victoryKind_);
    b.varu("winners", winners_.size());
    for (uint8_t e : winners_) b.u8("winner", e);
    b.varu("systems", sys_.size());
  });
  // Several blocks, not one: in one lambda this long gcc 12 left the packs' field names as dead stack stores. The
  // first reserved room for all of them.
  w.block(0, [&](auto& b) {
    for (const auto& s : sys_) {
      b.begin("system", s.id);
      b.str("name", s.name);
      b.varu("kind", static_cast<uint8_t>(s.kind));
      b.varu("quality", s.quality);
      b.pack(U8{"owner", s.owner}, U8{"homeOf", s.homeOf});
      b.vari("x", s.x), b.vari("y", s.y), b.vari("z", s.z);
      b.varu("lanes", s.lanes.size());
      for (uint16_t l : s.lanes) b.varu("lane", l);
      b.vari("pop", s.pop), b.vari("newPop", s.newPop), b.vari("popLimit", s.popLimit);
      b.vari("industry", s.industry), b.vari("mineralsPerTurn", s.mineralsPerTurn), b.vari("minerals", s.minerals);
      b.vari("pd", s.pd), b.vari("pdDamage", s.pdDamage), b.vari("dsats", s.dsats), b.vari("dsatDamage", s.dsatDamage);
      b.vari("crystals", s.crystals), b.vari("starbaseKits", s.starbaseKits);
      b.boolean("starbase", s.starbase), b.vari("starbaseDamage", s.starbaseDamage);
      b.pack(Bool("unrest", s.unrest), Bool("conqueredThisTurn", s.conqueredThisTurn), U8{"joining", s.joining},
             Bool("joinRogue", s.joinRogue), Bool("joinEarned", s.joinEarned));
      b.varu("joinTurn", s.joinTurn), b.boolean("raided", s.raided);
      b.varu("routes", s.routes.size());
      for (uint16_t l : s.routes) b.varu("route", l);
      b.end();
    }
  });
  w.block(0, [&](auto& b) {
    b.varu("ships", ships_.size());
    for (const auto& r : ships_) {
      b.begin("ship", r.id);
      b.varu("id", r.id);
      b.pack(U8{"owner", r.owner}, U8{"type", static_cast<uint8_t>(r.type)});
      b.varu("sys", r.sys);
      b.pack(U8{"damage", r.damage}, U8{"cargo", static_cast<uint8_t>(r.cargo)}, U8{"load", r.load}, U16{"dest", r.dest},
             U16{"from", r.from}, U8{"flags", r.flags});
      b.varu("raid", r.raid);
      b.end();
    }
  });
  w.block(0, [&](auto& b) {
    b.varu("stances", stances_.size());
    for (const auto& s : stances_) {
      b.varu("sys", s.sys);
      b.pack(U8{"owner", s.owner}, U8{"stance", static_cast<uint8_t>(s.stance)});
      b.varu("targets", s.targets);
      b.varu("lanes", s.lanes.size());
      for (uint16_t l : s.lanes) b.varu("lane", l);
    }
    b.varu("empires", emp_.size());
    uint64_t empire = 0;  // a range loop: an index loop re-reads the vector's size after every byte stored
    for (const Empire& m : emp_) {
      b.begin("empire", empire++);
      b.varu("home", m.home);
      b.boolean("vanquished", m.vanquished);
      b.varu("vanquishedTurn", m.vanquishedTurn);
      b.boolean("unsupplied", m.unsupplied);
      b.bytes("knowledge", m.knowledge);
      b.vari("reputation", m.reputation);
      b.varu("repJoinTurn", m.repJoinTurn), b.varu("repPirateTurn", m.repPirateTurn);
      b.bytes("relation", m.relation);
      b.bytes("diplo", m.diplo);
      b.varu("met", m.met);
      b.boolean("manualTraders", m.manualTraders);
      if (rulesVersion_ >= 4) b.vari("paidToPirates", m.paidToPirates);
      b.varu("seen", m.seen.size());  // §9 memory
      for (const auto& x : m.seen) {
        b.varu("sys", x.sys), b.varu("turn", x.turn), b.u8("owner", x.owner);
        b.vari("pop", x.pop), b.vari("industry", x.industry), b.vari("pd", x.pd), b.vari("dsats", x.dsats);
        b.boolean("starbase", x.starbase);
        b.varu("fleets", x.fleets.size());
        for (const auto& f : x.fleets) {
          b.u8("owner", f.owner);
          for (uint16_t c : f.ships) b.varu("ships", c);
        }
      }
      b.end();
    }
    b.varu("pacts", pacts_.size());
    for (const auto& p : pacts_) {
      b.pack(U8{"state", p.state}, Bool("everNap", p.everNap));
      b.varu("peaceTurn", p.peaceTurn), b.varu("napEndTurn", p.napEndTurn), b.u8("proposals", p.proposals);
    }
    b.varu("raids", raids_.size());
    for (const auto& x : raids_) {
      b.varu("id", x.id), b.varu("origin", x.origin), b.varu("target", x.target), b.boolean("homeward", x.homeward);
      b.varu("arrived", x.arrived), b.u8("blockade", x.blockade);
      b.varu("route", x.route.size());
      for (uint16_t v : x.route) b.varu("hop", v);
    }
    b.varu("nextRaidId", nextRaidId_), b.varu("nextRaidTurn", nextRaidTurn_), b.varu("raidsLaunched", raidsLaunched_);
    b.vari("pirateReserve", pirateReserve_);
    b.bytes("scriptD10", scriptD10_);
    b.bytes("scriptPct", scriptPct_);
    b.bytes("scriptDip", scriptDip_);
    b.varu("activeLanes", activeLanes_.size());
    for (uint64_t k : activeLanes_) b.u64("lane", k);
    b.varu("events", events_.size());
    for (const auto& e : events_) {
      b.pack(U8{"kind", static_cast<uint8_t>(e.kind)}, U8{"round", e.round}, U16{"sys", e.sys}, U8{"owner", e.owner},
             U8{"other", e.other}, U8{"ship", e.ship}, U8{"roll", e.roll}, U8{"need", e.need});
      b.vari("a", e.a), b.vari("b", e.b);
    }
  });
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
