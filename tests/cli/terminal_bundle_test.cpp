// A person plays a bundled-orders seat (Game::ordersInBundles: Every Last City, W.E.B.) at the generic terminal
// seat: orders typed as the module names them (Game::parseOrder), each checked at once, sent together with
// "end"; `help` lists the module's order forms (Game::orderForms). Then the same at `concord host`, with a
// person typing on stdin while the AI plays the other seat over loopback.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "lockstep/turn_engine.h"
#include "table/record_bots.h"
#include "tests/support/captured_output.h"
#include "tools/concord/terminal_seat.h"

using namespace concord;

namespace {

struct Typed {
  std::string module, help, unknown, refused;  // a form `help` lists, a word no order starts with, a legal-form order refused now
};

// Types at a fresh table of `t.module` (2 seats, seat 0 a person) and checks what the person sees and sends.
void playOneTurn(const Typed& t, const ConfigOptions& options) {
  auto session = table::makeBotSession(t.module, options, 2, "terminal-bundle-test");
  ASSERT_TRUE(session.ok()) << session.message();
  session->seats[0].ai = false;
  auto e = lockstep::TurnEngine::create(*session).value();
  const Game& g = e->game();
  ASSERT_TRUE(g.ordersInBundles());
  const auto legal = g.legalOrders(0);
  ASSERT_GE(legal.size(), 2u);
  test_support::CapturedOutput out;
  cli::TerminalSeat seat(out.f);
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());  // prompted: waits for lines
  seat.line("help");
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
  EXPECT_NE(out.text().find("Orders:\n"), std::string::npos) << out.text();
  EXPECT_NE(out.text().find(t.help), std::string::npos) << out.text();
  EXPECT_NE(out.text().find("then \"end\" to send them"), std::string::npos) << out.text();
  seat.line(t.unknown);
  seat.line(t.refused);
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());
  EXPECT_NE(out.text().find("! unknown order '" + t.unknown.substr(0, t.unknown.find(' ')) + "'"), std::string::npos) << out.text();
  EXPECT_NE(out.text().find("! rejected: "), std::string::npos) << out.text();
  // Two orders that stand together this turn (the turn is checked as it will resolve: two moves of one fleet do not).
  size_t other = 1;
  while (other + 1 < legal.size() && !g.checkOrders(0, std::vector<Order>{legal[0], legal[other]}).empty()) ++other;
  const std::string first = g.orderText(0, legal[0]), second = g.orderText(0, legal[other]);
  seat.line(first);
  seat.line(second);
  seat.line("undo");  // drops the second
  seat.line("orders");
  EXPECT_FALSE(seat.decide(*e, 0, UINT64_MAX).has_value());  // nothing is sent before "end"
  EXPECT_NE(out.text().find("ok: " + first + " (1 this turn"), std::string::npos) << out.text();
  EXPECT_NE(out.text().find("dropped: " + second), std::string::npos) << out.text();
  seat.line("end");
  auto sent = seat.decide(*e, 0, UINT64_MAX);
  ASSERT_TRUE(sent.has_value());
  ASSERT_EQ(sent->size(), 1u);
  EXPECT_EQ(sent->front(), legal[0]);
}

