#include "tools/concord/export_records.h"

#include <algorithm>
#include <numeric>

#include "core/det/reader.h"
#include "core/game/registry.h"
#include "core/tei/rating.h"
#include "lockstep/assistance.h"
#include "lockstep/membership.h"
#include "lockstep/session_result.h"

namespace concord::cli {

namespace {

nlohmann::ordered_json valueJson(const EventValue& v) {
  switch (v.type) {
    case EventValue::Type::Null: return nullptr;
    case EventValue::Type::Number: return v.number;
    case EventValue::Type::Text: return v.text;
    case EventValue::Type::Numbers: return v.numbers;
    case EventValue::Type::Texts: return v.texts;
  }
  return nullptr;
}

// The varu seat every system order's payload starts with, or nullopt when it does not parse.
std::optional<Seat> namedSeat(const Order& o) {
  det::Reader r(o.payload);
  const auto s = r.varu("seat", kMaxSeats - 1);
  if (!r.ok()) return std::nullopt;
  return static_cast<Seat>(s);
}

}  // namespace

std::string hexBytes(std::span<const uint8_t> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) (s += d[x >> 4]) += d[x & 15];
  return s;
}

SeatNames sessionNames(const lockstep::SessionConfig& session) {
  SeatNames names;
  for (const auto& s : session.seats) names.push_back(s.name);
  return names;
}

nlohmann::ordered_json headerRecord(const replay::ReplayReader& reader) {
  const auto& session = reader.header().session;
  auto module = findModule(session.moduleId, session.rulesVersion);
  // The rules profile a rating names (RULES §VIII): a charter's own, or the one every rated Warp game is rated
  // under; none for a game no rating reads (docs/rules-decisions.md "Analyst events").
  nlohmann::ordered_json profile = nullptr;
  if (!session.charter.id.empty()) profile = session.charter.rulesProfile;
  else if (session.rated && session.moduleId == "warp") profile = std::string(tei::kRulesProfileId);
  auto seats = nlohmann::ordered_json::array();
  for (Seat s = 0; s < session.seats.size(); ++s)
    seats.push_back({{"seat", s}, {"name", session.seats[s].name}, {"ai", session.seats[s].ai},
                     {"bot", session.seats[s].botKind}, {"key", hexBytes(session.seats[s].key.bytes)}});
  return {{"record", "header"},
          {"version", kExportVersion},
          {"game_id", session.gameId().hex()},
          {"module", session.moduleId},
          {"rules_version", session.rulesVersion},
          {"rules_profile", profile},
          {"config", hexBytes(session.config)},
          {"config_text", module ? (*module)->describeConfig(session.config) : module.message()},
          {"seed", hexBytes(session.seed.bytes)},
          {"rated", session.rated},
          {"charter", session.charter.id.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(session.charter.id)},
          {"hidden_hands", session.hiddenHands},
          {"engine_version", reader.header().engineVersion},
          {"turns", reader.turnCount()},
          {"seats", seats}};
}

nlohmann::ordered_json eventRecord(const AnalystEvent& e, const lockstep::SessionConfig& session) {
  auto names = nlohmann::ordered_json::array();
  for (Seat s : e.seats) names.push_back(s < session.seats.size() ? session.seats[s].name : std::string());
  nlohmann::ordered_json j = {{"record", "event"}, {"turn", e.turn}, {"kind", e.kind}, {"seats", e.seats}, {"seat_names", names}};
  for (const auto& [key, value] : e.fields) j[key] = valueJson(value);
  return j;
}

std::vector<AnalystEvent> systemOrderEvents(uint32_t turn, const std::vector<std::vector<Order>>& ordersBySeat) {
  std::vector<AnalystEvent> out;
  for (Seat slot = 0; slot < ordersBySeat.size(); ++slot)
    for (const auto& o : ordersBySeat[slot]) {
      if (o.kind < lockstep::kSystemOrderBase) continue;
      AnalystEvent ev{"", turn, {}, {}};
      if (o.kind == lockstep::kOfficerPlayed || o.kind == lockstep::kAdvisorConsulted) {
        if (!lockstep::checkAssistanceOrder(o, slot)) continue;  // the engine refused it: not a mark (format 3)
        ev.kind = o.kind == lockstep::kOfficerPlayed ? "officer-played" : "advisor-consulted";
        ev.about(slot).with("seat", int64_t{slot});
        if (o.kind == lockstep::kOfficerPlayed) {
          det::Reader r(o.payload);
          r.varu("seat", kMaxSeats - 1);
          const auto why = static_cast<lockstep::OfficerReason>(r.varu("reason", lockstep::kOfficerReasons - 1));
          ev.with("reason", std::string(lockstep::officerReasonName(why)));
        }
      } else if (o.kind == lockstep::kSubstitute || o.kind == lockstep::kReclaim) {
        auto s = namedSeat(o);  // whether it took effect is the membership's call; this says it was given
        if (!s) continue;
        ev.kind = o.kind == lockstep::kSubstitute ? "substitute" : "reclaim";
        ev.about(*s).with("seat", int64_t{*s}).with("by", int64_t{slot});
      } else {
        continue;
      }
      out.push_back(std::move(ev));
    }
  return out;
}

nlohmann::ordered_json resultRecord(const lockstep::TurnEngine& engine, const lockstep::SessionConfig& session,
                                    uint32_t turns) {
  auto outcome = lockstep::sessionOutcome(engine);
  nlohmann::ordered_json j = {{"record", "result"}, {"finished", outcome.has_value()}, {"turns", turns}};
  auto placings = nlohmann::ordered_json::array();
  if (outcome) {
    std::vector<Seat> order(session.seats.size());
    std::iota(order.begin(), order.end(), Seat{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](Seat a, Seat b) { return outcome->rankBySeat[a] < outcome->rankBySeat[b]; });
    for (Seat s : order)
      placings.push_back({{"seat", s}, {"name", session.seats[s].name}, {"rank", outcome->rankBySeat[s]},
                          {"score", outcome->scoreBySeat[s]}});
  }
  j["summary"] = outcome ? nlohmann::ordered_json(outcome->summary) : nlohmann::ordered_json(nullptr);
  j["placings"] = placings;
  return j;
}

nlohmann::ordered_json gapRecord(const replay::Hole& hole) {
  const bool known = hole.turnCount > 0;
  return {{"record", "gap"},
          {"first_turn", hole.firstTurn},
          {"last_turn", known ? nlohmann::ordered_json(hole.firstTurn + hole.turnCount - 1) : nlohmann::ordered_json(nullptr)},
          {"turns", known ? nlohmann::ordered_json(hole.turnCount) : nlohmann::ordered_json(nullptr)},
          {"picked_up", hole.resumed},
          {"salvaged", hole.salvaged},
          {"why", hole.why}};
}

}  // namespace concord::cli
