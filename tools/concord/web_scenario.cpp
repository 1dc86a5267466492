// W.E.B. scenario runner: load, apply, report, check (docs/web-scenarios.md).
#include "tools/concord/web_scenario.h"

#include <map>

namespace concord::web::scenario {

namespace {

json ownerJson(uint8_t o) {
  if (o == kIndependent) return "independent";
  if (o == kPirate) return "pirate";
  if (o == kNobody) return nullptr;
  return o;
}

// Does `actual` carry every field of `want` with an equal value?
bool matches(const json& want, const json& actual) {
  for (auto it = want.begin(); it != want.end(); ++it)
    if (!actual.contains(it.key()) || actual[it.key()] != it.value()) return false;
  return true;
}

}  // namespace

json eventJson(const WebGame& g, const Event& e) {
  json j;
  j["kind"] = kEventNames[static_cast<int>(e.kind)];
  if (e.round) j["round"] = e.round;
  if (e.sys != kNoSys) j["sys"] = e.sys;
  j["owner"] = ownerJson(e.owner);
  if (e.other != kNobody) j["other"] = ownerJson(e.other);
  const bool shipEvent = e.kind == Ev::Shot || e.kind == Ev::Destroyed || e.kind == Ev::InvadeShot ||
                         e.kind == Ev::Debris || e.kind == Ev::BlackHole || e.kind == Ev::Probe ||
                         e.kind == Ev::Collateral || e.kind == Ev::Placed || e.kind == Ev::Captured;
  if (shipEvent) j["ship"] = kStats[e.ship].code;
  if (e.kind == Ev::Built || e.kind == Ev::BuildRefused) j["item"] = kItemNames[e.ship];
  if (e.kind == Ev::Shot || e.kind == Ev::InvadeShot || e.kind == Ev::Collateral) j["roll"] = e.roll;
  if (e.kind == Ev::Shot || e.kind == Ev::InvadeShot) j["need"] = e.need, j["hit"] = e.a != 0;
  if (e.kind == Ev::Contact || e.kind == Ev::Diplomacy || e.kind == Ev::Solidarity) j["roll"] = e.roll;
  if (e.kind == Ev::Contact) j["reaction"] = kReactionNames[e.a & 3];
  j["a"] = e.a;
  j["b"] = e.b;
  j["text"] = g.render(e);
  return j;
}

json stateJson(const WebGame& g) {
  json out;
  out["turn"] = g.turn();
  json systems = json::array();
  for (const auto& s : g.systems()) {
    json x;
    x["id"] = s.id;
    x["kind"] = kKindNames[static_cast<int>(s.kind)];
    x["owner"] = ownerJson(s.owner);
    x["popMilli"] = s.pop;
    x["industry"] = s.industry;
    x["minerals"] = s.minerals;
    x["pd"] = s.pd;
    x["pdDamage"] = s.pdDamage;
    x["dsats"] = s.dsats;
    x["crystals"] = s.crystals;
    x["starbase"] = s.starbase;
    x["starbaseDamage"] = s.starbaseDamage;
    x["starbaseKits"] = s.starbaseKits;
    x["unrest"] = s.unrest;
    x["joining"] = ownerJson(s.joining);
    systems.push_back(x);
  }
  out["systems"] = systems;
  // Ships grouped by (owner, system, type, cargo, load).
  std::map<std::tuple<int, int, int, int, int>, int> groups;
  for (const auto& r : g.ships()) ++groups[{r.owner, r.sys, static_cast<int>(r.type), static_cast<int>(r.cargo), r.load}];
  json ships = json::array();
  for (const auto& [k, n] : groups) {
    auto [o, at, t, c, load] = k;
    json x{{"owner", ownerJson(static_cast<uint8_t>(o))}, {"at", at}, {"type", kStats[ix(t)].code}, {"count", n}};
    if (c) x["cargo"] = cargoName(static_cast<Cargo>(c)), x["load"] = load;
    ships.push_back(x);
  }
  out["ships"] = ships;
  json emp = json::array();
  json rel = json::array();
  for (uint8_t e = 0; e < g.empires(); ++e) {
    emp.push_back({{"unsupplied", g.empire(e).unsupplied}, {"vanquished", g.empire(e).vanquished},
                   {"vp", g.victoryPoints(e)}, {"supplyCost", g.supplyCost(e)}, {"reputation", g.empire(e).reputation}});
    for (uint16_t id = 0; id < g.systems().size(); ++id)
      if (g.empire(e).relation[id])
        rel.push_back({{"empire", e}, {"at", id}, {"rel", kRelNames[g.empire(e).relation[id] % 3]},
                       {"level", g.empire(e).diplo[id]}});
  }
  out["relations"] = rel;
  json pacts = json::array();
  for (uint8_t a = 0; a < g.empires(); ++a)
    for (uint8_t b = static_cast<uint8_t>(a + 1); b < g.empires(); ++b) {
      const Pact& p = g.pact(a, b);
      pacts.push_back({{"a", a}, {"b", b}, {"state", kPactNames[p.state % 3]}, {"everNap", p.everNap},
                       {"peaceTurn", p.peaceTurn}, {"napEndTurn", p.napEndTurn}, {"proposals", p.proposals},
                       {"met", g.met(a, b)}});
    }
  out["pacts"] = pacts;
  json raids = json::array();
  for (const auto& r : g.raids())
    raids.push_back({{"id", r.id}, {"origin", r.origin}, {"target", r.target}, {"at", r.route.back()},
                     {"homeward", r.homeward}, {"arrived", r.arrived}, {"blockade", r.blockade}});
  out["raids"] = raids;
  out["pirateReserve"] = g.pirateReserve();
  out["empires"] = emp;
  if (auto o = g.outcome()) out["outcome"] = {{"summary", o->summary}, {"rank", o->rankBySeat}, {"score", o->scoreBySeat}};
  return out;
}

void checkExpectations(const json& ex, const WebGame& g, const Run& run, std::vector<std::string>& failures) {
  const json& res = run.result;
  // Rejections: strict by default; list the expected ones as [empire, index] or with a reason fragment.
  json wantRej = ex.value("rejected", json::array());
  for (const auto& r : run.rejections) {
    bool expected = false;
    for (const auto& w : wantRej)
      expected |= w["empire"] == r["empire"] && w["index"] == r["index"] &&
                  (!w.contains("reason") || r["reason"].get<std::string>().find(w["reason"].get<std::string>()) != std::string::npos) &&
                  (!w.contains("reasonLacks") ||
                   r["reason"].get<std::string>().find(w["reasonLacks"].get<std::string>()) == std::string::npos);
    if (!expected) failures.push_back("unexpected rejection: " + r.dump());
  }
  for (const auto& w : wantRej) {
    bool seen = false;
    for (const auto& r : run.rejections) seen |= w["empire"] == r["empire"] && w["index"] == r["index"];
    if (!seen) failures.push_back("expected a rejection: " + w.dump());
  }
  // Events: each listed object must match an event, in order (a subsequence of the resolution).
  if (ex.contains("events")) {
    size_t at = 0;
    const json& evs = res["events"];
    for (const auto& w : ex["events"]) {
      while (at < evs.size() && !matches(w, evs[at])) ++at;
      if (at == evs.size()) {
        failures.push_back("no event (in order) matching " + w.dump());
        break;
      }
      ++at;
    }
  }
  if (ex.contains("count")) {
    for (auto it = ex["count"].begin(); it != ex["count"].end(); ++it) {
      int n = 0;
      for (const auto& e : res["events"]) {
        if (it.value().is_object()) n += matches(it.value()["match"], e) ? 1 : 0;
        else n += e["kind"] == it.key() ? 1 : 0;
      }
      int want = it.value().is_object() ? it.value()["n"].get<int>() : it.value().get<int>();
      if (n != want) failures.push_back("expected " + std::to_string(want) + " '" + it.key() + "' events, got " + std::to_string(n));
    }
  }
  if (ex.contains("systems"))
    for (auto it = ex["systems"].begin(); it != ex["systems"].end(); ++it) {
      int id = std::stoi(it.key());
      if (id < 0 || id >= static_cast<int>(g.systems().size())) {
        failures.push_back("expect names system " + it.key() + " which does not exist");
        continue;
      }
      const json& actual = res["final"]["systems"][ix(id)];
      for (auto f = it.value().begin(); f != it.value().end(); ++f)
        if (!actual.contains(f.key()) || actual[f.key()] != f.value())
          failures.push_back("system " + it.key() + " " + f.key() + ": expected " + f.value().dump() + ", got " +
                             (actual.contains(f.key()) ? actual[f.key()].dump() : "nothing"));
    }
  // Ships: each entry {owner, at, type[, cargo]} must total `count` alive ships.
  for (const auto& w : ex.value("ships", json::array())) {
    int n = 0;
    for (const auto& s : res["final"]["ships"]) {
      json key = w;
      key.erase("count");
      if (matches(key, s)) n += s["count"].get<int>();
    }
    if (n != w["count"].get<int>())
      failures.push_back("ships " + w.dump() + ": found " + std::to_string(n));
  }
  if (ex.contains("empires"))
    for (size_t e = 0; e < ex["empires"].size(); ++e)
      if (!matches(ex["empires"][e], res["final"]["empires"][e]))
        failures.push_back("empire " + std::to_string(e) + ": expected " + ex["empires"][e].dump() + ", got " +
                           res["final"]["empires"][e].dump());
  for (const auto& w : ex.value("raids", json::array())) {
    bool found = false;
    for (const auto& p : res["final"]["raids"]) found |= matches(w, p);
    if (!found) failures.push_back("raid " + w.dump() + " not found in " + res["final"]["raids"].dump());
  }
  if (ex.contains("pirateReserve") && ex["pirateReserve"] != res["final"]["pirateReserve"])
    failures.push_back("pirate reserve: expected " + ex["pirateReserve"].dump() + ", got " + res["final"]["pirateReserve"].dump());
  // Pacts: each entry {a, b, state?, everNap?, ...} must match the pair's pact.
  for (const auto& w : ex.value("pacts", json::array())) {
    bool found = false;
    for (const auto& p : res["final"]["pacts"]) found |= matches(w, p);
    if (!found) failures.push_back("pact " + w.dump() + " not found in " + res["final"]["pacts"].dump());
  }
  // Relations: each entry {empire, at, rel?, level?} must match one; rel "unmet" matches an absent entry.
  for (const auto& w : ex.value("relations", json::array())) {
    bool found = false;
    for (const auto& r : res["final"]["relations"]) found |= matches(w, r);
    if (!found && w.value("rel", "") == "unmet") {
      found = true;
      for (const auto& r : res["final"]["relations"]) found &= !(r["empire"] == w["empire"] && r["at"] == w["at"]);
    }
    if (!found) failures.push_back("relation " + w.dump() + " not found in " + res["final"]["relations"].dump());
  }
  // Text an empire reads after the turn ("report": its Observation, "map": the lane map): fragments present / absent.
  for (const auto& w : ex.value("text", json::array())) {
    const auto e = static_cast<Seat>(intOf(w, "empire", 0, 0, kMaxEmpires - 1));
    const std::string view = w.value("view", "report");
    const std::string text = view == "map" ? g.tableCommand(e, "map").value_or("") : g.observe(e).text;
    for (const auto& f : w.value("contains", json::array()))
      if (text.find(f.get<std::string>()) == std::string::npos)
        failures.push_back("empire " + std::to_string(e) + "'s " + view + " lacks " + f.dump() + ":\n" + text);
    for (const auto& f : w.value("lacks", json::array()))
      if (text.find(f.get<std::string>()) != std::string::npos)
        failures.push_back("empire " + std::to_string(e) + "'s " + view + " shows " + f.dump() + ":\n" + text);
  }
  if (ex.contains("over") && ex["over"].get<bool>() != g.over()) failures.push_back("game over: expected " + ex["over"].dump());
  if (ex.contains("summary")) {
    auto o = g.outcome();
    if (!o || o->summary.find(ex["summary"].get<std::string>()) == std::string::npos)
      failures.push_back("outcome summary should contain " + ex["summary"].dump());
  }
}

Run run(const json& j) {
  if (!j.is_object()) bad("a scenario is a JSON object");
  Position p;
  p.empires = static_cast<uint16_t>(intOf(j, "empires", 2, 1, kMaxEmpires));
  p.turn = static_cast<uint32_t>(intOf(j, "turn", 1, 1, 100000));
  p.config.turnLimit = static_cast<uint16_t>(intOf(j, "turnLimit", 60, 1, 1000));
  if (!j.contains("systems") || !j["systems"].is_array()) bad("a scenario needs a 'systems' list");
  for (size_t i = 0; i < j["systems"].size(); ++i) p.systems.push_back(systemOf(j["systems"][i], static_cast<uint16_t>(i)));
  for (const auto& s : j.value("ships", json::array())) {
    ShipRec r;
    r.owner = ownerOf(s.at("owner"));
    r.type = shipOf(s.value("type", ""));
    r.sys = static_cast<uint16_t>(intOf(s, "at", -1, 0, kMaxSystems - 1));
    r.cargo = cargoOf(s.value("cargo", "none"));
    r.load = static_cast<uint8_t>(intOf(s, "load", r.cargo == Cargo::None ? 0 : 1, 0, 3));
    for (int n = intOf(s, "count", 1, 0, 100000); n > 0; --n) p.ships.push_back(r);
  }
  for (const auto& s : j.value("stances", json::array())) {
    StanceRec st;
    st.owner = ownerOf(s.at("owner"));
    st.sys = static_cast<uint16_t>(intOf(s, "at", -1, 0, kMaxSystems - 1));
    if (s.contains("attack")) st.stance = Stance::Attack, st.targets = targetsOf(s["attack"]);
    if (s.contains("ambush")) st.stance = Stance::Ambush, st.lanes = idsOf(s["ambush"]);
    p.stances.push_back(st);
  }
  for (const auto& u : j.value("unsupplied", json::array())) p.unsupplied.push_back(u.get<bool>() ? 1 : 0);
  for (const auto& u : j.value("reputation", json::array())) {
    if (!u.is_number_integer()) bad("reputation is a list of steps -4 (Reviled) .. 3 (Revered)");
    p.reputation.push_back(u.get<int>());
  }
  for (const auto& x : j.value("pacts", json::array())) {
    Position::PactRec r;
    r.a = static_cast<uint8_t>(intOf(x, "a", -1, 0, kMaxEmpires - 1));
    r.b = static_cast<uint8_t>(intOf(x, "b", -1, 0, kMaxEmpires - 1));
    const std::string st = x.value("state", "neutral");
    int k = -1;
    for (int i = 0; i < 3; ++i)
      if (st == kPactNames[i]) k = i;
    if (k < 0) bad("a pact's state is neutral, war or nap");
    r.pact.state = static_cast<uint8_t>(k);
    r.pact.everNap = x.value("everNap", k == 2);
    r.pact.peaceTurn = static_cast<uint32_t>(intOf(x, "peaceTurn", 0, 0, 100000));
    r.pact.napEndTurn = static_cast<uint32_t>(intOf(x, "napEndTurn", 0, 0, 100000));
    r.pact.proposals = static_cast<uint8_t>(intOf(x, "proposals", 0, 0, 15));
    p.pacts.push_back(r);
  }
  for (const auto& u : j.value("paidToPirates", json::array())) {
    if (!u.is_number_integer()) bad("paidToPirates is a list of minerals per empire");
    p.paidToPirates.push_back(u.get<int>());
  }
  p.raidsLaunched = static_cast<uint32_t>(intOf(j, "raidsLaunched", 0, 0, 100000));
  p.nextRaidTurn = static_cast<uint32_t>(intOf(j, "nextRaidTurn", 0, 0, 100000));
  p.pirateReserve = intOf(j, "pirateReserve", 0, 0, 100000);
  for (const auto& x : j.value("raids", json::array())) {
    Raid r;
    r.id = static_cast<uint16_t>(intOf(x, "id", static_cast<int>(p.raids.size()) + 1, 1, 65535));
    r.route = idsOf(x.value("route", json::array()));
    if (r.route.empty()) bad("a raid needs a route (origin first, where it is last)");
    r.origin = r.route.front();
    r.target = static_cast<uint16_t>(intOf(x, "target", -1, 0, kMaxSystems - 1));
    r.homeward = x.value("homeward", false);
    r.arrived = static_cast<uint32_t>(intOf(x, "arrived", 0, 0, 100000));
    r.blockade = static_cast<uint8_t>(intOf(x, "blockade", 0, 0, 10));
    ShipRec s;
    s.owner = kPirate, s.sys = r.route.back(), s.raid = r.id;
    for (const char* t : {"CR", "DD"}) {
      s.type = shipOf(t);
      for (int k = intOf(x, t, 0, 0, 10000); k > 0; --k) p.ships.push_back(s);
    }
    p.raids.push_back(r);
  }
  for (const auto& m : j.value("met", json::array())) {
    if (!m.is_array() || m.size() != 2) bad("met is a list of [a, b] pairs");
    p.met.push_back({static_cast<uint8_t>(m[0].get<int>() & 0xFF), static_cast<uint8_t>(m[1].get<int>() & 0xFF)});
  }
  for (const auto& r : j.value("relations", json::array())) {
    Position::Relation x;
    x.empire = static_cast<uint8_t>(intOf(r, "empire", -1, 0, kMaxEmpires - 1));
    x.sys = static_cast<uint16_t>(intOf(r, "at", -1, 0, kMaxSystems - 1));
    const std::string rel = r.value("rel", "neutral");
    int k = -1;
    for (int i = 0; i < 3; ++i)
      if (rel == kRelNames[i]) k = i;
    if (k < 0) bad("a relation's rel is unmet, neutral or hostile");
    x.rel = static_cast<uint8_t>(k);
    x.level = static_cast<uint8_t>(intOf(r, "level", kDiploStart, kDiploMin, kDiploMax));
    p.relations.push_back(x);
  }
  det::Seed seed;
  seed.bytes[0] = static_cast<uint8_t>(intOf(j, "seed", 1, 0, 255));
  WebGame g;
  if (auto ok = g.loadPosition(p, seed); !ok) bad("bad position: " + ok.message());
  std::vector<uint8_t> d10s, pct;
  for (const auto& d : j.value("dice", json::array())) {
    if (!d.is_number_integer() || d.get<int>() < 1 || d.get<int>() > 10) bad("dice are d10 results 1..10");
    d10s.push_back(d.get<uint8_t>());
  }
  for (const auto& d : j.value("debris", json::array())) {
    if (!d.is_number_integer() || d.get<int>() < 0 || d.get<int>() > 99) bad("debris rolls are percentiles 0..99");
    pct.push_back(d.get<uint8_t>());
  }
  std::vector<uint8_t> dip;
  for (const auto& d : j.value("diplomacyDice", json::array())) {
    if (!d.is_number_integer() || d.get<int>() < 1 || d.get<int>() > 10) bad("diplomacy dice are d10 results 1..10");
    dip.push_back(d.get<uint8_t>());
  }
  g.scriptDice(d10s, pct, dip);
  std::vector<std::vector<Order>> orders(p.empires);
  for (const auto& o : j.value("orders", json::array())) {
    int e = intOf(o, "empire", -1, 0, p.empires - 1);
    orders[ix(e)].push_back(orderOf(o));
  }
  Run out;
  json events = json::array();
  const int turns = 1 + intOf(j, "thenTurns", 0, 0, 1000);
  for (int t = 0; t < turns && !g.over(); ++t) {
    std::vector<SeatOrders> bySeat;
    for (uint16_t e = 0; e < p.empires; ++e)
      bySeat.push_back({e, t == 0 ? std::span<const Order>(orders[e]) : std::span<const Order>()});
    TurnInput in{g.turn(), bySeat};
    for (const auto& r : g.apply(in)) out.rejections.push_back({{"empire", r.seat}, {"index", r.index}, {"reason", r.reason}});
    for (const auto& e : g.events()) events.push_back(eventJson(g, e));
  }
  out.result["rejections"] = out.rejections;
  out.result["events"] = events;
  out.result["final"] = stateJson(g);
  if (j.contains("expect")) checkExpectations(j["expect"], g, out, out.failures);
  return out;
}

}  // namespace concord::web::scenario
