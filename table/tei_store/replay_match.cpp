#include "table/tei_store/replay_match.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

#include "core/det/hash.h"
#include "core/det/writer.h"
#include "core/warp/config.h"
#include "lockstep/membership.h"
#include "table/tei_store/charter.h"
#include "table/tei_store/officer_match_record.h"

namespace concord::tei {

std::string playerIdOf(const lockstep::SeatInfo& seat) {
  std::string s;
  s.reserve(64);
  for (uint8_t b : seat.key.bytes) {
    char buf[3];
    std::snprintf(buf, sizeof buf, "%02x", b);
    s += buf;
  }
  return s;
}

OfficerKind officerOfBotKind(std::string_view botKind) {
  // RULES §VII officers (core/warp/ai/, calibrated in docs/ai-calibration.md); Lookahead keeps the
  // Commander label (§VII: not a separate tier). "greedy" stays the legacy Ensign stand-in of older replays.
  if (botKind == "ensign" || botKind == "greedy") return OfficerKind::Ensign;
  if (botKind == "lieutenant") return OfficerKind::Lieutenant;
  if (botKind == "commander" || botKind == "commander+lookahead") return OfficerKind::Commander;
  return OfficerKind::Other;  // "random" and unknown kinds: exhibition officers (E6)
}

namespace {

// The deal a session plays: what a replay signed again by another key cannot change (issue 11 cheater paths).
std::string dealIdOf(const lockstep::SessionConfig& s) {
  det::Writer w;
  w.str("module", s.moduleId);
  w.varu("rulesVersion", s.rulesVersion);
  w.bytes("config", s.config);
  w.raw("seed", s.seed.bytes);
  w.varu("seats", s.seats.size());
  return det::hash128(w.data()).hex();
}

std::vector<std::string> modulesOf(const warp::Config& c) {
  std::vector<std::string> m;  // Greek order, stable
  if (c.continuum) m.push_back("alpha");
  if (c.salamander) m.push_back("beta");
  if (c.gamma) m.push_back("gamma");
  if (c.delta) m.push_back("delta");
  if (c.epsilon) m.push_back("epsilon");
  if (c.squadrons > 0) m.push_back("zeta");
  if (c.eta) m.push_back("eta");
  if (c.theta) m.push_back("theta");
  if (c.iota) m.push_back("iota");
  if (c.kappa) m.push_back("kappa");
  if (c.lambda) m.push_back("lambda");
  return m;
}

}  // namespace

Result<std::vector<lockstep::SeatAssistance>> assistanceOf(const replay::ReplayReader& reader) {
  std::vector<lockstep::SeatAssistance> help(reader.header().session.seats.size());
  for (size_t i = 0; i < reader.frames().size(); ++i) {
    if (reader.frames()[i].kind != replay::FrameKind::Turns) continue;
    auto block = reader.block(i);
    if (!block) return Err("replay block ", i, ": ", block.message());
    for (const auto& t : block->turns) lockstep::tallyAssistance(t.turn, t.ordersBySeat, help);
  }
  return help;
}

Result<ReplayMatch> matchFromReplay(const replay::ReplayReader& reader, const ReplayMatchOptions& options) {
  const auto& session = reader.header().session;
  if (session.moduleId != "warp")
    return Err("replay is a '", session.moduleId, "' game; TEI rates Warp only");
  auto report = replay::verifyReplay(reader);
  if (!report) return report.error();
  // Issue 26: a finished hidden game whose only failure is the audit's findings is the game as its seats signed it:
  // applied as a void game with the charged seats' losses (docs/tei.md "Hidden-hand violations"). Any other failure
  // (a forged or damaged file) is refused as before.
  if (!report->ok && !(report->findingsOnly && report->hiddenAudited && !report->findings.empty()))
    return Err("replay failed verification: ", report->failure);
  auto cfg = warp::decodeConfig(session.config);
  if (!cfg) return Err("replay's Warp config does not decode: ", cfg.message());
  auto engine = reader.seek(reader.turnCount());
  if (!engine) return Err("replay cannot be re-simulated to its end: ", engine.message());

  ReplayMatch out;
  out.report = *report;
  out.session = session;
  out.turns = reader.turnCount();
  out.gameIdHex = (*engine)->gameId().hex();
  for (const auto& n : reader.notices()) out.notes.push_back(n);
  const auto seats = static_cast<Seat>(session.seats.size());

  // One pass over the order log: advisor orders (E3 hook) and AI substitutions.
  std::vector<bool> advisor(seats, false);
  std::vector<lockstep::SeatAssistance> help(seats);
  std::set<Seat> substituted;
  for (size_t i = 0; i < reader.frames().size(); ++i) {
    if (reader.frames()[i].kind != replay::FrameKind::Turns) continue;
    auto block = reader.block(i);
    if (!block) return Err("replay block ", i, ": ", block.message());
    for (const auto& t : block->turns) {
      for (Seat s : lockstep::substitutedThisTurn(t.ordersBySeat)) substituted.insert(s);
      lockstep::tallyAssistance(t.turn, t.ordersBySeat, help);
      if (options.isAdvisorOrder)
        for (Seat s = 0; s < seats && s < t.ordersBySeat.size(); ++s)
          for (const auto& o : t.ordersBySeat[s])
            if (options.isAdvisorOrder(s, o)) advisor[s] = true;
    }
  }
  out.substituted.assign(substituted.begin(), substituted.end());

  MatchRecord& m = out.record;
  m.gameId = out.gameIdHex;
  m.objective = cfg->objective == warp::Objective::Points ? Objective::Points : Objective::GoOut;
  m.maxPip = cfg->maxPip;
  const auto outcome = (*engine)->game().outcome();
  m.completed = outcome.has_value();
  m.rated = session.rated;
  m.freeformChatDuringPlay = false;  // no chat in the order log: live rated play is hail-only
  m.modules = modulesOf(*cfg);
  m.dealId = dealIdOf(session);
  m.charterId = session.charter.id;  // issue 11 point 4: signed in the session, checked against the sector
  m.charterWhy = charterMismatch(session);
  for (const auto& own : options.charters)
    if (m.charterWhy.empty() && own.id == session.charter.id && own != session.charter)
      m.charterWhy = "the signed header's charter is not crew '" + own.id +
                     "''s own charter file (another member list, rules, fleet size or frozen settings)";
  m.charterMismatch = !m.charterWhy.empty();
  size_t humans = 0;
  for (const auto& si : session.seats) humans += si.ai ? 0 : 1;
  m.online = humans >= 2;  // a table of one human is a local solo table (TEI §10 P1)
  for (Seat s = 0; s < seats; ++s) {
    const auto& si = session.seats[s];
    SeatRecord r;
    if (si.ai) {
      r.kind = SeatKind::Ai;
      r.officer = officerOfBotKind(si.botKind);
    } else {
      r.kind = SeatKind::Human;
      r.playerId = playerIdOf(si);
      r.advisorUsed = advisor[s] || help[s].advisor;
      r.officerTurns = static_cast<int>(std::min<uint32_t>(help[s].officerTurns, 1u << 30));
      // A replay from before the marks (format <= 2): a substituted person's seat was officer-played all the same.
      if (r.officerTurns == 0 && substituted.count(s)) r.officerTurns = 1;
    }
    r.guest = false;    // every seat is a signed Ed25519 identity; the session has no anonymous seats
    r.finished = true;  // substituted seats played on under AI control: rated at their placing (no dodging)
    r.placing = outcome && s < outcome->rankBySeat.size() ? static_cast<int>(outcome->rankBySeat[s]) : 1;
    if (cfg->squadrons > 0) r.squad = static_cast<int>(s % cfg->squadrons);
    m.seats.push_back(std::move(r));
  }
  for (Seat s = 0; s < seats; ++s)
    if (!session.seats[s].ai && help[s].any())
      out.notes.push_back("seat " + std::to_string(s) + " (" + session.seats[s].name + "): " + help[s].text() +
                          (help[s].officerTurns > 0 ? "; no rating gain comes of officer turns, a loss counts" : ""));
  out.assistance = std::move(help);
  if (auto om = addOfficerMatch(reader, m, out.notes); !om) return om.error();  // issue 30: E3 officer-like play
  if (report->findingsOnly) {
    const HiddenInfo* hidden = (*engine)->game().hiddenInfo();
    for (const auto& f : report->findings) {
      // An officer's seat has no key of its own: the person whose client kept its hand signed what it did.
      const Seat by = hidden && f.seat < seats && session.seats[f.seat].ai ? hidden->keeperOf(f.seat) : f.seat;
      m.violations.push_back(HiddenViolation{f.turn, static_cast<int>(f.seat), static_cast<int>(by), f.what});
    }
    out.notes.push_back("hidden-hand audit: " + std::to_string(m.violations.size()) + " violation(s): " + violationsText(m) +
                        "; the game is void for every other captain and a loss for the seat that broke the rule");
  }
  for (Seat s : out.substituted) {
    const bool reclaimed = (*engine)->membership().seat(s).controller == lockstep::Controller::Owner;
    out.notes.push_back("seat " + std::to_string(s) + " (" + session.seats[s].name + ") was substituted by AI" +
                        (reclaimed ? " and reclaimed" : "") + "; rated at its final placing");
  }
  return out;
}

Result<MatchRecord> forfeitRecord(const lockstep::SessionConfig& session, Seat walkedAway) {
  if (session.moduleId != "warp" || walkedAway >= session.seats.size()) return Err("not a Warp game with seat ", walkedAway);
  auto cfg = warp::decodeConfig(session.config);
  if (!cfg) return Err("the game's Warp config does not decode: ", cfg.message());
  MatchRecord m;
  m.gameId = session.gameId().hex();
  m.dealId = dealIdOf(session);
  m.objective = cfg->objective == warp::Objective::Points ? Objective::Points : Objective::GoOut;
  m.maxPip = cfg->maxPip;
  m.completed = true;  // ended by walking away: a result, the loss
  m.rated = session.rated;
  m.modules = modulesOf(*cfg);
  m.charterId = session.charter.id;
  m.charterWhy = charterMismatch(session);
  m.charterMismatch = !m.charterWhy.empty();
  size_t humans = 0;
  for (const auto& si : session.seats) humans += si.ai ? 0 : 1;
  m.online = humans >= 2;
  for (Seat s = 0; s < session.seats.size(); ++s) {
    const auto& si = session.seats[s];
    SeatRecord r;
    r.kind = si.ai ? SeatKind::Ai : SeatKind::Human;
    if (si.ai) r.officer = officerOfBotKind(si.botKind);
    else r.playerId = playerIdOf(si);
    r.finished = true;
    r.placing = s == walkedAway ? static_cast<int>(session.seats.size()) : 1;  // last, behind everyone who stayed
    if (cfg->squadrons > 0) r.squad = static_cast<int>(s % cfg->squadrons);
    m.seats.push_back(std::move(r));
  }
  return m;
}

Result<ReplayMatch> matchFromReplay(const std::string& path, const ReplayMatchOptions& options) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))  // issue 11 point 6: a folder is a ledger, not one game
    return Err(path, " is a directory; rate a folder of replays with `concord tei ledger ", path, "`");
  auto reader = replay::ReplayReader::open(path);
  if (!reader) return Err(path, ": ", reader.message());
  auto m = matchFromReplay(*reader, options);
  if (!m) return Err(path, ": ", m.message());
  return m;
}

