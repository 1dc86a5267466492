// The subcommand table. Each command lives in its own cmd_<name>.cpp.
#include "tools/concord/command.h"

namespace concord::cli {

int runSelfplay(Args args);
int runTei(Args args);
int runReplay(Args args);

std::span<const Command> commands() {
  static const Command table[] = {
      {"selfplay", "play N headless bot seats through the full lockstep pipeline and write a replay", runSelfplay},
      {"replay", "replay files: info, verify, dump, step (seek forwards/backwards), record", runReplay},
      {"tei", "TEI ratings: OpenSkill calculator, grades, leaderboards, apply finished games", runTei},
  };
  return table;
}

}  // namespace concord::cli
