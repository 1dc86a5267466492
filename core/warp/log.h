// The Warp round log as compact event records: an event code and small integer arguments (seats, lines,
// coordinates, counts), canonical and hashed with the state; the manual's words ("Red Alert!",
// "All Stop!") are rendered only for display (WarpGame::render, log.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace concord::warp {

// X(name, arguments, carries text). Arguments are u16: coordinates packed as hi * 256 + lo, kNoArg = none;
// a text-carrying event's first argument indexes the round's text table (tally lines, sector-over reason).
#define CONCORD_WARP_EVENTS(X)                                                                                   \
  X(Catch, 2, 0) X(OvertimeVote, 2, 0) X(WagerKeep, 1, 0) X(DropToImpulse, 1, 0) X(PassLastOne, 1, 0)          \
  X(PassRedHouse, 1, 0) X(Pass, 1, 0) X(ShieldsDown, 1, 0) X(ExchangeGive, 2, 0) X(DrawReturn, 1, 0)           \
  X(Draw, 1, 0) X(ShieldsUp, 1, 0) X(Stabilizer, 4, 0) X(DeadStabilize, 1, 0) X(CenterFoot, 2, 0)              \
  X(Cover, 3, 0) X(Chart, 3, 0) X(FractureImmunity, 1, 0) X(DeadDouble, 1, 0) X(FractureOpen, 1, 0)           \
  X(YellowAlert, 2, 0) X(Wormhole, 1, 0) X(Surge, 0, 0) X(SurgeCancelled, 0, 0) X(HazardTake, 1, 0)           \
  X(Momentum, 1, 0) X(Flash, 1, 0) X(MomentumTurn, 1, 0) X(Skips, 1, 0) X(RedAlert, 2, 0) X(DoubleDown, 2, 0) \
  X(Invoke, 2, 0) X(ForceDrawCancelled, 0, 0) X(ForcedDraw, 1, 0) X(WagerOne, 1, 0) X(WagerEmpty, 0, 0)       \
  X(Engage, 2, 0) X(SpoolStop, 2, 0) X(Spools, 2, 0) X(SpoolFail, 2, 0) X(SpoolSatisfy, 5, 0)                 \
  X(SpoolEmpty, 0, 0) X(ExchangeSkipped, 0, 0) X(Exchange, 2, 0) X(Dig, 1, 0) X(DigFound, 1, 0)               \
  X(DigNothing, 1, 0) X(HazardPlus5, 1, 0) X(HazardEmpty, 1, 0) X(HazardDraw2, 1, 0) X(PacksPass, 0, 0)       \
  X(RequisitionDone, 1, 0) X(Sweep, 2, 0) X(Wins, 2, 0) X(AllStop, 0, 0) X(Blocked, 0, 0) X(Redealt, 0, 0)    \
  X(Tally, 1, 1) X(OvertimeOffered, 0, 0) X(Overtime, 0, 0) X(SectorOver, 3, 1) X(Requisition, 0, 0)          \
  X(Round, 4, 0) X(BlockedCap, 1, 0) X(BlockedCapWin, 4, 0) X(GoesOut, 1, 0) X(TopHandWins, 2, 0) \
  X(PassRedHouseDrew, 1, 0)

enum class Ev : uint8_t {
#define CONCORD_WARP_EV_ENUM(n, a, t) n,
  CONCORD_WARP_EVENTS(CONCORD_WARP_EV_ENUM)
#undef CONCORD_WARP_EV_ENUM
      Count
};

/// Arguments and whether free text follows, per event code (the strict reader checks both).
struct EvShape {
  uint8_t args;
  bool text;
};
inline constexpr std::array<EvShape, static_cast<size_t>(Ev::Count)> kEvShape{{
#define CONCORD_WARP_EV_SHAPE(n, a, t) EvShape{a, t != 0},
    CONCORD_WARP_EVENTS(CONCORD_WARP_EV_SHAPE)
#undef CONCORD_WARP_EV_SHAPE
}};

inline constexpr uint16_t kNoArg = 0xFFFF;

/// One log record (trivially copyable, 12 bytes).
struct LogEvent {
  Ev code = Ev::Count;
  std::array<uint16_t, 5> a{};
  friend bool operator==(const LogEvent&, const LogEvent&) = default;
};

/// A round's log: the event records, their canonical encoding (code u8, then the code's u16 arguments
/// little-endian, appended as events are recorded so a state write copies it in one piece), and the few
/// texts the events index.
struct RoundLog {
  std::vector<LogEvent> events;
  std::vector<uint8_t> encoded;
  std::vector<std::string> texts;
  void append(const LogEvent& e) {
    events.push_back(e);
    encoded.push_back(static_cast<uint8_t>(e.code));
    for (size_t i = 0; i < kEvShape[static_cast<size_t>(e.code)].args; ++i) {
      encoded.push_back(static_cast<uint8_t>(e.a[i] & 0xFF));
      encoded.push_back(static_cast<uint8_t>(e.a[i] >> 8));
    }
  }
  size_t size() const { return events.size(); }
  friend bool operator==(const RoundLog&, const RoundLog&) = default;
};

}  // namespace concord::warp
