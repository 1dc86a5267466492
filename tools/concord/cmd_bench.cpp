// `concord bench`: the engine's headline numbers measured in-process on this machine, as a table.
// The Google Benchmark binaries under bench/ give the detailed, statistically careful figures; this is
// the quick look a user can run anywhere the CLI runs. Wall-clock time is fine here: tools, not a turn.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/game/registry.h"
#include "lockstep/bundle.h"
#include "lockstep/selfplay.h"
#include "replay/reader.h"
#include "table/record_bots.h"
#include "replay/verify.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

void row(const char* what, double value, const char* unit, const char* goal) {
  std::printf("  %-46s %12.2f %-10s %s\n", what, value, unit, goal);
}

// Random-legal playouts of one module; returns actions per second and write+hash ns per action.
void playouts(const std::string& moduleId, const ConfigOptions& opts, Seat seats, double seconds) {
  auto mod = findModule(moduleId);
  if (!mod) return;
  auto cfg = (*mod)->parseConfig(opts);
  if (!cfg) return;
  det::Rng rng = det::Rng::fromU64(1);
  uint64_t actions = 0, games = 0;
  double hashNs = 0;
  uint64_t hashes = 0;
  auto t0 = Clock::now();
  while (secondsSince(t0) < seconds) {
    auto g = (*mod)->create();
    det::Seed seed;
    seed.bytes[0] = static_cast<uint8_t>(games);
    seed.bytes[1] = static_cast<uint8_t>(games >> 8);
    if (!g->setup(*cfg, seed, seats)) return;
    for (uint32_t t = 0; !g->outcome() && t < 200000; ++t) {
      std::vector<std::vector<Order>> chosen(seats);
      for (Seat s : g->awaiting()) {
        auto legal = g->legalOrders(s);
        if (!legal.empty()) chosen[s].push_back(legal[rng.below(legal.size())]);
      }
      std::vector<SeatOrders> in;
      for (Seat s = 0; s < seats; ++s) in.push_back(SeatOrders{s, chosen[s]});
      (void)g->apply(TurnInput{t, in});
      g->seal(t);
      ++actions;
      if ((actions & 63) == 0) {  // sample the hash cost without dominating the playout time
        auto h0 = Clock::now();
        det::Writer w;
        g->write(w);
        volatile uint64_t sink = w.digest().lo;
        (void)sink;
        hashNs += secondsSince(h0) * 1e9;
        ++hashes;
      }
    }
    ++games;
  }
  double el = secondsSince(t0) - hashNs / 1e9;
  std::string label = moduleId + " random-legal playouts, " + std::to_string(seats) + " seats";
  row(label.c_str(), static_cast<double>(actions) / el / 1e6, "M act/s", moduleId == "warp" ? "goal >= 1.0 (issue 3)" : "");
  row("  canonical write + XXH3-128 of the state", hashes ? hashNs / static_cast<double>(hashes) : 0, "ns/action",
      moduleId == "warp" ? "goal <= 1000 (issue 3)" : "");
}

void signatures() {
  auto key = lockstep::KeyPair::fromLabel("bench");
  lockstep::Bundle b;
  b.turn = 7;
  b.orders.push_back(Order{1, {3}});
  const int n = 2000;
  auto t0 = Clock::now();
  for (int i = 0; i < n; ++i) {
    b.turn = static_cast<uint32_t>(i);
    b.signWith(key);
  }
  double sign = secondsSince(t0) / n * 1e6;
  t0 = Clock::now();
  int ok = 0;
  for (int i = 0; i < n; ++i) ok += b.verifySignature(key.publicKey) ? 1 : 0;
  double verify = secondsSince(t0) / n * 1e6;
  row("Ed25519 sign a bundle", sign, "us", "");
  row("Ed25519 verify a bundle", verify, "us", ok == n ? "" : "VERIFY FAILED");
}

void pipeline() {
  lockstep::SelfPlayParams p;
  p.seats = 8;
  p.seed = 1;
  p.options = {{"hands", "3"}};
  auto t0 = Clock::now();
  auto r = lockstep::runSelfPlay(p);
  double el = secondsSince(t0);
  if (!r || r->stats.turns == 0) return;
  row("pipeline, 8 seats (shed), whole table per turn", el / r->stats.turns * 1e3, "ms/turn",
      "8 peers simulated on one core");
  row("  per peer per turn", el / r->stats.turns / 8 * 1e3, "ms", "goal < 1 (issue 2)");
}

void replays() {
  auto dir = std::filesystem::temp_directory_path() / "concord-bench";
  std::filesystem::create_directories(dir);
  auto path = (dir / "bench.ccr").string();
  auto session = table::makeBotSession("shed", {{"hands", "10000"}, {"maxTurns", "10000"}}, 4, "bench");
  if (!session) return;
  auto keys = table::botSessionKeys("bench", 4);
  auto rec = table::recordBotGame(path, *session, keys);
  if (!rec) return;
  row("replay size, 10,000-turn 4-seat shed game", static_cast<double>(rec->bytes) / (rec->turns * 4.0), "B/seat-turn",
      "goal < 8 (issue 2)");
  auto t0 = Clock::now();
  auto v = replay::verifyReplay(path);
  double el = secondsSince(t0);
  if (v && v->ok) row("replay verify (re-simulate, Seals, signatures)", v->turns / el / 1e3, "k turns/s", "");
  auto reader = replay::ReplayReader::open(path);
  if (reader) {
    double worst = 0;
    for (uint32_t t : {9999u, 10u, 5000u, 4999u, 777u, 9000u}) {
      auto s0 = Clock::now();
      auto e = reader->seek(t);
      worst = std::max(worst, secondsSince(s0) * 1e3);
      if (!e) return;
    }
    row("replay seek, worst of 6 jumps (fwd and back)", worst, "ms", "goal < 50 (issue 2)");
  }
  std::filesystem::remove(path);
}

}  // namespace

namespace {

CommandLine declare(bool& quick) {
  CommandLine c("bench",
                "Measures on this machine and prints a table: Warp playout speed and state-hash cost, Ed25519 sign and\n"
                "verify, the lockstep pipeline per turn, replay size, verify speed and seek time. The Google Benchmark\n"
                "binaries (build/<preset>/bench/) give the detailed figures; docs/performance.md keeps the recorded results.\n");
  c.flag("--quick", "shorten the playout runs (0.3 s instead of 2 s)", quick);
  return c;
}

}  // namespace

std::vector<CommandLine> benchLines() {
  static bool quick = false;
  return {declare(quick)};
}

int runBench(Args args) {
  bool quick = false;
  if (auto code = declare(quick).parse(args)) return *code;
  const double secs = quick ? 0.3 : 2.0;
  std::printf("concord bench (single core, wall clock)\n");
  playouts("warp", {}, 4, secs);
  signatures();
  pipeline();
  replays();
  return 0;
}

}  // namespace concord::cli
