// W.E.B. orders as a person types them (Game::orderText / parseOrder): "move 4 7 CR=1 DD=2", "build 3 cruiser 2",
// "attack 5 1 pirates". parseOrder reads only the text; whether the order is legal now is validate()'s question.
#include <algorithm>
#include <string>
#include <vector>

#include "core/web/orders.h"
#include "core/web/state.h"

namespace concord::web {

namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < text.size()) {
    while (i < text.size() && blank(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !blank(text[j])) ++j;
    if (j > i) out.emplace_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

// A whole number in [0, max]; "" or the problem, naming the field ("FROM").
std::string number(const std::string& w, const std::string& field, uint32_t max, uint32_t& out) {
  uint64_t v = 0;
  bool digits = !w.empty() && w.size() <= 9;
  for (char c : w) digits = digits && c >= '0' && c <= '9';
  if (digits)
    for (char c : w) v = v * 10 + static_cast<uint64_t>(c - '0');
  if (!digits || v > max) return field + " is a whole number from 0 to " + std::to_string(max) + ", got '" + w + "'";
  out = static_cast<uint32_t>(v);
  return "";
}

// Ship counts of a Move as typed: TYPE=n (§3; Freighters by what they carry, §3d).
struct Count {
  const char* key;
  uint16_t MoveCounts::*field;
  int freighter;  // index into freighters when field is null
};
const Count kCounts[] = {{"CR", &MoveCounts::cruisers, -1},   {"DD", &MoveCounts::destroyers, -1},
                         {"Mi", &MoveCounts::missiles, -1},   {"N", &MoveCounts::novas, -1},
                         {"Fr", nullptr, 0},                  {"FrMinerals", nullptr, 1},
                         {"FrPopulation", nullptr, 2},        {"FrStarbase", nullptr, 3}};
uint16_t& countOf(MoveCounts& m, const Count& c) { return c.field ? m.*c.field : m.freighters[static_cast<size_t>(c.freighter)]; }

const char* kForms[] = {
    "move FROM TO CR=n DD=n Mi=n N=n Fr=n FrMinerals=n FrPopulation=n FrStarbase=n   one hop along a lane (§3)",
    "load AT minerals|population|starbase N      load Freighters at system AT (§3d)",
    "unload AT minerals|population|starbase N    unload them",
    "place AT                                    place a carried Starbase (§3e)",
    "conditional AT | attack AT EMPIRE... [independents] [pirates] | ambush AT LANE...   stance (§4a)",
    "build AT ITEM N    ITEM: cruiser destroyer missile nova freighter dsat starbase pd industry crystal (§6b)",
    "war EMPIRE | nap EMPIRE | endnap EMPIRE | peace EMPIRE   declare war, propose/accept a pact, end it, propose/accept peace (§2i)",
    "route AT NEIGHBOUR...   manual local-trader routes from your system AT (not your home), §3i; none = send nothing",
    "send EMPIRE N      send N minerals from your capital to a met empire's capital at rollover (§2j)",
    "cancel N           void your N-th order of this turn, counted from 0",
};

std::string cargoWord(Cargo c) { return c == Cargo::Pop ? "population" : cargoName(c); }

}  // namespace

std::vector<std::string> WebGame::orderForms() const { return {std::begin(kForms), std::end(kForms)}; }

std::string WebGame::orderText(Seat seat, const Order& order) const {
  (void)seat;
  auto d = decode(order);
  if (!d) return "? " + d.message();
  const std::string at = std::to_string(d->sys), n = std::to_string(d->amount);
  switch (d->kind) {
    case kLoad: return "load " + at + " " + cargoWord(d->cargo) + " " + n;
    case kUnload: return "unload " + at + " " + cargoWord(d->cargo) + " " + n;
    case kPlace: return "place " + at;
    case kMove: {
      std::string s = "move " + at + " " + std::to_string(d->to);
      MoveCounts m = d->move;
      for (const auto& c : kCounts)
        if (countOf(m, c)) s += std::string(" ") + c.key + "=" + std::to_string(countOf(m, c));
      return s;
    }
    case kStance: {
      if (d->stance == Stance::Conditional) return "conditional " + at;
      std::string s = (d->stance == Stance::Attack ? "attack " : "ambush ") + at;
      for (uint32_t e = 0; e < kMaxEmpires; ++e)
        if ((d->targets >> e) & 1u) s += " " + std::to_string(e);
      if (d->targets & kTargetIndependents) s += " independents";
      if (d->targets & kTargetPirates) s += " pirates";
      for (uint16_t l : d->lanes) s += " " + std::to_string(l);
      return s;
    }
    case kBuild: return "build " + at + " " + kItemNames[static_cast<int>(d->item)] + " " + n;
    case kCancel: return "cancel " + n;
    case kTreaty: return std::string(kTreatyWords[static_cast<int>(d->treaty)]) + " " + std::to_string(d->other);
    case kGift: return "send " + std::to_string(d->other) + " " + n;
    case kRoute: {
      std::string s = "route " + at;
      for (uint16_t l : d->lanes) s += " " + std::to_string(l);
      return s;
    }
  }
  return "? order kind " + std::to_string(d->kind);
}

Result<Order> WebGame::parseOrder(Seat seat, std::string_view text) const {
  (void)seat;
  const auto w = words(text);
  if (w.empty()) return Err("no order given (type help for the order forms)");
  const std::string& verb = w[0];
  uint32_t a = 0, b = 0;
  auto need = [&](size_t count, const char* form) -> std::string {
    return w.size() == count ? "" : "'" + std::string(text) + "': the form is " + form;
  };
  auto sys = [&](size_t i, const char* field, uint32_t& out) { return number(w[i], field, kMaxSystems - 1, out); };
  std::string problem;
  if (verb == "move") {
    if (w.size() < 3) return Err("'", std::string(text), "': the form is move FROM TO CR=n DD=n ...");
    if (auto p = sys(1, "FROM", a); !p.empty()) return Err("move: ", p);
    if (auto p = sys(2, "TO", b); !p.empty()) return Err("move: ", p);
    MoveCounts m;
    for (size_t i = 3; i < w.size(); ++i) {
      auto eq = w[i].find('=');
      if (eq == std::string::npos) return Err("move: '", w[i], "': write ship counts as TYPE=n (CR=2 DD=1)");
      const std::string key = w[i].substr(0, eq);
      const Count* c = nullptr;
      for (const auto& k : kCounts)
        if (key == k.key) c = &k;
      if (!c) return Err("move: unknown ship type '", key, "' (CR, DD, Mi, N, Fr, FrMinerals, FrPopulation, FrStarbase)");
      uint32_t v = 0;
      if (auto p = number(w[i].substr(eq + 1), key, 60000, v); !p.empty()) return Err("move: ", p);
      countOf(m, *c) = static_cast<uint16_t>(v);
    }
    return moveOrder(static_cast<uint16_t>(a), static_cast<uint16_t>(b), m);
  }
  if (verb == "load" || verb == "unload") {
    if (auto p = need(4, "load|unload AT minerals|population|starbase N"); !p.empty()) return Err(p);
    if (auto p = sys(1, "AT", a); !p.empty()) return Err(verb, ": ", p);
    Cargo c = w[2] == "minerals" ? Cargo::Minerals : w[2] == "population" ? Cargo::Pop : w[2] == "starbase" ? Cargo::Starbase : Cargo::None;
    if (c == Cargo::None) return Err(verb, ": cargo is minerals, population or starbase, got '", w[2], "'");
    if (auto p = number(w[3], "N", 60000, b); !p.empty()) return Err(verb, ": ", p);
    return (verb == "load" ? loadOrder : unloadOrder)(static_cast<uint16_t>(a), c, static_cast<uint16_t>(b));
  }
  if (verb == "place" || verb == "conditional") {
    if (auto p = need(2, verb == "place" ? "place AT" : "conditional AT"); !p.empty()) return Err(p);
    if (auto p = sys(1, "AT", a); !p.empty()) return Err(verb, ": ", p);
    return verb == "place" ? placeOrder(static_cast<uint16_t>(a)) : stanceOrder(static_cast<uint16_t>(a), Stance::Conditional);
  }
  if (verb == "attack" || verb == "ambush") {
    if (w.size() < 2) return Err("'", std::string(text), "': the form is ", verb, verb == "attack" ? " AT EMPIRE... [independents] [pirates]" : " AT LANE...");
    if (auto p = sys(1, "AT", a); !p.empty()) return Err(verb, ": ", p);
    uint32_t targets = 0;
    std::vector<uint16_t> lanes;
    for (size_t i = 2; i < w.size(); ++i) {
      uint32_t v = 0;
      if (verb == "attack" && w[i] == "independents") targets |= kTargetIndependents;
      else if (verb == "attack" && w[i] == "pirates") targets |= kTargetPirates;
      else if (verb == "attack") {
        if (auto p = number(w[i], "EMPIRE", kMaxEmpires - 1, v); !p.empty())
          return Err("attack: ", p, " (or independents, pirates)");
        targets |= 1u << v;
      } else {
        if (auto p = number(w[i], "LANE", kMaxSystems - 1, v); !p.empty()) return Err("ambush: ", p);
        lanes.push_back(static_cast<uint16_t>(v));
      }
    }
    std::sort(lanes.begin(), lanes.end());
    lanes.erase(std::unique(lanes.begin(), lanes.end()), lanes.end());
    return verb == "attack" ? stanceOrder(static_cast<uint16_t>(a), Stance::Attack, targets)
                            : stanceOrder(static_cast<uint16_t>(a), Stance::Ambush, 0, lanes);
  }
  if (verb == "build") {
    if (auto p = need(4, "build AT ITEM N"); !p.empty()) return Err(p);
    if (auto p = sys(1, "AT", a); !p.empty()) return Err("build: ", p);
    if (auto p = number(w[3], "N", 60000, b); !p.empty()) return Err("build: ", p);
    for (int i = 0; i < kItems; ++i)
      if (w[2] == kItemNames[i]) return buildOrder(static_cast<uint16_t>(a), static_cast<Item>(i), static_cast<uint16_t>(b));
    return Err("build: unknown item '", w[2], "' (cruiser, destroyer, missile, nova, freighter, dsat, starbase, pd, industry, crystal)");
  }
  for (int t = 0; t < kTreaties; ++t)
    if (verb == kTreatyWords[t]) {
      if (auto p = need(2, (verb + " EMPIRE").c_str()); !p.empty()) return Err(p);
      if (auto p = number(w[1], "EMPIRE", kMaxEmpires - 1, a); !p.empty()) return Err(verb, ": ", p);
      return treatyOrder(static_cast<Treaty>(t), static_cast<uint8_t>(a));
    }
  if (verb == "route") {
    if (w.size() < 2) return Err("'", std::string(text), "': the form is route AT NEIGHBOUR...");
    if (auto p = sys(1, "AT", a); !p.empty()) return Err("route: ", p);
    std::vector<uint16_t> to;
    for (size_t i = 2; i < w.size(); ++i) {
      uint32_t v = 0;
      if (auto p = number(w[i], "NEIGHBOUR", kMaxSystems - 1, v); !p.empty()) return Err("route: ", p);
      to.push_back(static_cast<uint16_t>(v));
    }
    std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
    return routeOrder(static_cast<uint16_t>(a), to);
  }
  if (verb == "send") {
    if (auto p = need(3, "send EMPIRE N"); !p.empty()) return Err(p);
    if (auto p = number(w[1], "EMPIRE", kMaxEmpires - 1, a); !p.empty()) return Err("send: ", p);
    if (auto p = number(w[2], "N", 60000, b); !p.empty()) return Err("send: ", p);
    return giftOrder(static_cast<uint8_t>(a), static_cast<uint16_t>(b));
  }
  if (verb == "cancel") {
    if (auto p = need(2, "cancel N"); !p.empty()) return Err(p);
    if (auto p = number(w[1], "N", 63, a); !p.empty()) return Err("cancel: ", p);
    return cancelOrder(static_cast<uint16_t>(a));
  }
  return Err("unknown order '", verb,
             "': orders are move, load, unload, place, conditional, attack, ambush, build, war, nap, endnap, peace, route, send, cancel");
}

}  // namespace concord::web
