// `concord selfplay`: N bot seats through the full lockstep pipeline over a simulated network.
// Every game writes its replay (as every session does) and is verified from the file afterwards;
// a desync writes the report and both state dumps next to the replay.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "lockstep/selfplay.h"
#include "replay/session_recorder.h"
#include "replay/verify.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {
namespace {

namespace fs = std::filesystem;

fs::path defaultReplayDir() {
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return fs::path(x) / "concord" / "replays";
  if (const char* h = std::getenv("HOME"); h && *h) return fs::path(h) / ".local" / "share" / "concord" / "replays";
  return fs::path("concord-replays");
}

bool writeFile(const fs::path& p, const void* data, size_t n) {
  std::ofstream f(p, std::ios::binary);
  f.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
  return f.good();
}

// Writes the report and both dumps next to the replay; returns the report's path.
std::string writeDesyncFiles(const fs::path& replay, Seat peer, const lockstep::DesyncReport& d) {
  std::string stem = replay.string() + ".desync-t" + std::to_string(d.turn) + "-peer" + std::to_string(peer);
  std::string report = d.summary() + "\nfirst differing field: " + d.fieldPath + "\n  majority: " +
                       d.majorityValue + "\n  other:    " + d.otherValue + "\n";
  writeFile(stem + ".txt", report.data(), report.size());
  writeFile(stem + ".majority.txt", d.majorityReadable.data(), d.majorityReadable.size());
  writeFile(stem + ".other.txt", d.otherReadable.data(), d.otherReadable.size());
  writeFile(stem + ".majority.bin", d.majorityBinary.data(), d.majorityBinary.size());
  writeFile(stem + ".other.bin", d.otherBinary.data(), d.otherBinary.size());
  return stem + ".txt";
}

struct Options {
  lockstep::SelfPlayParams p;
  uint64_t games = 1;
  uint64_t shardIndex = 0, shardCount = 1;
  std::string out, outDir;
  bool noReplay = false;
};

std::string pairOf(const std::string& v, char sep, uint64_t& a, uint64_t& b) {
  auto at = v.find(sep);
  if (at == std::string::npos || !wholeNumber(v.substr(0, at), a) || !wholeNumber(v.substr(at + 1), b)) return "x";
  return "";
}

CommandLine declare(Options& o) {
  auto& p = o.p;
  CommandLine c("selfplay",
                "Plays bot seats through signed bundles, Seal checks and a simulated lossy network (virtual time),\n"
                "writes each game's replay and verifies it from the file, and prints one line per game: seed, seats,\n"
                "turns, final Seal, Seal digest, messages, bytes, replay path.\n");
  c.text("--module", "ID", "rule module (default shed)", p.moduleId)
      .number("--seats", "N", "seats at the table (default 4)", p.seats, 1, kMaxSeats)
      .number("--games", "N", "games to play (default 1)", o.games, 1)
      .number("--seed", "S", "first game's seed: games use seeds S, S+1, ... S+N-1 (default 1)", p.seed)
      .option("--shard", "I/N",
              "play only the games whose index is I mod N (split a sweep across machines;\n"
              "the union of all shards' lines is the unsharded output)",
              [&o](const std::string& v) -> std::string {
                if (!pairOf(v, '/', o.shardIndex, o.shardCount).empty() || o.shardCount == 0 || o.shardIndex >= o.shardCount)
                  return "--shard takes I/N with 0 <= I < N, got '" + v + "'";
                return "";
              })
      .number("--loss", "PERMILLE", "simulated packet loss", p.net.lossPermille, 0, 1000)
      .number("--dup", "PERMILLE", "simulated duplication", p.net.dupPermille, 0, 1000)
      .number("--reorder", "PERMILLE", "simulated reordering", p.net.reorderPermille, 0, 1000)
      .number("--delay", "MS", "simulated one-way delay", p.net.delayMs)
      .number("--jitter", "MS", "simulated jitter", p.net.jitterMs)
      .number("--max-ms", "MS", "give up after this much virtual time", p.maxVirtualMs)
      .keyValue("--opt", "a module table option (repeatable)", p.options)
      .text("--bot", "KIND", "bot kind of every seat (default: the module's first)", p.botKind)
      .text("--out", "FILE", "replay path (one game)", o.out)
      .path(PathUse::Write)
      .text("--out-dir", "DIR", "one replay file per game (default $XDG_DATA_HOME/concord/replays\n"
                                "or ~/.local/share/concord/replays)", o.outDir)
      .flag("--no-replay", "write no replay", o.noReplay)
      .option("--inject-desync", "S@T", "desync drill: corrupt seat S's state after turn T; every peer must report it",
              [&p](const std::string& v) -> std::string {
                uint64_t s = 0, t = 0;
                if (!pairOf(v, '@', s, t).empty() || s >= kMaxSeats || t > UINT32_MAX)
                  return "--inject-desync takes SEAT@TURN, got '" + v + "'";
                p.injectDesync = std::make_pair(static_cast<Seat>(s), static_cast<uint32_t>(t));
                return "";
              })
      .footer("Exit code 0 when every game completed, agreed and verified; 1 otherwise; 2 for bad arguments.\n");
  return c;
}

}  // namespace

