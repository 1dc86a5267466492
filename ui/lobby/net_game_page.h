// Our seat at a running networked table: the module's table view fed from NetSession's frames, the round
// log, who is deciding (and our turn clock), "Let it go" for an out-of-turn choice, and the comms panel
// with the table news (substitutions, reconnects, rejoins). Module-agnostic.
#pragma once

#include <QLabel>
#include <QListWidget>
#include <QPushButton>

#include "ui/comms/comms_panel.h"
#include "ui/lobby/net_session.h"

namespace concord::ui {

class LeaveConfirm;

class NetGamePage : public QWidget {
  Q_OBJECT
 public:
  NetGamePage(NetSession& session, const std::string& moduleId, QWidget* parent = nullptr);
  TableView* table() { return table_; }
  QListWidget& log() { return *log_; }
  QLabel& status() { return *status_; }
  CommsPanel& comms() { return *comms_; }
  LeaveConfirm& leaveConfirm() { return *leaveConfirm_; }
  /// Redraws from the session (its changed() signal).
  void refresh();

 signals:
  void leaveRequested();

 private:
  NetSession& session_;
  TableView* table_ = nullptr;
  QListWidget* log_;
  QLabel* status_;
  QPushButton* letGo_;
  LeaveConfirm* leaveConfirm_;
  CommsPanel* comms_;
  size_t logShown_ = 0;
};

}  // namespace concord::ui
