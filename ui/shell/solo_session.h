// A solo game against AI officers on a table::LocalTable (the table every local game runs on: the TurnLedger,
// every seat signed locally, the replay written turn by turn, officers through lockstep::botOrdersFor), driven
// from the Qt event loop. Officers think and turns apply on a worker thread, one turn per job, so the
// UI thread never waits; between jobs the UI reads a clone of the game (view()).
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lockstep/crypto.h"
#include "lockstep/session.h"
#include "ui/shell/module_ui.h"

namespace concord::table {
class LocalTable;
class ChosenSeat;
}

namespace concord::ui {

class SoloSession : public QObject {
  Q_OBJECT
 public:
  struct Setup {
    std::string moduleId = "warp";
    ConfigOptions options;           // empty: the module's default (Warp: the Official preset)
    Seat seats = 4;
    Seat you = 0;
    std::string officer = "lieutenant";
    std::optional<uint64_t> seed;    // none: a fresh random deal, as `concord play` deals (issue 33)
    bool seedIsAChoice = true;       // false: a fixture (a screenshot scene) picked the seed, not the person
    std::string replayPath;          // "" writes no replay, unless defaultReplay
    bool defaultReplay = false;      // replayPath "": save where every local game goes (table/replay_paths.h)
    bool casual = false;             // RULES §VIII: recorded unrated
    std::string unrated;             // set by create/resume/prepareFrom: why it is not TEI-rated ("" rated)
    std::string teiNotice;           // set by create: the TEI store's words at the start (registered, walked away)
    /// The person's persistent identity (net/identity.h, as `concord play`/`host`/`join`): it signs their seat,
    /// so TEI rates the game to their key (issue 11 point 2). None: a key derived from the table's label.
    std::optional<lockstep::KeyPair> person;
    std::string teiStore;            // "" = the default TEI store (the end-of-campaign rating)
    std::vector<std::string> seatGrades;  // the scoreboard's TEI column (seat_grades.h)
  };
  /// Why a game of `setup` would not be TEI-rated, or "": table::unratedBecause, then the TEI store (ratings under
  /// earlier anchors). The start screen says it before the game starts; create() plays such a game casual.
  static std::string unratedBecause(const Setup& setup);
  /// Builds the session and its ledger; a rated game is registered in the TEI store as it starts (as `concord
  /// play` registers it). The error says what is wrong with the setup.
  static Result<std::unique_ptr<SoloSession>> create(const Setup& setup);
  /// Continues the game saved in the replay at `path` (as `concord play warp --resume`): verified first, the
  /// person's seat and the officers from the save, appended to. The error says why it cannot continue.
  static Result<std::unique_ptr<SoloSession>> resume(const std::string& path,
                                                     const std::optional<lockstep::KeyPair>& person = std::nullopt);
  /// "Play on from here": a new local game whose first `turn` turns are those of the replay at `path` (the
  /// same table, seed and orders, re-signed: the new replay verifies on its own), the person at setup.you and
  /// officers of setup.officer at the other seats. Casual (unrated): the person may have watched every hand.
  /// Slow for long replays (every turn is re-applied and signed): call it on a worker, then adopt() the result.
  struct Prepared {
    Setup setup;
    std::shared_ptr<table::LocalTable> table;
  };
  static Result<Prepared> prepareFrom(const std::string& path, uint32_t turn, Setup setup);
  /// The session of a prepared game (UI thread).
  static std::unique_ptr<SoloSession> adopt(const Prepared& prepared);
  ~SoloSession() override;

  /// Milliseconds between officer turns so people can follow them (0 in tests).
  void setPaceMs(int ms) { paceMs_ = ms; }
  /// Starts the first turn (call once the widgets listen).
  void begin();

  const Game& view() const { return *view_; }
  Seat you() const { return setup_.you; }
  const Setup& setup() const { return setup_; }
  /// The signed session the table plays (its game id, seed, rated flag).
  const lockstep::SessionConfig& tableSession() const;
  uint32_t turn() const { return turn_; }
  bool thinking() const { return thinking_; }
  bool over() const { return view_->outcome().has_value(); }
  /// The frame for the person's seat: the Observation, and the legal orders when they may act.
  TableFrame frame() const;
  /// The captains' names as the session records them (the log's words: "Captain 2").
  std::vector<QString> names() const;
  /// Narration lines so far (the game's round log, counted over the whole game).
  const std::vector<std::string>& log() const { return log_; }
  /// Seats the game is waiting for while officers think ("" when it waits for you).
  QString status() const;

  /// The person's order: refused with the rule's words unless legal now; otherwise the turn is played.
  Result<void> choose(const Order& order);
  /// Out of turn (a catch window): decline to act.
  Result<void> letGo();
  /// Writes the replay's index trailer; the replay stays valid when the game is left early.
  void close();
  const std::string& replayPath() const;

 signals:
  void changed();               // a turn was applied (or the session started)
  void failed(const QString&);  // the ledger or the replay refused a turn (never expected)

 private:
  SoloSession() = default;
  static std::unique_ptr<SoloSession> around(const Setup& setup, std::shared_ptr<table::LocalTable> table);
  void advance();
  void launch(std::vector<Order> mine);
  void landed();

  Setup setup_;
  std::shared_ptr<table::LocalTable> table_;
  table::ChosenSeat* person_ = nullptr;  // owned by table_: the person's orders, handed in before each job
  std::unique_ptr<Game> view_;
  std::vector<std::string> log_;
  uint64_t logSeen_ = 0;
  uint32_t turn_ = 0;
  bool thinking_ = false;
  bool closed_ = false;
  int paceMs_ = 250;
  QFutureWatcher<std::string> watcher_;
};

}  // namespace concord::ui
