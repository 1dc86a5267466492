// concord: the command-line front door. `concord --help` lists the subcommands.
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "tools/concord/command.h"


namespace {

void printHelp() {
  std::printf("usage: concord <command> [options]\n\nCommands:\n");
  for (const auto& c : concord::cli::commands())
    std::printf("  %-10.*s %.*s\n", static_cast<int>(c.name.size()), c.name.data(), static_cast<int>(c.summary.size()),
                c.summary.data());
  std::printf("\nRun `concord <command> --help` for a command's options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
    printHelp();
    return args.empty() ? 2 : 0;
  }
  for (const auto& c : concord::cli::commands()) {
    if (c.name == args[0]) return c.run(std::span(args).subspan(1));
  }
  return concord::cli::usageError("unknown command '" + args[0] + "'", "concord --help");
}
