#include "table/tei_store/tei_json.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

namespace concord::tei {

using nlohmann::json;

// Issue 11 point 6: a key given twice is refused (nlohmann keeps the last one silently).
Result<json> parseStrictJson(const std::string& text) {
  std::vector<std::set<std::string>> open;  // keys seen in each object being parsed
  std::string duplicate;
  json::parser_callback_t check = [&](int, json::parse_event_t ev, json& parsed) {
    if (ev == json::parse_event_t::object_start) open.emplace_back();
    else if (ev == json::parse_event_t::object_end && !open.empty()) open.pop_back();
    else if (ev == json::parse_event_t::key && !open.empty() && !open.back().insert(parsed.get<std::string>()).second &&
             duplicate.empty())
      duplicate = parsed.get<std::string>();
    return true;
  };
  json j = json::parse(text, check, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Err("input is not valid JSON");
  if (!duplicate.empty()) return Err("input is not valid: the key \"", duplicate, "\" appears twice in one object");
  return j;
}

namespace {

Result<json> parseJson(const std::string& text) { return parseStrictJson(text); }

Result<void> onlyKeys(const json& obj, const std::set<std::string>& allowed, const std::string& where) {
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (!allowed.count(it.key())) return Err(where, ": unknown key \"", it.key(), "\"");
  return Ok();
}

Result<double> number(const json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) return Err(where, ": missing \"", key, "\"");
  if (!it->is_number()) return Err(where, ": \"", key, "\" must be a number");
  const double v = it->get<double>();
  if (!std::isfinite(v)) return Err(where, ": \"", key, "\" must be finite");
  return v;
}

}  // namespace

Result<RateRequest> parseRateRequest(const std::string& text) {
  auto j = parseJson(text);
  if (!j) return j.error();
  if (!j->is_object()) return Err("input must be a JSON object with \"teams\"");
  if (auto k = onlyKeys(*j, {"teams", "ranks"}, "input"); !k) return k.error();
  auto teams = j->find("teams");
  if (teams == j->end() || !teams->is_array()) return Err("\"teams\" must be an array of teams");
  RateRequest req;
  for (size_t t = 0; t < teams->size(); ++t) {
    const json& team = (*teams)[t];
    const std::string tw = "team " + std::to_string(t + 1);
    if (!team.is_array()) return Err(tw, " must be an array of players");
    Team out;
    for (size_t p = 0; p < team.size(); ++p) {
      const json& pl = team[p];
      const std::string pw = tw + " player " + std::to_string(p + 1);
      if (!pl.is_object()) return Err(pw, " must be an object {\"mu\":…,\"sigma\":…}");
      if (auto k = onlyKeys(pl, {"mu", "sigma"}, pw); !k) return k.error();
      auto mu = number(pl, "mu", pw);
      if (!mu) return mu.error();
      auto sg = number(pl, "sigma", pw);
      if (!sg) return sg.error();
      Rating r{*mu, *sg};
      if (auto v = validateRating(r); !v) return Err(pw, ": ", v.message());
      out.push_back(r);
    }
    req.teams.push_back(std::move(out));
  }
  if (auto rk = j->find("ranks"); rk != j->end() && !rk->is_null()) {
    if (!rk->is_array()) return Err("\"ranks\" must be an array of numbers");
    std::vector<double> ranks;
    for (const auto& r : *rk) {
      if (!r.is_number()) return Err("\"ranks\" must be an array of numbers");
      ranks.push_back(r.get<double>());
    }
    if (ranks.size() != req.teams.size())
      return Err("\"ranks\" has ", ranks.size(), " entries but there are ", req.teams.size(), " teams");
    req.ranks = std::move(ranks);
  }
  return req;
}

std::string formatDouble17(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string formatRateResponse(const std::vector<Team>& teams) {
  std::string s = "{\"teams\":[";
  for (size_t t = 0; t < teams.size(); ++t) {
    if (t) s += ",";
    s += "[";
    for (size_t p = 0; p < teams[t].size(); ++p) {
      if (p) s += ",";
      s += "{\"mu\":" + formatDouble17(teams[t][p].mu) + ",\"sigma\":" + formatDouble17(teams[t][p].sigma) + "}";
    }
    s += "]";
  }
  return s + "]}";
}

namespace {

Result<bool> optBool(const json& obj, const char* key, bool def, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) return def;
  if (!it->is_boolean()) return Err(where, ": \"", key, "\" must be true or false");
  return it->get<bool>();
}

Result<std::string> optString(const json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::string();
  if (!it->is_string()) return Err(where, ": \"", key, "\" must be a string");
  return it->get<std::string>();
}

Result<int> intIn(const json& obj, const char* key, std::optional<int> def, int lo, int hi, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    if (def) return *def;
    return Err(where, ": missing \"", key, "\"");
  }
  if (!it->is_number_integer()) return Err(where, ": \"", key, "\" must be an integer");
  const auto v = it->get<int64_t>();
  if (v < lo || v > hi) return Err(where, ": \"", key, "\" must be between ", lo, " and ", hi);
  return static_cast<int>(v);
}

}  // namespace

