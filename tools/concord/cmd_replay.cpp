// `concord replay info|verify|dump|step|record FILE`: analysts' view of replay files (docs/replay-format.md).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "core/game/registry.h"
#include "net/comms.h"
#include "replay/reader.h"
#include "replay/record.h"
#include "replay/verify.h"
#include "tools/concord/command.h"

namespace concord::cli {

int replayAdvise(Args args);  // cmd_advise.cpp

namespace {

constexpr const char* kHelp =
    "usage: concord replay <info|verify|dump|step|record> FILE [options]\n"
    "  info FILE                      module, version, seats with key fingerprints, turns, size, snapshots, comms\n"
    "  verify FILE                    re-simulate; check every Seal hash, chain-head signature and snapshot\n"
    "  dump FILE [--from T] [--to T]  turn by turn: each seat's orders and the Seal tag; comms messages\n"
    "                                 (hails, text) print between the turns at which they were accepted\n"
    "  step FILE [--turn T] [--seat S | --omniscient]\n"
    "                                 print the Observation after T turns; without --turn, interactive:\n"
    "                                 n/next, p/prev, g T, o SEAT, o all, q\n"
    "  record FILE [--seats N] [--turns N] [--label L] [--block N] [--snapshot N] [--no-close] [key=value...]\n"
    "                                 play shed bots directly through TurnEngine and write a replay\n"
    "  advise FILE --turn T --seat S  Warp: the tactical advisor's move and reasons for seat S after T turns\n"
    "Run `concord replay <sub> --help` for one subcommand.\n";

std::optional<uint64_t> number(const std::string& s) {
  uint64_t v = 0;
  if (!wholeNumber(s, v)) return std::nullopt;
  return v;
}

Result<replay::ReplayReader> openOrSay(const std::string& path) {
  auto r = replay::ReplayReader::open(path);
  if (r.ok())
    for (const auto& n : r->notices()) std::fprintf(stderr, "notice: %s\n", n.c_str());
  return r;
}

int info(const std::string& path) {
  auto r = openOrSay(path);
  if (!r) return failure(r.message());
  const auto& h = r->header();
  const auto& s = h.session;
  auto mod = findModule(s.moduleId, s.rulesVersion);
  std::printf("file:        %s (%llu bytes, format %u, written by %s)\n", path.c_str(),
              static_cast<unsigned long long>(r->fileSize()), h.formatVersion, h.engineVersion.c_str());
  std::printf("module:      %s rulesVersion %u\n", s.moduleId.c_str(), s.rulesVersion);
  if (mod) std::printf("config:      %s\n", (*mod)->describeConfig(s.config).c_str());
  std::printf("game id:     %s%s\n", s.gameId().hex().c_str(), s.rated ? " (rated)" : "");
  for (size_t i = 0; i < s.seats.size(); ++i)
    std::printf("seat %-2zu      %-16s %s%s\n", i, s.seats[i].name.c_str(), s.seats[i].key.fingerprint().c_str(),
                s.seats[i].ai ? (" AI " + s.seats[i].botKind).c_str() : "");
  uint64_t seatTurns = static_cast<uint64_t>(r->turnCount()) * s.seats.size();
  std::printf("turns:       %u (%s)\n", r->turnCount(), r->closedCleanly() ? "closed cleanly" : "no trailer");
  if (seatTurns)
    std::printf("size:        %.2f bytes per seat-turn (whole file), %.2f excluding header\n",
                static_cast<double>(r->fileSize()) / static_cast<double>(seatTurns),
                static_cast<double>(r->fileSize() - r->frames().front().offset) / static_cast<double>(seatTurns));
  std::printf("frames:      %zu (blocks of %u turns), %u snapshots (every %u turns)\n", r->frames().size(),
              h.blockTurns, r->snapshotCount(), h.snapshotEvery);
  auto comms = r->comms();
  if (!comms) return failure(comms.message());
  std::printf("comms:       %zu messages (kept by this peer, signed by their senders; `dump` shows them)\n",
              comms->size());
  return 0;
}

int verify(const std::string& path) {
  auto r = openOrSay(path);
  if (!r) return failure(r.message());
  auto start = std::chrono::steady_clock::now();
  auto last = start;
  auto rep = replay::verifyReplay(*r, [&](uint32_t done, uint32_t total) {
    auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(250)) return;
    last = now;
    std::fprintf(stderr, "\rverifying: turn %u of %u", done, total);
  });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "\r");
  if (!rep) return failure(rep.message());
  if (!rep->ok) {
    std::printf("FAILED after %u good turns: %s\n", rep->turns, rep->failure.c_str());
    return 1;
  }
  std::printf("OK: %u turns re-simulated; %llu Seal hashes, %llu chain-head signatures, %u snapshots, %llu comms "
              "signatures checked\n",
              rep->turns, static_cast<unsigned long long>(rep->sealsChecked),
              static_cast<unsigned long long>(rep->signaturesChecked), rep->snapshotsChecked,
              static_cast<unsigned long long>(rep->commsChecked));
  std::printf("final Seal %s; %.3f s, %.0f turns/s\n", rep->finalSeal.hex().c_str(), secs,
              secs > 0 ? rep->turns / secs : 0.0);
  return 0;
}

