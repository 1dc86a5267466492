// `concord bot ADDR[:PORT]|CODE`: join as a headless AI-controlled peer.
#include <cstdio>
#include <string>

#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/join_target.h"
#include "tools/concord/net_args.h"

namespace concord::cli {
namespace {

struct Options {
  net::NodeOptions o;
  NetCli cli;
  std::string addr;
  Options() { o.name = "bot"; }
};

CommandLine declare(Options& x) {
  CommandLine c("bot",
                "Joins the lobby at ADDR (default port 27960), or the table of an invite code, as a headless peer whose\n"
                "seat the module bot plays, signed with its own identity: a whole table can run in terminals.\n");
  c.positional("ADDR[:PORT]|CODE", "", x.addr, true, "which game? give ADDR[:PORT] or an invite code");
  declareNetOptions(c, x.o, x.cli);
  c.footer("Comms: type /hails, /hail ID, /say TEXT, /dm SEAT TEXT, /mute NAME, /unmute NAME; a line without / is /say.\n");
  return c;
}

}  // namespace

std::vector<CommandLine> botLines() {
  static Options x;
  return {declare(x)};
}

int runBot(Args args) {
  Options x;
  const CommandLine line = declare(x);
  if (auto code = line.parse(args)) return *code;
  if (auto r = aimAtTable(x.o, x.addr); !r) return line.usage(r.message());
  return runNetNode(x.o, x.cli, "bot");
}

}  // namespace concord::cli
