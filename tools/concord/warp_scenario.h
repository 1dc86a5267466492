// Warp scenario runner (docs/warp-scenarios.md): JSON position + orders in, one JSON line per order and a
// final JSON state out, with optional expectations. Shared by `concord warp scenario` and tests/warp.
// JSON lives here in tools, never in core/.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/warp/state.h"

namespace concord::warp::scenario {

using nlohmann::json;

struct Run {
  std::vector<json> lines;           // one per order: {"seat", "accepted", "reason"}
  json final;                        // the end state
  std::vector<std::string> failures;  // unmet expectations (empty = pass)
};

inline std::string optText(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "on" : "off";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  throw std::runtime_error("config values must be strings, booleans or integers");
}

inline Tile tileOf(const json& v, int maxPip) {
  if (!v.is_string()) throw std::runtime_error("a coordinate must be a string like \"12-5\"");
  auto t = parseTile(v.get<std::string>(), maxPip);
  if (!t) throw std::runtime_error("'" + v.get<std::string>() + "' is not a coordinate of the double-" +
                                   std::to_string(maxPip) + " set");
  return *t;
}

inline std::vector<Tile> tilesOf(const json& v, int maxPip) {
  std::vector<Tile> out;
  if (!v.is_array()) throw std::runtime_error("expected a list of coordinates");
  for (const auto& x : v) out.push_back(tileOf(x, maxPip));
  return out;
}

inline json tilesJson(const std::vector<Tile>& ts) {
  json a = json::array();
  for (Tile t : ts) a.push_back(t.text());
  return a;
}

inline json lineJson(const Line& l) {
  json a = json::array();
  for (const auto& p : l.main) a.push_back(p.tile.text());
  return a;
}

/// The order a scenario line describes; an error string for forms this build does not run.
inline Result<Order> orderOf(const json& o, int maxPip) {
  auto b = [&](const char* k) { return o.contains(k) && o[k].is_boolean() && o[k].get<bool>(); };
  if (o.contains("chart")) {
    std::string route = o.value("route", std::string("own"));
    return parseOrderText("chart " + tileOf(o["chart"], maxPip).text() + " " + route, maxPip);
  }
  if (b("draw")) return simpleOrder(kDraw);
  if (b("beacon")) return simpleOrder(kBeacon);
  if (b("pass")) return simpleOrder(kPass);
  if (b("announce")) return simpleOrder(kAnnounce);
  if (o.contains("catch")) return catchOrder(static_cast<Seat>(o["catch"].get<int>()));
  if (o.contains("flash")) return parseOrderText("flash " + o["flash"].get<std::string>(), maxPip);
  if (o.contains("shields")) return parseOrderText("shields " + o["shields"].get<std::string>(), maxPip);
  if (o.contains("keep")) return wagerOrder(tileOf(o["keep"], maxPip));
  if (o.contains("overtime")) return parseOrderText("overtime " + o["overtime"].get<std::string>(), maxPip);
  if (o.contains("spool")) return parseOrderText("spool " + o["spool"].get<std::string>(), maxPip);
  if (b("dig")) return simpleOrder(kDig);
  if (o.contains("give")) return giveOrder(tileOf(o["give"], maxPip));
  if (o.contains("sweep")) return sweepOrder(tileOf(o["sweep"], maxPip));
  if (o.contains("pick")) return pickOrder(tileOf(o["pick"], maxPip));
  if (o.contains("draft")) return pickOrder(tileOf(o["draft"], maxPip));
  if (o.contains("exchange")) return giveOrder(tileOf(o["exchange"], maxPip));
  return Err("unrecognised order form: ", o.dump());
}

inline json stateJson(const WarpGame& g) {
  json f;
  f["round"] = g.round();
  f["spacedock"] = Tile{g.spacedock(), g.spacedock()}.text();
  f["phase"] = static_cast<int>(g.phase());
  f["toAct"] = g.toAct();
  f["pile"] = g.pile().size();
  f["grid"] = tilesJson(g.grid());
  json hands = json::array(), trails = json::array(), beacons = json::array(), rs = json::array(),
       camp = json::array(), wins = json::array(), branches = json::array();
  for (Seat s = 0; s < g.seats(); ++s) {
    hands.push_back(tilesJson(g.seat(s).hand));
    trails.push_back(lineJson(g.trail(s)));
    json br = json::array();
    for (const auto& p : g.trail(s).branches) br.push_back(p.tile.text());
    branches.push_back(br);
    beacons.push_back(g.seat(s).beacon);
    rs.push_back(g.seat(s).roundScore);
    camp.push_back(g.seat(s).campaign);
    wins.push_back(g.seat(s).roundWins);
  }
  f["hands"] = hands;
  f["trails"] = trails;
  f["stabilizerBranches"] = branches;
  f["neutralZone"] = lineJson(g.neutral());
  f["beacons"] = beacons;
  const auto& d = g.openDouble();
  if (d.active) {
    f["openDouble"] = {{"tile", Tile{d.pip, d.pip}.text()},
                       {"route", d.line == g.seats() ? std::string("nz") : "seat:" + std::to_string(d.line)},
                       {"responsible", d.responsible},
                       {"alert", d.red ? "red" : "yellow"},
                       {"fracture", d.fracture},
                       {"stabilizers", d.stabilizers}};
  } else {
    f["openDouble"] = nullptr;
  }
  f["roundScores"] = rs;
  f["campaign"] = camp;
  f["roundWins"] = wins;
  f["roundWinner"] = g.roundWinner() == kNone ? json(nullptr) : json(g.roundWinner());
  f["blocked"] = g.lastRoundBlocked();
  f["blockedDeals"] = g.blockedDeals();
  f["over"] = g.over();
  json sw = json::array();
  for (Seat s : g.sectorWinners()) sw.push_back(s);
  f["sectorWinners"] = sw;
  f["tally"] = g.tally();
  f["hazard"] = g.hazardHolder() == kNone ? json(nullptr) : json(g.hazardHolder());
  return f;
}

inline void check(Run& run, const json& expect, const json& actual, const std::string& where) {
  for (auto it = expect.begin(); it != expect.end(); ++it) {
    const std::string& k = it.key();
    if (k == "logContains") {
      for (const auto& needle : it.value()) {
        bool found = false;
        for (const auto& line : actual["log"]) found = found || line.get<std::string>().find(needle.get<std::string>()) != std::string::npos;
        if (!found) run.failures.push_back(where + ": log lacks \"" + needle.get<std::string>() + "\"");
      }
    } else if (k == "logLacks") {
      for (const auto& needle : it.value())
        for (const auto& line : actual["log"])
          if (line.get<std::string>().find(needle.get<std::string>()) != std::string::npos)
            run.failures.push_back(where + ": log has unexpected \"" + line.get<std::string>() + "\"");
    } else if (k == "reasonContains") {
      std::string r = actual.value("reason", std::string());
      if (r.find(it.value().get<std::string>()) == std::string::npos)
        run.failures.push_back(where + ": reason \"" + r + "\" lacks \"" + it.value().get<std::string>() + "\"");
    } else if (!actual.contains(k)) {
      run.failures.push_back(where + ": no field '" + k + "' to compare");
    } else if (actual[k] != it.value()) {
      run.failures.push_back(where + ": " + k + " is " + actual[k].dump() + ", expected " + it.value().dump());
    }
  }
}

/// Runs one scenario. Throws std::runtime_error on a malformed file (the CLI prints it).
inline Run run(const json& j) {
  Run out;
  std::vector<std::pair<std::string, std::string>> opts;
  if (j.contains("config"))
    for (auto it = j["config"].begin(); it != j["config"].end(); ++it) opts.emplace_back(it.key(), optText(it.value()));
  auto cfg = parseOptions(opts);
  if (!cfg) throw std::runtime_error("config: " + cfg.message());
  int mp = cfg->maxPip;
  Position p;
  p.config = *cfg;
  p.seats = j.at("seats").get<Seat>();
  p.round = j.value("round", uint16_t{1});
  p.spacedock = j.contains("spacedock") ? tileOf(j["spacedock"], mp).hi
                                        : static_cast<uint8_t>(mp - (p.round - 1) % (mp + 1));
  p.starter = j.value("starter", uint8_t{0});
  for (const auto& h : j.at("hands")) p.hands.push_back(tilesOf(h, mp));
  if (j.contains("pile")) p.pile = tilesOf(j["pile"], mp);
  if (j.contains("grid")) p.grid = tilesOf(j["grid"], mp);
  if (j.contains("packs"))
    for (const auto& k : j["packs"]) p.packs.push_back(tilesOf(k, mp));
  if (j.contains("trails"))
    for (const auto& t : j["trails"]) p.trails.push_back(tilesOf(t, mp));
  if (j.contains("nz")) p.neutral = tilesOf(j["nz"], mp);
  if (j.contains("beacons")) p.beacons = j["beacons"].get<std::vector<bool>>();
  if (j.contains("campaign")) p.campaign = j["campaign"].get<std::vector<int64_t>>();
  if (j.contains("roundWins")) p.roundWins = j["roundWins"].get<std::vector<uint16_t>>();
  p.blockedDeals = j.value("blockedDeals", uint16_t{0});
  det::Seed seed;
  uint64_t sv = j.value("seed", uint64_t{1});
  for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(sv >> (8 * i));
  WarpGame g;
  if (auto r = g.loadPosition(p, seed); !r) throw std::runtime_error("position: " + r.message());
  uint64_t logFrom = g.logTotal() - g.log().size();
  size_t idx = 0;
  for (const auto& o : j.value("orders", json::array())) {
    ++idx;
    Seat s = o.at("seat").get<Seat>();
    json line{{"seat", s}, {"accepted", false}, {"reason", ""}};
    auto ord = orderOf(o, mp);
    if (!ord) {
      line["reason"] = ord.message();
    } else if (auto r = g.act(s, *ord); !r) {
      line["reason"] = r.message();
    } else {
      line["accepted"] = true;
    }
    if (o.contains("expect")) check(out, o["expect"], line, "order " + std::to_string(idx));
    else if (!line["accepted"].get<bool>() && j.value("strict", true))
      out.failures.push_back("order " + std::to_string(idx) + " rejected unexpectedly: " + line["reason"].get<std::string>());
    out.lines.push_back(line);
  }
  out.final = stateJson(g);
  out.final["log"] = g.logSince(logFrom);
  if (j.contains("expect")) check(out, j["expect"], out.final, "final");
  return out;
}

}  // namespace concord::warp::scenario
