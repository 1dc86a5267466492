// W.E.B.'s own commands at a seat's prompt (Game::tableCommand: "map", "system N"), the game's opening line, and
// the check of a typed turn against the state each order will meet (§8's phase order, not the order typed).
#include <cstdlib>

#include "core/web/state.h"
#include "core/web/view.h"

namespace concord::web {
namespace {

// The lanes around the viewer's systems: each owned system and what it touches, as the View knows it.
std::string laneMap(const WebGame& g, Seat you) {
  auto v = decodeView(g.observe(you).canonical);
  if (!v) return "map unavailable\n";
  std::string out;
  for (const auto& s : v->systems) {
    const bool mine = s.inView && s.owner == you;
    bool fleet = false;
    for (const auto& f : s.fleets) fleet |= f.owner == you;
    if (!mine && !fleet) continue;
    out += "[" + std::to_string(s.id) + "] " + g.systems()[s.id].name + (mine ? " (yours)" : "");
    // §2a-§2f relations are with independents: a system now yours (conquered, joined) shows none.
    if (s.relation && !mine) out += s.relation == 2 ? " Hostile to you" : " Neutral, diplomacy " + std::to_string(s.level) + "/8";
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
      if (o && o->stale() && o->owner != kNobody)
        out += " (" + g.ownerName(o->owner) + ", last seen turn " + std::to_string(o->seenTurn) + ")";
      if (o && o->relation && !(o->inView && o->owner == you)) out += o->relation == 2 ? " Hostile" : " Neutral " + std::to_string(o->level) + "/8";  // §2b
    }
    out += "\n";
  }
  return out.empty() ? "(you hold no system and no fleet)\n" : out;
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

std::string WebGame::introduction(Seat viewer) const {
  std::string s = "W.E.B.: " + std::to_string(emp_.size()) + " empires, " + std::to_string(sys_.size()) + " systems, turn limit " +
                  std::to_string(cfg_.turnLimit) + ".";
  if (viewer < emp_.size()) s += " You are " + ownerName(static_cast<uint8_t>(viewer)) + ".";
  return s + "\n";
}

std::vector<std::string> WebGame::tableCommandForms() const {
  return {"map                your systems and fleets and the lanes around them",
          "system N           a system card (out of view: as last seen, §9)"};
}

std::optional<std::string> WebGame::tableCommand(Seat viewer, std::string_view line) const {
  if (line == "map") return laneMap(*this, viewer);
  if (line == "system") return std::string("  system N: N as shown in [brackets]\n");
  if (line.rfind("system ", 0) == 0) return card(*this, viewer, std::string(line.substr(7)));
  return std::nullopt;
}

// §8: the turn resolves phase by phase (loads before moves, §8 phase 1), so an order is checked against the turn
// it will meet: this empire's orders applied to a copy as if no other empire gave any.
std::vector<Rejection> WebGame::checkOrders(Seat seat, std::span<const Order> orders) const {
  WebGame copy(*this);
  const std::vector<SeatOrders> by{SeatOrders{seat, orders}};
  std::vector<Rejection> out;
  for (auto& r : copy.apply(TurnInput{turn(), by}))
    if (r.seat == seat) out.push_back(std::move(r));
  return out;
}

}  // namespace concord::web
