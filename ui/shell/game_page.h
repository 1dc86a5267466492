// The page of a solo game: the module's table view, the round log, who is deciding, "Let it go" when an
// out-of-turn choice may be declined, and the end of the game. Module-agnostic: it speaks SoloSession and
// TableView only.
#pragma once

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QWidget>
#include <memory>

#include "ui/shell/module_ui.h"
#include "ui/shell/solo_session.h"

namespace concord::ui {

class GamePage : public QWidget {
  Q_OBJECT
 public:
  /// Takes the session; the table view comes from the session's module.
  GamePage(std::unique_ptr<SoloSession> session, QWidget* parent = nullptr);
  ~GamePage() override;
  SoloSession& session() { return *session_; }
  TableView& table() { return *table_; }
  QListWidget& log() { return *log_; }

 signals:
  void leave();

 private:
  void refresh();
  void chosen(const Order& o);

  std::unique_ptr<SoloSession> session_;
  TableView* table_ = nullptr;
  QListWidget* log_;
  QLabel* status_;
  QPushButton* letGo_;
  int logShown_ = 0;
};

}  // namespace concord::ui