// A child process with its stdin and stdout (stderr merged) as pipes.
struct Child {
  pid_t pid = -1;
  int in = -1, out = -1;
  std::string seen;
  Child(const std::vector<std::string>& argv) {
    int a[2], b[2];
    if (::pipe(a) != 0 || ::pipe(b) != 0) return;
    pid = ::fork();
    if (pid == 0) {
      ::dup2(a[0], 0);
      ::dup2(b[1], 1);
      ::dup2(b[1], 2);
      ::close(a[1]);
      ::close(b[0]);
      std::vector<char*> args;
      for (const auto& s : argv) args.push_back(const_cast<char*>(s.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(a[0]);
    ::close(b[1]);
    in = a[1];
    out = b[0];
  }
  ~Child() {
    if (in >= 0) ::close(in);
    if (pid > 0 && ::waitpid(pid, nullptr, WNOHANG) == 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
    if (out >= 0) ::close(out);
  }
  void type(const std::string& line) { ASSERT_EQ(::write(in, (line + "\n").data(), line.size() + 1), static_cast<ssize_t>(line.size() + 1)); }
  /// Reads until `what` appears after offset `from` (or the child ends, or `seconds` pass); the offset after it.
  size_t waitFor(const std::string& what, size_t from = 0, int seconds = 60) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (seen.find(what, from) == std::string::npos && std::chrono::steady_clock::now() < until) {
      pollfd p{out, POLLIN, 0};
      if (::poll(&p, 1, 200) <= 0) continue;
      char buf[4096];
      ssize_t n = ::read(out, buf, sizeof buf);
      if (n <= 0) break;
      seen.append(buf, static_cast<size_t>(n));
    }
    auto at = seen.find(what, from);
    return at == std::string::npos ? std::string::npos : at + what.size();
  }
};

// At `concord host --module M`, the person types on stdin: help, a bad order, a legal one from `legal`, end;
// then hands the seat to the officer, and the game runs to its end over loopback.
void hostTurn(const std::string& module, const std::string& helpForm, std::vector<std::string> extra) {
  const auto dir = std::filesystem::temp_directory_path() / ("concord-bundle-" + module + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::vector<std::string> argv{CONCORD_BIN, "host", "--module", module, "--seats", "2", "--ai", "1", "--bind", "127.0.0.1",
                                "--port", "0", "--discovery-addr", "off", "--no-replay", "--turn-clock", "0",
                                "--identity", (dir / "id.key").string(), "--timeout", "150", "--post-game", "0"};  // no chat after
  for (auto& x : extra) argv.push_back(std::move(x));
  Child c(argv);
  ASSERT_GT(c.pid, 0);
  size_t at = c.waitFor("Your order> ");
  ASSERT_NE(at, std::string::npos) << c.seen;
  c.type("help");
  ASSERT_NE(at = c.waitFor(helpForm, at), std::string::npos) << c.seen;
  c.type("fly 1 2 3");
  ASSERT_NE(at = c.waitFor("! unknown order 'fly'", at), std::string::npos) << c.seen;
  c.type("legal");
  ASSERT_NE(at = c.waitFor("  1) ", at), std::string::npos) << c.seen;
  ASSERT_NE(c.waitFor("\n", at), std::string::npos);
  const std::string first = c.seen.substr(at, c.seen.find('\n', at) - at);
  c.type(first);
  ASSERT_NE(at = c.waitFor("ok: " + first, at), std::string::npos) << c.seen;
  c.type("end");
  ASSERT_NE(at = c.waitFor("Sent 1 order for this turn.", at), std::string::npos) << c.seen;
  ASSERT_NE(at = c.waitFor("Your order> ", at), std::string::npos) << c.seen;  // the next turn came round
  c.type("auto");
  ASSERT_NE(at = c.waitFor("RESULT seat 0", at, 150), std::string::npos) << c.seen.substr(c.seen.size() > 3000 ? c.seen.size() - 3000 : 0);
  EXPECT_NE(c.seen.find("outcome ", at), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace

TEST(TerminalBundle, AnElcSeatTypesOrdersAndSendsThemWithEnd) {
  playOneTurn({"elc", "move UNIT X Y", "fly 1 2", "build 999"}, {{"preset", "blitz"}});
}

TEST(TerminalBundle, APersonPlaysAnElcSeatAtConcordHost) {
  hostTurn("elc", "vote end|continue", {"--opt", "preset=blitz"});
}

TEST(TerminalBundle, AWebSeatTypesOrdersAndSendsThemWithEnd) {
  playOneTurn({"web", "move FROM TO CR=n DD=n", "fly 1 2", "build 999 destroyer 1"}, {{"turns", "6"}});
}

TEST(TerminalBundle, APersonPlaysAWebSeatAtConcordHost) {
  hostTurn("web", "build AT ITEM N", {"--opt", "turns=6"});
}
