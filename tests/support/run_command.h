// Runs a shell command and keeps its exit code and standard output (CLI tests drive the `concord` binary).
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
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

/// The `concord` binary of the build the running test executable belongs to (build/<preset>/tools/concord).
inline std::filesystem::path concordBinary() {
  return std::filesystem::read_symlink("/proc/self/exe").parent_path().parent_path() / "tools" / "concord";
}

}  // namespace concord::testing