int dump(const std::string& path, uint32_t from, uint32_t to) {
  auto r = openOrSay(path);
  if (!r) return failure(r.message());
  if (r->turnCount() == 0) return std::printf("(no turns)\n"), 0;
  to = std::min(to, r->turnCount() - 1);
  if (from > to) return failure("--from is after the last turn to dump");
  auto engine = r->seek(from);
  if (!engine) return failure(engine.message());
  auto comms = r->comms();
  if (!comms) return failure(comms.message());
  const auto& seats = r->header().session.seats;
  size_t next = 0;
  // Comms accepted before turn `upTo` was applied (a per-peer annotation, not part of the Seal).
  auto printComms = [&](uint32_t upTo) {
    for (; next < comms->size() && (*comms)[next].turn <= upTo; ++next) {
      const auto& c = (*comms)[next];
      if (c.turn < from) continue;
      auto m = net::commsFromSigned(c.signedBytes, c.sig);
      std::printf("comms seat %u %s: %s\n", c.seat, seats[c.seat].name.c_str(),
                  m ? net::describeComms(*m).c_str() : ("unreadable message: " + m.message()).c_str());
    }
  };
  auto& e = **engine;
  for (uint32_t t = from; t <= to; ++t) {
    auto rec = r->turn(t);
    if (!rec) return failure(rec.message());
    printComms(t);
    std::printf("turn %u\n", t);
    for (Seat s = 0; s < rec->ordersBySeat.size(); ++s)
      for (const auto& o : rec->ordersBySeat[s]) std::printf("  %s\n", e.game().describe(s, o).c_str());
    auto res = e.step(rec->ordersBySeat);
    for (const auto& rj : res.rejected)
      std::printf("  rejected: seat %u order %u: %s\n", rj.seat, rj.index, rj.reason.c_str());
    std::printf("  seal %s\n", res.seal.shortHex().c_str());
  }
  if (to + 1 == r->turnCount()) printComms(r->turnCount());
  return 0;
}

void show(const replay::ReplayReader& r, uint32_t pos, Seat viewer) {
  auto e = r.seek(pos);
  if (!e) {
    std::printf("error: %s\n", e.message().c_str());
    return;
  }
  std::printf("== after %u of %u turns, %s ==\n", pos, r.turnCount(),
              viewer == kOmniscient ? "omniscient" : ("seat " + std::to_string(viewer)).c_str());
  std::printf("%s\n", (*e)->game().observe(viewer).text.c_str());
}

int step(const std::string& path, std::optional<uint32_t> turn, Seat viewer) {
  auto r = openOrSay(path);
  if (!r) return failure(r.message());
  const auto seats = r->header().session.seats.size();
  if (viewer != kOmniscient && viewer >= seats) return failure("--seat is not at this table");
  if (turn) {
    if (*turn > r->turnCount()) return failure("--turn is past the end of the replay");
    show(*r, *turn, viewer);
    return 0;
  }
  uint32_t pos = 0;
  show(*r, pos, viewer);
  std::string line;
  while (std::printf("[n]ext [p]rev [g T] [o SEAT|all] [q] > "), std::fflush(stdout), std::getline(std::cin, line)) {
    if (line == "q" || line == "quit") break;
    if (line.empty() || line == "n" || line == "next") {
      if (pos < r->turnCount()) ++pos;
    } else if (line == "p" || line == "prev") {
      if (pos > 0) --pos;
    } else if (line.rfind("g ", 0) == 0) {
      auto t = number(line.substr(2));
      if (!t || *t > r->turnCount()) {
        std::printf("turn must be 0..%u\n", r->turnCount());
        continue;
      }
      pos = static_cast<uint32_t>(*t);
    } else if (line == "o all") {
      viewer = kOmniscient;
    } else if (line.rfind("o ", 0) == 0) {
      auto s = number(line.substr(2));
      if (!s || *s >= seats) {
        std::printf("seat must be 0..%zu or all\n", seats - 1);
        continue;
      }
      viewer = static_cast<Seat>(*s);
    } else {
      std::printf("unknown command '%s'\n", line.c_str());
      continue;
    }
    show(*r, pos, viewer);
  }
  return 0;
}

