// `concord play web`: a person commands one W.E.B. empire against AI empires at the terminal (a local table:
// the engine directly, one bundle per empire per turn). Orders are typed as text, checked at once with the
// rule's reason, and sent with "end". Works with piped stdin (tests drive it); --auto lets the AI play you too.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/game/takeover.h"
#include "core/web/module.h"
#include "core/web/state.h"
#include "core/web/view.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {
namespace {

using namespace concord::web;

struct Options {
  uint16_t seats = 4, you = 0, turns = 60;
  uint64_t seed = 1;
  bool autoPlay = false;
};

constexpr const char* kCommands =
    "Commands: map (your systems and their lanes), system N (a system card; out of view: as last seen, §9),\n"
    "  orders (this turn's list), end (send the turn), auto (the AI takes your empire for the rest of the game:\n"
    "  an AI takeover, last place and 0 ranking points), help, quit\n";

CommandLine declare(Options& o) {
  CommandLine c("play web",
                "A person commands one W.E.B. empire against AI empires at the terminal. Orders are typed as text\n"
                "(system numbers as shown in [brackets]), checked at once with the rule's reason, and sent with \"end\".\n");
  c.number("--seats", "N", "empires (default 4, 2..16)", o.seats, 2, 16)
      .number("--you", "S", "your empire (default 0)", o.you, 0, 15)
      .number("--seed", "N", "galaxy seed (default 1)", o.seed, 0, 999'999'999)
      .number("--turns", "N", "turn limit (default 60)", o.turns, 1, 65535)
      .flag("--auto", "the AI plays your empire too (a non-interactive demo)", o.autoPlay)
      .footer(std::string("Type \"help\" at the prompt for the order forms.\n") + kCommands);
  return c;
}

std::string orderHelp(const WebGame& g) {
  std::string s = "Orders (system numbers as shown in [brackets]):\n";
  for (const auto& f : g.orderForms()) s += "  " + f + "\n";
  return s + kCommands;
}

// The lanes around the viewer's systems: each owned system and what it touches, as the View knows it.
std::string laneMap(const WebGame& g, Seat you) {
  auto v = decodeView(g.observe(you).canonical);
  if (!v) return "map unavailable\n";
  std::string out;
  for (const auto& s : v->systems) {
    bool mine = s.inView && s.owner == you;
    bool fleet = false;
    for (const auto& f : s.fleets) fleet |= f.owner == you;
    if (!mine && !fleet) continue;
    out += "[" + std::to_string(s.id) + "] " + g.systems()[s.id].name + (mine ? " (yours)" : "");
    if (s.relation) out += s.relation == 2 ? " Hostile to you" : " Neutral, diplomacy " + std::to_string(s.level) + "/8";
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
      if (o && o->stale() && o->owner != kNobody) out += " (" + g.ownerName(o->owner) + ", last seen turn " + std::to_string(o->seenTurn) + ")";
      if (o && o->relation) out += o->relation == 2 ? " Hostile" : " Neutral " + std::to_string(o->level) + "/8";  // §2b
    }
    out += "\n";
  }
  return out;
}

// "system N": the card of one known system (§9: figures and fleets as last seen when out of view).
std::string card(const WebGame& g, Seat you, const std::string& arg) {
  auto v = decodeView(g.observe(you).canonical);
  char* end = nullptr;
  const unsigned long id = std::strtoul(arg.c_str(), &end, 10);
  if (arg.empty() || *end != '\0' || id >= g.systems().size()) return "  no system \"" + arg + "\" (system N, N as in [brackets])\n";
  const SysView* s = v ? v->find(static_cast<uint16_t>(id)) : nullptr;
  if (!s) return "  [" + arg + "]: unknown to you (§9)\n";
  return "  " + systemCard(g, *s);
}

}  // namespace

CommandLine playWebLine() {
  static Options o;
  return declare(o);
}