std::vector<CommandLine> selfplayLines() {
  static Options o;
  return {declare(o)};
}

int runSelfplay(Args args) {
  Options o;
  const CommandLine line = declare(o);
  if (auto code = line.parse(args)) return *code;
  if (!o.out.empty() && o.games > 1) return line.usage("--out names one file; use --out-dir for several games");
  if (!o.out.empty() && !o.outDir.empty()) return line.usage("give --out or --out-dir, not both");
  auto& p = o.p;
  fs::path dir = o.outDir.empty() ? defaultReplayDir() : fs::path(o.outDir);
  if (!o.noReplay && o.out.empty()) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return failure("selfplay: cannot create the replay folder " + dir.string() + ": " + ec.message() +
                           " (choose another with --out-dir, or --no-replay)");
  }
  int bad = 0;
  const uint64_t first = p.seed;
  for (uint64_t g = o.shardIndex; g < o.games; g += o.shardCount) {
    p.seed = first + g;
    std::string path;
    if (!o.noReplay) path = o.out.empty() ? (dir / (p.moduleId + "-selfplay-" + std::to_string(p.seed) + ".ccr")).string() : o.out;
    std::unique_ptr<replay::SessionRecorder> rec;
    std::string recordError;
    if (!path.empty()) {
      auto session = lockstep::selfPlaySession(p);
      if (!session) return failure("selfplay: " + session.message());
      auto r = replay::SessionRecorder::create(path, *session);
      if (!r) return failure("selfplay: cannot write the replay " + path + ": " + r.message());
      rec = std::move(*r);
      p.onTurn = [&](const lockstep::TurnRecord& t) {
        if (!recordError.empty()) return;
        if (auto w = rec->record(t); !w) recordError = w.message();
      };
    }
    auto r = lockstep::runSelfPlay(p);
    if (!r) return failure("selfplay: " + r.message());
    bool ok = r->completed && r->agreed;
    std::string verdict;
    if (rec) {
      if (auto c = rec->close(); !c && recordError.empty()) recordError = c.message();
      if (!recordError.empty()) {
        verdict = "  REPLAY NOT WRITTEN: " + recordError;
        ok = false;
      } else if (r->completed) {
        auto v = replay::verifyReplay(path);
        if (!v || !v->ok || v->finalSeal != r->seals.back()) {
          verdict = "  REPLAY VERIFY FAILED: " + (v ? v->failure : v.message());
          ok = false;
        }
      }
    }
    std::string sealHex = r->seals.empty() ? "-" : r->seals.back().hex();
    std::printf("seed %llu seats %u turns %u seal %s digest %s messages %llu bytes %llu virtual-ms %llu%s%s%s\n",
                static_cast<unsigned long long>(p.seed), static_cast<unsigned>(p.seats), r->stats.turns,
                sealHex.c_str(), r->sealsDigest.hex().c_str(), static_cast<unsigned long long>(r->stats.messages),
                static_cast<unsigned long long>(r->stats.bytes), static_cast<unsigned long long>(r->stats.virtualMs),
                path.empty() ? "" : (" replay " + path).c_str(),
                r->completed && r->agreed ? "" : "  FAILED (incomplete or peers disagree)", verdict.c_str());
    if (r->outcome) std::printf("  outcome: %s\n", r->outcome->summary.c_str());
    for (const auto& pr : r->problems) std::printf("  %s\n", pr.c_str());
    for (const auto& [peer, d] : r->desyncs) {
      fs::path anchor = path.empty() ? fs::path(p.moduleId + "-selfplay-" + std::to_string(p.seed)) : fs::path(path);
      std::printf("  desync report of peer %u written to %s\n", static_cast<unsigned>(peer),
                  writeDesyncFiles(anchor, peer, d).c_str());
    }
    std::fflush(stdout);
    if (!ok) ++bad;
  }
  return bad == 0 ? 0 : 1;
}

}  // namespace concord::cli
