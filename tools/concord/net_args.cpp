// Shared option parsing and the run loop wrapper of the networked subcommands.
#include "tools/concord/net_args.h"

#include <poll.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "net/identity.h"

namespace concord::cli {
namespace {

bool number(const std::string& s, uint64_t max, uint64_t& out) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoull(s);
  return out <= max;
}

bool quiet = false;

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

bool parseNetOption(Args args, size_t& i, net::NodeOptions& o, std::string& identityPath, std::string& error) {
  const std::string& a = args[i];
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
  static const char* withValue[] = {"--name", "--identity", "--bind", "--port", "--advertise-port", "--replay", "--tolerance", "--timeout", "--think-ms", "--discovery-addr", "--discovery-port"};
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
  else if (a == "--identity") identityPath = v;
  else if (a == "--bind") o.bind.host = v;
  else if (a == "--replay") o.replayPath = v;
  else if (a == "--discovery-addr") o.discoveryAddr = v;
  else if (!number(v, a == "--port" || a == "--advertise-port" || a == "--discovery-port" ? 65535 : 1u << 30, n)) error = a + " takes a whole number, got '" + v + "'";
  else if (a == "--port") o.bind.port = static_cast<uint16_t>(n);
  else if (a == "--discovery-port") o.discoveryPort = static_cast<uint16_t>(n);
  else if (a == "--advertise-port") o.advertisePort = static_cast<uint16_t>(n);
  else if (a == "--tolerance") o.silenceMs = n;
  else if (a == "--think-ms") o.thinkMs = n;
  else if (a == "--timeout") o.timeoutMs = n * 1000;
  return true;
}

int runNetNode(net::NodeOptions o, const std::string& identityPath, const std::string& what) {
  auto key = net::loadOrCreateIdentity(identityPath.empty() ? net::defaultIdentityPath() : identityPath);
  if (!key) return failure(what + ": " + key.message());
  o.key = *key;
  spdlog::set_pattern("[%H:%M:%S.%e] %v");
  if (!quiet) o.log = [](const std::string& l) { spdlog::info("{}", l); };
  o.input = stdinLine;
  auto r = net::runNode(o);
  if (!r) return failure(what + ": " + r.message());
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
