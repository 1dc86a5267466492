// `concord host`: create a lobby, wait for players, launch, play (bots play the seats for now).
#include <cstdio>
#include <string>

#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/net_args.h"

namespace concord::cli {
namespace {

struct Options {
  net::NodeOptions o;
  NetCli cli;
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
                "the game launches once N players (the host included) are in and ready; open seats become AI seats.\n");
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
      .flag("--rated", "a rated game: in active play only quick hails are allowed", o.rated);
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
  return runNetNode(x.o, x.cli, "host");
}

}  // namespace concord::cli
