// The subcommand table. Each command lives in its own cmd_<name>.cpp.
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

int runSelfplay(Args args);
int runTei(Args args);
int runReplay(Args args);
int runWarp(Args args);
int runElc(Args args);
int runWeb(Args args);
int runPlay(Args args);
int runHost(Args args);
int runJoin(Args args);
int runBot(Args args);
int runChaos(Args args);
int runLan(Args args);
int runBench(Args args);
std::vector<CommandLine> selfplayLines();
std::vector<CommandLine> teiLines();
std::vector<CommandLine> replayLines();
std::vector<CommandLine> warpLines();
std::vector<CommandLine> elcLines();
std::vector<CommandLine> webLines();
std::vector<CommandLine> playLines();
std::vector<CommandLine> hostLines();
std::vector<CommandLine> joinLines();
std::vector<CommandLine> botLines();
std::vector<CommandLine> chaosLines();
std::vector<CommandLine> lanLines();
std::vector<CommandLine> benchLines();
int runCalibrate(Args args);
std::vector<CommandLine> calibrateLines();

std::span<const Command> commands() {
  static const Command table[] = {
      {"selfplay", "play N headless bot seats through the full lockstep pipeline and write a replay", runSelfplay, selfplayLines},
      {"replay", "replay files: info, verify, dump, step (seek forwards/backwards), record", runReplay, replayLines},
      {"tei", "TEI ratings: OpenSkill calculator, grades, leaderboards, apply finished games", runTei, teiLines},
      {"warp", "Warp rules engine: run scenario files (warp scenario FILE.json), play at the terminal", runWarp, warpLines},
      {"elc", "Every Last City: run scenario files (elc scenario FILE.json), print the Terms, play at the terminal", runElc, elcLines},
      {"web", "W.E.B. rules engine: resolve one turn from a scenario file (web scenario FILE.json), play at the terminal", runWeb, webLines},
      {"play", "play a game against bots at the terminal (play warp, play elc, play web)", runPlay, playLines},
      {"host", "host a LAN game: lobby, seats, launch (players join with concord join)", runHost, hostLines},
      {"join", "join a LAN game at ADDR[:PORT], or reclaim our seat after a crash", runJoin, joinLines},
      {"bot", "join a LAN game at ADDR[:PORT] as a headless AI-controlled peer", runBot, botLines},
      {"lan", "list the games announced on the local network (concord host announces its lobby)", runLan, lanLines},
      {"bench", "measure the engine on this machine: playouts, hashing, signatures, pipeline, replays", runBench, benchLines},
      {"calibrate", "Warp AI officers against each other: win rates with 95% intervals, shardable", runCalibrate, calibrateLines},
      {"chaos", "UDP chaos proxy for fault tests: seeded loss, delay, jitter, reordering, duplication", runChaos, chaosLines},
  };
  return table;
}

}  // namespace concord::cli
