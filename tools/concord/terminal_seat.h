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
#include "lockstep/crypto.h"
#include "lockstep/turn_engine.h"

namespace concord::cli {

class TerminalSeat {
 public:
  /// `terminal`: `out` is a terminal, so the status line updates in place and background lines redraw
  /// the prompt (off a terminal, e.g. piped to a file, nothing is redrawn).
  explicit TerminalSeat(std::FILE* out = stdout, bool terminal = false) : out_(out), terminal_(terminal) {}

  /// The session's seat names are a lobby's (a networked table): the board and the round log call the seats
  /// by them (Game::observeNamed, narrationNamed) instead of the module's labels. Text only.
  void callSeatsByName() { named_ = true; }
  /// The identity this terminal signs with: at a hidden-hands table it opens the seat's own hand (issue 26).
  void holdKey(const lockstep::KeyPair& key) { key_ = key; }
  /// A line the person typed that is not a comms command. Returns text to send as lobby chat (plain
  /// text typed before the game starts).
  std::optional<std::string> line(std::string text);
  /// The game has started: from now on a plain line is for the table, not lobby chat (a hidden-hands table's first
  /// turns are deck work, so the first prompt may come a few turns later; issue 26).
  void gameStarted() { inGame_ = true; }
  /// A line from the table (log, comms) printed while the person may be typing.
  void background(const std::string& text);
  /// The one updating status line (on a terminal; see table_status.h). Between turns it is where the person
  /// types, so it ends as a prompt does (" > ").
  void status(const std::string& text);
  /// The table is done drawing: an open prompt or status line is ended, so what is printed next starts on its own line.
  void endLine();
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
  /// The board as seat `s` sees it, with the lobby's names when callSeatsByName() was asked.
  std::string board(const lockstep::TurnEngine& e, Seat s) const;
  /// The session's names, made printable; empty unless callSeatsByName().
  SeatNames names(const lockstep::TurnEngine& e) const;
  Result<Order> parse(const lockstep::TurnEngine& e, Seat s, const std::vector<Order>& legal, const std::string& text) const;
  void say(const std::string& text);
  /// Ends what is open on the last line (the prompt or the status line): cleared on a terminal, ended by a newline
  /// off one, so the next line never glues onto it (issue 24).
  void startLine();
  /// After a line the table printed: the open prompt (or, between turns, the status line) again, on a terminal.
  void redraw();
  /// `help` outside a turn: the table's commands and comms.
  void tableHelp();
  /// `help`: the module's order forms (Game::orderForms) and the prompt's commands.
  void help(const Game& g);
  /// A line typed while a bundled turn (Game::ordersInBundles) is open: the turn's orders once "end" is typed.
  std::optional<std::vector<Order>> bundleLine(const lockstep::TurnEngine& e, Seat s, const std::string& text);
  void advise(const lockstep::TurnEngine& e, Seat s);
  /// The game as seat s sees it: its hand opened at a hidden-hands table (kept in view_ for this prompt).
  const Game& seen(const lockstep::TurnEngine& e, Seat s) const;
  std::vector<Order> sign(Seat s, std::vector<Order> orders);  // adds the due assistance marks
  /// Why the turn would refuse `order` typed after bundle_ (or spoil an earlier one); "" when it stands.
  std::string refusedWith(const Game& g, Seat s, const Order& order) const;

  std::FILE* out_;
  bool terminal_ = false;
  bool named_ = false;                   // callSeatsByName(): the board uses the lobby's names
  std::optional<lockstep::KeyPair> key_;  // holdKey()
  mutable std::unique_ptr<Game> view_;    // seen(): the seat's view of the current turn
  mutable std::optional<std::pair<uint32_t, Seat>> viewOf_;
  std::string status_;                   // the status line on screen (terminal only)
  enum class Open { Nothing, Prompt, Status };
  Open open_ = Open::Nothing;            // what the last line holds with no newline yet (the cursor at its end)
  std::string board_;                    // the board as we last saw it (for "board" while not prompted)
  std::string example_;                  // the module's example order for help (Game::orderExample)
  bool inGame_ = false;                  // a turn was applied or asked for: plain text is no longer chat
  std::deque<std::string> typed_;
  std::optional<uint32_t> promptedFor_;  // the turn whose board and orders are on screen
  std::vector<Order> legal_;
  std::vector<Order> bundle_;            // a bundled turn's orders so far, sent with "end"
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
