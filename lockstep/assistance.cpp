#include "lockstep/assistance.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::lockstep {

std::string_view officerReasonName(OfficerReason r) {
  switch (r) {
    case OfficerReason::Handover: return "auto";
    case OfficerReason::InputClosed: return "input closed";
    case OfficerReason::OfficerFlag: return "--officer";
    case OfficerReason::TurnClock: return "turn clock";
    case OfficerReason::Substitution: return "substitution";
  }
  return "?";
}

Order makeOfficerOrder(Seat seat, OfficerReason why) {
  det::Writer w;
  w.varu("seat", seat);
  w.varu("reason", static_cast<uint64_t>(why));
  return Order{kOfficerPlayed, w.take()};
}

Order makeAdvisorOrder(Seat seat) {
  det::Writer w;
  w.varu("seat", seat);
  return Order{kAdvisorConsulted, w.take()};
}

Result<void> checkAssistanceOrder(const Order& o, Seat slot) {
  det::Reader r(o.payload, o.kind == kOfficerPlayed ? "officer mark" : "advisor mark");
  const uint64_t named = r.varu("seat", kMaxSeats - 1);
  if (o.kind == kOfficerPlayed) r.varu("reason", kOfficerReasons - 1);
  if (auto st = r.finish(); !st) return st;
  if (named != slot) return Err("assistance mark names seat ", named, " but is in seat ", slot, "'s bundle");
  return Ok();
}

std::vector<Order> markedByOfficer(std::vector<Order> orders, Seat seat, OfficerReason why) {
  for (const auto& o : orders)
    if (o.kind < kSystemOrderBase) {
      orders.push_back(makeOfficerOrder(seat, why));
      break;
    }
  return orders;
}

std::string SeatAssistance::text() const {
  std::string s;
  if (officerTurns > 0) {
    s = "officer played " + std::to_string(officerTurns) + " turn" + (officerTurns == 1 ? "" : "s") + " (";
    bool first = true;
    for (size_t i = 0; i < kOfficerReasons; ++i) {
      if (byReason[i] == 0) continue;
      s += std::string(first ? "" : ", ") + std::string(officerReasonName(static_cast<OfficerReason>(i))) + " " +
           std::to_string(byReason[i]);
      first = false;
    }
    s += ")";
  }
  if (advisor) s += std::string(s.empty() ? "" : "; ") + "consulted the advisor from turn " + std::to_string(firstAdvisorTurn);
  return s;
}

void tallyAssistance(uint32_t turn, std::span<const std::vector<Order>> ordersBySeat, std::vector<SeatAssistance>& out) {
  for (size_t s = 0; s < ordersBySeat.size() && s < out.size(); ++s) {
    bool officer = false;
    for (const auto& o : ordersBySeat[s]) {
      if (o.kind != kOfficerPlayed && o.kind != kAdvisorConsulted) continue;
      if (!checkAssistanceOrder(o, static_cast<Seat>(s))) continue;  // the engine rejected it: not a mark
      if (o.kind == kAdvisorConsulted) {
        if (!out[s].advisor) out[s].firstAdvisorTurn = turn;
        out[s].advisor = true;
        continue;
      }
      if (officer) continue;  // one officer turn per bundle
      officer = true;
      det::Reader r(o.payload);
      r.varu("seat", kMaxSeats - 1);
      const auto why = static_cast<size_t>(r.varu("reason", kOfficerReasons - 1));
      ++out[s].officerTurns;
      ++out[s].byReason[why];
    }
  }
}

}  // namespace concord::lockstep
