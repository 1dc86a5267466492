// Shared option parsing and the run loop wrapper of the networked subcommands.
#include "tools/concord/net_args.h"

#include <spdlog/spdlog.h>

#include <cstdio>

#include "net/identity.h"

namespace concord::cli {
namespace {

bool number(const std::string& s, uint64_t max, uint64_t& out) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoull(s);
  return out <= max;
}

bool quiet = false;

}  // namespace

bool parseNetOption(Args args, size_t& i, net::NodeOptions& o, std::string& identityPath, std::string& error) {
  const std::string& a = args[i];
  if (a == "--quiet") {
    quiet = true;
    return true;
  }
  static const char* withValue[] = {"--name", "--identity", "--bind", "--port", "--advertise-port", "--replay", "--tolerance", "--timeout", "--think-ms"};
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
  else if (!number(v, a == "--port" || a == "--advertise-port" ? 65535 : 1u << 30, n)) error = a + " takes a whole number, got '" + v + "'";
  else if (a == "--port") o.bind.port = static_cast<uint16_t>(n);
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
  auto r = net::runNode(o);
  if (!r) return failure(what + ": " + r.message());
  std::printf("RESULT seat %u turns %u first %u final %s digest %s rejoined %d owns-seat %d elapsed-ms %llu wire-bytes %llu "
              "udp-bytes %llu packets %llu rejected %llu outcome %s\n",
              static_cast<unsigned>(r->seat), r->turns, r->firstTurn, r->finalSeal.hex().c_str(), r->sealsDigest.hex().c_str(),
              r->rejoined ? 1 : 0, r->ownsSeat ? 1 : 0, static_cast<unsigned long long>(r->elapsedMs), static_cast<unsigned long long>(r->wireBytes),
              static_cast<unsigned long long>(r->transport.bytesSent), static_cast<unsigned long long>(r->transport.packetsSent),
              static_cast<unsigned long long>(r->transport.rejectedPackets), r->outcome.c_str());
  std::fflush(stdout);
  return 0;
}

}  // namespace concord::cli
