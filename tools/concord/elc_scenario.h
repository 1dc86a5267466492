// Every Last City scenario runner (docs/elc-scenarios.md): a JSON board and turns of orders in, one JSON line
// per order and the final state out, with optional expectations. Shared by `concord elc scenario` and
// tests/elc. JSON lives here in tools, never in core/.
#pragma once

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/elc/orders.h"
#include "core/elc/state.h"

namespace concord::elc::scenario {

using nlohmann::json;

struct Run {
  std::vector<json> lines;            // one per order: {"turn", "seat", "order", "accepted", "reason"}
  json final;                         // the end state
  std::vector<std::string> failures;  // unmet expectations (empty = pass)
};

inline std::string optText(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "on" : "off";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  throw std::runtime_error("config values must be strings, booleans or integers");
}

inline int32_t intIn(const json& v, const char* what, int64_t lo, int64_t hi) {
  if (!v.is_number_integer()) throw std::runtime_error(std::string(what) + " must be a whole number");
  int64_t n = v.get<int64_t>();
  if (n < lo || n > hi)
    throw std::runtime_error(std::string(what) + " = " + std::to_string(n) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int32_t>(n);
}

inline int32_t tileOf(const ElcGame& g, const json& v) {
  if (!v.is_array() || v.size() != 2) throw std::runtime_error("a tile is [x, y]");
  const Grid& grid = g.world().grid;
  return grid.at(intIn(v[0], "x", 0, grid.width - 1), intIn(v[1], "y", 0, grid.height - 1));
}

/// One order from {"move": [unit, x, y]}, {"build": city}, {"seat": city}, {"worksite": city},
/// {"vote": "end"|"continue"}, {"concede": true}, {"charter": n}, {"claim": n}.
inline Order orderOf(const ElcGame& g, const json& o) {
  if (!o.is_object() || o.size() != 1) throw std::runtime_error("an order is an object with one key");
  auto it = o.begin();
  const std::string k = it.key();
  const json& v = it.value();
  if (k == "move") {
    if (!v.is_array() || v.size() != 3) throw std::runtime_error("move is [unit, x, y]");
    return makeMove(static_cast<uint32_t>(intIn(v[0], "unit", 0, INT32_MAX)), static_cast<uint32_t>(tileOf(g, json::array({v[1], v[2]}))));
  }
  if (k == "vote") {
    if (v != "end" && v != "continue") throw std::runtime_error("vote is \"end\" or \"continue\"");
    return makeOrder(kCastVerdictVote, v == "end" ? 1 : 0);
  }
  if (k == "concede") return makeOrder(kConcede, v.is_boolean() && v.get<bool>() ? 1 : 0);
  uint16_t kind = k == "build" ? kBuild : k == "seat" ? kDesignateSeat : k == "worksite" ? kDesignateWorkSite
                  : k == "charter" ? kSelectCharter : k == "claim" ? kClaimWarrant : 0;
  if (kind == 0) throw std::runtime_error("unknown order '" + k + "' (move, build, seat, worksite, vote, concede, charter, claim)");
  return makeOrder(kind, static_cast<uint32_t>(intIn(v, k.c_str(), 0, INT32_MAX)));
}

inline json finalState(const ElcGame& g) {
  json players = json::array();
  for (Seat s = 0; s < g.players().size(); ++s) {
    const Player& p = g.players()[s];
    players.push_back({{"seat", s}, {"name", playerName(s)}, {"live", g.live(s)}, {"standing", p.standing}, {"tenure", p.tenure},
                       {"cities", p.cities}, {"seatless", p.seatless}, {"broken", p.broken}, {"reduced", p.reduced},
                       {"outOfContention", p.outOfContention}, {"placing", p.placing}});
  }
  json chron = json::array();
  for (const auto& line : renderLines(g.chronicle())) chron.push_back(line);
  return {{"turn", g.turn()}, {"over", g.over()}, {"winner", g.winner()}, {"route", g.route()}, {"players", players},
          {"terms", g.terms()}, {"chronicle", chron}};
}

/// Runs a scenario; throws std::runtime_error naming what is wrong with the file.
inline Run run(const json& j) {
  if (!j.is_object()) throw std::runtime_error("a scenario is a JSON object");
  for (const auto& [k, v] : j.items())
    if (k != "config" && k != "seats" && k != "seed" && k != "clearUnits" && k != "owners" && k != "units" &&
        k != "players" && k != "turns" && k != "expect" && k != "name" && k != "give" && k != "giveLandmarks")
      throw std::runtime_error("unknown scenario key '" + k + "'");
  std::vector<std::pair<std::string, std::string>> opts;
  if (j.contains("config")) {
    if (!j["config"].is_object()) throw std::runtime_error("config is an object of settings");
    if (j["config"].contains("preset")) opts.emplace_back("preset", optText(j["config"]["preset"]));
    for (const auto& [k, v] : j["config"].items())
      if (k != "preset") opts.emplace_back(k, optText(v));
  }
  auto cfg = parseOptions(opts);
  if (!cfg) throw std::runtime_error("config: " + cfg.message());
  const Seat seats = static_cast<Seat>(intIn(j.value("seats", json(2)), "seats", 2, 8));
  det::Seed seed;
  int64_t sv = intIn(j.value("seed", json(1)), "seed", 0, INT32_MAX);
  for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(sv >> (8 * i));
  ElcGame g;
  if (auto r = g.setup(encodeConfig(*cfg), seed, seats); !r) throw std::runtime_error("setup: " + r.message());
  if (j.value("clearUnits", false)) g.unitsForScenario().clear();
  const int32_t cities = static_cast<int32_t>(g.cities().size());
  if (j.contains("owners"))
    for (const auto& [k, v] : j["owners"].items()) {
      int32_t c = intIn(json::parse(k), "owners city", 0, cities - 1);
      g.setOwner(c, intIn(v, "owner", -1, seats - 1));
      if (v.get<int>() >= 0) g.cityForScenario(c).integration = 100;
    }
  // "give": {"seat": n} hands n neutral non-Landmark cities (ascending sequence) to the seat; "giveLandmarks" the
  // first n neutral Landmarks. Both at Integration 100.
  for (const char* key : {"give", "giveLandmarks"}) {
    if (!j.contains(key)) continue;
    for (const auto& [k, v] : j[key].items()) {
      int32_t seat = intIn(json::parse(k), key, 0, seats - 1), n = intIn(v, key, 0, cities);
      bool landmarks = std::string(key) == "giveLandmarks";
      for (int32_t c = 0; c < cities && n > 0; ++c)
        if (g.cities()[c].owner == kNeutral && (g.world().cities[c].landmark >= 0) == landmarks) {
          g.setOwner(c, seat);
          g.cityForScenario(c).integration = 100;
          --n;
        }
      if (n > 0) throw std::runtime_error(std::string(key) + ": not enough neutral cities");
    }
  }
  if (j.contains("units"))
    for (const auto& u : j["units"]) g.addUnitForScenario(intIn(u.at("owner"), "unit owner", 0, seats - 1), tileOf(g, u.at("tile")));
  if (j.contains("players")) {
    if (!j["players"].is_array() || j["players"].size() > seats) throw std::runtime_error("players is a list of at most seats entries");
    for (size_t s = 0; s < j["players"].size(); ++s) {
      const auto& p = j["players"][s];
      if (p.contains("tenure")) g.playerForScenario(static_cast<Seat>(s)).tenure = intIn(p["tenure"], "tenure", 0, 1'000'000'000);
    }
  }
  Run out;
  for (const auto& turn : j.value("turns", json::array())) {
    const int repeat = turn.is_object() ? intIn(turn.value("repeat", json(1)), "repeat", 1, 4000) : 1;
    for (int rep = 0; rep < repeat && !g.over(); ++rep) {
      std::vector<std::vector<Order>> orders(seats);
      if (turn.is_object() && turn.contains("orders"))
        for (const auto& [k, list] : turn["orders"].items()) {
          Seat s = static_cast<Seat>(intIn(json::parse(k), "seat", 0, seats - 1));
          for (const auto& o : list) orders[s].push_back(orderOf(g, o));
        }
      std::vector<SeatOrders> so;
      for (Seat s = 0; s < seats; ++s) so.push_back(SeatOrders{s, orders[s]});
      auto rej = g.apply(TurnInput{g.turn(), so});
      for (Seat s = 0; s < seats; ++s)
        for (uint32_t i = 0; i < orders[s].size(); ++i) {
          auto r = std::find_if(rej.begin(), rej.end(), [&](const Rejection& x) { return x.seat == s && x.index == i; });
          out.lines.push_back({{"turn", g.turn() + 1}, {"seat", s}, {"order", g.describe(s, orders[s][i])},
                               {"accepted", r == rej.end()}, {"reason", r == rej.end() ? "" : r->reason}});
        }
      g.seal(g.turn());
    }
  }
  out.final = finalState(g);
  if (j.contains("expect")) {
    const auto& e = j["expect"];
    for (const char* key : {"over", "winner", "route", "turn"})
      if (e.contains(key) && e[key] != out.final[key])
        out.failures.push_back(std::string("expected ") + key + " = " + e[key].dump() + ", got " + out.final[key].dump());
    for (const auto& want : e.value("chronicleContains", json::array())) {
      bool found = false;
      for (const auto& line : out.final["chronicle"]) found |= line.get<std::string>().find(want.get<std::string>()) != std::string::npos;
      if (!found) out.failures.push_back("no Chronicle line contains " + want.dump());
    }
    for (const auto& want : e.value("rejected", json::array())) {
      bool found = false;
      for (const auto& l : out.lines) found |= !l["accepted"].get<bool>() && l["reason"].get<std::string>().find(want.get<std::string>()) != std::string::npos;
      if (!found) out.failures.push_back("no order was refused with " + want.dump());
    }
  }
  return out;
}

}  // namespace concord::elc::scenario
