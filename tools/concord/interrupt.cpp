#include "tools/concord/interrupt.h"

#include <csignal>

namespace concord::cli {
namespace {

volatile std::sig_atomic_t flag = 0;

extern "C" void onInterrupt(int) {
  if (flag) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
  flag = 1;
}

}  // namespace

void catchInterrupts() {
  struct sigaction sa {};
  sa.sa_handler = onInterrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a blocked read returns, so the loop sees the flag
  sigaction(SIGINT, &sa, nullptr);
}

bool interrupted() { return flag != 0; }

}  // namespace concord::cli
