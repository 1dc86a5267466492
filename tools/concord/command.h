// The `concord` CLI: one table of subcommands, each in its own file (cmd_<name>.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace concord::cli {

using Args = std::span<const std::string>;
class CommandLine;

struct Command {
  std::string_view name;     // "replay", "selfplay", "warp", "tei", ...
  std::string_view summary;  // one line for `concord --help`
  int (*run)(Args args);     // args exclude the program and command name; returns the exit code
  /// Every command line the command parses (its subcommands' too), declared as `run` declares them:
  /// help and parsing come from these (tests/cli/command_line_test.cpp checks they agree).
  std::vector<CommandLine> (*lines)();
};

/// Every subcommand, in the order `concord --help` lists them (tools/concord/commands.cpp).
std::span<const Command> commands();

/// Prints "concord: <message>" to stderr and returns exit code 2 (bad usage) — for argument errors.
int usageError(std::string_view message, std::string_view helpHint);
/// Prints "concord: <message>" to stderr and returns exit code 1 — for failures of the work itself.
int failure(std::string_view message);
/// A whole number typed by a person or given as an argument: 1-12 decimal digits and at most `max`.
bool wholeNumber(std::string_view s, uint64_t& out, uint64_t max = 999'999'999'999);
/// `--shard I/N` (0 <= I < N) into i and n; "" when it reads, else the message naming what was given.
std::string parseShard(const std::string& v, uint64_t& i, uint64_t& n);

}  // namespace concord::cli
