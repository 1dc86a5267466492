// Who really chose a person's orders (issue 11 point 3; TEI §4 E3, RULES §VII–§VIII): marks a seat's
// bundle carries, signed with it, when its officer played the turn or its captain consulted the advisor.
// They are system orders (the game never sees them) and change no state: they only put help on the record.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "core/game/types.h"
#include "lockstep/bundle.h"

namespace concord::lockstep {

/// payload: varu seat, varu reason. Appended to a person's seat bundle whose orders the officer chose.
inline constexpr uint16_t kOfficerPlayed = kSystemOrderBase + 3;
/// payload: varu seat. The captain consulted the tactical advisor during live play before this bundle.
inline constexpr uint16_t kAdvisorConsulted = kSystemOrderBase + 4;

/// Why the officer played a person's turn.
enum class OfficerReason : uint8_t {
  Handover = 0,      // the person typed "auto"
  InputClosed = 1,   // the person's input ended
  OfficerFlag = 2,   // the seat's own process runs an officer (`--officer`, `concord bot`)
  TurnClock = 3,     // the turn clock ran out
  Substitution = 4,  // the owner departed; the steward's officer plays the seat
};
inline constexpr size_t kOfficerReasons = 5;
std::string_view officerReasonName(OfficerReason r);  // "auto", "input closed", "--officer", "turn clock", "substitution"

Order makeOfficerOrder(Seat seat, OfficerReason why);
Order makeAdvisorOrder(Seat seat);
/// A mark is valid in its own seat's bundle only; the error says why not.
Result<void> checkAssistanceOrder(const Order& o, Seat slot);
/// `orders` with the officer mark appended when they hold a game order (an empty answer is no decision).
std::vector<Order> markedByOfficer(std::vector<Order> orders, Seat seat, OfficerReason why);

/// What the marks of a replay say about one seat.
struct SeatAssistance {
  uint32_t officerTurns = 0;
  std::array<uint32_t, kOfficerReasons> byReason{};
  bool advisor = false;
  uint32_t firstAdvisorTurn = 0;
  bool any() const { return officerTurns > 0 || advisor; }
  /// "officer played 12 turns (auto 10, turn clock 2); consulted the advisor from turn 40"
  std::string text() const;
};
/// Adds one turn's valid marks (per seat) to `out` (sized to the seat count).
void tallyAssistance(uint32_t turn, std::span<const std::vector<Order>> ordersBySeat, std::vector<SeatAssistance>& out);

}  // namespace concord::lockstep
