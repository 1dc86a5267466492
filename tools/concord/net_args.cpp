// Shared option parsing and the run loop wrapper of the networked subcommands.
#include "tools/concord/net_args.h"

#include <poll.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <optional>

#include "net/identity.h"
#include "table/tei_store/charter.h"
#include "table/replay_paths.h"
#include "tools/concord/table_commands.h"
#include "tools/concord/table_note.h"
#include "tools/concord/table_status.h"
#include "tools/concord/terminal_seat.h"
#include "tools/concord/interrupt.h"

namespace concord::cli {
namespace {

bool stdinEnded = false;

// "[HH:MM:SS] ", as the log lines of peers no person reads (spdlog) are stamped.
std::string clockStamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "[%H:%M:%S] ", &tm);
  return buf;
}

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

void declareNetOptions(CommandLine& c, net::NodeOptions& o, NetCli& cli) {
  auto seconds = [](const std::string& name, uint64_t& ms) {
    return [name, &ms](const std::string& v) {
      uint64_t n = 0;
      auto e = wholeIn(name, v, 0, 1u << 30, n);
      if (e.empty()) ms = n * 1000;
      return e;
    };
  };
  c.heading("Common options (host, join, bot):")
      .option("--name", "NAME", "your name at the table (at most 32 characters are kept)",
              [&o](const std::string& v) {
                o.name = v.substr(0, 32);
                return std::string();
              })
      .text("--identity", "FILE", "identity key file (default $CONCORD_HOME/identity.key or ~/.config/concord/identity.key)",
            cli.identityPath)
      .path(PathUse::ReadOrCreate)
      .text("--bind", "HOST", "address to listen on (default 0.0.0.0; tests use 127.0.0.1)", o.bind.host)
      .number("--port", "N", "UDP port (0 = any free port)", o.bind.port)
      .number("--advertise-port", "N", "port others reach us on (a chaos proxy in front of us)", o.advertisePort)
      .text("--replay", "FILE", "write this peer's replay (default for a person: $XDG_DATA_HOME/concord/replays/)", o.replayPath)
      .path(PathUse::Write)
      .flag("--no-replay", "write no replay", cli.noReplay)
      .flag("--officer", "(host, join) the module's officer plays your seat instead of you", cli.officer)
      .option("--turn-clock", "S",
              "(host, join) your time per turn; then your officer plays that turn (default 120,\n"
              "0 = no limit). While you think, the others see you deciding, not silent",
              seconds("--turn-clock", cli.turnClockMs))
      .number("--tolerance", "MS", "silence before a departed seat is substituted by an AI (default 5000)", o.silenceMs, 0, 1u << 30)
      .number("--think-ms", "MS", "bots wait this long before answering their turn, like a person (default 0)", o.thinkMs, 0, 1u << 30)
      .option("--timeout", "S",
              "a wall-clock limit: leave the table after S seconds, the replay so far saved (default: none;\n"
              "only the game ends a game)",
              seconds("--timeout", o.timeoutMs))
      .option("--give-up", "S", "(join, bot) give up when nothing answers at ADDR for S seconds (default 20)",
              seconds("--give-up", o.giveUpMs))
      .flag("--quiet", "only the result line", cli.quiet)
      .option("--post-game", "S", "(host, join) after the game the table stays open S seconds for post-game chat, or\n"
              "until you type q (default 30)", seconds("--post-game", cli.postGameMs))
      .text("--discovery-addr", "A",
            "(host) announce the lobby to A (default 255.255.255.255; 127.0.0.1 when bound to\n"
            "127.x; 'off' for none); `concord lan` lists what it hears",
            o.discoveryAddr)
      .number("--discovery-port", "N", "(host; join lan) UDP port of the announcements (default 27961)", o.discoveryPort)
      .flag("--spectate", "(join) follow a running game without a seat", o.spectate)
      .text("--charter", "FILE",
            "(host) play under this crew charter (TEI §3.4): its fleet size and frozen settings, its members\n"
            "only, its id in the signed header, rated into group/<id>; (join, bot) play only a table under\n"
            "exactly this charter (a joiner always sees the table's charter and must be a member)",
            cli.charterPath)
      .path(PathUse::Read)
      .flag("--no-sender-checks", "send comms without our own checks (tests: receivers must refuse)", [&o] { o.senderChecks = false; });
}

