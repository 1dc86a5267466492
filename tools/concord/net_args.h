// Options shared by `concord host`, `join` and `bot`: identity, ports, replay, timing.
#pragma once

#include <string>

#include "net/node.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

/// The command-line choices that are not NodeOptions.
struct NetCli {
  std::string identityPath;
  std::string charterPath;      // --charter FILE: host under it / join only a table under it (TEI §3.4)
  bool officer = false;         // the module's officer plays our seat (always so for `concord bot`)
  bool noReplay = false;
  bool quiet = false;           // only the result line
  uint64_t turnClockMs = 120000;
  uint64_t postGameMs = 30000;  // a person's post-game chat window
};

/// Declares the options `concord host`, `join` and `bot` share (identity, ports, replay, timing), under
/// the heading "Common options:", bound to `o` and `cli`.
void declareNetOptions(CommandLine& c, net::NodeOptions& o, NetCli& cli);
/// Loads the identity, sets up logging, runs the node (a person plays our seat at the terminal unless
/// `cli.officer`), prints the result line; returns the exit code.
int runNetNode(net::NodeOptions o, NetCli cli, const std::string& what);

/// What a person at the table may type (printed after the options of host and join).
inline constexpr const char* kTableHelp =
    "At your turn type an order's number (or its text, e.g. \"chart 12-5 own\"); \"board\" redraws, \"auto\"\n"
    "hands your seat to your officer, \"help\" or \"?\" lists the commands, \"q\" leaves the table. In the lobby\n"
    "plain text is chat.\n"
    "Comms: type /hails, /hail ID, /say TEXT, /dm SEAT TEXT, /mute NAME, /unmute NAME (with --officer or\n"
    "for `concord bot`, a line without / is /say).\n";

}  // namespace concord::cli
