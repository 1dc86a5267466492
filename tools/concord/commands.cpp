// The subcommand table. Each command lives in its own cmd_<name>.cpp.
#include "tools/concord/command.h"

namespace concord::cli {

int runSelfplay(Args args);
int runTei(Args args);
int runReplay(Args args);
int runWarp(Args args);
int runWeb(Args args);
int runPlay(Args args);
int runHost(Args args);
int runJoin(Args args);
int runBot(Args args);
int runChaos(Args args);
int runLan(Args args);
int runBench(Args args);

std::span<const Command> commands() {
  static const Command table[] = {
      {"selfplay", "play N headless bot seats through the full lockstep pipeline and write a replay", runSelfplay},
      {"replay", "replay files: info, verify, dump, step (seek forwards/backwards), record", runReplay},
      {"tei", "TEI ratings: OpenSkill calculator, grades, leaderboards, apply finished games", runTei},
      {"warp", "Warp rules engine: run scenario files (warp scenario FILE.json), play at the terminal", runWarp},
      {"web", "W.E.B. rules engine: resolve one turn from a scenario file (web scenario FILE.json)", runWeb},
      {"play", "play a game against bots at the terminal (play warp)", runPlay},
      {"host", "host a LAN game: lobby, seats, launch (players join with concord join)", runHost},
      {"join", "join a LAN game at ADDR[:PORT], or reclaim our seat after a crash", runJoin},
      {"bot", "join a LAN game at ADDR[:PORT] as a headless AI-controlled peer", runBot},
      {"lan", "list the games announced on the local network (concord host announces its lobby)", runLan},
      {"bench", "measure the engine on this machine: playouts, hashing, signatures, pipeline, replays", runBench},
      {"chaos", "UDP chaos proxy for fault tests: seeded loss, delay, jitter, reordering, duplication", runChaos},
  };
  return table;
}

}  // namespace concord::cli
