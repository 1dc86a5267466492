// W.E.B. scenario runner (docs/web-scenarios.md): an explicit small galaxy, fleets, stances, optional scripted
// dice and one turn of orders in; the turn's resolution (every roll, hit, loss, move, invasion, build) as JSON
// out, with optional expectations. Shared by `concord web scenario` and tests/web. JSON lives in tools only.
#pragma once

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/web/state.h"

namespace concord::web::scenario {

using nlohmann::json;

struct Run {
  std::vector<json> rejections;       // {"empire", "index", "reason"}
  json result;                        // the resolution: events, systems, ships, outcome
  std::vector<std::string> failures;  // unmet expectations (empty = pass)
};

inline const char* kEventNames[] = {"shot", "destroyed", "moved", "probe", "black-hole", "debris", "invade-shot",
                                    "pd-destroyed", "conquest", "collateral", "built", "build-refused", "supply",
                                    "mined", "grew", "unrest", "trader", "placed", "place-cancelled", "vanquished",
                                    "victory", "loaded", "unloaded", "disrupted", "stranded", "repaired",
                                    "invasion-deferred", "contact", "diplomacy", "solidarity", "warmed",
                                    "turned-hostile", "join-vote", "joined", "reputation", "captured", "recruited",
                                    "treaty", "surprise-attack", "gift", "raid-launched", "raid-retarget",
                                    "raid-blocked", "plunder", "raid-home"};
inline const char* kPactNames[] = {"neutral", "war", "nap"};

inline const char* kReactionNames[] = {"neutral", "join", "rogue-join", "hostile"};
inline const char* kRelNames[] = {"unmet", "neutral", "hostile"};

[[noreturn]] inline void bad(const std::string& why) { throw std::runtime_error(why); }

inline int intOf(const json& o, const char* k, int def, int lo, int hi) {
  if (!o.contains(k)) return def;
  if (!o[k].is_number_integer()) bad(std::string("'") + k + "' must be a whole number");
  long long v = o[k].get<long long>();
  if (v < lo || v > hi) bad(std::string("'") + k + "' must be " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(v);
}

inline Ship shipOf(const std::string& code) {
  for (int t = 0; t < kShipTypes; ++t)
    if (code == kStats[ix(t)].code) return static_cast<Ship>(t);
  bad("unknown ship type '" + code + "' (CR, DD, Mi, N, Fr)");
}

inline Cargo cargoOf(const std::string& c) {
  if (c == "minerals") return Cargo::Minerals;
  if (c == "population") return Cargo::Pop;
  if (c == "starbase") return Cargo::Starbase;
  if (c == "none") return Cargo::None;
  bad("unknown cargo '" + c + "' (minerals, population, starbase)");
}

inline uint8_t ownerOf(const json& v) {
  if (v.is_string()) {
    if (v == "independent") return kIndependent;
    if (v == "pirate") return kPirate;
    if (v == "nobody") return kNobody;
    bad("owner must be an empire number, \"independent\", \"pirate\" or \"nobody\"");
  }
  if (!v.is_number_integer() || v.get<int>() < 0 || v.get<int>() >= kMaxEmpires) bad("owner out of range");
  return static_cast<uint8_t>(v.get<int>());
}

inline uint32_t targetsOf(const json& a) {
  if (!a.is_array()) bad("attack takes a list of owners");
  uint32_t m = 0;
  for (const auto& x : a) m |= targetBit(ownerOf(x));
  return m;
}

inline std::vector<uint16_t> idsOf(const json& a) {
  if (!a.is_array()) bad("expected a list of system ids");
  std::vector<uint16_t> v;
  for (const auto& x : a) {
    if (!x.is_number_integer() || x.get<int>() < 0 || x.get<int>() >= kMaxSystems) bad("bad system id in a list");
    v.push_back(static_cast<uint16_t>(x.get<int>()));
  }
  return v;
}

inline System systemOf(const json& j, uint16_t id) {
  System s;
  s.id = id;
  s.name = j.value("name", "S" + std::to_string(id));
  std::string kind = j.value("kind", "star");
  int k = -1;
  for (int i = 0; i < kKinds; ++i)
    if (kind == kKindNames[i]) k = i;
  if (k < 0) bad("system " + std::to_string(id) + ": unknown kind '" + kind + "'");
  s.kind = static_cast<Kind>(k);
  std::string q = j.value("quality", "C");
  if (q.size() != 1 || q[0] < 'A' || q[0] > 'E') bad("quality must be A..E");
  s.quality = static_cast<uint8_t>(q[0] - 'A');
  const auto& row = kQuality[s.quality];
  const bool star = s.kind == Kind::Star;
  s.owner = j.contains("owner") ? ownerOf(j["owner"]) : (star ? kIndependent : kNobody);
  s.homeOf = j.contains("home") ? ownerOf(j["home"]) : kNobody;
  if (j.contains("lanes")) s.lanes = idsOf(j["lanes"]);
  if (j.contains("routes")) s.routes = idsOf(j["routes"]);
  s.popLimit = intOf(j, "popLimit", star ? row.popLimit : 0, 0, 1000);
  s.pop = intOf(j, "popMilli", intOf(j, "pop", star ? row.startPop : 0, 0, 1000) * kPop, 0, 1000 * kPop);
  s.industry = intOf(j, "industry", star ? row.industry : 0, 0, 1000);
  s.mineralsPerTurn = intOf(j, "mineralsPerTurn", star ? row.mineralsPerTurn : 0, 0, 1000);
  s.minerals = intOf(j, "minerals", star ? row.startMinerals : 0, 0, 1000000);
  s.pd = intOf(j, "pd", star ? row.pd : 0, 0, 1000);
  s.pdDamage = intOf(j, "pdDamage", 0, 0, 1);
  s.dsats = intOf(j, "dsats", 0, 0, 1000);
  s.crystals = intOf(j, "crystals", 0, 0, 1000000);
  s.starbaseKits = intOf(j, "starbaseKits", 0, 0, 1000);
  s.starbase = j.value("starbase", false);
  s.starbaseDamage = intOf(j, "starbaseDamage", 0, 0, 9);
  s.unrest = j.value("unrest", false);
  return s;
}

inline Order orderOf(const json& o) {
  auto sys = [&](const json& x, const char* k) { return static_cast<uint16_t>(intOf(x, k, -1, 0, kMaxSystems - 1)); };
  if (o.contains("move")) {
    const json& m = o["move"];
    MoveCounts c;
    c.cruisers = static_cast<uint16_t>(intOf(m, "CR", 0, 0, 60000));
    c.destroyers = static_cast<uint16_t>(intOf(m, "DD", 0, 0, 60000));
    c.missiles = static_cast<uint16_t>(intOf(m, "Mi", 0, 0, 60000));
    c.novas = static_cast<uint16_t>(intOf(m, "N", 0, 0, 60000));
    c.freighters[0] = static_cast<uint16_t>(intOf(m, "Fr", 0, 0, 60000));
    c.freighters[1] = static_cast<uint16_t>(intOf(m, "FrMinerals", 0, 0, 60000));
    c.freighters[2] = static_cast<uint16_t>(intOf(m, "FrPopulation", 0, 0, 60000));
    c.freighters[3] = static_cast<uint16_t>(intOf(m, "FrStarbase", 0, 0, 60000));
    return moveOrder(sys(m, "from"), sys(m, "to"), c);
  }
  for (const char* k : {"load", "unload"})
    if (o.contains(k)) {
      const json& l = o[k];
      return (std::string(k) == "load" ? loadOrder : unloadOrder)(sys(l, "at"), cargoOf(l.value("cargo", "minerals")),
                                                                  static_cast<uint16_t>(intOf(l, "amount", 1, 0, 60000)));
    }
  if (o.contains("place")) return placeOrder(sys(o["place"], "at"));
  if (o.contains("stance")) {
    const json& s = o["stance"];
    if (s.contains("attack")) return stanceOrder(sys(s, "at"), Stance::Attack, targetsOf(s["attack"]));
    if (s.contains("ambush")) return stanceOrder(sys(s, "at"), Stance::Ambush, 0, idsOf(s["ambush"]));
    return stanceOrder(sys(s, "at"), Stance::Conditional);
  }
  if (o.contains("build")) {
    const json& b = o["build"];
    std::string item = b.value("item", "");
    for (int i = 0; i < kItems; ++i)
      if (item == kItemNames[i])
        return buildOrder(sys(b, "at"), static_cast<Item>(i), static_cast<uint16_t>(intOf(b, "count", 1, 0, 60000)));
    bad("unknown build item '" + item + "'");
  }
  if (o.contains("treaty")) {  // {"treaty": "war|nap|endnap|peace", "with": b}
    const std::string t = o["treaty"].is_string() ? o["treaty"].get<std::string>() : "";
    for (int i = 0; i < kTreaties; ++i)
      if (t == kTreatyWords[i])
        return treatyOrder(static_cast<Treaty>(i), static_cast<uint8_t>(intOf(o, "with", -1, 0, kMaxEmpires - 1)));
    bad("treaty is war, nap, endnap or peace");
  }
  if (o.contains("route")) {  // {"route": {"at": x, "to": [n...]}}
    const json& r = o["route"];
    return routeOrder(sys(r, "at"), idsOf(r.value("to", json::array())));
  }
  if (o.contains("send")) {
    const json& g = o["send"];
    return giftOrder(static_cast<uint8_t>(intOf(g, "to", -1, 0, kMaxEmpires - 1)),
                     static_cast<uint16_t>(intOf(g, "amount", 1, 0, 60000)));
  }
  if (o.contains("cancel")) return cancelOrder(static_cast<uint16_t>(intOf(o, "cancel", 0, 0, 63)));
  if (o.contains("raw")) {  // a hand-made payload, to test the strict decoder
    Order r;
    r.kind = static_cast<uint16_t>(intOf(o["raw"], "kind", 0, 0, 65535));
    for (const auto& b : o["raw"].value("bytes", json::array())) r.payload.push_back(b.get<uint8_t>());
    return r;
  }
  bad("an order needs one of move, load, unload, place, stance, build, treaty, send, cancel, raw");
}

json eventJson(const WebGame& g, const Event& e);
json stateJson(const WebGame& g);
/// Checks `expect` against the run; appends failures.
void checkExpectations(const json& expect, const WebGame& g, const Run& run, std::vector<std::string>& failures);

/// Loads the position, applies one turn of orders (then `thenTurns` empty turns), reports everything.
Run run(const json& j);

}  // namespace concord::web::scenario
