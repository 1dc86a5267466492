// Options shared by `concord host`, `join` and `bot`: identity, ports, replay, timing.
#pragma once

#include <string>

#include "net/node.h"
#include "tools/concord/command.h"

namespace concord::cli {

/// The command-line choices that are not NodeOptions.
struct NetCli {
  std::string identityPath;
  bool officer = false;         // the module's officer plays our seat (always so for `concord bot`)
  bool noReplay = false;
  uint64_t turnClockMs = 120000;
};

/// Parses one shared option at args[i] (advancing i past its value); false if `a` is not one.
/// On a bad value sets `error`.
bool parseNetOption(Args args, size_t& i, net::NodeOptions& o, NetCli& cli, std::string& error);
/// Loads the identity, sets up logging, runs the node (a person plays our seat at the terminal unless
/// `cli.officer`), prints the result line; returns the exit code.
int runNetNode(net::NodeOptions o, NetCli cli, const std::string& what);

inline constexpr const char* kNetOptionsHelp =
    "  --name NAME          your name at the table\n"
    "  --identity FILE      identity key file (default $CONCORD_HOME/identity.key or ~/.config/concord/identity.key)\n"
    "  --bind HOST          address to listen on (default 0.0.0.0; tests use 127.0.0.1)\n"
    "  --port N             UDP port (0 = any free port)\n"
    "  --advertise-port N   port others reach us on (a chaos proxy in front of us)\n"
    "  --replay FILE        write this peer's replay (default for a person: $XDG_DATA_HOME/concord/replays/)\n"
    "  --no-replay          write no replay\n"
    "  --officer            (host, join) the module's officer plays your seat instead of you\n"
    "  --turn-clock S       (host, join) your time per turn; then your officer plays that turn (default 120,\n"
    "                       0 = no limit). While you think, the others see you deciding, not silent\n"
    "  --tolerance MS       silence before a departed seat is substituted by an AI (default 5000)\n"
    "  --think-ms MS        bots wait this long before answering their turn, like a person (default 0)\n"
    "  --timeout S          give up after S seconds (default 600)\n"
    "  --quiet              only the result line\n"
    "  --discovery-addr A   (host) announce the lobby to A (default 255.255.255.255; 127.0.0.1 when bound to\n"
    "                       127.x; 'off' for none); `concord lan` lists what it hears\n"
    "  --discovery-port N   (host) UDP port of the announcements (default 27961)\n"
    "  --spectate           (join) follow a running game without a seat\n"
    "  --no-sender-checks   send comms without our own checks (tests: receivers must refuse)\n"
    "At your turn type an order's number (or its text, e.g. \"chart 12-5 own\"); \"board\" redraws, \"auto\"\n"
    "hands your seat to your officer, \"q\" leaves the table.\n"
    "Comms: type /hails, /hail ID, /say TEXT, /dm SEAT TEXT, /mute NAME, /unmute NAME (with --officer or\n"
    "for `concord bot`, a line without / is /say).\n";

}  // namespace concord::cli
