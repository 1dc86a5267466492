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
#include "tools/tei_store/replay_match.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

int replayAdvise(Args args);  // cmd_advise.cpp
CommandLine adviseLine();

namespace {

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
  // Issue 11 point 3: who really played the people's seats (officer turns, advisor), from the signed marks.
  auto help = tei::assistanceOf(*r);
  if (!help) return failure(help.message());
  bool any = false;
  for (size_t i = 0; i < s.seats.size(); ++i)
    if (!s.seats[i].ai && (*help)[i].any()) {
      std::printf("assisted:    seat %zu %s: %s\n", i, s.seats[i].name.c_str(), (*help)[i].text().c_str());
      any = true;
    }
  if (!any) std::printf("assisted:    none (no officer turns or advisor marks on a person's seat)\n");
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

struct RecordOptions {
  std::string path;
  uint64_t seats = 4, turns = 10000, block = 64, snapshot = 256;
  std::string label = "replay-record";
  bool close = true;
  ConfigOptions cfg;
};

CommandLine declareRecord(RecordOptions& o) {
  CommandLine c("replay record", "Plays shed bots directly through TurnEngine and writes a replay to FILE.\n");
  c.positional("FILE", "", o.path, true, "which file? give FILE")
      .number("--seats", "N", "seats (default 4)", o.seats, 1, kMaxSeats)
      .number("--turns", "N", "stop after N turns (default 10000; also the shed maxTurns unless given)", o.turns, 0, UINT32_MAX)
      .text("--label", "L", "label the bot keys derive from (default replay-record)", o.label)
      .number("--block", "N", "turns per frame (default 64)", o.block, 1, 65536)
      .number("--snapshot", "N", "a state snapshot every N turns (default 256)", o.snapshot, 0, 1u << 30)
      .flag("--no-close", "leave the file without its trailer (a crashed session)", [&o] { o.close = false; })
      .configArgs("a shed table option (hand=5, hands=1, maxTurns=...)", o.cfg);
  return c;
}

CommandLine recordLine() {
  static RecordOptions o;
  return declareRecord(o);
}

int record(Args args) {
  RecordOptions o;
  if (auto code = declareRecord(o).parse(args)) return *code;
  const std::string& path = o.path;
  const uint64_t seats = o.seats, turns = o.turns, block = o.block, snapshot = o.snapshot;
  const std::string& label = o.label;
  const bool close = o.close;
  ConfigOptions& cfg = o.cfg;
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

struct ViewOptions {
  std::string path;
  std::optional<uint32_t> from, to, turn;
  Seat viewer = kOmniscient;
};

CommandLine declareInfo(ViewOptions& o) {
  CommandLine c("replay info", "Module, version, seats with key fingerprints, turns, size, snapshots, comms.\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE");
  return c;
}

CommandLine declareVerify(ViewOptions& o) {
  CommandLine c("replay verify", "Re-simulates FILE; checks every Seal hash, chain-head signature and snapshot.\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE");
  return c;
}

std::function<std::string(const std::string&)> turnInto(const char* name, std::optional<uint32_t>& out) {
  return [name, &out](const std::string& v) {
    uint64_t n = 0;
    auto e = wholeIn(name, v, 0, UINT32_MAX, n);
    if (e.empty()) out = static_cast<uint32_t>(n);
    return e;
  };
}

CommandLine declareDump(ViewOptions& o) {
  CommandLine c("replay dump",
                "Turn by turn: each seat's orders and the Seal tag; comms messages (hails, text) print between\n"
                "the turns at which they were accepted.\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .option("--from", "T", "first turn to dump (default 0)", turnInto("--from", o.from))
      .option("--to", "T", "last turn to dump (default: the last)", turnInto("--to", o.to));
  return c;
}

CommandLine declareStep(ViewOptions& o) {
  CommandLine c("replay step",
                "Prints the Observation after T turns; without --turn, interactive: n/next, p/prev, g T, o SEAT, o all, q.\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .option("--turn", "T", "the position after T turns", turnInto("--turn", o.turn))
      .number("--seat", "S", "what seat S may know (default: everything)", o.viewer, 0, kMaxSeats - 1)
      .flag("--omniscient", "everything, every hand (the default)", [&o] { o.viewer = kOmniscient; });
  return c;
}

template <CommandLine (*Declare)(ViewOptions&)>
CommandLine viewLine() {
  static ViewOptions o;
  return Declare(o);
}

int runInfo(Args args) {
  ViewOptions o;
  if (auto code = declareInfo(o).parse(args)) return *code;
  return info(o.path);
}

int runVerify(Args args) {
  ViewOptions o;
  if (auto code = declareVerify(o).parse(args)) return *code;
  return verify(o.path);
}

int runDump(Args args) {
  ViewOptions o;
  if (auto code = declareDump(o).parse(args)) return *code;
  return dump(o.path, o.from.value_or(0), o.to.value_or(UINT32_MAX));
}

int runStep(Args args) {
  ViewOptions o;
  if (auto code = declareStep(o).parse(args)) return *code;
  return step(o.path, o.turn, o.viewer);
}

const std::vector<Subcommand>& replaySubcommands() {
  static const std::vector<Subcommand> subs = {
      {"info", "module, version, seats with key fingerprints, turns, size, snapshots, comms", runInfo, viewLine<declareInfo>},
      {"verify", "re-simulate; check every Seal hash, chain-head signature and snapshot", runVerify, viewLine<declareVerify>},
      {"dump", "turn by turn: each seat's orders, the Seal tag and comms", runDump, viewLine<declareDump>},
      {"step", "the Observation after T turns, or step through interactively", runStep, viewLine<declareStep>},
      {"record", "play shed bots directly through TurnEngine and write a replay", record, recordLine},
      {"advise", "Warp: the tactical advisor's move and reasons for a seat at a turn", replayAdvise, adviseLine},
  };
  return subs;
}

}  // namespace

std::vector<CommandLine> replayLines() {
  std::vector<CommandLine> out;
  for (const auto& s : replaySubcommands()) out.push_back(s.line());
  return out;
}

int runReplay(Args args) { return runGroup("replay", replaySubcommands(), args); }

}  // namespace concord::cli
