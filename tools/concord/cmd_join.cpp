// `concord join ADDR[:PORT]`: take a seat at a lobby (or reclaim ours in a running game).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "net/identity.h"
#include "net/invite_code.h"
#include "net/invite_join.h"
#include "net/lan.h"
#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/join_target.h"
#include "tools/concord/net_args.h"

namespace concord::cli {
namespace {

// `concord join lan`: a running game that has a seat for us (every peer of a running game announces it,
// so a crashed peer, the host included, finds its table again) is rejoined at once; otherwise the lobby
// announced on the local network. One open lobby is joined at once; with several the person picks one by
// number (a script can pass --lan-pick N).
Result<net::Address> gameFromLan(const net::NodeOptions& o, const lockstep::PublicKey& me, uint64_t pick) {
  const std::string bind = o.bind.host.empty() || o.bind.host == "*" ? "0.0.0.0" : o.bind.host;
  std::printf("Listening 3 s for games announced on the LAN (UDP %s:%u)...\n", bind.c_str(), o.discoveryPort);
  std::fflush(stdout);
  auto heard = net::listenLan(bind, o.discoveryPort, 3);
  if (!heard) return heard.error();
  if (auto ours = pick ? std::nullopt : net::runningGameWith(*heard, me)) {
    std::printf("Rejoining our running game %s at %s (announced by a peer of it)\n", ours->announce.gameId.hex().c_str(), ours->address.c_str());
    return net::parseAddress(ours->address, 27960);
  }
  std::vector<net::LanGame> open;
  for (auto& g : *heard)
    if (!g.announce.launched && g.announce.free > 0) open.push_back(std::move(g));
  if (open.empty())
    return Err("no lobby with a free seat was announced on the LAN in 3 s (", heard->size(),
               " game(s) heard, none running with a seat for you [", me.fingerprint(),
               "]); is `concord host` running on this network? or give its address: concord join ADDR");
  for (size_t i = 0; i < open.size(); ++i)
    std::printf("  %zu) %s  host %s  %s  %u of %u seats free  %s\n", i + 1, open[i].address.c_str(),
                open[i].announce.hostName.c_str(), open[i].announce.moduleId.c_str(), static_cast<unsigned>(open[i].announce.free),
                static_cast<unsigned>(open[i].announce.seats), open[i].announce.rated ? "rated" : "casual");
  if (pick == 0 && open.size() == 1) pick = 1;
  while (pick == 0) {
    std::printf("Join which game (1-%zu)? ", open.size());
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) return Err("no game picked (input ended); join one by address: concord join ADDR");
    if (!wholeNumber(line, pick, 999) || pick < 1 || pick > open.size()) pick = 0;
  }
  if (pick > open.size()) return Err("--lan-pick ", pick, ": only ", open.size(), " open lobbies were heard");
  std::printf("Joining %s (%s)\n", open[pick - 1].address.c_str(), open[pick - 1].announce.hostName.c_str());
  return net::parseAddress(open[pick - 1].address, 27960);
}


struct Options {
  net::NodeOptions o;
  NetCli cli;
  std::string addr;
  uint64_t lanPick = 0;
  Options() { o.name = "join"; }
};

CommandLine declare(Options& x) {
  CommandLine c("join",
                "Joins the lobby at ADDR (default port 27960), marks ready and plays your seat at this terminal\n"
                "(--officer: the module's officer plays it). `concord join lan` listens 3 s for games announced on\n"
                "the local network (`concord lan` lists them): a running game with a seat for you is rejoined (any of\n"
                "its peers announces it, so this finds the table after a crash, the host's too); else it joins the\n"
                "lobby with a free seat, or asks which one (--lan-pick N answers for scripts). Run it again with the\n"
                "same identity after a crash to reclaim your seat in the running game. With --spectate (or when\n"
                "the running game has no seat for you) you follow it live without a seat. `concord join CODE` joins the\n"
                "table of an invite code (`concord host --internet` prints it): its addresses are tried at once, and\n"
                "only the host whose key the code names is answered; the same code takes your seat back after a crash.\n");
  c.positional("ADDR[:PORT]|lan|CODE", "", x.addr, true, "which game? give ADDR[:PORT], lan, or an invite code")
      .option("--lan-pick", "N", "with `join lan`: join game N of the list (1, 2, ...)", [&x](const std::string& v) {
        if (!wholeNumber(v, x.lanPick, 999) || x.lanPick == 0) return std::string("--lan-pick takes a game number from the list (1, 2, ...)");
        return std::string();
      });
  declareNetOptions(c, x.o, x.cli);
  c.footer(kTableHelp);
  return c;
}

}  // namespace

std::vector<CommandLine> joinLines() {
  static Options x;
  return {declare(x)};
}

int runJoin(Args args) {
  Options x;
  const CommandLine line = declare(x);
  if (auto code = line.parse(args)) return *code;
  auto& o = x.o;
  if (x.lanPick && x.addr != "lan") return line.usage("--lan-pick goes with `concord join lan`");
  Result<net::Address> a = Err("no address");
  if (x.addr == "lan") {
    auto key = net::loadOrCreateIdentity(x.cli.identityPath.empty() ? net::defaultIdentityPath() : x.cli.identityPath);
    if (!key) return failure("join: " + key.message());
    a = gameFromLan(o, key->publicKey, x.lanPick);
  } else if (net::looksLikeInvite(x.addr)) {
    if (auto r = joinByInvite(o, x.addr); !r) return line.usage(r.message());
    return runNetNode(o, x.cli, "join");
  } else {
    a = net::parseAddress(x.addr, 27960);
  }
  if (!a && x.addr == "lan") return failure("join: " + a.message());
  if (!a) return line.usage(a.message());
  o.join = *a;
  return runNetNode(o, x.cli, "join");
}

}  // namespace concord::cli
