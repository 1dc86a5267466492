// One subcommand's declared command line: the single table its `--help` is printed from and its arguments
// are parsed and checked by, so help and parsing cannot drift (issue 9 part 4; why not CLI11:
// docs/architecture.md, "The concord CLI").
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/game/registry.h"
#include "tools/concord/command.h"
#include "tools/concord/path_check.h"

namespace concord::cli {

/// One declared option, positional argument or key=value argument, and how its text is checked and stored.
struct Declared {
  enum class Kind { Flag, Value, Positional, ConfigArg };
  Kind kind = Kind::Flag;
  std::string name;   // "--seats"; a positional's placeholder ("FILE"); "key=value" for config arguments
  std::string value;  // the value's placeholder ("N", "PATH"); empty for flags and positionals
  std::string help;   // '\n' continues the help on an indented line
  bool required = false;  // missing is a usage error (positionals; options marked required())
  std::string missing;    // the error when it is missing ("which game? give ADDR"); default "missing <name>"
  std::function<std::string(const std::string&)> take;  // stores a value; "" or the problem with it
  bool many = false;      // a last positional that takes every remaining argument ("FILE...")
  std::optional<PathUse> path = std::nullopt;  // a file or folder, checked by pathProblem after parsing (exit 1 when unusable)
};

/// A whole number typed as an argument, checked against [min, max]; "" or the problem ("--seats takes ...").
std::string wholeIn(const std::string& option, const std::string& text, uint64_t min, uint64_t max, uint64_t& out);

class CommandLine {
 public:
  /// `path` follows "concord" ("play warp"); `about` is the prose printed under the usage line.
  CommandLine(std::string path, std::string about);

  /// An option without a value.
  CommandLine& flag(std::string name, std::string help, bool& on);
  CommandLine& flag(std::string name, std::string help, std::function<void()> act);
  /// A whole number in [min, max] stored into any unsigned integer.
  template <std::unsigned_integral T>
  CommandLine& number(std::string name, std::string value, std::string help, T& out, uint64_t min = 0,
                      uint64_t max = std::numeric_limits<T>::max() < 999'999'999'999 ? std::numeric_limits<T>::max()
                                                                                       : 999'999'999'999) {
    std::string n = name;
    return option(std::move(name), std::move(value), std::move(help), [n, &out, min, max](const std::string& v) {
      uint64_t x = 0;
      auto e = wholeIn(n, v, min, max, x);
      if (e.empty()) out = static_cast<T>(x);
      return e;
    });
  }
  /// Free text (a path, a name).
  CommandLine& text(std::string name, std::string value, std::string help, std::string& out);
  /// One of a few words.
  CommandLine& choice(std::string name, std::string value, std::string help, std::string& out, std::vector<std::string> words);
  /// Repeatable `--opt key=value` into a module's config options.
  CommandLine& keyValue(std::string name, std::string help, ConfigOptions& out);
  /// Any other value: `take` checks and stores it, returning "" or the problem.
  CommandLine& option(std::string name, std::string value, std::string help, std::function<std::string(const std::string&)> take);
  /// A positional argument, in declaration order.
  CommandLine& positional(std::string placeholder, std::string help, std::string& out, bool required = true,
                          std::string missing = "");
  /// Bare key=value arguments (a module's table options).
  /// The last positional: every remaining argument, in order ("FILE..."); required means at least one.
  CommandLine& positionals(std::string placeholder, std::string help, std::vector<std::string>& out,
                           std::string missing = "");
  CommandLine& configArgs(std::string help, ConfigOptions& out);
  /// Marks the argument declared last as a path used so: parse() refuses an unusable one (exit 1, issue 30).
  CommandLine& path(PathUse use);
  /// Marks the option declared last as required: without it the arguments are a usage error.
  CommandLine& required(std::string missing = "");
  /// Prose printed after the options (what to type at the prompt, exit codes).
  CommandLine& footer(std::string text);
  /// Options shared with other subcommands (net: host, join, bot) are listed under this heading.
  CommandLine& heading(std::string text);

  /// The whole --help text.
  std::string help() const;
  /// Parses `args` into the bound variables. nullopt: go on. Otherwise the exit code to return: 0 after
  /// printing --help, 2 after printing the usage error ("concord: <path>: <problem>" and the help hint), 1 after
  /// printing why a path argument cannot be used ("concord: <path>: <file> is a folder, not a file: ...").
  std::optional<int> parse(Args args) const;
  /// The same without printing: "" or the usage problem; `help` is set when -h/--help was given.
  std::string check(Args args, bool& help) const;
  /// After check(): "" or the first path argument that cannot be used as declared.
  std::string pathCheck(Args args) const;

  const std::string& path() const { return path_; }
  const std::vector<Declared>& declared() const { return decl_; }
  /// "concord <path> --help", for usage errors found after parsing.
  std::string hint() const { return "concord " + path_ + " --help"; }
  /// Prints "concord: <path>: <message>" and the hint; returns 2.
  int usage(const std::string& message) const;

 private:
  CommandLine& add(Declared d);

  std::string path_, about_, footer_;
  std::vector<Declared> decl_;
  std::vector<std::pair<size_t, std::string>> headings_;  // heading text before declaration index
};

/// A command with subcommands (`concord replay info`, `concord tei grade`): each has its own CommandLine.
struct Subcommand {
  std::string name;
  std::string summary;
  int (*run)(Args args);
  CommandLine (*line)();  // its declared command line (with the variables it binds, for help and tests)
};

/// Runs `args[0]`'s subcommand; with no subcommand or --help first, prints the group's help (exit 2 / 0).
/// `noun` names what the first argument is ("subcommand"; `concord play` takes a "module").
int runGroup(const std::string& path, const std::vector<Subcommand>& subs, Args args, const std::string& noun = "subcommand");
std::string groupHelp(const std::string& path, const std::vector<Subcommand>& subs, const std::string& noun = "subcommand");

}  // namespace concord::cli
