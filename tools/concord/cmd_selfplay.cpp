#include <cstdio>

#include "tools/concord/command.h"

namespace concord::cli {

int runSelfplay(Args args) {
  if (wantsHelp(args)) {
    std::printf("usage: concord selfplay [--module ID] [--seats N] [--games N] [--seed S] [--out FILE]\n");
    return 0;
  }
  return failure("selfplay: the lockstep pipeline is being built; this command is wired once it lands");
}

}  // namespace concord::cli
