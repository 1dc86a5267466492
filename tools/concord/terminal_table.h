// A local game at the terminal: one LocalTable, the person's seat answered through TerminalSeat (the same prompt,
// module commands and refusals as a LAN seat), officers at the other seats. Every module plays through this.
#pragma once

#include <string>

#include "table/local_table.h"

namespace concord::cli {

struct TerminalTableOptions {
  std::string command = "play warp";  // for messages: "Resume this game with: concord play warp --resume FILE"
  std::string teiStore;               // rate a finished rated game into it ("" = none)
};

/// Plays `table` to its end (or until the person leaves, input ends or Ctrl-C: the game is saved for --resume).
/// Returns the exit code: 0 for a finished game.
int playAtTerminal(table::LocalTable& table, const TerminalTableOptions& options);

}  // namespace concord::cli
