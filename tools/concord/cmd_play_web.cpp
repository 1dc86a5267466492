// `concord play web`: a person commands one W.E.B. empire against AI empires at the terminal (a local table:
// the engine directly, one bundle per empire per turn). Orders are typed as text, checked at once with the
// rule's reason, and sent with "end". Works with piped stdin (tests drive it); --auto lets the AI play you too.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/web/module.h"
#include "core/web/state.h"
#include "core/web/view.h"
#include "tools/concord/command.h"

namespace concord::cli {
namespace {

using namespace concord::web;

constexpr const char* kUsage =
    "usage: concord play web [--seats N] [--you S] [--seed N] [--turns N] [--auto]\n"
    "  --seats N   empires (default 4, 2..16)      --you S   your empire (default 0)\n"
    "  --seed N    galaxy seed (default 1)         --turns N turn limit (default 60)\n"
    "  --auto      the AI plays your empire too (a non-interactive demo)\n";

constexpr const char* kOrderHelp =
    "Orders (system numbers as shown in [brackets]):\n"
    "  move FROM TO CR=1 DD=2 Mi=0 N=0 Fr=0 FrMinerals=0 FrPopulation=0 FrStarbase=0\n"
    "  load AT minerals|population|starbase N      unload AT minerals|population|starbase N\n"
    "  place AT                                    build AT cruiser|destroyer|missile|nova|freighter|dsat|\n"
    "  attack AT 1 2 independents pirates                starbase|pd|industry|crystal N\n"
    "  ambush AT LANE...     conditional AT        cancel N (an order you typed this turn, numbered from 0)\n"
    "Commands: map (your systems and their lanes), orders (this turn's list), end (send the turn), help, quit\n";

Result<Order> parseOrder(const std::string& line) {
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  auto num = [&](const char* what) -> Result<int> {
    long v = -1;
    if (!(in >> v) || v < 0 || v > 60000) return Err("expected a number for ", what);
    return static_cast<int>(v);
  };
  auto cargo = [&]() -> Result<Cargo> {
    std::string c;
    in >> c;
    if (c == "minerals") return Cargo::Minerals;
    if (c == "population") return Cargo::Pop;
    if (c == "starbase") return Cargo::Starbase;
    return Err("cargo is minerals, population or starbase");
  };
  if (verb == "move") {
    auto from = num("FROM"), to = num("TO");
    if (!from || !to) return Err("move FROM TO CR=n DD=n ...");
    MoveCounts m;
    std::string kv;
    while (in >> kv) {
      auto eq = kv.find('=');
      if (eq == std::string::npos) return Err("'", kv, "': write ship counts as TYPE=n");
      std::string k = kv.substr(0, eq);
      long n = std::strtol(kv.c_str() + eq + 1, nullptr, 10);
      if (n < 0 || n > 60000) return Err("bad count in '", kv, "'");
      auto v = static_cast<uint16_t>(n);
      if (k == "CR") m.cruisers = v;
      else if (k == "DD") m.destroyers = v;
      else if (k == "Mi") m.missiles = v;
      else if (k == "N") m.novas = v;
      else if (k == "Fr") m.freighters[0] = v;
      else if (k == "FrMinerals") m.freighters[1] = v;
      else if (k == "FrPopulation") m.freighters[2] = v;
      else if (k == "FrStarbase") m.freighters[3] = v;
      else return Err("unknown ship type '", k, "' (CR, DD, Mi, N, Fr, FrMinerals, FrPopulation, FrStarbase)");
    }
    return moveOrder(static_cast<uint16_t>(*from), static_cast<uint16_t>(*to), m);
  }
  if (verb == "load" || verb == "unload") {
    auto at = num("AT");
    auto c = cargo();
    auto n = num("N");
    if (!at || !c || !n) return Err(verb, " AT minerals|population|starbase N");
    return (verb == "load" ? loadOrder : unloadOrder)(static_cast<uint16_t>(*at), *c, static_cast<uint16_t>(*n));
  }
  if (verb == "place") {
    auto at = num("AT");
    if (!at) return at.error();
    return placeOrder(static_cast<uint16_t>(*at));
  }
  if (verb == "conditional" || verb == "attack" || verb == "ambush") {
    auto at = num("AT");
    if (!at) return at.error();
    if (verb == "conditional") return stanceOrder(static_cast<uint16_t>(*at), Stance::Conditional);
    uint32_t targets = 0;
    std::vector<uint16_t> lanes;
    std::string w;
    while (in >> w) {
      if (verb == "attack" && w == "independents") targets |= kTargetIndependents;
      else if (verb == "attack" && w == "pirates") targets |= kTargetPirates;
      else if (!w.empty() && std::isdigit(static_cast<unsigned char>(w[0]))) {
        long v = std::strtol(w.c_str(), nullptr, 10);
        if (v < 0 || v >= kMaxSystems) return Err("'", w, "' is out of range");
        if (verb == "attack") targets |= v < kMaxEmpires ? (1u << v) : 0;
        else lanes.push_back(static_cast<uint16_t>(v));
      } else {
        return Err("'", w, "' is not ", verb == "attack" ? "an empire number, independents or pirates" : "a system number");
      }
    }
    std::sort(lanes.begin(), lanes.end());
    lanes.erase(std::unique(lanes.begin(), lanes.end()), lanes.end());
    return verb == "attack" ? stanceOrder(static_cast<uint16_t>(*at), Stance::Attack, targets)
                            : stanceOrder(static_cast<uint16_t>(*at), Stance::Ambush, 0, lanes);
  }
  if (verb == "build") {
    auto at = num("AT");
    std::string item;
    in >> item;
    auto n = num("N");
    if (!at || !n) return Err("build AT ITEM N");
    for (int i = 0; i < kItems; ++i)
      if (item == kItemNames[i]) return buildOrder(static_cast<uint16_t>(*at), static_cast<Item>(i), static_cast<uint16_t>(*n));
    return Err("unknown item '", item, "'");
  }
  if (verb == "cancel") {
    auto n = num("N");
    if (!n || *n > 63) return Err("cancel N");
    return cancelOrder(static_cast<uint16_t>(*n));
  }
  return Err("unknown order '", verb, "' (type help)");
}

// The lanes around the viewer's systems: each owned system and what it touches, as the View knows it.
std::string laneMap(const WebGame& g, Seat you) {
  auto v = decodeView(g.observe(you).canonical);
  if (!v) return "map unavailable\n";
  std::string out;
  for (const auto& s : v->systems) {
    bool mine = s.owner == you;
    bool fleet = false;
    for (const auto& f : s.fleets) fleet |= f.owner == you;
    if (!mine && !fleet) continue;
    out += "[" + std::to_string(s.id) + "] " + g.systems()[s.id].name + (mine ? " (yours)" : "");
    for (const auto& f : s.fleets) {
      out += "  " + g.ownerName(f.owner) + ":";
      for (int t = 0; t < kMobileTypes; ++t)
        if (f.ships[ix(t)]) out += " " + std::to_string(f.ships[ix(t)]) + kStats[ix(t)].code;
    }
    out += "\n    lanes:";
    for (uint16_t n : s.lanes) {
      const SysView* o = v->find(n);
      out += " [" + std::to_string(n) + "] " + (o ? std::string(kKindNames[static_cast<int>(o->kind)]) : "unexplored");
      if (o && o->kind == Kind::Star) out += std::string(" ") + kQuality[o->quality].letter;
      if (o && o->inView && o->owner != kUnknownOwner && o->owner != kNobody) out += " (" + g.ownerName(o->owner) + ")";
    }
    out += "\n";
  }
  return out;
}

}  // namespace

int runPlayWeb(Args args) {
  Seat seats = 4, you = 0;
  uint64_t seed = 1;
  uint16_t turns = 60;
  bool autoPlay = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") return std::printf("%s%s", kUsage, kOrderHelp), 0;
    if (a == "--auto") {
      autoPlay = true;
      continue;
    }
    if (i + 1 >= args.size()) return usageError(a + " needs a value", "concord play web --help");
    const std::string& v = args[++i];
    char* end = nullptr;
    unsigned long long n = std::strtoull(v.c_str(), &end, 10);
    if (v.empty() || *end) return usageError(a + " takes a whole number, got '" + v + "'", "concord play web --help");
    if (a == "--seats") seats = static_cast<Seat>(std::min<unsigned long long>(n, 99));
    else if (a == "--you") you = static_cast<Seat>(std::min<unsigned long long>(n, 99));
    else if (a == "--seed") seed = n;
    else if (a == "--turns") turns = static_cast<uint16_t>(std::min<unsigned long long>(n, 65535));
    else return usageError("unknown option " + a, "concord play web --help");
  }
  if (you >= seats) return usageError("--you must be below --seats", "concord play web --help");
  Config c;
  c.turnLimit = turns;
  if (auto ok = validateConfig(c); !ok) return usageError(ok.message(), "concord play web --help");
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[ix(i)] = static_cast<uint8_t>(seed >> (8 * i));
  WebGame g;
  if (auto ok = g.setup(encodeConfig(c), s, seats); !ok) return failure("play web: " + ok.message());
  std::printf("W.E.B.: %d empires, %zu systems, turn limit %d. You are %s.\n%s", seats, g.systems().size(), turns,
              g.ownerName(static_cast<uint8_t>(you)).c_str(), autoPlay ? "" : kOrderHelp);
  std::string line;
  while (!g.over()) {
    std::vector<std::vector<Order>> orders(seats);
    const bool alive = !g.empire(static_cast<uint8_t>(you)).vanquished;
    std::printf("\n%s%s", g.observe(you).text.c_str(), alive && !autoPlay ? laneMap(g, you).c_str() : "");
    if (alive && !autoPlay) {
      for (;;) {
        std::printf("turn %u> ", g.turn());
        std::fflush(stdout);
        if (!std::getline(std::cin, line) || line == "quit" || line == "q") return std::printf("\nLeft the game.\n"), 0;
        if (line.empty()) continue;
        if (line == "end") break;
        if (line == "help") {
          std::printf("%s", kOrderHelp);
          continue;
        }
        if (line == "map") {
          std::printf("%s", laneMap(g, you).c_str());
          continue;
        }
        if (line == "orders") {
          for (size_t i = 0; i < orders[you].size(); ++i) std::printf("  %zu: %s\n", i, g.describe(you, orders[you][i]).c_str());
          continue;
        }
        auto o = parseOrder(line);
        if (!o) {
          std::printf("  not understood: %s\n", o.message().c_str());
          continue;
        }
        if (auto ok = g.validate(you, *o); !ok) {
          std::printf("  refused: %s\n", ok.message().c_str());
          continue;
        }
        orders[you].push_back(*o);
        std::printf("  %zu: %s\n", orders[you].size() - 1, g.describe(you, *o).c_str());
      }
    }
    for (Seat e : g.awaiting()) {
      if (e == you && !autoPlay) continue;
      auto rng = det::Rng::stream(s, "ai." + std::to_string(e) + "." + std::to_string(g.turn()));
      orders[e] = makeBot("ai", e)->choose(g.observe(e), g.legalOrders(e), rng);
    }
    std::vector<SeatOrders> by;
    for (Seat e = 0; e < seats; ++e) by.push_back({e, orders[e]});
    for (const auto& r : g.apply(TurnInput{g.turn(), by}))
      if (r.seat == you) std::printf("  your order %u was refused: %s\n", r.index, r.reason.c_str());
  }
  auto o = g.outcome();
  std::printf("\n%s\nGame over: %s\nYour rank: %u of %d (%lld players beaten)\n", g.observe(you).text.c_str(),
              o->summary.c_str(), o->rankBySeat[you], seats, static_cast<long long>(o->scoreBySeat[you]));
  return 0;
}

}  // namespace concord::cli