Result<MatchRecord> parseMatchRecord(const std::string& text) {
  auto j = parseJson(text);
  if (!j) return j.error();
  const std::string w = "match record";
  if (!j->is_object()) return Err(w, " must be a JSON object");
  if (auto k = onlyKeys(*j, {"gameId", "objective", "maxPip", "completed", "online", "rated", "freeformChat", "modules",
                             "charterId", "charterMismatch", "seats"},
                        w);
      !k)
    return k.error();
  MatchRecord m;
  auto gid = optString(*j, "gameId", w);
  if (!gid) return gid.error();
  m.gameId = *gid;
  auto obj = optString(*j, "objective", w);
  if (!obj) return obj.error();
  if (*obj == "points") m.objective = Objective::Points;
  else if (*obj == "go-out") m.objective = Objective::GoOut;
  else if (obj->empty()) return Err(w, ": missing \"objective\"");
  else m.objective = Objective::Other;  // a real but unrated mode: E1 reports it
  auto pip = intIn(*j, "maxPip", 12, 0, 99, w);
  if (!pip) return pip.error();
  m.maxPip = *pip;
  auto b1 = optBool(*j, "completed", false, w);
  auto b2 = optBool(*j, "online", false, w);
  auto b3 = optBool(*j, "rated", true, w);
  auto b4 = optBool(*j, "freeformChat", false, w);
  auto b5 = optBool(*j, "charterMismatch", false, w);
  for (auto* b : {&b1, &b2, &b3, &b4, &b5})
    if (!*b) return b->error();
  m.completed = *b1;
  m.online = *b2;
  m.rated = *b3;
  m.freeformChatDuringPlay = *b4;
  m.charterMismatch = *b5;
  auto ch = optString(*j, "charterId", w);
  if (!ch) return ch.error();
  m.charterId = *ch;
  if (auto mods = j->find("modules"); mods != j->end()) {
    if (!mods->is_array()) return Err(w, ": \"modules\" must be an array of module ids");
    for (const auto& x : *mods) {
      if (!x.is_string()) return Err(w, ": \"modules\" must be an array of module ids");
      m.modules.push_back(x.get<std::string>());
    }
  }
  auto seats = j->find("seats");
  if (seats == j->end() || !seats->is_array()) return Err(w, ": \"seats\" must be an array");
  for (size_t i = 0; i < seats->size(); ++i) {
    const json& s = (*seats)[i];
    const std::string sw = "seat " + std::to_string(i);  // 0-based, as every message and the CLI (issue 30)
    if (!s.is_object()) return Err(sw, " must be an object");
    if (auto k = onlyKeys(s, {"player", "kind", "officer", "guest", "advisorUsed", "finished", "placing", "squad", "officerTurns"}, sw); !k)
      return k.error();
    SeatRecord seat;
    auto kind = optString(s, "kind", sw);
    if (!kind) return kind.error();
    if (*kind == "human") seat.kind = SeatKind::Human;
    else if (*kind == "ai") seat.kind = SeatKind::Ai;
    else return Err(sw, ": \"kind\" must be \"human\" or \"ai\"");
    auto pl = optString(s, "player", sw);
    if (!pl) return pl.error();
    seat.playerId = *pl;
    auto off = optString(s, "officer", sw);
    if (!off) return off.error();
    if (seat.kind == SeatKind::Ai) {
      if (*off == "ensign") seat.officer = OfficerKind::Ensign;
      else if (*off == "lieutenant") seat.officer = OfficerKind::Lieutenant;
      else if (*off == "commander") seat.officer = OfficerKind::Commander;
      else if (*off == "class-i-star") seat.officer = OfficerKind::ClassIStar;
      else if (*off == "omega-plus") seat.officer = OfficerKind::OmegaPlus;
      else if (off->empty()) return Err(sw, ": an AI seat needs \"officer\"");
      else seat.officer = OfficerKind::Other;
    } else if (!off->empty()) {
      return Err(sw, ": a human seat has no \"officer\"");
    }
    auto g = optBool(s, "guest", false, sw);
    auto a = optBool(s, "advisorUsed", false, sw);
    auto f = optBool(s, "finished", true, sw);
    for (auto* b : {&g, &a, &f})
      if (!*b) return b->error();
    seat.guest = *g;
    seat.advisorUsed = *a;
    seat.finished = *f;
    auto p = intIn(s, "placing", std::nullopt, 1, 64, sw);
    if (!p) return p.error();
    seat.placing = *p;
    auto sq = intIn(s, "squad", -1, -1, 63, sw);
    if (!sq) return sq.error();
    seat.squad = *sq;
    auto ot = intIn(s, "officerTurns", 0, 0, 1 << 30, sw);
    if (!ot) return ot.error();
    seat.officerTurns = *ot;
    m.seats.push_back(std::move(seat));
  }
  if (auto v = validateRecord(m); !v) return v.error();
  return m;
}

}  // namespace concord::tei
