// `concord bot ADDR[:PORT]`: join as a headless AI-controlled peer.
#include <cstdio>
#include <string>

#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/net_args.h"

namespace concord::cli {

int runBot(Args args) {
  static constexpr const char* kUsage =
      "usage: concord bot ADDR[:PORT] [common options]\n"
      "Joins the lobby at ADDR (default port 27960) as a headless peer whose seat the module bot plays,\n"
      "signed with its own identity: a whole table can run in terminals.\n";
  if (wantsHelp(args)) {
    std::printf("%s%s", kUsage, kNetOptionsHelp);
    return 0;
  }
  net::NodeOptions o;
  o.name = "bot";
  NetCli cli;
  std::string error, addr;
  for (size_t i = 0; i < args.size(); ++i) {
    if (parseNetOption(args, i, o, cli, error)) {
      if (!error.empty()) return usageError("bot: " + error, "concord bot --help");
      continue;
    }
    if (!args[i].empty() && args[i][0] != '-' && addr.empty()) addr = args[i];
    else return usageError("bot: unknown option: " + args[i], "concord bot --help");
  }
  if (addr.empty()) return usageError("bot: which game? give ADDR[:PORT]", "concord bot --help");
  auto a = net::parseAddress(addr, 27960);
  if (!a) return usageError("bot: " + a.message(), "concord bot --help");
  o.join = *a;
  return runNetNode(o, cli, "bot");
}

}  // namespace concord::cli
