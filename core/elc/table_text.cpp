// Every Last City's own commands at a seat's prompt (Game::tableCommand), the Terms as the game starts and the
// result record beside the replay: the same text at `concord play elc` and at a LAN seat.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/elc/cards.h"
#include "core/elc/chronicle.h"
#include "core/elc/state.h"

namespace concord::elc {
namespace {

// One letter per seat, unique (Gold and Green share a G, Grey too): the map's marks and its legend.
constexpr char kInitial[] = {'R', 'B', 'G', 'O', 'V', 'T', 'A', 'Y'};

// VC-2440: only what was published to this player.
std::string chronicleFor(const ElcGame& g, Seat you) {
  std::vector<ChronEntry> seen;
  for (const auto& e : g.chronicle())
    if (alwaysPublic(e.cls) || (you < 32 && ((e.visibleMask >> you) & 1u))) seen.push_back(e);
  std::string s;
  for (const auto& line : renderLines(seen)) s += line + "\n";
  return s.empty() ? "(the Chronicle is empty)\n" : s;
}

// The map around a city: '.' open ground, a city as its owner's initial (n = neutral, * = Landmark), digits = Legions.
std::string mapAround(const ElcGame& g, int32_t city, int32_t radius) {
  const Grid& grid = g.world().grid;
  const int32_t centre = g.world().cities[static_cast<size_t>(city)].tile;
  std::string s = "Around " + g.world().cities[static_cast<size_t>(city)].name + " (" + std::to_string(grid.x(centre)) +
                  "," + std::to_string(grid.y(centre)) + "):\n";
  for (int32_t dy = -radius; dy <= radius; ++dy) {
    s += "  ";
    for (int32_t dx = -radius; dx <= radius; ++dx) {
      int32_t x = grid.x(centre) + dx, y = grid.y(centre) + dy;
      if (grid.topology != Topology::Flat) x = (x % grid.width + grid.width) % grid.width;
      if (grid.topology == Topology::Torus) y = (y % grid.height + grid.height) % grid.height;
      if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) {
        s += "  ";
        continue;
      }
      const int32_t tile = grid.at(x, y);
      char c = '.';
      for (size_t k = 0; k < g.cities().size(); ++k)
        if (g.world().cities[k].tile == tile) {
          const int32_t o = g.cities()[k].owner;
          c = o < 0 ? 'n' : kInitial[static_cast<size_t>(o) % 8];
          if (g.world().cities[k].landmark >= 0) c = o < 0 ? '*' : static_cast<char>(std::tolower(c));
        }
      int n = 0;
      for (const auto& u : g.units()) n += u.tile == tile ? 1 : 0;
      s += c;
      s += n ? static_cast<char>('0' + std::min(n, 9)) : ' ';
    }
    s += "\n";
  }
  // The legend: what every mark above means.
  return s + "  Legend: . open ground; R B G O V T A Y a city held by Red, Blue, Green, Gold, Violet, Teal, Orange, Grey\n"
             "  (lower case: a Landmark so held); n a neutral city, * a neutral Landmark; a digit after a mark: Legions on\n"
             "  that tile (9 = nine or more). Every tile is open ground (docs/elc-world.md); columns run x, rows y.\n";
}

std::string cityList(const ElcGame& g) {
  std::string s;
  for (size_t c = 0; c < g.cities().size(); ++c) {
    const auto& site = g.world().cities[c];
    const int32_t o = g.cities()[c].owner;
    s += "  " + std::to_string(c) + " " + site.name + " (" + std::to_string(g.world().grid.x(site.tile)) + "," +
         std::to_string(g.world().grid.y(site.tile)) + ") " + (o < 0 ? "neutral" : playerName(o)) + ", Works " +
         std::to_string(g.cityWorks(static_cast<int32_t>(c), g.turn() + 1)) + ", Yard " +
         std::to_string(g.cities()[c].yard) + ", Region " + std::to_string(site.region) +
         (site.landmark >= 0 ? ", Landmark" : "") + "\n";
  }
  return s;
}

std::string unitList(const ElcGame& g, Seat viewer) {
  std::string s;
  for (const auto& u : g.units())
    if (u.owner == static_cast<int32_t>(viewer))
      s += "  Legion " + std::to_string(u.id) + " at (" + std::to_string(g.world().grid.x(u.tile)) + "," +
           std::to_string(g.world().grid.y(u.tile)) + ")\n";
  return s.empty() ? "(you have no Legions)\n" : s;
}

}  // namespace

std::string ElcGame::introduction(Seat viewer) const {
  std::string s = "The Terms: the Tracks (VC-1910)\n" + renderCards(termsCards(config(), facts())) + "\nThe Terms (VC-2000):\n" +
                  terms() + "\n" + termsNotes(config(), facts());
  if (viewer < players().size()) s += "\nYou are " + playerName(viewer) + ".\n";
  return s;
}

std::vector<std::string> ElcGame::tableCommandForms() const {
  return {"watch              your Watch (VC-2350)", "terms              the Terms: cards and paragraph (VC-1910, VC-2000)",
          "board now | TURN   the Board at the last Seal, or at the Seal of TURN (VC-2390, VC-2400)",
          "chronicle          the Chronicle as published to you (VC-2440)",
          "map [CITY]         the map around a city (your Seat by default)", "cities             every city: owner, Works, Yard, Region",
          "units              your Legions and where they stand"};
}

std::optional<std::string> ElcGame::tableCommand(Seat viewer, std::string_view line) const {
  std::istringstream in{std::string(line)};
  std::string verb;
  in >> verb;
  if (verb == "watch") return observe(viewer).text;
  if (verb == "terms") return renderCards(termsCards(config(), facts())) + "\n" + terms() + "\n" + termsNotes(config(), facts());
  if (verb == "chronicle") return chronicleFor(*this, viewer);
  if (verb == "cities") return cityList(*this);
  if (verb == "units") return unitList(*this, viewer);
  if (verb == "board") {
    std::string arg;
    if (!(in >> arg)) return std::nullopt;  // "board" alone redraws the table (the client's command)
    if (arg == "now") return turn() == 0 ? std::string("no Seal yet: the Board starts at the end of turn 1\n") : boardText(turn(), viewer);
    char* end = nullptr;
    const unsigned long t = std::strtoul(arg.c_str(), &end, 10);
    if (*end != '\0' || arg[0] == '-' || t > 100000)
      return "board takes now or a turn number (1.." + std::to_string(turn()) + "), got \"" + arg + "\"\n";
    return boardText(static_cast<uint32_t>(t), viewer);
  }
  if (verb == "map") {
    int32_t c = viewer < players().size() && players()[viewer].seatCity >= 0 ? players()[viewer].seatCity : 0;
    std::string arg;
    if (in >> arg) {
      char* end = nullptr;
      const long v = std::strtol(arg.c_str(), &end, 10);
      if (*end != '\0' || v < 0 || v >= static_cast<long>(cities().size()))
        return "no city \"" + arg + "\": map CITY takes a city number from `cities` (0.." + std::to_string(cities().size() - 1) + ")\n";
      c = static_cast<int32_t>(v);
    }
    return mapAround(*this, c, 6);
  }
  return std::nullopt;
}

std::string ElcGame::finalRecord() const { return over() ? resultRecord() : std::string(); }

}  // namespace concord::elc
