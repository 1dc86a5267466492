// `concord join ADDR[:PORT]`: take a seat at a lobby (or reclaim ours in a running game).
#include <cstdio>
#include <string>

#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/net_args.h"

namespace concord::cli {

int runJoin(Args args) {
  static constexpr const char* kUsage =
      "usage: concord join ADDR[:PORT] [--spectate] [common options]\n"
      "Joins the lobby at ADDR (default port 27960), marks ready and plays. Until a UI is attached\n"
      "your seat is played by the module bot. Run it again with the same identity after a crash to\n"
      "reclaim your seat in the running game. With --spectate (or when the running game has no seat for\n"
      "you) you follow it live without a seat. Type comms commands on stdin (/hails, /hail ID, /say TEXT).\n";
  if (wantsHelp(args)) {
    std::printf("%s%s", kUsage, kNetOptionsHelp);
    return 0;
  }
  net::NodeOptions o;
  o.name = "join";
  NetCli cli;
  std::string error, addr;
  for (size_t i = 0; i < args.size(); ++i) {
    if (parseNetOption(args, i, o, cli, error)) {
      if (!error.empty()) return usageError("join: " + error, "concord join --help");
      continue;
    }
    if (!args[i].empty() && args[i][0] != '-' && addr.empty()) addr = args[i];
    else return usageError("join: unknown option: " + args[i], "concord join --help");
  }
  if (addr.empty()) return usageError("join: which game? give ADDR[:PORT]", "concord join --help");
  auto a = net::parseAddress(addr, 27960);
  if (!a) return usageError("join: " + a.message(), "concord join --help");
  o.join = *a;
  return runNetNode(o, cli, "join");
}

}  // namespace concord::cli