int runNetNode(net::NodeOptions o, NetCli cli, const std::string& what) {
  const std::string identity = cli.identityPath.empty() ? net::defaultIdentityPath() : cli.identityPath;
  auto key = net::loadOrCreateIdentity(identity);
  if (!key) return failure(what + ": " + key.message());
  o.key = *key;
  // A host notes its running game beside its identity, so `concord host` after a crash finds the table (table_note.h).
  const std::string note = what == "host" ? tableNotePath(identity) : std::string();
  if (!note.empty())
    o.onGameStart = [note, secret = o.demandSecret](const det::Hash128& game, const std::vector<std::string>& peers) {
      writeTableNote(note, game, peers, secret);  // an --internet table's secret too: back after a crash, friends' codes still work
    };
  if (!cli.charterPath.empty()) {
    auto ch = tei::loadCharter(cli.charterPath);
    if (!ch) return failure(what + ": " + ch.message());
    o.charter = std::move(*ch);
    if (o.host) {
      o.rated = true;  // a crew's game is a rated game (RULES §VIII)
      std::printf("Crew charter %s: fleet %u, members only; the game rates into group/%s\n", o.charter.id.c_str(),
                  static_cast<unsigned>(o.charter.seats), o.charter.id.c_str());
    }
  }
  if (o.host && o.seats == 0) o.seats = o.charter.id.empty() ? 4 : static_cast<Seat>(o.charter.seats);
  o.comeBackCommand = what == "bot" ? "concord bot" : "concord join";  // a host comes back as a joiner
  spdlog::set_pattern("[%H:%M:%S.%e] %v");
  if (!cli.quiet) o.log = [](const std::string& l) { spdlog::info("{}", l); };
  // A person at this terminal plays our seat (spectators just watch the round log go by).
  TerminalSeat table(stdout, ::isatty(1) == 1);
  table.callSeatsByName();  // the lobby named the seats
  table.holdKey(o.key);      // issue 26: opens this seat's own hand at a hidden-hands table
  o.onGameStart = [&table, noted = o.onGameStart](const det::Hash128& game, const std::vector<std::string>& peers) {
    table.gameStarted();
    if (noted) noted(game, peers);
  };
  const bool person = what != "bot" && !cli.officer && !o.spectate;
  const bool watching = person || o.spectate;  // a person or a spectator reads this terminal
  if (watching && !cli.quiet) {
    // Background lines (log, comms) redraw the prompt or the status line instead of writing after them.
    o.log = [&table](const std::string& l) { table.background(clockStamp() + l); };
    o.onStatus = [&table](const net::TableStatus& s) { table.status(statusText(s)); };
  }
  if (person) {
    o.postGameMs = cli.postGameMs;
    o.inputOpen = [] { return !stdinEnded; };
  }
  o.officerPlays = !person && !o.spectate;  // listed as AI at the table
  // Typed lines: `/`-commands become the node's requests; other lines are the person's (orders, board,
  // help, q; in the lobby, chat).
  o.requests = [&table, watching, log = o.log]() -> std::optional<net::TableRequest> {
    while (auto typed = stdinLine()) {
      TypedLine t = readTableLine(*typed, !watching);
      if (t.forSeat)
        if (auto chat = table.line(*typed); chat && !chat->empty()) return net::SayRequest{*chat};
      if (!t.reply.empty() && log) log(t.reply);
      if (t.request) return t.request;
    }
    return std::nullopt;
  };
  if (watching) o.onApplied = [&table](const lockstep::TurnEngine& e, Seat me) { table.applied(e, me); };
  if (person) {
    o.turnClockMs = cli.turnClockMs;
    o.outOfTurnMs = 4000;  // long enough to read "passed without announcing" and type 1
    o.leave = [&table] { return table.leaving() || interrupted(); };
  }
  if (o.spectate) o.leave = [&table] { return table.leaving() || interrupted(); };
  if (!o.leave) o.leave = [] { return interrupted(); };  // a caller that caught Ctrl-C (host --internet) leaves cleanly
  if (person) {
    catchInterrupts();  // Ctrl-C leaves the table like "q": the replay is closed, the others play on
    o.decide = [&table](const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs) {
      if (stdinEnded) table.inputClosed();
      return table.decide(e, s, clockLeftMs);
    };
    if (o.replayPath.empty() && !cli.noReplay) o.replayPath = table::defaultReplayPath("net-" + what + "-" + std::to_string(::getpid()));
  }
  if (cli.noReplay) o.replayPath.clear();
  auto r = net::runNode(o);
  if (r && !note.empty()) removeTableNote(note);  // the game is over: no table to come back to
  if (watching) table.endLine();  // what follows never glues onto the status line or an open prompt
  if (!r && (table.leaving() || interrupted())) {
    std::printf("%s\n", r.message().c_str());
    return 0;
  }
  if (!r) return failure(what + ": " + r.message());
  if (person && !o.replayPath.empty()) std::printf("Replay: %s (check it with `concord replay verify`)\n", o.replayPath.c_str());
  // The end-of-game screen names the seat that left the sector unrated (TEI §4 E3, RULES §VIII).
  for (size_t s = 0; s < r->assistance.size(); ++s)
    if (r->assistance[s].advisor)
      std::printf("This game is not TEI-rated: the captain at seat %zu (%s) consulted the tactical advisor from turn %u "
                  "(TEI §4 E3: online, one assisted captain leaves the whole sector unrated).\n",
                  s, s < r->seatNames.size() ? r->seatNames[s].c_str() : "?", r->assistance[s].firstAdvisorTurn);
  std::printf("RESULT seat %u turns %u first %u final %s digest %s rejoined %d owns-seat %d elapsed-ms %llu wire-bytes %llu "
              "udp-bytes %llu packets %llu rejected %llu spectator %d comms %llu comms-refused %llu vouched %llu outcome %s\n",
              static_cast<unsigned>(r->seat), r->turns, r->firstTurn, r->finalSeal.hex().c_str(), r->sealsDigest.hex().c_str(),
              r->rejoined ? 1 : 0, r->ownsSeat ? 1 : 0, static_cast<unsigned long long>(r->elapsedMs), static_cast<unsigned long long>(r->wireBytes),
              static_cast<unsigned long long>(r->transport.bytesSent), static_cast<unsigned long long>(r->transport.packetsSent),
              static_cast<unsigned long long>(r->transport.rejectedPackets), r->spectator ? 1 : 0,
              static_cast<unsigned long long>(r->commsAccepted), static_cast<unsigned long long>(r->commsRefused),
              static_cast<unsigned long long>(r->vouched), r->outcome.c_str());
  std::fflush(stdout);
  return 0;
}

}  // namespace concord::cli
