// `concord calibrate`: officer-vs-officer Warp campaigns (RULES §VII) without the network, for the
// calibration in docs/ai-calibration.md. Sharded deterministically; `calibrate merge` adds shard files.
// Tools may use double (the interval); every game itself is the integer core (core/warp/ai/campaign.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/warp/ai/campaign.h"
#include "core/warp/ai/officer.h"
#include "core/warp/module.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {
namespace {

struct Cell {
  uint64_t games = 0, winsA = 0, winsB = 0, shared = 0, turns = 0, rounds = 0, blocked = 0;
};
using Cells = std::map<std::string, Cell>;  // "table A B" -> totals (ordered: the same table everywhere)

// Tuning: "lookahead:CANDIDATES:WORLDS:PLIES:SIGMAS" is the Commander with that Lookahead budget.
std::unique_ptr<Bot> lookaheadSpec(const std::string& k) {
  if (k.rfind("lookahead:", 0) != 0) return nullptr;
  std::stringstream ss(k.substr(10));
  std::vector<int> f;
  for (std::string x; std::getline(ss, x, ':');) {
    if (x.empty() || x.size() > 5 || x.find_first_not_of("0123456789") != std::string::npos) return nullptr;
    f.push_back(std::stoi(x));
  }
  if (f.size() != 4 || f[0] < 1 || f[1] < 1) return nullptr;
  warp::ai::Budget b{static_cast<uint16_t>(f[0]), static_cast<uint16_t>(f[1]), static_cast<uint16_t>(f[2]),
                     static_cast<uint16_t>(f[3])};
  return warp::ai::makeOfficer(*warp::ai::profileNamed("commander+lookahead"), b);
}

struct Table {
  std::string label;
  warp::Config cfg;
};

Result<Table> parseTable(const std::string& spec) {
  Table t;
  auto colon = spec.find(':');
  t.label = spec.substr(0, colon);
  if (t.label.empty()) return Err("--table needs a label");
  std::vector<std::pair<std::string, std::string>> opts{{"preset", "official"}};
  if (colon != std::string::npos) {
    std::stringstream ss(spec.substr(colon + 1));
    for (std::string kv; std::getline(ss, kv, ',');) {
      auto eq = kv.find('=');
      if (eq == std::string::npos) return Err("--table ", t.label, ": '", kv, "' is not key=value");
      opts.push_back({kv.substr(0, eq), kv.substr(eq + 1)});
    }
  }
  auto c = warp::parseOptions(opts);
  if (!c) return Err("--table ", t.label, ": ", c.message());
  if (c->squadrons > 2)
    return Err("--table ", t.label, ": calibrate plays 2v2 squads only (squadrons=2, RULES §VI Module Zeta)");
  t.cfg = *c;
  return t;
}

// Wilson score interval for k successes in n trials (95%: z = 1.96), in percent.
void wilson(double k, double n, double& lo, double& hi) {
  const double z = 1.96, p = k / n, z2 = z * z;
  double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  lo = 100 * (centre - half);
  hi = 100 * (centre + half);
}

void printTable(const Cells& cells) {
  std::printf("%-12s %-22s %7s %8s %17s %8s %8s\n", "table", "pairing (A vs B)", "games", "A win%", "95% interval",
              "rounds", "blocked%");
  for (const auto& [key, c] : cells) {
    std::stringstream ss(key);
    std::string table, a, b;
    ss >> table >> a >> b;
    if (c.games == 0) continue;
    double k = static_cast<double>(c.winsA) + 0.5 * static_cast<double>(c.shared), n = static_cast<double>(c.games);
    double lo = 0, hi = 0;
    wilson(k, n, lo, hi);
    std::printf("%-12s %-22s %7llu %7.1f%% %7.1f%% - %5.1f%% %8.2f %7.1f%%\n", table.c_str(), (a + " vs " + b).c_str(),
                static_cast<unsigned long long>(c.games), 100 * k / n, lo, hi,
                static_cast<double>(c.rounds) / n, c.rounds ? 100.0 * static_cast<double>(c.blocked) / static_cast<double>(c.rounds) : 0.0);
  }
}

std::string cellLine(const std::string& key, const Cell& c) {
  return "cell " + key + " " + std::to_string(c.games) + " " + std::to_string(c.winsA) + " " + std::to_string(c.winsB) +
         " " + std::to_string(c.shared) + " " + std::to_string(c.turns) + " " + std::to_string(c.rounds) + " " +
         std::to_string(c.blocked);
}

struct Options {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::vector<Table> tables;
  uint64_t games = 100, seed = 1, shardI = 0, shardN = 1;
  std::string out;
  std::vector<std::string> files;  // calibrate merge
};

bool isKind(const std::string& k) {
  const auto known = warp::moduleEntry().botKinds;
  return std::find(known.begin(), known.end(), k) != known.end() || warp::ai::parseCustomProfile(k).has_value() ||
         lookaheadSpec(k) != nullptr;
}

CommandLine declareRun(Options& o) {
  CommandLine c("calibrate",
                "Plays two-captain Warp campaigns between officers (random, greedy, ensign, lieutenant, commander,\n"
                "commander+lookahead) -- or, on a table with squadrons=2 (Module Zeta), 2v2 campaigns: a squad of two\n"
                "A against a squad of two B -- and prints, per table and pairing, A's win rate with a 95% Wilson interval\n"
                "(a shared victory counts half), the mean campaign length and the share of blocked rounds.\n"
                "`concord calibrate merge FILE...` adds shard files (--out) into the table one machine prints.\n");
  c.option("--pair", "A/B",
           "a pairing (repeatable; default commander/ensign); A and B swap seats every game;\n"
           "while tuning, an officer may be custom:DEPTH:BLUNDER:SLACK[:lookahead] or\n"
           "lookahead:CANDIDATES:WORLDS:PLIES:SIGMAS (the Commander with that Lookahead budget)",
           [&o](const std::string& v) -> std::string {
             auto cut = v.find('/');
             std::string x = v.substr(0, cut), y = cut == std::string::npos ? "" : v.substr(cut + 1);
             if (!isKind(x) || !isKind(y))
               return "--pair " + v + ": officers are random, greedy, ensign, lieutenant, commander, commander+lookahead";
             o.pairs.push_back({x, y});
             return "";
           })
      .option("--table", "L:opts", "a table: preset official plus key=value options, e.g. lambda:lambda=on;\n"
              "squadrons=2 plays 2v2 squads, e.g. zeta:squadrons=2 (repeatable; default official)",
              [&o](const std::string& v) -> std::string {
                auto t = parseTable(v);
                if (!t) return t.message();
                o.tables.push_back(*t);
                return "";
              })
      .number("--games", "N", "games per cell, seeds S..S+N-1 (default 100)", o.games, 1, 100'000'000)
      .number("--seed", "S", "first seed (default 1)", o.seed, 0, 999'999'999)
      .option("--shard", "I/N",
              "play only the games whose index is I mod N; `calibrate merge` adds the shards'\n"
              "--out files and prints the same table one machine would",
              [&o](const std::string& v) { return parseShard(v, o.shardI, o.shardN); })
      .text("--out", "FILE", "also write the raw cell totals (the merge input)", o.out)
      .path(PathUse::Write);
  return c;
}

CommandLine declareMerge(Options& o) {
  CommandLine c("calibrate merge", "Adds the cell totals of shard files (written by a calibrate run's out option) and prints the table.\n");
  c.positionals("FILE", "shard files of one sweep", o.files, "calibrate merge needs shard files").path(PathUse::Read);
  return c;
}

int merge(Args args) {
  Options o;
  if (auto code = declareMerge(o).parse(args)) return *code;
  const auto& files = o.files;
  Cells cells;
  for (const auto& f : files) {
    std::ifstream in(f);
    if (!in) return failure("cannot read " + f);
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
      ++lineNo;
      if (line.empty() || line[0] == '#') continue;
      std::stringstream ss(line);
      std::string tag, table, a, b;
      Cell c;
      ss >> tag >> table >> a >> b >> c.games >> c.winsA >> c.winsB >> c.shared >> c.turns >> c.rounds >> c.blocked;
      if (tag != "cell" || ss.fail()) return failure(f + ":" + std::to_string(lineNo) + ": not a calibrate cell line");
      auto& t = cells[table + " " + a + " " + b];
      t.games += c.games, t.winsA += c.winsA, t.winsB += c.winsB, t.shared += c.shared;
      t.turns += c.turns, t.rounds += c.rounds, t.blocked += c.blocked;
    }
  }
  printTable(cells);
  return 0;
}

}  // namespace

