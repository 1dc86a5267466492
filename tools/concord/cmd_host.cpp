// `concord host`: create a lobby, wait for players, launch, play (bots play the seats for now).
#include <cstdio>
#include <string>

#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/net_args.h"

namespace concord::cli {
namespace {

constexpr const char* kUsage =
    "usage: concord host [--module ID] [--opt key=value]... [--seats N] [--ai SEAT]... [--rated]\n"
    "                    [--wait-for N] [common options]\n"
    "Creates a lobby on this machine. Players join with `concord join ADDR[:PORT]` (or `concord bot`);\n"
    "the game launches once N players (the host included) are in and ready; open seats become AI seats.\n"
    "  --module ID          rule module (default warp when available, else shed)\n"
    "  --seats N            seats at the table, 1..18 (default 4)\n"
    "  --ai SEAT            seat SEAT is an AI officer from the start (repeatable)\n"
    "  --wait-for N         launch when N players are in (default: every non-AI seat)\n"
    "  --rated              a rated game: in active play only quick hails are allowed\n";

}  // namespace

int runHost(Args args) {
  if (wantsHelp(args)) {
    std::printf("%s%s", kUsage, kNetOptionsHelp);
    return 0;
  }
  net::NodeOptions o;
  o.host = true;
  o.name = "host";
  o.moduleId = findModule("warp") ? "warp" : "shed";
  o.bind.port = 27960;
  NetCli cli;
  std::string error;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (parseNetOption(args, i, o, cli, error)) {
      if (!error.empty()) return usageError("host: " + error, "concord host --help");
      continue;
    }
    if (a == "--rated") {
      o.rated = true;
      continue;
    }
    if (i + 1 >= args.size()) return usageError("host: unknown option or missing value: " + a, "concord host --help");
    const std::string& v = args[++i];
    auto num = [&](uint64_t max, uint64_t& out) { return wholeNumber(v, out, max); };
    uint64_t n = 0;
    if (a == "--module") o.moduleId = v;
    else if (a == "--opt") {
      auto eq = v.find('=');
      if (eq == std::string::npos) return usageError("host: --opt takes key=value", "concord host --help");
      o.options.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--seats" && num(net::kMaxPlayers, n) && n >= 1) o.seats = static_cast<Seat>(n);
    else if (a == "--ai" && num(net::kMaxPlayers - 1, n) && n >= 1) o.aiSeats.push_back(static_cast<Seat>(n));
    else if (a == "--wait-for" && num(net::kMaxPlayers, n) && n >= 1) o.waitFor = static_cast<unsigned>(n);
    else return usageError("host: unknown option or value out of range: " + a + " " + v, "concord host --help");
  }
  return runNetNode(o, cli, "host");
}

}  // namespace concord::cli
