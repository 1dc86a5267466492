// `concord host`: create a lobby, wait for players, launch, play (bots play the seats for now).
#include <spdlog/spdlog.h>

#include <cstdio>
#include <string>

#include "net/identity.h"
#include "net/internet_host.h"
#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/interrupt.h"
#include "tools/concord/net_args.h"
#include "tools/concord/table_note.h"

namespace concord::cli {
namespace {

struct Options {
  net::NodeOptions o;
  NetCli cli;
  bool newTable = false;  // --new-table: do not look for the running game this identity left
  bool internet = false;  // --internet: map the port at the router and print an invite code (issue 25)
  Options() {
    o.host = true;
    o.name = "host";
    o.moduleId = findModule("warp") ? "warp" : "shed";
    o.bind.port = 27960;
    o.seats = 0;  // 4, or the fleet of the crew charter (runNetNode)
  }
};

CommandLine declare(Options& x) {
  auto& o = x.o;
  CommandLine c("host",
                "Creates a lobby on this machine. Players join with `concord join ADDR[:PORT]` (or `concord bot`);\n"
                "the game launches once N players (the host included) are in and ready; open seats become AI seats.\n"
                "A host whose last game did not end here (killed mid-game) finds that game on the LAN first and\n"
                "rejoins it, or says how to take the seat back (`concord join ADDR`) and opens a new lobby.\n");
  c.text("--module", "ID", "rule module (default warp when available, else shed)", o.moduleId)
      .keyValue("--opt", "a module table option (repeatable)", o.options)
      .number("--seats", "N", "seats at the table, 1.." + std::to_string(net::kMaxPlayers) + " (default 4; with --charter its fleet)", o.seats, 1,
              net::kMaxPlayers)
      .option("--ai", "SEAT", "seat SEAT is an AI officer from the start (repeatable)",
              [&o](const std::string& v) {
                uint64_t n = 0;
                auto e = wholeIn("--ai", v, 1, net::kMaxPlayers - 1, n);
                if (e.empty()) o.aiSeats.push_back(static_cast<Seat>(n));
                return e;
              })
      .number("--wait-for", "N", "launch when N players are in (default: every non-AI seat)", o.waitFor, 1, net::kMaxPlayers)
      .flag("--rated", "a rated game: in active play only quick hails are allowed", o.rated)
      .option("--hands", "auto|open|hidden",
              "auto (default): hands are hidden by a masked deck when two or more people sit at the table;\n"
              "open: every peer holds every hand; hidden: hidden whenever the rules allow (issue 26)",
              [&o](const std::string& v) {
                if (v != "auto" && v != "open" && v != "hidden") return std::string("--hands is auto, open or hidden, not '") + v + "'";
                o.hands = v;
                return std::string();
              })
      .flag("--new-table", "open a new lobby even though the last game this identity hosted may still run (by default\n"
            "a host whose last game did not end here looks 3 s for it on the LAN and rejoins it)", x.newTable)
      .flag("--internet", "friends over the internet: map the UDP port at the router (UPnP-IGD, NAT-PMP) and print an\n"
            "invite code (`concord join CODE`); only invited players get in (docs/net.md \"Playing over the internet\")",
            x.internet);
  declareNetOptions(c, o, x.cli);
  c.footer(kTableHelp);
  return c;
}

}  // namespace

std::vector<CommandLine> hostLines() {
  static Options o;
  return {declare(o)};
}

int runHost(Args args) {
  Options x;
  if (auto code = declare(x).parse(args)) return *code;
  // Issue 24: a host killed mid-game that runs `concord host` again belongs to its running table, not a new lobby.
  const std::string identity = x.cli.identityPath.empty() ? net::defaultIdentityPath() : x.cli.identityPath;
  std::optional<net::TableSecret> keptSecret;  // an --internet table's, when we go back to it
  if (x.newTable) {
    removeTableNote(tableNotePath(identity));
  } else if (auto key = net::loadOrCreateIdentity(identity); !key) {
    return failure("host: " + key.message());
  } else {
    x.o.key = *key;
    const auto note = readTableNote(tableNotePath(identity));
    if (auto at = findOurRunningTable(x.o, tableNotePath(identity))) {
      x.o.host = false;  // rejoin as any returning owner does: a peer of the game answers with its description
      x.o.join = *at;
      if (note) keptSecret = note->secret;
    }
  }
  // Issue 25: a table's secret lives as long as the table (rules-decisions.md "Invite codes"): a new table gets a new
  // one, a host back at its running table keeps it, so the codes its friends hold still let them back in.
  if (keptSecret) x.o.demandSecret = x.o.secret = keptSecret;
  std::optional<net::InternetTable> internet;
  if (x.internet) {
    if (x.newTable) {  // the key the code names (loaded above unless --new-table)
      if (auto key = net::loadOrCreateIdentity(identity); !key) return failure("host: " + key.message());
      else x.o.key = *key;
    }
    if (!x.o.demandSecret) x.o.demandSecret = x.o.secret = net::randomTableSecret();
    if (x.o.bind.port == 0) return failure("host: --internet needs a fixed --port: the router maps one known port (the default is 27960)");
    auto opened = net::openToInternet(x.o, *x.o.demandSecret, [](const std::string& l) { spdlog::warn("{}", l); });
    if (!opened) return failure("host: " + opened.message());
    internet = std::move(*opened);
    std::printf("%s\ninvite code: %s\n", internet->routerLine.c_str(), internet->code.c_str());
    std::printf("friends join with: concord join %s   (the code is this table's; a new `concord host --internet` makes a new one)\n",
                internet->code.c_str());
    std::fflush(stdout);
    x.o.portMapped = internet->mapping->mapped();  // friends reach us without our dialling: our links are direct
    catchInterrupts();  // Ctrl-C leaves through the node, so the router forgets the port (~InternetTable)
  }
  return runNetNode(x.o, x.cli, "host");
}

}  // namespace concord::cli
