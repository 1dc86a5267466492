// `concord replay info|verify|dump|step|record FILE`: analysts' view of replay files (docs/replay-format.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "core/game/registry.h"
#include "replay/hidden_view.h"
#include "replay/officer_match.h"
#include "replay/reader.h"
#include "table/record_bots.h"
#include "replay/salvage.h"
#include "replay/verify.h"
#include "tools/concord/command.h"
#include "table/tei_store/replay_match.h"
#include "tools/concord/command_line.h"
#include "tools/concord/replay_view.h"

namespace concord::cli {

int replayAdvise(Args args);  // cmd_advise.cpp
CommandLine adviseLine();
int replaySalvage(Args args);  // cmd_replay_salvage.cpp
CommandLine salvageLine();
int replayExport(Args args);  // cmd_replay_export.cpp
int replayStep(const std::string& path, std::optional<uint32_t> turn, Seat viewer);  // cmd_replay_step.cpp
int replayDump(const std::string& path, uint32_t from, uint32_t to);                 // cmd_replay_dump.cpp
CommandLine exportLine();

namespace {

// Issue 30: each seat's own non-forced decisions that equal the Commander's from its Observation (docs/tei.md).
int printOfficerMatch(const replay::ReplayReader& r, replay::MarkedTurns marked) {
  auto m = replay::officerMatchRates(r, marked);
  if (!m) return failure(m.message());
  if (!m->unavailable.empty()) return std::printf("officer match: not measured: %s\n", m->unavailable.c_str()), 0;
  const auto& s = r.header().session;
  const char* which = marked == replay::MarkedTurns::Count ? "non-forced decisions (officer turns too)" : "own non-forced decisions";
  for (size_t i = 0; i < m->seats.size(); ++i) {
    const auto& x = m->seats[i];
    std::printf("officer match: %-29s %u of %u %s equal the %s's choice (%u‰)\n", seatLabel(s, static_cast<Seat>(i)).c_str(),
                x.matched, x.decisions, which, replay::kMatchOfficer, x.perMille());
  }
  return 0;
}

int info(const std::string& path, replay::MarkedTurns marked) {
  auto r = openPastHoles(path);  // issue 30: a `lost:` line per hole, the rest as the file holds it
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
    std::printf("%-29s %s%s\n", seatLabel(s, static_cast<Seat>(i)).c_str(), s.seats[i].key.fingerprint().c_str(),
                s.seats[i].ai ? (" AI " + s.seats[i].botKind).c_str() : "");
  uint64_t seatTurns = static_cast<uint64_t>(r->turnCount()) * s.seats.size();
  std::printf("turns:       %u (%s)\n", r->turnCount(), r->closedCleanly() ? "closed cleanly" : "no trailer");
  for (const auto& hole : r->holes()) std::printf("lost:        %s\n", hole.describe().c_str());  // issue 30
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
  auto result = resultLines(*r);
  if (!result) return failure(result.message());
  for (const auto& line : *result) std::printf("%s\n", line.c_str());
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
  return printOfficerMatch(*r, marked);
}

// Issue 30: a file with holes: the turns lost, what the rest proves, and how to keep it.
int verifyWithHoles(const std::string& path, const replay::ReplayReader& r) {
  auto rec = replay::recoverable(r);
  if (!rec) return failure(rec.message());
  for (const auto& h : r.holes()) std::printf("FAILED: %s\n", h.describe().c_str());
  if (!rec->report.holesOnly) {
    std::printf("recoverable: 0 turns (what the file holds does not verify: %s)\n", rec->report.failure.c_str());
    return 1;
  }
  std::string parts;
  uint32_t from = 0;
  for (const auto& h : r.holes()) {
    if (h.firstTurn > from) parts += (parts.empty() ? "" : ", ") + std::to_string(from) + "-" + std::to_string(h.firstTurn - 1);
    if (!h.resumed) break;
    from = h.firstTurn + h.turnCount;
  }
  if (r.holes().back().resumed && r.turnCount() > from)
    parts += (parts.empty() ? "" : ", ") + std::to_string(from) + "-" + std::to_string(r.turnCount() - 1);
  std::printf("recoverable: %u turns verify (turns %s; after a hole, from the snapshot that picks the game up: its "
              "state is the Seal the seats signed next)%s\n",
              rec->turns, parts.c_str(),
              rec->turns ? ("; `concord replay salvage " + path + " OUT` writes them as a new file").c_str() : "");
  std::printf("not ratable: what the lost turns held (officer and advisor marks) is unknown (docs/rules-decisions.md)\n");
  return 1;
}

int verify(const std::string& path) {
  auto r = replay::ReplayReader::open(path, replay::OnDamage::KeepIntact);
  if (!r) return failure(r.message());
  for (const auto& n : r->notices()) std::fprintf(stderr, "notice: %s\n", n.c_str());
  if (!r->holes().empty()) return verifyWithHoles(path, *r);
  if (r->turnCount() == 0) {
    std::printf("FAILED: the file holds a header and no turns: there is no game to verify\n");
    return 1;
  }
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
    // Issue 26: every hidden-hand rule broken, by seat and turn (the file is authentic: the cheat is on the record).
    for (const auto& f : rep->findings)
      std::printf("  hidden-hand rule broken: seat %u (turn %u): %s\n", static_cast<unsigned>(f.seat), f.turn, f.what.c_str());
    return 1;
  }
  std::printf("OK: %u turns re-simulated; %llu Seal hashes, %llu chain-head signatures, %u snapshots, %llu comms "
              "signatures checked\n",
              rep->turns, static_cast<unsigned long long>(rep->sealsChecked),
              static_cast<unsigned long long>(rep->signaturesChecked), rep->snapshotsChecked,
              static_cast<unsigned long long>(rep->commsChecked));
  if (rep->officerTurnsChecked > 0)
    std::printf("officer turns re-derived: %llu (every OfficerPlayed mark is the officer's own orders)\n",
                static_cast<unsigned long long>(rep->officerTurnsChecked));
  if (rep->aiDecisionsChecked > 0)  // issue 30
    std::printf("AI seat decisions re-derived: %llu (every AI seat played as the officer its header names)\n",
                static_cast<unsigned long long>(rep->aiDecisionsChecked));
  if (rep->hiddenAudited)
    std::printf("hidden hands: every deal read with the revealed keys; every order and poll answer re-checked with "
                "all hands known: no rule broken\n");
  for (const auto& n : rep->notices)
    if (n.rfind("hidden hands", 0) == 0) std::printf("note: %s\n", n.c_str());  // the reader's were said above
  std::printf("final Seal %s; %.3f s, %.0f turns/s\n", rep->finalSeal.hex().c_str(), secs,
              secs > 0 ? rep->turns / secs : 0.0);
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
  c.positional("FILE", "", o.path, true, "which file? give FILE").path(PathUse::Write)
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
  auto session = table::makeBotSession("shed", cfg, static_cast<Seat>(seats), label);
  if (!session) return failure(session.message());
  table::RecordOptions opt;
  opt.writer = {static_cast<uint32_t>(block), static_cast<uint32_t>(snapshot)};
  opt.maxTurns = static_cast<uint32_t>(turns);
  opt.close = close;
  auto sum = table::recordBotGame(path, *session, table::botSessionKeys(label, static_cast<Seat>(seats)), opt);
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
  replay::MarkedTurns marked = replay::MarkedTurns::Skip;  // info: the officer match rate's turns (issue 30)
};

CommandLine declareInfo(ViewOptions& o) {
  CommandLine c("replay info", "Module, version, seats with key fingerprints, turns, size, snapshots, comms, and the result\n"
                "(placings, scores, how it ended; or unfinished).\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .path(PathUse::Read)
      .flag("--count-officer-turns", "the officer match rate counts officer-marked turns too: what a seat would show\n"
            "with its marks stripped (issue 30 calibration)", [&o] { o.marked = replay::MarkedTurns::Count; });
  return c;
}

CommandLine declareVerify(ViewOptions& o) {
  CommandLine c("replay verify", "Re-simulates FILE; checks every Seal hash, chain-head signature and snapshot. A corrupt frame, or a\n"
                "file with no turns, fails (exit 1); verify then says how many turns before the damage are recoverable.\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE").path(PathUse::Read);
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
                "Turn by turn: each seat's orders, the rules' rejections, the game events and the Seal, checked against\n"
                "the recorded one (exit 1 at the first mismatch); comms messages (hails, text) print between the\n"
                "turns at which they were accepted. A rated game that is not over: its events and Seals only (issue 26).\n"
                "Past turns a damaged or salvaged file lost, a `gap:` line names them and dump goes on from the snapshot\n"
                "that picks the game up (issue 30).\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .path(PathUse::Read)
      .option("--from", "T", "first turn to dump (default 0)", turnInto("--from", o.from))
      .option("--to", "T", "last turn to dump (default: the last)", turnInto("--to", o.to));
  return c;
}

CommandLine declareStep(ViewOptions& o) {
  CommandLine c("replay step",
                "Prints the last move and the Observation after T turns; without --turn, interactive: n/next, p/prev,\n"
                "g T, next KIND (round, alert, goout, catch, tally, winner: to just after the next such event),\n"
                "o SEAT, o all, q. A rated game that is not over shows only the public table, to every viewer\n"
                "(issue 26; docs/rules-decisions.md). n and p step over the turns a hole lost (issue 30).\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .path(PathUse::Read)
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
  return info(o.path, o.marked);
}

int runVerify(Args args) {
  ViewOptions o;
  if (auto code = declareVerify(o).parse(args)) return *code;
  return verify(o.path);
}

int runDump(Args args) {
  ViewOptions o;
  if (auto code = declareDump(o).parse(args)) return *code;
  return replayDump(o.path, o.from.value_or(0), o.to.value_or(UINT32_MAX));
}

int runStep(Args args) {
  ViewOptions o;
  if (auto code = declareStep(o).parse(args)) return *code;
  return replayStep(o.path, o.turn, o.viewer);
}

const std::vector<Subcommand>& replaySubcommands() {
  static const std::vector<Subcommand> subs = {
      {"info", "module, version, seats with key fingerprints, turns, size, snapshots, comms, result", runInfo, viewLine<declareInfo>},
      {"verify", "re-simulate; check every Seal hash, chain-head signature and snapshot", runVerify, viewLine<declareVerify>},
      {"dump", "turn by turn: orders, rejections, game events, the checked Seal and comms", runDump, viewLine<declareDump>},
      {"step", "the last move and the Observation after T turns; step or jump to the next event", runStep, viewLine<declareStep>},
      {"record", "play shed bots directly through TurnEngine and write a replay", record, recordLine},
      {"advise", "Warp: the tactical advisor's move and reasons for a seat at a turn", replayAdvise, adviseLine},
      {"salvage", "write the intact turns of a damaged or cut replay as a new file that verifies", replaySalvage, salvageLine},
      {"export", "one JSONL/CSV record per turn and seat: orders, rejections, events, Seal (--legal)", replayExport, exportLine},
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