std::vector<CommandLine> calibrateLines() {
  static Options o;
  return {declareRun(o), declareMerge(o)};
}

int runCalibrate(Args args) {
  if (!args.empty() && args[0] == "merge") return merge(args.subspan(1));
  Options o;
  if (auto code = declareRun(o).parse(args)) return *code;
  auto& pairs = o.pairs;
  auto& tables = o.tables;
  const uint64_t games = o.games, seed = o.seed, shardI = o.shardI, shardN = o.shardN;
  const std::string& out = o.out;
  if (pairs.empty()) pairs.push_back({"commander", "ensign"});
  if (tables.empty()) tables.push_back(*parseTable("official"));
  Cells cells;
  for (const auto& t : tables)
    for (const auto& [x, y] : pairs) {
      auto& c = cells[t.label + " " + x + " " + y];
      for (uint64_t g = shardI; g < games; g += shardN) {
        // A and B swap seats every game, so neither keeps the round-1 start. A Zeta table (squadrons=2) seats
        // four: seat s is in squadron s % 2 (RULES §VI), so A A / B B alternate round the table.
        bool swap = g % 2 == 1;
        std::vector<std::string> kinds = swap ? std::vector<std::string>{y, x} : std::vector<std::string>{x, y};
        if (t.cfg.squadrons == 2) kinds = {kinds[0], kinds[1], kinds[0], kinds[1]};
        det::Seed sd;
        uint64_t s = seed + g;
        for (int i = 0; i < 8; ++i) sd.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(s >> (8 * i));
        std::vector<std::unique_ptr<Bot>> bots;
        for (const auto& k : kinds) {
          auto custom = warp::ai::parseCustomProfile(k);
          auto tuned = lookaheadSpec(k);
          bots.push_back(tuned ? std::move(tuned) : custom ? warp::ai::makeOfficer(*custom) : warp::makeBot(k));
        }
        auto r = warp::ai::playCampaign(t.cfg, bots, sd);
        if (!r) return failure(t.label + " " + x + ":" + y + " seed " + std::to_string(s) + ": " + r.message());
        Seat seatA = swap ? 1 : 0;
        bool aWon = false, bWon = false;  // with squads: A's squadron (a shared squadron win counts once)
        const Seat lap = t.cfg.squadrons == 2 ? 2 : 0xFFFF;
        for (Seat w : r->winners) (w % lap == seatA ? aWon : bWon) = true;
        ++c.games;
        if (aWon && bWon) ++c.shared;
        else if (aWon) ++c.winsA;
        else if (bWon) ++c.winsB;
        c.turns += r->turns, c.rounds += r->rounds, c.blocked += r->blockedRounds;
      }
    }
  if (!out.empty()) {
    std::ofstream f(out);
    f << "# concord calibrate shard " << shardI << "/" << shardN << " games " << games << " seed " << seed << "\n";
    for (const auto& [k, c] : cells) f << cellLine(k, c) << "\n";
    if (!f.good()) return failure("cannot write " + out);
  }
  printTable(cells);
  return 0;
}

}  // namespace concord::cli
