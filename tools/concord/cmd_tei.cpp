// `concord tei`: TEI ratings (TEI spec; RULES §VIII). Subcommands: rate, grade, show, leaderboard,
// academy, apply-record, apply (verified replay → MatchRecord → TeiStore::applyMatch) and ledger (a folder
// of replays, deterministic order; table/tei_store/replay_match.h).
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "core/tei/grade.h"
#include "core/tei/match.h"
#include "core/tei/openskill.h"
#include "tools/concord/command_line.h"
#include "net/identity.h"
#include "table/tei_store/charter.h"
#include "table/tei_store/rate_finished.h"  // and replay_match.h
#include "table/tei_store/store.h"
#include "table/tei_store/tei_json.h"

namespace concord::cli {

int runTeiReprofile(Args args);  // cmd_tei_reprofile.cpp
CommandLine teiReprofileLine();

namespace {
using namespace concord::tei;

struct Options {
  std::map<std::string, std::string> kv;
  std::vector<std::string> positional;
};

Result<double> parseNumber(const std::string& s, const char* what) {
  double v = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  if (ec != std::errc() || p != end || !std::isfinite(v)) return Err(what, " must be a number (got '", s, "')");
  return v;
}

// One declared tei option: how its value is checked (null: any text) and whether it must be given.
struct TeiOption {
  const char* name;
  const char* value;
  const char* help;
  std::string (*check)(const std::string&) = nullptr;
  bool required = false;
};

// One tei subcommand's declared options; `file` is its one positional argument (or empty).
struct TeiSpec {
  const char* name;
  const char* summary;
  std::vector<TeiOption> options;
  const char* file = nullptr;
  const char* fileHelp = nullptr;
};

constexpr const char* kCharterHelp =
    "a crew's own charter file: a game naming its id must carry exactly this charter (else charter_mismatch)";
constexpr const char* kDbHelp = "the TEI store (default $XDG_DATA_HOME/concord/tei.sqlite or ~/.local/share/concord/tei.sqlite)";

template <auto Parse>
std::string checkWith(const std::string& v) {
  auto r = Parse(v);
  return r ? std::string() : r.message();
}
std::string checkMu(const std::string& v) { auto r = parseNumber(v, "--mu"); return r ? std::string() : r.message(); }
std::string checkSigma(const std::string& v) { auto r = parseNumber(v, "--sigma"); return r ? std::string() : r.message(); }
std::string checkSort(const std::string& v) {
  return v == "tei" || v == "rating" || v == "mu" ? std::string() : "unknown --sort '" + v + "' (expected tei, rating or mu)";
}
constexpr auto checkTrack = checkWith<parseTrack>;
constexpr auto checkSkill = checkWith<parseSkillKey>;
constexpr auto checkLetter = checkWith<parseLetter>;

const std::vector<TeiSpec>& teiSpecs() {
  static const std::vector<TeiSpec> specs = {
      {"rate", "OpenSkill (openskill 5.0.1 defaults) on stdin JSON:\n"
               "{\"teams\":[[{\"mu\":25,\"sigma\":8.333333333333334}],...],\"ranks\":[1,2]}", {}},
      {"grade", "TEI grade, score and federation commission",
       {{"--mu", "M", "the rating's mu", checkMu, true}, {"--sigma", "S", "the rating's sigma", checkSigma, true},
        {"--current", "LETTER", "the grade held now (hysteresis at the boundaries)", checkLetter}}},
      {"show", "every bucket of one captain", {{"--db", "PATH", kDbHelp}, {"--player", "ID", "the captain", nullptr, true}}},
      {"leaderboard", "one bucket's board",
       {{"--db", "PATH", kDbHelp},
        {"--track", "T", "points or go-out (default points)", checkTrack},
        {"--bucket", "B", "human, squad, localAi/<skill> or group/<charterId> (default human)"},
        {"--sort", "KEY", "tei, rating or mu (default tei)", checkSort}}},
      {"academy", "save the Academy placement (once per track)",
       {{"--db", "PATH", kDbHelp},
        {"--player", "ID", "the captain", nullptr, true},
        {"--track", "T", "points or go-out", checkTrack, true},
        {"--skill", "S", "ensign, lieutenant or commander", checkSkill, true}}},
      {"apply-record", "apply one finished game's MatchRecord (idempotent by gameId)", {{"--db", "PATH", kDbHelp}},
       "FILE.json", "which record? give one FILE.json"},
      {"apply", "verify a Warp replay, check eligibility (E1-E8), update the buckets once (idempotent by\n"
                "game id) and print before -> after",
       {{"--db", "PATH", kDbHelp}, {"--charter", "FILE", kCharterHelp}}, "REPLAY", "which game? give one REPLAY"},
      {"id", "print your TEI player id (the hex public key a crew lists in its charter's \"members\")",
       {{"--identity", "FILE", "the identity key (default $CONCORD_HOME/identity.key or ~/.config/concord/identity.key)"}}},
      {"ledger", "recompute a crew ladder from a folder of replays (ascending game id; every replay verified\n"
                 "first); without --db the ladder is computed in memory and nothing is stored",
       {{"--db", "PATH", "store the ladder in this TEI store"}, {"--out", "FILE", "write the ladder to FILE"},
        {"--charter", "FILE", kCharterHelp}},
       "DIR", "which folder? give one DIR"},
  };
  return specs;
}

// The tei options that name files: PATH values are stores (and the identity), FILE values read or written (--out).
std::optional<PathUse> pathUseOf(std::string_view value, std::string_view name) {
  if (value == "PATH" || name == "--identity") return PathUse::ReadOrCreate;
  return name == "--out" ? std::optional(PathUse::Write) : value == "FILE" ? std::optional(PathUse::Read) : std::nullopt;
}

CommandLine teiLine(const std::string& sub, Options& o) {
  for (const auto& spec : teiSpecs()) {
    if (spec.name != sub) continue;
    CommandLine c("tei " + sub, std::string(spec.summary) + "\n");
    if (spec.file) {
      o.positional.resize(1);
      c.positional(spec.file, "", o.positional[0], true, spec.fileHelp);
      c.path(std::string_view(spec.file) == "DIR" ? PathUse::Folder : PathUse::Read);
    }
    for (const auto& opt : spec.options) {
      c.option(opt.name, opt.value, opt.help, [&o, n = std::string(opt.name), check = opt.check](const std::string& v) {
        if (check)
          if (auto e = check(v); !e.empty()) return e.find(n) == std::string::npos ? n + ": " + e : e;
        o.kv[n] = v;
        return std::string();
      });
      if (opt.required) c.required();
      if (auto use = pathUseOf(opt.value, opt.name)) c.path(*use);
    }
    return c;
  }
  return CommandLine("tei " + sub, "");
}

Result<std::string> storePath(const Options& o) {
  if (auto it = o.kv.find("--db"); it != o.kv.end()) return it->second;
  return defaultStorePath();
}

Result<TeiStore> openStore(const Options& o) {
  auto path = storePath(o);
  if (!path) return path.error();
  return TeiStore::open(*path);
}

int runRate(Args args) {
  Options opts;
  if (auto code = teiLine("rate", opts).parse(args)) return *code;
  std::ostringstream buffer;  // rdbuf copy: gcc 12 -O2 flags istreambuf_iterator with -Wnull-dereference
  buffer << std::cin.rdbuf();
  std::string text = buffer.str();
  auto req = parseRateRequest(text);
  if (!req) return failure("tei rate: " + req.message());
  auto out = rate(req->teams, req->ranks);
  if (!out) return failure("tei rate: " + out.message());
  std::printf("%s\n", formatRateResponse(*out).c_str());
  return 0;
}

int runGrade(Args args) {
  Options opts;
  if (auto code = teiLine("grade", opts).parse(args)) return *code;
  Options* o = &opts;
  auto mu = parseNumber(o->kv["--mu"], "--mu");
  if (!mu) return usageError("tei grade: " + mu.message(), "concord tei grade --help");
  auto sigma = parseNumber(o->kv["--sigma"], "--sigma");
  if (!sigma) return usageError("tei grade: " + sigma.message(), "concord tei grade --help");
  if (auto v = validateRating(Rating{*mu, *sigma}); !v) return usageError("tei grade: " + v.message(), "concord tei grade --help");
  std::optional<Letter> current;
  if (o->kv.count("--current")) {
    auto l = parseLetter(o->kv["--current"]);
    if (!l) return usageError("tei grade: " + l.message(), "concord tei grade --help");
    current = *l;
  }
  const Grade g = teiGrade(*mu, *sigma, current);
  std::printf("{\"grade\":\"%c\",\"score\":%d,\"formatted\":\"%s\",\"commission\":\"%s\"}\n", letterChar(g.letter),
              g.score, g.formatted().c_str(), std::string(commissionName(commission(g))).c_str());
  return 0;
}

std::string describe(const StoredRating& r) {
  const Grade g = r.grade();
  const Commission c = commission(g);
  std::string s = g.formatted() + "  " + std::string(commissionName(c));
  if (isFlagOfficer(c)) s += " (Flag Officer)";
  char buf[160];
  std::snprintf(buf, sizeof buf, "  matches %lld  mu %.3f  sigma %.3f  rating %.3f", static_cast<long long>(r.matches),
                r.mu, r.sigma, r.displayRating);
  s += buf;
  if (showProvisionalLabel(g.letter, r.matches)) s += "  [provisional]";
  if (isHighUncertainty(r.sigma)) s += "  [high uncertainty]";
  return s;
}

int runShow(Args args) {
  Options o;
  if (auto code = teiLine("show", o).parse(args)) return *code;
  auto store = openStore(o);
  if (!store) return failure("tei show: " + store.message());
  const std::string player = o.kv["--player"];
  auto buckets = store->playerBuckets(player);
  if (!buckets) return failure("tei show: " + buckets.message());
  auto hidden = hiddenRecordText(*store, player);  // issue 26: violations charged, games voided (and why)
  if (!hidden) return failure("tei show: " + hidden.message());
  if (buckets->empty()) {
    // Issue 11 point 6: an Academy placement is where this captain's first rating starts (TEI §6.6).
    std::string starts;
    for (Track t : {Track::Points, Track::GoOut}) {
      auto ac = store->academyPlacement(player, t);
      if (!ac) return failure("tei show: " + ac.message());
      if (!*ac) continue;
      const StoredRating seed = effectiveRating(std::nullopt, aiAnchor(t, **ac));
      starts += std::string(starts.empty() ? "" : "; ") + std::string(trackObjective(t)) + " starts at " +
                seed.grade().formatted() + " (" + std::string(commissionName(commission(seed.grade()))) +
                ", Academy placement " + std::string(skillKeyName(**ac)) + ")";
    }
    if (starts.empty()) std::printf("%s has no rated matches (new ratings start at P0, Cadet).\n", player.c_str());
    else std::printf("%s has no rated matches; %s.\n", player.c_str(), starts.c_str());
    std::printf("%s", hidden->c_str());
    return 0;
  }
  for (const auto& b : *buckets) {
    std::string pct;
    // Percentile on that bucket's public board (TEI §9.2).
    auto slash = b.bucket.rfind('/');
    auto track = parseTrack(b.bucket.substr(slash + 1));
    if (track) {
      auto key = parseBucket(b.bucket.substr(0, slash), *track);
      if (key) {
        auto board = store->leaderboard(*key, BoardSort::TeiPath);
        if (board) {
          auto ranks = boardRanks(*board, BoardSort::TeiPath);
          for (size_t i = 0; i < board->size(); ++i)
            if ((*board)[i].playerId == player) {
              auto p = displayPercentile(ranks[i], static_cast<int64_t>(board->size()));
              if (p) pct = "  " + percentileLabel(*p);
            }
        }
      }
    }
    // Issue 11 point 5: a rating kept under earlier anchors is shown as it was, and said to be history.
    const char* old = b.profile == kTeiProfileId ? "" : " (earlier anchors: history, not updated; see `concord tei reprofile`)";
    std::printf("%-28s %s  wins %lld%s  profile %s%s\n", b.bucket.c_str(), describe(b.rating).c_str(),
                static_cast<long long>(b.wins), pct.c_str(), b.profile.c_str(), old);
  }
  for (Track t : {Track::Points, Track::GoOut}) {
    auto a = store->advisor(player, t);
    if (!a) return failure("tei show: " + a.message());
    if (a->matches > 0)
      std::printf("assisted (%s): %lld matches, %lld wins (not rated)\n", std::string(trackObjective(t)).c_str(),
                  static_cast<long long>(a->matches), static_cast<long long>(a->wins));
  }
  std::printf("%s", hidden->c_str());
  return 0;
}

int runLeaderboard(Args args) {
  Options opts;
  if (auto code = teiLine("leaderboard", opts).parse(args)) return *code;
  Options* o = &opts;
  auto track = parseTrack(o->kv.count("--track") ? o->kv["--track"] : "points");
  if (!track) return usageError("tei leaderboard: " + track.message(), "concord tei leaderboard --help");
  auto bucket = parseBucket(o->kv.count("--bucket") ? o->kv["--bucket"] : "human", *track);
  if (!bucket) return usageError("tei leaderboard: " + bucket.message(), "concord tei leaderboard --help");
  BoardSort sort = BoardSort::TeiPath;
  if (o->kv.count("--sort")) {
    const std::string& s = o->kv["--sort"];
    if (s == "tei") sort = BoardSort::TeiPath;
    else if (s == "rating") sort = BoardSort::DisplayRating;
    else sort = BoardSort::Mu;  // checkSort let only tei, rating and mu through
  }
  auto store = openStore(*o);
  if (!store) return failure("tei leaderboard: " + store.message());
  auto rows = store->leaderboard(*bucket, sort);
  if (!rows) return failure("tei leaderboard: " + rows.message());
  std::printf("TEI leaderboard %s (%s track)\n", bucket->str().c_str(), std::string(trackObjective(*track)).c_str());
  if (rows->empty()) {
    std::printf("(no rated captains yet)\n");
    return 0;
  }
  auto ranks = boardRanks(*rows, sort);
  for (size_t i = 0; i < rows->size(); ++i) {
    auto p = displayPercentile(ranks[i], static_cast<int64_t>(rows->size()));
    std::printf("%4lld  %-20s %s  %s\n", static_cast<long long>(ranks[i]), (*rows)[i].playerId.c_str(),
                describe((*rows)[i].rating).c_str(), p ? percentileLabel(*p).c_str() : "");
  }
  return 0;
}

int runAcademy(Args args) {
  Options opts;
  if (auto code = teiLine("academy", opts).parse(args)) return *code;
  Options* o = &opts;
  auto track = parseTrack(o->kv["--track"]);
  if (!track) return usageError("tei academy: " + track.message(), "concord tei academy --help");
  auto skill = parseSkillKey(o->kv["--skill"]);
  if (!skill) return usageError("tei academy: " + skill.message(), "concord tei academy --help");
  auto store = openStore(*o);
  if (!store) return failure("tei academy: " + store.message());
  if (auto r = store->setAcademyPlacement(o->kv["--player"], *track, *skill); !r) return failure("tei academy: " + r.message());
  const StoredRating seed = effectiveRating(std::nullopt, aiAnchor(*track, *skill));
  std::printf("Academy placement saved: %s starts %s at %s (%s)\n", o->kv["--player"].c_str(),
              std::string(trackObjective(*track)).c_str(), seed.grade().formatted().c_str(),
              std::string(commissionName(commission(seed.grade()))).c_str());
  return 0;
}

int runApplyRecord(Args args) {
  Options opts;
  if (auto code = teiLine("apply-record", opts).parse(args)) return *code;
  Options* o = &opts;
  std::ifstream in(o->positional[0], std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  auto rec = parseMatchRecord(buffer.str());
  if (!rec) return failure("tei apply-record: " + o->positional[0] + ": " + rec.message());
  auto store = openStore(*o);
  if (!store) return failure("tei apply-record: " + store.message());
  auto res = store->applyMatch(*rec);
  if (!res) return failure("tei apply-record: " + res.message());
  const auto& el = res->plan.eligibility;
  if (res->alreadyApplied) {
    std::printf("game %s was already applied; nothing changed\n", rec->gameId.c_str());
    return 0;
  }
  if (!el.eligible()) {
    std::printf("game %s is not TEI-rated: %s\n", rec->gameId.c_str(), el.summary().c_str());
    return 0;
  }
  std::printf("game %s rated (%s)\n", rec->gameId.c_str(), std::string(contextName(el.context)).c_str());
  for (const auto& w : res->plan.writes)
    std::printf("  %-20s %-28s %s  %s\n", w.playerId.c_str(), w.bucket.str().c_str(),
                beforeAfterText(w.before.grade(), w.after.grade()).c_str(),
                boardPercentile(*store, w.playerId, w.bucket).c_str());
  return 0;
}

// `--charter FILE`: the crew's own charter, against which a game naming its id is checked.
Result<ReplayMatchOptions> matchOptions(const Options& o) {
  ReplayMatchOptions mo;
  if (auto it = o.kv.find("--charter"); it != o.kv.end()) {
    auto ch = loadCharter(it->second);
    if (!ch) return ch.error();
    mo.charters.push_back(std::move(*ch));
  }
  return mo;
}

int runId(Args args) {
  Options o;
  if (auto code = teiLine("id", o).parse(args)) return *code;
  const std::string path = o.kv.count("--identity") ? o.kv["--identity"] : net::defaultIdentityPath();
  auto key = net::loadOrCreateIdentity(path);
  if (!key) return failure("tei id: " + key.message());
  lockstep::SeatInfo me;
  me.key = key->publicKey;
  std::printf("%s  [%s]  %s\n", playerIdOf(me).c_str(), key->publicKey.fingerprint().c_str(), path.c_str());
  return 0;
}

int runApply(Args args) {
  Options opts;
  if (auto code = teiLine("apply", opts).parse(args)) return *code;
  Options* o = &opts;
  auto mo = matchOptions(*o);
  if (!mo) return failure("tei apply: " + mo.message());
  // Verify and build the record before touching the store: a bad replay never opens (or creates) the db.
  auto match = matchFromReplay(o->positional[0], *mo);
  if (!match) return failure("tei apply: refused: " + match.message());
  auto path = storePath(*o);
  if (!path) return failure("tei apply: " + path.message());
  auto applied = applyToStoreAt(*path, match->record);  // issue 30: a refused record creates no database
  if (!applied) return failure("tei apply: " + applied.message());
  std::printf("%s", describeApplied(ReplayApplied{std::move(*match), std::move(applied->outcome)}, &applied->store).c_str());
  return 0;
}

int runLedger(Args args) {
  Options opts;
  if (auto code = teiLine("ledger", opts).parse(args)) return *code;
  Options* o = &opts;
  auto store = TeiStore::open(o->kv.count("--db") ? o->kv["--db"] : std::string(":memory:"));
  if (!store) return failure("tei ledger: " + store.message());
  auto mo = matchOptions(*o);
  if (!mo) return failure("tei ledger: " + mo.message());
  auto led = buildLedger(*store, o->positional[0], *mo);
  if (!led) return failure("tei ledger: " + led.message());
  if (o->kv.count("--out")) {
    const std::string path = o->kv["--out"];
    const std::string tmp = path + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out.write(led->text.data(), static_cast<std::streamsize>(led->text.size()));
      if (!out.flush()) return failure("tei ledger: cannot write " + tmp);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) return failure("tei ledger: cannot write " + path);
    std::fprintf(stderr, "tei ledger: %zu replays (%zu duplicates, %zu other files ignored), %zu rated; wrote %s\n",
                 led->replays, led->duplicates, led->ignoredFiles, led->rated, path.c_str());
  } else {
    std::printf("%s", led->text.c_str());
  }
  return 0;
}

const std::vector<Subcommand>& teiSubcommands() {
  static const std::vector<Subcommand> subs = [] {
    std::vector<Subcommand> out;
    auto add = [&out](const char* name, int (*run)(Args), CommandLine (*line)()) {
      for (const auto& spec : teiSpecs())
        if (std::string(spec.name) == name) {
          std::string summary = spec.summary;
          out.push_back({name, summary.substr(0, summary.find('\n')), run, line});
        }
    };
    add("rate", runRate, [] { static Options o; return teiLine("rate", o); });
    add("grade", runGrade, [] { static Options o; return teiLine("grade", o); });
    add("show", runShow, [] { static Options o; return teiLine("show", o); });
    add("leaderboard", runLeaderboard, [] { static Options o; return teiLine("leaderboard", o); });
    add("academy", runAcademy, [] { static Options o; return teiLine("academy", o); });
    add("apply-record", runApplyRecord, [] { static Options o; return teiLine("apply-record", o); });
    add("apply", runApply, [] { static Options o; return teiLine("apply", o); });
    add("id", runId, [] { static Options o; return teiLine("id", o); });
    add("ledger", runLedger, [] { static Options o; return teiLine("ledger", o); });
    out.push_back({"reprofile", "after a change of TEI anchors: keep the old store as history, re-rate your replays",
                   runTeiReprofile, teiReprofileLine});
    return out;
  }();
  return subs;
}
}  // namespace

std::vector<CommandLine> teiLines() {
  std::vector<CommandLine> out;
  for (const auto& s : teiSubcommands()) out.push_back(s.line());
  return out;
}

int runTei(Args args) { return runGroup("tei", teiSubcommands(), args); }

}  // namespace concord::cli