int runPlayWeb(Args args) {
  Options o;
  const CommandLine cl = declare(o);
  if (auto code = cl.parse(args)) return *code;
  const Seat seats = o.seats, you = o.you;
  const uint64_t seed = o.seed;
  const uint16_t turns = o.turns;
  const bool autoPlay = o.autoPlay;
  if (you >= seats) return cl.usage("--you must be below --seats");
  Config c;
  c.turnLimit = turns;
  if (auto ok = validateConfig(c); !ok) return cl.usage(ok.message());
  det::Seed s;
  for (int i = 0; i < 8; ++i) s.bytes[ix(i)] = static_cast<uint8_t>(seed >> (8 * i));
  WebGame g;
  if (auto ok = g.setup(encodeConfig(c), s, seats); !ok) return failure("play web: " + ok.message());
  std::printf("W.E.B.: %d empires, %zu systems, turn limit %d. You are %s.\n%s", seats, g.systems().size(), turns,
              g.ownerName(static_cast<uint8_t>(you)).c_str(), autoPlay ? "" : orderHelp(g).c_str());
  std::string line;
  uint32_t takenOverAt = kNotTakenOver;  // the pipeline-turn numbering Game::outcomeWithTakeovers reads
  while (!g.over()) {
    std::vector<std::vector<Order>> orders(seats);
    const bool alive = !g.empire(static_cast<uint8_t>(you)).vanquished;
    const bool person = alive && !autoPlay && takenOverAt == kNotTakenOver;
    std::printf("\n%s%s", g.observe(you).text.c_str(), person ? laneMap(g, you).c_str() : "");
    if (person) {
      for (;;) {
        std::printf("turn %u> ", g.turn());
        std::fflush(stdout);
        if (!std::getline(std::cin, line) || line == "quit" || line == "q") return std::printf("\nLeft the game.\n"), 0;
        if (line.empty()) continue;
        if (line == "end") break;
        if (line == "help") {
          std::printf("%s", orderHelp(g).c_str());
          continue;
        }
        if (line == "auto") {
          takenOverAt = g.turn() - 1;  // the AI plays this turn on (Galactic Ranking: AI takeover scores 0)
          std::printf("  The AI takes over %s for the rest of the game: last place, 0 ranking points.\n",
                      g.ownerName(static_cast<uint8_t>(you)).c_str());
          break;
        }
        if (line.rfind("system ", 0) == 0) {
          std::printf("%s", card(g, you, line.substr(7)).c_str());
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
        auto order = g.parseOrder(you, line);  // the module's own text form (Game::parseOrder)
        if (!order) {
          std::printf("  not understood: %s\n", order.message().c_str());
          continue;
        }
        if (auto ok = g.validate(you, *order); !ok) {
          std::printf("  refused: %s\n", ok.message().c_str());
          continue;
        }
        orders[you].push_back(*order);
        std::printf("  %zu: %s\n", orders[you].size() - 1, g.describe(you, *order).c_str());
      }
    }
    for (Seat e : g.awaiting()) {
      if (e == you && !autoPlay && takenOverAt == kNotTakenOver) continue;
      auto rng = botStream(s, e, g.turn());
      orders[e] = makeBot("ai", e)->choose(g.observe(e), g.legalOrders(e), rng);
    }
    std::vector<SeatOrders> by;
    for (Seat e = 0; e < seats; ++e) by.push_back({e, orders[e]});
    for (const auto& r : g.apply(TurnInput{g.turn(), by}))
      if (r.seat == you) std::printf("  your order %u was refused: %s\n", r.index, r.reason.c_str());
  }
  std::vector<uint32_t> takeovers(seats, kNotTakenOver);
  takeovers[you] = takenOverAt;
  auto end = g.outcomeWithTakeovers(takeovers);
  std::printf("\n%s\nGame over: %s\nFinal standings (ranking points = players beaten):\n", g.observe(you).text.c_str(),
              end->summary.c_str());
  std::vector<Seat> byRank(seats);
  for (Seat e = 0; e < seats; ++e) byRank[e] = e;
  std::stable_sort(byRank.begin(), byRank.end(), [&](Seat a, Seat b) { return end->rankBySeat[a] < end->rankBySeat[b]; });
  for (Seat e : byRank)
    std::printf("  #%u %s%s: %lld\n", end->rankBySeat[e], g.ownerName(static_cast<uint8_t>(e)).c_str(), e == you ? " (you)" : "",
                static_cast<long long>(end->scoreBySeat[e]));
  std::printf("Your rank: %u of %d (%lld players beaten)\n", end->rankBySeat[you], seats,
              static_cast<long long>(end->scoreBySeat[you]));
  return 0;
}

}  // namespace concord::cli
