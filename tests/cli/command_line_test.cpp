// Every subcommand's --help and its parser come from one declaration (tools/concord/command_line.h, issue 9
// part 4): the help lists exactly the options the parser takes, the binary prints that help, and an option
// that is not declared is refused with a usage error.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <set>
#include <string>
#include <sys/wait.h>

#include "tests/support/run_command.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

using namespace concord::cli;

namespace {

using concord::testing::Ran;
Ran run(const std::string& args) {
  return concord::testing::runCommand(std::string(CONCORD_BIN) + " " + args + " 2>&1 < /dev/null");
}

bool isOption(const Declared& d) { return d.kind == Declared::Kind::Flag || d.kind == Declared::Kind::Value; }

std::vector<CommandLine> everyLine() {
  std::vector<CommandLine> out;
  for (const auto& c : commands())
    for (auto& l : c.lines()) out.push_back(std::move(l));
  return out;
}

// The options a help text names: every --word outside `backquoted` references to other commands.
std::set<std::string> optionsNamedIn(std::string help) {
  help = std::regex_replace(help, std::regex("`[^`]*`"), "");
  std::set<std::string> out;
  std::regex word("(^|[^A-Za-z0-9-])(--[a-z][a-z0-9-]*)");
  for (auto it = std::sregex_iterator(help.begin(), help.end(), word); it != std::sregex_iterator(); ++it)
    out.insert((*it)[2].str());
  return out;
}

}  // namespace

TEST(CommandLine, EveryCommandDeclaresItsCommandLines) {
  for (const auto& c : commands()) {
    auto lines = c.lines();
    EXPECT_FALSE(lines.empty()) << c.name;
    for (const auto& l : lines) EXPECT_EQ(l.path().rfind(std::string(c.name), 0), 0u) << l.path() << " under " << c.name;
  }
  EXPECT_GE(everyLine().size(), 20u) << "selfplay, bench, host, join, bot, lan, chaos, play warp, warp scenario, 5 replay, 8 tei";
}

TEST(CommandLine, HelpListsExactlyTheOptionsItParses) {
  for (const auto& l : everyLine()) {
    const std::string help = l.help();
    std::set<std::string> declared{"--help"};
    for (const auto& d : l.declared()) {
      if (!isOption(d)) continue;
      declared.insert(d.name);
      // Listed on a line of its own, with its value placeholder.
      const std::string entry = "\n  " + d.name + (d.value.empty() ? "" : " " + d.value);
      EXPECT_NE(help.find(entry), std::string::npos) << l.path() << ": help does not list " << d.name << "\n" << help;
      // The parser takes it: whatever the value, the error (if any) is not "unknown option".
      bool helpWanted = false;
      for (const std::string value : {"1", "x"}) {
        std::vector<std::string> args{d.name, value};
        EXPECT_EQ(l.check(args, helpWanted).rfind("unknown option", 0), std::string::npos) << l.path() << " " << d.name;
      }
    }
    // Nothing in the help (prose included) names an option the parser does not take.
    for (const auto& named : optionsNamedIn(help))
      EXPECT_TRUE(declared.count(named)) << l.path() << ": help names " << named << " but the parser does not take it";
    bool helpWanted = false;
    std::vector<std::string> bogus{"--no-such-option"};
    EXPECT_EQ(l.check(bogus, helpWanted).rfind("unknown option '--no-such-option'", 0), 0u) << l.path();
    std::vector<std::string> asksHelp{"-h"};
    EXPECT_EQ(l.check(asksHelp, helpWanted), "");
    EXPECT_TRUE(helpWanted) << l.path();
  }
}

// The binary prints the declared help (not a hand-written copy) and refuses undeclared options with exit 2.
TEST(CommandLine, TheBinaryPrintsTheDeclaredHelpAndRefusesTheUndeclared) {
  for (const auto& l : everyLine()) {
    auto h = run(l.path() + " --help");
    EXPECT_EQ(h.code, 0) << l.path();
    EXPECT_EQ(h.out, l.help()) << l.path();
    auto bad = run(l.path() + " --no-such-option");
    EXPECT_EQ(bad.code, 2) << l.path() << ": " << bad.out;
    EXPECT_NE(bad.out.find("concord: " + l.path() + ": unknown option '--no-such-option'"), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find("(see `concord " + l.path() + " --help`)"), std::string::npos) << bad.out;
  }
}

TEST(CommandLine, ValuesAreCheckedWhereTheyAreDeclared) {
  bool on = false;
  uint16_t seats = 4;
  std::string kind = "greedy", file;
  concord::ConfigOptions cfg;
  CommandLine c("demo", "A demo.\n");
  c.positional("FILE", "", file, true, "which file? give FILE")
      .flag("--on", "a flag", on)
      .number("--seats", "N", "seats", seats, 1, 18)
      .choice("--bots", "KIND", "bots", kind, {"random", "greedy", "lowest"})
      .keyValue("--opt", "an option", cfg)
      .configArgs("table options", cfg);
  auto problem = [&](std::vector<std::string> args) {
    bool h = false;
    return c.check(args, h);
  };
  EXPECT_EQ(problem({"f", "--seats", "19"}), "--seats takes a whole number from 1 to 18, got '19'");
  EXPECT_EQ(problem({"f", "--seats", "-1"}), "--seats takes a whole number from 1 to 18, got '-1'");
  EXPECT_EQ(problem({"f", "--seats"}), "--seats needs a value (--seats N)");
  EXPECT_EQ(problem({"f", "--bots", "smart"}), "--bots takes random, greedy or lowest, got 'smart'");
  EXPECT_EQ(problem({"f", "--opt", "novalue"}), "--opt takes key=value, got 'novalue'");
  EXPECT_EQ(problem({"f", "--seat", "3"}), "unknown option '--seat' (did you mean --seats?)");
  EXPECT_EQ(problem({"f", "g"}), "unexpected argument 'g'");
  EXPECT_EQ(problem({"--on"}), "which file? give FILE");
  EXPECT_EQ(problem({"f", "--on", "--seats", "18", "--bots", "lowest", "--opt", "a=1", "b=2"}), "");
  EXPECT_TRUE(on);
  EXPECT_EQ(seats, 18);
  EXPECT_EQ(kind, "lowest");
  ASSERT_EQ(cfg.size(), 2u);
  EXPECT_EQ(cfg[1], std::make_pair(std::string("b"), std::string("2")));
  EXPECT_EQ(c.help(),
            "usage: concord demo FILE [options] [key=value ...]\n"
            "A demo.\n"
            "  --on                a flag\n"
            "  --seats N           seats\n"
            "  --bots KIND         bots\n"
            "  --opt key=value     an option\n"
            "  key=value           table options\n"
            "  -h, --help          this help\n");
}
