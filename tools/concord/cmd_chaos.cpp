// `concord chaos`: a UDP chaos proxy on loopback between peers (fault tests, benchmarks).
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>

#include "net/chaos_proxy.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {
namespace {

volatile std::sig_atomic_t stop = 0;
void onSignal(int) { stop = 1; }

}  // namespace

namespace {

struct Options {
  std::vector<net::ChaosRoute> routes;
  net::ChaosParams p;
  uint64_t duration = 0;
};

CommandLine declare(Options& o) {
  auto& p = o.p;
  CommandLine c("chaos",
                "Relays UDP from 127.0.0.1:LISTEN to 127.0.0.1:TARGET (and replies back) through seeded faults.\n"
                "Put one route in front of each peer and start that peer with `--advertise-port LISTEN` (host, join, bot).\n"
                "Only loopback is used. Runs until killed or for --duration seconds.\n");
  c.option("--route", "LISTEN=TARGET", "relay one port to another (repeatable; at least one)",
           [&o](const std::string& v) -> std::string {
             auto eq = v.find('=');
             uint64_t l = 0, t = 0;
             if (eq == std::string::npos || !wholeNumber(v.substr(0, eq), l, 65535) || !wholeNumber(v.substr(eq + 1), t, 65535) || t == 0)
               return "--route takes LISTEN=TARGET ports, got '" + v + "'";
             o.routes.push_back(net::ChaosRoute{static_cast<uint16_t>(l), static_cast<uint16_t>(t)});
             return "";
           })
      .number("--loss", "PERMILLE", "datagrams dropped", p.lossPermille, 0, 1000)
      .number("--dup", "PERMILLE", "datagrams duplicated", p.dupPermille, 0, 1000)
      .number("--reorder", "PERMILLE", "datagrams held back behind later ones", p.reorderPermille, 0, 1000)
      .number("--delay", "MS", "added one-way delay", p.delayMs)
      .number("--jitter", "MS", "added random delay up to MS", p.jitterMs)
      .number("--seed", "S", "the faults' seed", p.seed)
      .number("--duration", "S", "stop after S seconds (default 0: until killed)", o.duration);
  return c;
}

}  // namespace

std::vector<CommandLine> chaosLines() {
  static Options o;
  return {declare(o)};
}

int runChaos(Args args) {
  Options o;
  const CommandLine line = declare(o);
  if (auto code = line.parse(args)) return *code;
  auto& routes = o.routes;
  auto& p = o.p;
  const uint64_t duration = o.duration;
  if (routes.empty()) return line.usage("give at least one --route LISTEN=TARGET");
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
