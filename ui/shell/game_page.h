// The page of a solo game: the module's table view, the round log, who is deciding, "Let it go" when an
// out-of-turn choice may be declined, the Red Alert / All Stop! cues, and the end-of-campaign summary (with
// TEI before → after). Module-agnostic: it speaks SoloSession, TableView and CampaignSummary only.
#pragma once

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QWidget>
#include <memory>

#include "ui/shell/module_ui.h"
#include "ui/shell/solo_session.h"

class QStackedWidget;

namespace concord::ui {

class CampaignSummary;
class LeaveConfirm;

class GamePage : public QWidget {
  Q_OBJECT
 public:
  /// Takes the session; the table view comes from the session's module.
  GamePage(std::unique_ptr<SoloSession> session, QWidget* parent = nullptr);
  ~GamePage() override;
  SoloSession& session() { return *session_; }
  TableView& table() { return *table_; }
  QListWidget& log() { return *log_; }
  QLabel& status() { return *status_; }
  LeaveConfirm& leaveConfirm() { return *leaveConfirm_; }
  CampaignSummary& summary() { return *summary_; }
  bool showingSummary() const;
  /// Sound cues (QApplication::beep; QtMultimedia is not installed) for Red Alert and All Stop!; the visual
  /// cue (the status bar flashes) is always on.
  void setSoundCues(bool on) { sound_ = on; }
  /// The last cue given ("Red Alert!", "All Stop!"), for tests.
  const QString& lastCue() const { return lastCue_; }

 signals:
  void leave();
  void watchReplay(const QString& path);

 private:
  void refresh();
  void chosen(const Order& o);
  void cue(const QString& line);
  QString statusLine() const;
  QString personNamed(const QString& line) const;

  std::unique_ptr<SoloSession> session_;
  QStackedWidget* stack_;
  TableView* table_ = nullptr;
  QListWidget* log_;
  CampaignSummary* summary_;
  QLabel* status_;
  QPushButton* letGo_;
  LeaveConfirm* leaveConfirm_;
  int logShown_ = 0;
  bool summarized_ = false, sound_ = false;
  QString lastCue_;
};

}  // namespace concord::ui
