// Runs a shell command and keeps its exit code and standard output (CLI tests drive the `concord` binary).
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace concord::testing {

struct Ran {
  int code = -1;
  std::string out;
};

inline Ran runCommand(const std::string& cmd) {
  Ran r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

}  // namespace concord::testing
