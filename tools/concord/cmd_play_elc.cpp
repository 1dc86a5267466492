// `concord play elc`: a person plays Every Last City against bots at the terminal. The Terms paragraph comes
// first; each turn shows the Watch; "board", "chronicle", "map", "cities", "units" show the rest; orders are
// checked as they are typed and a refusal names the requirement it breaks. Works with piped stdin (tests).
#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/elc/cards.h"
#include "core/elc/module.h"
#include "core/elc/orders.h"
#include "core/elc/state.h"
#include <fstream>

#include "lockstep/peer.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "table/person_identity.h"
#include "tools/concord/play_recorder.h"

namespace concord::cli {

namespace {

using namespace concord::elc;

struct Options {
  uint16_t seats = 4, you = 0;
  uint64_t seedNum = 1;
  bool autoPlay = false, noReplay = false;
  std::string replayPath, identityPath;
  ConfigOptions opts;
};

const char* kCommands =
    "  watch | terms | board [TURN] | chronicle | map [CITY] | cities | units | orders | help\n"
    "  end (send this turn's orders) | auto (the bot plays this turn) | quit\n";

CommandLine declare(Options& o) {
  CommandLine c("play elc",
                "A person plays Every Last City against bots at the terminal: the Terms (cards, then paragraph) first, then each\n"
                "turn the Watch; orders are checked as they are typed and a refusal names the requirement it breaks.\n");
  c.number("--seats", "N", "players (2..8, default 4)", o.seats, 2, 8)
      .number("--you", "S", "your seat (default 0)", o.you, 0, 7)
      .number("--seed", "N", "map seed (default 1)", o.seedNum, 0, 999'999'999)
      .flag("--auto", "bots play every seat (a non-interactive demo)", o.autoPlay)
      .text("--replay", "FILE", "write the replay here (default: the replay directory, see `concord play warp`)", o.replayPath)
      .flag("--no-replay", "write no replay", o.noReplay)
      .text("--identity", "FILE", "your identity key, which signs your seat (default: the one `play warp` and LAN play use)",
            o.identityPath)
      .configArgs("settings, e.g. preset=blitz topology=torus horizon=120 (docs/elc-world.md)", o.opts)
      .footer(std::string("Each turn type orders, then \"end\":\n"
                          "  move UNIT X Y | build CITY | seat CITY | worksite CITY | vote end|continue | concede yes\n") +
              kCommands);
  return c;
}

void help(const ElcGame& g) {
  std::printf("Orders:\n");
  for (const auto& f : g.orderForms()) std::printf("  %s\n", f.c_str());
  std::printf("Commands:\n%s", kCommands);
}

// VC-2390/VC-2400: the Board for a past turn, redrawn from that turn's Seal record alone.
std::string board(const ElcGame& g, uint32_t turn, Seat viewer) {
  if (turn == 0 || turn > g.sealRecords().size()) return "no Seal record for turn " + std::to_string(turn) + "\n";
  const auto& rec = g.sealRecords()[turn - 1];
  std::string s = "Board at the Seal of turn " + std::to_string(turn) + "\n";
  for (const auto& p : rec.players) {
    s += "  " + g.seatLabel(p.seat) + ": Standing " + std::to_string(p.standing) + ", Tenure " + std::to_string(p.tenure) +
         (p.seatless ? ", Seatless" : "") + (p.broken ? ", Broken" : "") + (p.reduced ? ", Reduced" : "") + "\n";
    for (const auto& t : p.tracks)
      s += "      " + std::string(trackName(static_cast<Track>(t.track))) + " " + std::to_string(t.progress) + "/" +
           std::to_string(t.threshold) + " (ratio " + std::to_string(t.ratio) + ", vigil " + std::to_string(t.vigil) + ")\n";
  }
  if (g.horizonDecidedFor() >= 0) s += "  Horizon DECIDED for " + g.who(static_cast<Seat>(g.horizonDecidedFor())) + "\n";
  return s + g.objectivesText(viewer);  // VC-2390: each player's Charter and Sealed Order count (fixed at setup)
}

std::string chronicleFor(const ElcGame& g, Seat you) {
  std::vector<ChronEntry> seen;  // VC-2440: what was published to this player
  for (const auto& e : g.chronicle())
    if (alwaysPublic(e.cls) || (e.visibleMask >> you) & 1u) seen.push_back(e);
  std::string s;
  for (const auto& line : renderLines(seen)) s += line + "\n";
  return s.empty() ? "(the Chronicle is empty)\n" : s;
}

// The map around a city: '.' open ground, a city as its owner's initial (n = neutral, * = Landmark), digits = Legions.
std::string mapAround(const ElcGame& g, int32_t city, int32_t radius) {
  const Grid& grid = g.world().grid;
  const int32_t centre = g.world().cities[city].tile;
  std::string s = "Around " + g.world().cities[city].name + " (" + std::to_string(grid.x(centre)) + "," +
                  std::to_string(grid.y(centre)) + "):\n";
  for (int32_t dy = -radius; dy <= radius; ++dy) {
    s += "  ";
    for (int32_t dx = -radius; dx <= radius; ++dx) {
      int32_t x = grid.x(centre) + dx, y = grid.y(centre) + dy;
      if (grid.topology != Topology::Flat) x = (x % grid.width + grid.width) % grid.width;
      if (grid.topology == Topology::Torus) y = (y % grid.height + grid.height) % grid.height;
      if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) { s += "  "; continue; }
      int32_t tile = grid.at(x, y);
      char c = '.';
      for (int32_t k = 0; k < static_cast<int32_t>(g.cities().size()); ++k)
        if (g.world().cities[k].tile == tile) {
          int32_t o = g.cities()[k].owner;
          c = o < 0 ? 'n' : playerName(o)[0];
          if (g.world().cities[k].landmark >= 0) c = o < 0 ? '*' : static_cast<char>(std::tolower(c));
        }
      int n = 0;
      for (const auto& u : g.units()) n += u.tile == tile ? 1 : 0;
      s += c;
      s += n ? static_cast<char>('0' + std::min(n, 9)) : ' ';
    }
    s += "\n";
  }
  return s;
}

std::string cityList(const ElcGame& g) {
  std::string s;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()); ++c) {
    const auto& site = g.world().cities[c];
    int32_t o = g.cities()[c].owner;
    s += "  " + std::to_string(c) + " " + site.name + " (" + std::to_string(g.world().grid.x(site.tile)) + "," +
         std::to_string(g.world().grid.y(site.tile)) + ") " + (o < 0 ? "neutral" : playerName(o)) + ", Works " +
         std::to_string(g.cityWorks(c, g.turn() + 1)) + ", Yard " + std::to_string(g.cities()[c].yard) + ", Region " +
         std::to_string(site.region) + (site.landmark >= 0 ? ", Landmark" : "") + "\n";
  }
  return s;
}

}  // namespace