Result<ReplayApplied> applyReplay(TeiStore& store, const std::string& path, const ReplayMatchOptions& options) {
  auto m = matchFromReplay(path, options);
  if (!m) return m.error();
  auto o = store.applyMatch(m->record);
  if (!o) return o.error();
  return ReplayApplied{std::move(*m), std::move(*o)};
}

std::string boardPercentile(TeiStore& store, const std::string& player, const BucketKey& bucket) {
  auto board = store.leaderboard(bucket, BoardSort::TeiPath);
  if (!board) return {};
  auto ranks = boardRanks(*board, BoardSort::TeiPath);
  for (size_t i = 0; i < board->size(); ++i)
    if ((*board)[i].playerId == player)
      if (auto p = displayPercentile(ranks[i], static_cast<int64_t>(board->size())))
        return percentileLabel(*p) + " of " + std::to_string(board->size());
  return {};
}

std::string describeApplied(const ReplayApplied& a, TeiStore* store) {
  const auto& el = a.outcome.plan.eligibility;
  std::string s;
  const std::string id = a.match.gameIdHex;
  if (a.outcome.alreadyApplied) return "game " + id + " was already applied; nothing changed\n";
  for (const auto& n : a.match.notes) s += "note: " + n + "\n";
  if (!el.eligible()) return s + "game " + id + " is not TEI-rated: " + el.summary() + "\n";
  const bool voided = !a.match.record.violations.empty();  // issue 26
  if (voided) s += "game " + id + " voided: a captain broke a hidden-hand rule (" + std::string(contextName(el.context)) + ")\n";
  else s += "game " + id + " rated (" + std::string(contextName(el.context)) + ")\n";
  for (const auto& p : a.outcome.plan.voided) s += "  " + p + "  voided: no rating change\n";
  for (const auto& w : a.outcome.plan.writes) {
    char buf[512];
    const std::string pct = store ? boardPercentile(*store, w.playerId, w.bucket) : std::string();
    const char* held = w.penalty ? "  (hidden-hand violation: counted as last)"
                       : !w.officerHeld ? ""
                       : (w.after == w.before ? "  (officer turns: gain withheld)" : "  (officer turns: the loss counts)");
    std::snprintf(buf, sizeof buf, "  %s  %-24s %s%s%s%s\n", w.playerId.c_str(), w.bucket.str().c_str(),
                  beforeAfterText(w.before.grade(), w.after.grade()).c_str(), pct.empty() ? "" : "  ", pct.c_str(), held);
    s += buf;
  }
  return s;
}

}  // namespace concord::tei
