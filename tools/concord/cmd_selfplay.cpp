// `concord selfplay`: N bot seats through the full lockstep pipeline over a simulated network.
// Replay writing plugs in through SelfPlayParams::onTurn (the replay engineer's seam).
#include <cstdio>
#include <string>

#include "lockstep/selfplay.h"
#include "tools/concord/command.h"

namespace concord::cli {
namespace {

constexpr const char* kUsage =
    "usage: concord selfplay [--module ID] [--seats N] [--games N] [--seed S] [--loss PERMILLE]\n"
    "                        [--dup PERMILLE] [--reorder PERMILLE] [--delay MS] [--jitter MS]\n"
    "                        [--max-ms MS] [--opt key=value]... [--out FILE]\n"
    "Plays bot seats through signed bundles, Seal checks and a simulated lossy network (virtual time),\n"
    "and prints one line per game: seed, seats, turns, final Seal, Seal digest, messages, bytes.\n";

bool number(const std::string& s, uint64_t& out) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoull(s);
  return true;
}

}  // namespace

int runSelfplay(Args args) {
  if (wantsHelp(args)) {
    std::printf("%s", kUsage);
    return 0;
  }
  lockstep::SelfPlayParams p;
  uint64_t games = 1;
  std::string out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return usageError("selfplay: " + a + " needs a value", "concord selfplay --help");
    const std::string& v = args[++i];
    uint64_t n = 0;
    if (a == "--module") p.moduleId = v;
    else if (a == "--out") out = v;
    else if (a == "--opt") {
      auto eq = v.find('=');
      if (eq == std::string::npos) return usageError("selfplay: --opt takes key=value", "concord selfplay --help");
      p.options.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (!number(v, n)) return usageError("selfplay: " + a + " takes a whole number, got '" + v + "'", "concord selfplay --help");
    else if (a == "--seats" && n >= 1 && n <= kMaxSeats) p.seats = static_cast<Seat>(n);
    else if (a == "--games" && n >= 1) games = n;
    else if (a == "--seed") p.seed = n;
    else if (a == "--loss" && n <= 1000) p.net.lossPermille = static_cast<uint32_t>(n);
    else if (a == "--dup" && n <= 1000) p.net.dupPermille = static_cast<uint32_t>(n);
    else if (a == "--reorder" && n <= 1000) p.net.reorderPermille = static_cast<uint32_t>(n);
    else if (a == "--delay") p.net.delayMs = n;
    else if (a == "--jitter") p.net.jitterMs = n;
    else if (a == "--max-ms") p.maxVirtualMs = n;
    else return usageError("selfplay: unknown option or value out of range: " + a + " " + v, "concord selfplay --help");
  }
  if (!out.empty()) return failure("selfplay: --out (replay writing) is not wired yet; run without --out");
  int bad = 0;
  const uint64_t first = p.seed;
  for (uint64_t g = 0; g < games; ++g) {
    p.seed = first + g;
    auto r = lockstep::runSelfPlay(p);
    if (!r) return failure("selfplay: " + r.message());
    std::string sealHex = r->seals.empty() ? "-" : r->seals.back().hex();
    std::printf("seed %llu seats %u turns %u seal %s digest %s messages %llu bytes %llu virtual-ms %llu%s\n",
                static_cast<unsigned long long>(p.seed), static_cast<unsigned>(p.seats), r->stats.turns,
                sealHex.c_str(), r->sealsDigest.hex().c_str(), static_cast<unsigned long long>(r->stats.messages),
                static_cast<unsigned long long>(r->stats.bytes), static_cast<unsigned long long>(r->stats.virtualMs),
                r->completed && r->agreed ? "" : "  FAILED (incomplete or peers disagree)");
    if (r->outcome) std::printf("  outcome: %s\n", r->outcome->summary.c_str());
    for (const auto& pr : r->problems) std::printf("  %s\n", pr.c_str());
    if (!r->completed || !r->agreed) ++bad;
  }
  return bad == 0 ? 0 : 1;
}

}  // namespace concord::cli
