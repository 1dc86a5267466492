// A person playing a networked seat at the terminal (`concord join`, `concord host`): the table is drawn
// from the seat's Observation when it is their turn, legal orders are listed and typed, the round log is
// shown as turns are applied. The seat's orders go through lockstep::PeerOptions::decide, so they are signed
// and logged like anyone's. Knows nothing of sockets: the node hands it typed lines and applied turns.
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "lockstep/assistance.h"
#include "lockstep/turn_engine.h"

namespace concord::cli {

class TerminalSeat {
 public:
  explicit TerminalSeat(std::FILE* out = stdout) : out_(out) {}

  /// A line the person typed that is not a comms command.
  void line(std::string text);
  /// Input ended (stdin closed): the seat's officer plays on; said once.
  void inputClosed();
  /// PeerOptions::decide: the orders once the person has chosen a legal one; nullopt until then.
  std::optional<std::vector<Order>> decide(const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs);
  /// After each applied turn: new round-log lines, and the standings once the game is over.
  void applied(const lockstep::TurnEngine& e, Seat me);
  /// The person typed q/quit/exit: the node leaves the table.
  bool leaving() const { return leaving_; }

 private:
  void prompt(const lockstep::TurnEngine& e, Seat s, uint64_t clockLeftMs);
  void showLog(const lockstep::TurnEngine& e);
  Result<Order> parse(const lockstep::TurnEngine& e, Seat s, const std::vector<Order>& legal, const std::string& text) const;
  void say(const std::string& text);
  void advise(const lockstep::TurnEngine& e, Seat s);
  std::vector<Order> sign(Seat s, std::vector<Order> orders);  // adds the due assistance marks

  std::FILE* out_;
  std::deque<std::string> typed_;
  std::optional<uint32_t> promptedFor_;  // the turn whose board and orders are on screen
  std::vector<Order> legal_;
  bool outOfTurn_ = false;               // asked while not awaited (Warp: a catch window)
  bool officer_ = false;                 // the person handed the seat to its officer (auto, or input closed)
  lockstep::OfficerReason officerWhy_ = lockstep::OfficerReason::Handover;
  lockstep::SeatAssistance help_;        // what this seat's record will say (officer turns, advisor)
  bool advisorMarkDue_ = false;          // the next bundle carries the advisor mark
  std::unique_ptr<Bot> bot_;
  bool leaving_ = false;
  bool finished_ = false;
  uint64_t logShown_ = 0;
  uint32_t lastWarned_ = 0;
  uint64_t clockAtPrompt_ = UINT64_MAX;
};

}  // namespace concord::cli
