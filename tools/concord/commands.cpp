// The subcommand table. Each command lives in its own cmd_<name>.cpp.
#include "tools/concord/command.h"

namespace concord::cli {

int runSelfplay(Args args);
int runTei(Args args);

std::span<const Command> commands() {
  static const Command table[] = {
      {"selfplay", "play N headless bot seats through the full lockstep pipeline and write a replay", runSelfplay},
      {"tei", "TEI ratings: OpenSkill calculator, grades, leaderboards, apply finished games", runTei},
  };
  return table;
}

}  // namespace concord::cli
