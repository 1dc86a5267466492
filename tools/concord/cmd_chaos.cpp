// `concord chaos`: a UDP chaos proxy on loopback between peers (fault tests, benchmarks).
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>

#include "net/chaos_proxy.h"
#include "tools/concord/command.h"

namespace concord::cli {
namespace {

constexpr const char* kUsage =
    "usage: concord chaos --route LISTEN=TARGET... [--loss PERMILLE] [--dup PERMILLE] [--reorder PERMILLE]\n"
    "                     [--delay MS] [--jitter MS] [--seed S] [--duration S]\n"
    "Relays UDP from 127.0.0.1:LISTEN to 127.0.0.1:TARGET (and replies back) through seeded faults.\n"
    "Put one route in front of each peer and start that peer with --advertise-port LISTEN.\n"
    "Only loopback is used. Runs until killed or for --duration seconds.\n";

volatile std::sig_atomic_t stop = 0;
void onSignal(int) { stop = 1; }

}  // namespace

int runChaos(Args args) {
  if (wantsHelp(args)) {
    std::printf("%s", kUsage);
    return 0;
  }
  std::vector<net::ChaosRoute> routes;
  net::ChaosParams p;
  uint64_t duration = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return usageError("chaos: " + a + " needs a value", "concord chaos --help");
    const std::string& v = args[++i];
    uint64_t n = 0;
    if (a == "--route") {
      auto eq = v.find('=');
      uint64_t l = 0, t = 0;
      if (eq == std::string::npos || !wholeNumber(v.substr(0, eq), l) || !wholeNumber(v.substr(eq + 1), t) || l > 65535 || t > 65535 || t == 0)
        return usageError("chaos: --route takes LISTEN=TARGET ports, got '" + v + "'", "concord chaos --help");
      routes.push_back(net::ChaosRoute{static_cast<uint16_t>(l), static_cast<uint16_t>(t)});
    } else if (!wholeNumber(v, n)) return usageError("chaos: " + a + " takes a whole number, got '" + v + "'", "concord chaos --help");
    else if (a == "--loss" && n <= 1000) p.lossPermille = static_cast<uint32_t>(n);
    else if (a == "--dup" && n <= 1000) p.dupPermille = static_cast<uint32_t>(n);
    else if (a == "--reorder" && n <= 1000) p.reorderPermille = static_cast<uint32_t>(n);
    else if (a == "--delay") p.delayMs = n;
    else if (a == "--jitter") p.jitterMs = n;
    else if (a == "--seed") p.seed = n;
    else if (a == "--duration") duration = n;
    else return usageError("chaos: unknown option or value out of range: " + a + " " + v, "concord chaos --help");
  }
  if (routes.empty()) return usageError("chaos: give at least one --route LISTEN=TARGET", "concord chaos --help");
  auto proxy = net::ChaosProxy::create(routes, p);
  if (!proxy) return failure(proxy.message());
  std::signal(SIGTERM, onSignal);
  std::signal(SIGINT, onSignal);
  std::fprintf(stderr, "chaos: %zu routes, loss %u, dup %u, reorder %u permille, delay %llu ms, jitter %llu ms\n", routes.size(),
               p.lossPermille, p.dupPermille, p.reorderPermille, static_cast<unsigned long long>(p.delayMs),
               static_cast<unsigned long long>(p.jitterMs));
  const auto start = std::chrono::steady_clock::now();
  const auto limit = std::chrono::seconds(duration);
  while (!stop && (duration == 0 || std::chrono::steady_clock::now() - start < limit)) (*proxy)->run(10);
  const auto& s = (*proxy)->stats();
  std::printf("chaos: forwarded %llu dropped %llu duplicated %llu queue-full %llu\n", static_cast<unsigned long long>(s.forwarded),
              static_cast<unsigned long long>(s.dropped), static_cast<unsigned long long>(s.duplicated),
              static_cast<unsigned long long>(s.queueFull));
  return 0;
}

}  // namespace concord::cli
