#include "tools/concord/replay_view.h"

#include <algorithm>
#include <cstdio>

#include "core/det/reader.h"
#include "lockstep/assistance.h"
#include "lockstep/bundle.h"
#include "lockstep/membership.h"
#include "lockstep/session_result.h"
#include "replay/turn_block.h"

namespace concord::cli {

std::string seatLabel(const lockstep::SessionConfig& session, Seat s) {
  std::string label = "seat " + std::to_string(s);
  if (s < session.seats.size() && !session.seats[s].name.empty()) label += " " + session.seats[s].name;
  return label;
}

SteppedTurn stepRecorded(lockstep::TurnEngine& engine, const replay::TurnRecord& rec) {
  SteppedTurn t;
  t.turn = rec.turn;
  t.deciding = engine.awaiting();
  t.ordersBySeat = rec.ordersBySeat;
  const uint64_t before = engine.game().narrationTotal();
  auto res = engine.step(rec.ordersBySeat);
  t.rejected = std::move(res.rejected);
  t.events = engine.game().eventsSince(before);
  t.seal = res.seal;
  t.sealMatches = rec.sealMatches(res.seal);
  return t;
}

std::string sealMismatch(const SteppedTurn& t) {
  return "turn " + std::to_string(t.turn) + ": re-simulated Seal " + t.seal.shortHex() +
         " does not match the Seal recorded for this turn (a forged or altered order, or other rules); stopping here";
}

std::string orderLine(const Game& game, Seat seat, const Order& order) {
  if (order.kind == lockstep::kSubstitute) return "(system) substitute";
  if (order.kind == lockstep::kReclaim) return "(system) reclaim";
  // Issue 30: the assistance marks by name, the officer's with why it played ("officer-played auto").
  if (order.kind == lockstep::kOfficerPlayed || order.kind == lockstep::kAdvisorConsulted) {
    std::string name = order.kind == lockstep::kOfficerPlayed ? "officer-played" : "advisor-consulted";
    if (auto ok = lockstep::checkAssistanceOrder(order, seat); !ok) return "(system) " + name + " (refused: " + ok.message() + ")";
    if (order.kind == lockstep::kAdvisorConsulted) return "(system) " + name;
    det::Reader r(order.payload);
    r.varu("seat", kMaxSeats - 1);
    return "(system) " + name + " " +
           std::string(lockstep::officerReasonName(static_cast<lockstep::OfficerReason>(r.varu("reason", lockstep::kOfficerReasons - 1))));
  }
  if (order.kind >= lockstep::kSystemOrderBase) return "(system) order " + std::to_string(order.kind);
  return game.orderText(seat, order);
}

Result<replay::ReplayReader> openPastHoles(const std::string& path) {
  auto r = replay::ReplayReader::open(path, replay::OnDamage::KeepIntact);
  if (r.ok())
    for (const auto& n : r->notices()) std::fprintf(stderr, "notice: %s\n", n.c_str());
  return r;
}

std::string gapLine(const replay::Hole& hole) {
  if (!hole.resumed) return hole.describe() + "; not picked up: no snapshot after it";
  return hole.describe() + "; picked up at turn " + std::to_string(hole.firstTurn + hole.turnCount) + " from the snapshot there";
}

const replay::Hole* holeInside(const replay::ReplayReader& reader, uint32_t pos) {
  const replay::Hole* h = pos > 0 ? reader.holeAt(pos - 1) : nullptr;
  return h && pos > h->firstTurn && (h->turnCount == 0 || pos < h->firstTurn + h->turnCount) ? h : nullptr;
}

Result<std::vector<std::string>> resultLines(const replay::ReplayReader& reader) {
  const auto& session = reader.header().session;
  auto engine = reader.seek(reader.turnCount());
  if (!engine) return engine.error();
  std::vector<std::string> out;
  auto outcome = lockstep::sessionOutcome(**engine);  // with the session's takeover record
  if (!outcome) {
    out.push_back("result:      unfinished: the game was not over after " + std::to_string(reader.turnCount()) +
                  " turns (a save left to resume, a game left early, or a cut file); no placings");
    return out;
  }
  out.push_back("result:      finished after " + std::to_string(reader.turnCount()) + " turns: " + outcome->summary);
  std::vector<Seat> order(session.seats.size());
  for (Seat s = 0; s < order.size(); ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(),
                   [&](Seat a, Seat b) { return outcome->rankBySeat[a] < outcome->rankBySeat[b]; });
  for (Seat s : order) {
    char line[160];
    std::snprintf(line, sizeof line, "placing %-4u %-28s score %lld", outcome->rankBySeat[s], seatLabel(session, s).c_str(),
                  static_cast<long long>(outcome->scoreBySeat[s]));
    out.emplace_back(line);
  }
  return out;
}

}  // namespace concord::cli