int record(const std::string& path, Args rest) {
  uint64_t seats = 4, turns = 10000, block = 64, snapshot = 256;
  std::string label = "replay-record";
  bool close = true;
  ConfigOptions cfg;
  for (size_t i = 0; i < rest.size(); ++i) {
    const auto& a = rest[i];
    auto next = [&]() -> std::optional<uint64_t> { return i + 1 < rest.size() ? number(rest[++i]) : std::nullopt; };
    std::optional<uint64_t> v;
    if (a == "--seats") {
      if (!(v = next())) return usageError("--seats needs a number", "concord replay --help");
      seats = *v;
    } else if (a == "--turns") {
      if (!(v = next())) return usageError("--turns needs a number", "concord replay --help");
      turns = *v;
    } else if (a == "--block") {
      if (!(v = next())) return usageError("--block needs a number", "concord replay --help");
      block = *v;
    } else if (a == "--snapshot") {
      if (!(v = next())) return usageError("--snapshot needs a number", "concord replay --help");
      snapshot = *v;
    } else if (a == "--label" && i + 1 < rest.size()) {
      label = rest[++i];
    } else if (a == "--no-close") {
      close = false;
    } else if (auto eq = a.find('='); eq != std::string::npos) {
      cfg.emplace_back(a.substr(0, eq), a.substr(eq + 1));
    } else {
      return usageError("unknown option '" + a + "'", "concord replay --help");
    }
  }
  if (seats < 1 || seats > kMaxSeats || block < 1 || block > 65536 || turns > UINT32_MAX || snapshot > (1u << 30))
    return usageError("--seats, --block, --turns or --snapshot out of range", "concord replay --help");
  bool hasMax = false;
  for (const auto& [k, v2] : cfg) hasMax = hasMax || k == "maxTurns";
  if (!hasMax) cfg.emplace_back("maxTurns", std::to_string(turns));
  auto session = replay::makeBotSession("shed", cfg, static_cast<Seat>(seats), label);
  if (!session) return failure(session.message());
  replay::RecordOptions opt;
  opt.writer = {static_cast<uint32_t>(block), static_cast<uint32_t>(snapshot)};
  opt.maxTurns = static_cast<uint32_t>(turns);
  opt.close = close;
  auto sum = replay::recordBotGame(path, *session, replay::botSessionKeys(label, static_cast<Seat>(seats)), opt);
  if (!sum) return failure(sum.message());
  std::printf("wrote %s: %u turns, %llu bytes, %.2f bytes per seat-turn, final Seal %s\n", path.c_str(), sum->turns,
              static_cast<unsigned long long>(sum->bytes),
              sum->turns ? static_cast<double>(sum->bytes) / (static_cast<double>(sum->turns) * static_cast<double>(seats)) : 0.0,
              sum->finalSeal.shortHex().c_str());
  return 0;
}

}  // namespace

int runReplay(Args args) {
  if (args.empty() || ((args[0] == "-h" || args[0] == "--help"))) {
    std::printf("%s", kHelp);
    return args.empty() ? 2 : 0;
  }
  const std::string& sub = args[0];
  if (sub == "advise" && !wantsHelp(args)) return replayAdvise(args.subspan(1));
  if (wantsHelp(args) || args.size() < 2) {
    if (sub != "info" && sub != "verify" && sub != "dump" && sub != "step" && sub != "record" && sub != "advise")
      return usageError("unknown replay subcommand '" + sub + "'", "concord replay --help");
    std::printf("%s", kHelp);
    return wantsHelp(args) ? 0 : 2;
  }
  const std::string& path = args[1];
  Args rest = args.subspan(2);
  if (sub == "info" || sub == "verify") {
    if (!rest.empty()) return usageError("unexpected argument '" + rest[0] + "'", "concord replay --help");
    return sub == "info" ? info(path) : verify(path);
  }
  if (sub == "record") return record(path, rest);
  std::optional<uint32_t> from, to, turn;
  Seat viewer = kOmniscient;
  bool seatGiven = false;
  for (size_t i = 0; i < rest.size(); ++i) {
    const auto& a = rest[i];
    if (a == "--omniscient") {
      viewer = kOmniscient;
      continue;
    }
    if (i + 1 >= rest.size()) return usageError("option '" + a + "' needs a value", "concord replay --help");
    auto v = number(rest[++i]);
    if (!v || *v > UINT32_MAX) return usageError("option '" + a + "' needs a number", "concord replay --help");
    if (a == "--from" && sub == "dump") from = static_cast<uint32_t>(*v);
    else if (a == "--to" && sub == "dump") to = static_cast<uint32_t>(*v);
    else if (a == "--turn" && sub == "step") turn = static_cast<uint32_t>(*v);
    else if (a == "--seat" && sub == "step" && *v < kMaxSeats) viewer = static_cast<Seat>(*v), seatGiven = true;
    else return usageError("unknown option '" + a + "' for replay " + sub, "concord replay --help");
  }
  (void)seatGiven;
  if (sub == "dump") return dump(path, from.value_or(0), to.value_or(UINT32_MAX));
  if (sub == "step") return step(path, turn, viewer);
  return usageError("unknown replay subcommand '" + sub + "'", "concord replay --help");
}

}  // namespace concord::cli
