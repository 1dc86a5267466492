// Shared option parsing and the run loop wrapper of the networked subcommands.
#include "tools/concord/net_args.h"

#include <poll.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "net/identity.h"
#include "tools/concord/play_recorder.h"
#include "tools/concord/terminal_seat.h"
#include "tools/concord/interrupt.h"

namespace concord::cli {
namespace {

bool quiet = false;
bool stdinEnded = false;

// Lines typed on stdin (comms commands), read without blocking the game loop. EOF (or /dev/null) ends it.
std::optional<std::string> stdinLine() {
  static std::string buf;
  static bool eof = false;
  while (!eof) {
    // A background job reading its terminal would be stopped (SIGTTIN): only the foreground reads a tty.
    if (::isatty(0) && ::tcgetpgrp(0) != ::getpgrp()) break;
    pollfd p{0, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0 || !(p.revents & (POLLIN | POLLHUP))) break;
    char chunk[512];
    ssize_t n = ::read(0, chunk, sizeof chunk);
    if (n <= 0) {
      eof = true;
      stdinEnded = true;
      break;
    }
    buf.append(chunk, static_cast<size_t>(n));
    if (buf.size() > 65536) buf.erase(0, buf.size() - 65536);
  }
  auto nl = buf.find('\n');
  if (nl == std::string::npos) {
    if (!eof || buf.empty()) return std::nullopt;
    nl = buf.size();
  }
  std::string line = buf.substr(0, nl);
  buf.erase(0, std::min(buf.size(), nl + 1));
  return line;
}

}  // namespace

bool parseNetOption(Args args, size_t& i, net::NodeOptions& o, NetCli& cli, std::string& error) {
  const std::string& a = args[i];
  if (a == "--officer") {
    cli.officer = true;
    return true;
  }
  if (a == "--no-replay") {
    cli.noReplay = true;
    return true;
  }
  if (a == "--quiet") {
    quiet = true;
    return true;
  }
  if (a == "--spectate") {
    o.spectate = true;
    return true;
  }
  if (a == "--no-sender-checks") {  // tests: prove that receivers enforce the comms rules
    o.senderChecks = false;
    return true;
  }
  static const char* withValue[] = {"--name", "--identity", "--bind", "--port", "--advertise-port", "--replay", "--tolerance", "--timeout", "--think-ms", "--discovery-addr", "--discovery-port", "--turn-clock"};
  bool known = false;
  for (const char* k : withValue) known = known || a == k;
  if (!known) return false;
  if (i + 1 >= args.size()) {
    error = a + " needs a value";
    return true;
  }
  const std::string& v = args[++i];
  uint64_t n = 0;
  if (a == "--name") o.name = v.substr(0, 32);
  else if (a == "--identity") cli.identityPath = v;
  else if (a == "--bind") o.bind.host = v;
  else if (a == "--replay") o.replayPath = v;
  else if (a == "--discovery-addr") o.discoveryAddr = v;
  else if (!wholeNumber(v, n, a == "--port" || a == "--advertise-port" || a == "--discovery-port" ? 65535 : 1u << 30)) error = a + " takes a whole number, got '" + v + "'";
  else if (a == "--port") o.bind.port = static_cast<uint16_t>(n);
  else if (a == "--discovery-port") o.discoveryPort = static_cast<uint16_t>(n);
  else if (a == "--advertise-port") o.advertisePort = static_cast<uint16_t>(n);
  else if (a == "--tolerance") o.silenceMs = n;
  else if (a == "--think-ms") o.thinkMs = n;
  else if (a == "--timeout") o.timeoutMs = n * 1000;
  else if (a == "--turn-clock") cli.turnClockMs = n * 1000;
  return true;
}

int runNetNode(net::NodeOptions o, NetCli cli, const std::string& what) {
  auto key = net::loadOrCreateIdentity(cli.identityPath.empty() ? net::defaultIdentityPath() : cli.identityPath);
  if (!key) return failure(what + ": " + key.message());
  o.key = *key;
  spdlog::set_pattern("[%H:%M:%S.%e] %v");
  if (!quiet) o.log = [](const std::string& l) { spdlog::info("{}", l); };
  o.input = stdinLine;
  // A person at this terminal plays our seat (spectators just watch the round log go by).
  TerminalSeat table;
  const bool person = what != "bot" && !cli.officer && !o.spectate;
  if (person || o.spectate) o.onApplied = [&table](const lockstep::TurnEngine& e, Seat me) { table.applied(e, me); };
  if (person) {
    o.turnClockMs = cli.turnClockMs;
    o.outOfTurnMs = 4000;  // long enough to read "passed without announcing" and type 1
    o.onLine = [&table](const std::string& l) { table.line(l); };
    o.leave = [&table] { return table.leaving() || interrupted(); };
    catchInterrupts();  // Ctrl-C leaves the table like "q": the replay is closed, the others play on
    o.decide = [&table](const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs) {
      if (stdinEnded) table.inputClosed();
      return table.decide(e, s, clockLeftMs);
    };
    if (o.replayPath.empty() && !cli.noReplay) o.replayPath = defaultReplayPath("net-" + what + "-" + std::to_string(::getpid()));
  }
  if (cli.noReplay) o.replayPath.clear();
  auto r = net::runNode(o);
  if (!r && (table.leaving() || interrupted())) {
    std::printf("%s\n", r.message().c_str());
    return 0;
  }
  if (!r) return failure(what + ": " + r.message());
  if (person && !o.replayPath.empty()) std::printf("Replay: %s (check it with `concord replay verify`)\n", o.replayPath.c_str());
  std::printf("RESULT seat %u turns %u first %u final %s digest %s rejoined %d owns-seat %d elapsed-ms %llu wire-bytes %llu "
              "udp-bytes %llu packets %llu rejected %llu spectator %d comms %llu comms-refused %llu outcome %s\n",
              static_cast<unsigned>(r->seat), r->turns, r->firstTurn, r->finalSeal.hex().c_str(), r->sealsDigest.hex().c_str(),
              r->rejoined ? 1 : 0, r->ownsSeat ? 1 : 0, static_cast<unsigned long long>(r->elapsedMs), static_cast<unsigned long long>(r->wireBytes),
              static_cast<unsigned long long>(r->transport.bytesSent), static_cast<unsigned long long>(r->transport.packetsSent),
              static_cast<unsigned long long>(r->transport.rejectedPackets), r->spectator ? 1 : 0,
              static_cast<unsigned long long>(r->commsAccepted), static_cast<unsigned long long>(r->commsRefused), r->outcome.c_str());
  std::fflush(stdout);
  return 0;
}

}  // namespace concord::cli
