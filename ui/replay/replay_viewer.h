// The replay viewer (module-agnostic): open a replay (file dialog or drag and drop), verified with progress
// off the UI thread; a timeline with round and event markers; step forward and backward, jump to a turn or an
// event, play/pause at a speed; "play on from here" and "resume this save"; choose the perspective (any captain's Observation, or omniscient); the round log in sync; the verification status.
// Every seek runs on a worker from the reader's nearest snapshot; the newest request wins.
#pragma once

#include <QFutureWatcher>
#include <QWidget>
#include <memory>
#include <optional>

#include "ui/replay/replay_load.h"
#include "ui/shell/module_ui.h"

class QComboBox;
class QLabel;
class QListView;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace concord::ui {

class EventListModel;
class Timeline;

class ReplayViewer : public QWidget {
  Q_OBJECT
 public:
  explicit ReplayViewer(QWidget* parent = nullptr);
  ~ReplayViewer() override;

  /// Starts loading `path` (returns at once; loaded() or loadFailed() follows).
  void open(const QString& path);
  bool busy() const;
  bool hasReplay() const { return loaded_.has_value(); }
  const LoadedReplay& replay() const { return *loaded_; }
  /// The position shown (turns applied), once its seek has landed.
  uint32_t position() const { return shown_; }
  Seat perspective() const { return perspective_; }
  TableView* table() const { return table_; }
  /// The game at position(), as the last seek produced it (null before the first lands).
  const lockstep::TurnEngine* engine() const { return engine_.get(); }
  QListWidget& log() const { return *log_; }
  QString verification() const;

  /// The events list (alerts, catches, tallies...) over eventModel(): activating a row jumps there.
  QListView& events() const { return *events_; }
  const EventListModel& eventModel() const { return *eventModel_; }
  /// Jumps to the first event after (before) the shown position; false when there is none.
  bool nextEvent();
  bool previousEvent();
  /// A line under the controls (the main window's "Setting up a new game…").
  void setStatus(const QString& text);

  void seek(uint32_t position);
  // From the position last asked for, so presses faster than a seek lands each count.
  void stepForward() { seek(wanted_ + 1 > maxPosition() ? maxPosition() : wanted_ + 1); }
  void stepBackward() { seek(wanted_ == 0 ? 0 : wanted_ - 1); }
  void setPerspective(Seat viewer);

 signals:
  void loaded();
  void loadFailed(const QString& why);
  void positionShown(uint32_t position);
  void resumeRequested(const QString& path);  // "Resume this save": continue the game it holds
  void playOnRequested(const QString& path, uint32_t turn);  // "Play on from here": a new game from this position
  void backRequested();

 protected:
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dropEvent(QDropEvent* e) override;

 private:
  uint32_t maxPosition() const { return loaded_ ? loaded_->turns : 0; }
  void landedLoad();
  void landedSeek();
  void render();
  void buildLog();
  void followEvents();

  QPushButton *open_, *resume_, *playOn_, *first_, *back_, *fwd_, *last_, *play_, *prevEv_, *nextEv_;
  QComboBox *speed_, *perspectiveBox_;
  QSpinBox* jump_;
  QLabel *where_, *verified_, *hidden_;
  QProgressBar* progress_;
  Timeline* timeline_;
  QListWidget* log_;
  QListView* events_;
  EventListModel* eventModel_;
  QWidget* tableHolder_;
  TableView* table_ = nullptr;
  QTimer* player_;

  std::optional<LoadedReplay> loaded_;
  // Shared, so landing moves the loaded replay out instead of copying every turn's narration on the UI thread.
  QFutureWatcher<std::shared_ptr<Result<LoadedReplay>>> loadWatch_;
  QFutureWatcher<Result<ReplayMoment>> seekWatch_;
  bool loading_ = false, seeking_ = false;  // a job is out (cleared when its result lands, not when it ends)
  std::optional<uint32_t> pending_;  // the newest position asked for while a seek ran
  std::shared_ptr<const lockstep::TurnEngine> engine_;
  uint32_t shown_ = 0;
  uint32_t wanted_ = 0;  // the position last asked for (shown_ once its seek lands)
  Seat perspective_ = kOmniscient;
};

}  // namespace concord::ui