CommandLine playElcLine() {
  static Options o;
  return declare(o);
}

int runPlayElc(Args args) {
  Options o;
  const CommandLine cl = declare(o);
  if (auto code = cl.parse(args)) return *code;
  const uint64_t seats = o.seats, you = o.you, seedNum = o.seedNum;
  const bool autoPlay = o.autoPlay;
  auto& opts = o.opts;
  std::stable_partition(opts.begin(), opts.end(), [](const auto& kv) { return kv.first == "preset"; });
  auto cfg = parseOptions(opts);
  if (!cfg) return cl.usage(cfg.message());
  if (you >= seats) return cl.usage("--you must be a seat below --seats");
  det::Seed seed;
  for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(seedNum >> (8 * i));
  // The game runs in a TurnEngine so every turn is signed, sealed and written to the replay (as `play warp`);
  // the bots sign with the table's derived key ("play-elc"); the person's seat with their own identity (issue 11 point 2).
  auto session = replay::makeBotSession("elc", opts, static_cast<Seat>(seats), "play-elc", "conqueror");
  if (!session) return failure("play elc: " + session.message());
  session->seed = seed;
  const Seat me = static_cast<Seat>(you);
  auto keys = replay::botSessionKeys("play-elc", static_cast<Seat>(seats));
  if (!autoPlay) {
    auto identity = table::loadPersonIdentity(o.identityPath);
    if (!identity) return failure("play elc: your identity: " + identity.message());
    session->seats[me].ai = false, session->seats[me].botKind.clear();
    session->seats[me].key = identity->publicKey;
    keys[me] = *identity;
  }
  std::string path = o.noReplay ? std::string() : o.replayPath.empty() ? defaultReplayPath("elc-seed" + std::to_string(seedNum)) : o.replayPath;
  auto made = PlayRecorder::create(*session, std::move(keys), path);
  if (!made) return failure("play elc: " + made.message());
  PlayRecorder& rec = **made;
  const auto* game = dynamic_cast<const ElcGame*>(&rec.engine().game());
  if (!game) return failure("play elc: the engine does not run Every Last City");
  const ElcGame& g = *game;
  std::printf("The Terms: the Tracks (VC-1910)\n%s\nThe Terms (VC-2000):\n%s\n\nYou are %s. Type help for the commands.\n",
              renderCards(termsCards(g.config(), g.facts())).c_str(), g.terms().c_str(), playerName(me).c_str());
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < seats; ++s) {
    bots.push_back(lockstep::makeSeatBot(rec.session(), s));
    if (!bots.back()) bots.back() = makeBot("conqueror");  // the person's seat, for "auto"
  }
  std::string line;
  bool quit = false;
  while (!g.over() && !quit) {
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s = 0; s < seats; ++s) {
      if (!g.live(s) || (s == me && !autoPlay)) continue;
      orders[s] = lockstep::botOrdersFor(rec.engine(), s, *bots[s]);
    }
    if (!autoPlay && g.live(me)) {
      std::printf("\n%s", g.observe(me).text.c_str());
      for (bool done = false; !done;) {
        std::printf("turn %u> ", g.turn() + 1);
        std::fflush(stdout);
        if (!std::getline(std::cin, line)) { quit = true; break; }
        std::istringstream in(line);
        std::string verb;
        if (!(in >> verb)) continue;
        if (verb == "end" || verb == "done") done = true;
        else if (verb == "quit") quit = done = true;
        else if (verb == "help") help(g);
        else if (verb == "orders") {
          for (const auto& q : orders[me]) std::printf("  %s\n", g.orderText(me, q).c_str());
        }
        else if (verb == "watch") std::printf("%s", g.observe(me).text.c_str());
        else if (verb == "terms")  // the cards and the stored paragraph (VC-1910, VC-2000)
          std::printf("%s\n%s\n", renderCards(termsCards(g.config(), g.facts())).c_str(), g.terms().c_str());
        else if (verb == "chronicle") std::printf("%s", chronicleFor(g, me).c_str());
        else if (verb == "cities") std::printf("%s", cityList(g).c_str());
        else if (verb == "board") {
          uint32_t t = g.turn();
          in >> t;
          std::printf("%s", board(g, t, me).c_str());
        } else if (verb == "units") {
          for (const auto& u : g.units())
            if (u.owner == me) std::printf("  Legion %u at (%d,%d)\n", u.id, g.world().grid.x(u.tile), g.world().grid.y(u.tile));
        } else if (verb == "map") {
          int32_t c = g.players()[me].seatCity >= 0 ? g.players()[me].seatCity : 0;
          in >> c;
          if (c < 0 || c >= static_cast<int32_t>(g.cities().size())) std::printf("no city %d\n", c);
          else std::printf("%s", mapAround(g, c, 6).c_str());
        } else if (verb == "auto") {
          orders[me] = lockstep::botOrdersFor(rec.engine(), me, *bots[me]);
          done = true;
        } else {
          auto p = g.parseOrder(me, line);  // the module's own text form (Game::parseOrder)
          if (!p) {
            std::printf("refused: %s\n", p.message().c_str());
            continue;
          }
          if (auto v = g.validate(me, *p); !v) std::printf("refused: %s\n", v.message().c_str());
          else orders[me].push_back(*p), std::printf("ok: %s\n", g.describe(me, *p).c_str());
        }
      }
    }
    if (quit) break;
    if (auto r = rec.step(std::move(orders)); !r) {
      (void)rec.close();
      return failure("play elc: " + r.message());
    }
  }
  if (g.over()) std::printf("\n%s\n%s", g.observe(me).text.c_str(), g.resultRecord().c_str());
  if (auto c = rec.close(); !c) return failure("play elc: replay: " + c.message());
  if (!rec.path().empty()) {
    std::printf("Replay: %s (check it with: concord replay verify %s)\n", rec.path().c_str(), rec.path().c_str());
    if (g.over()) {  // VC-1590/VC-3050: the end-of-game record beside its replay
      std::ofstream(rec.path() + ".result.txt") << g.resultRecord();
      std::printf("Result record: %s.result.txt\n", rec.path().c_str());
    }
  }
  return 0;
}

}  // namespace concord::cli
