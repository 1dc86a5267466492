// The client's window: the start screen, a solo game page, and the replay viewer on one stack; the File
// menu; window state remembered between runs (QSettings).
#pragma once

#include <QMainWindow>

#include "ui/shell/solo_session.h"

class QStackedWidget;

namespace concord::ui {

class GamePage;
class LobbyPage;
class ReplayViewer;
class StartScreen;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  StartScreen& start() { return *start_; }
  ReplayViewer& viewer() { return *viewer_; }
  GamePage* game() { return game_; }
  /// Starts a solo game (also the start screen's button); the error is shown on the start screen too.
  Result<void> startSolo(const SoloSession::Setup& setup, int paceMs = 250);
  /// Continues the solo game saved at `path` (File > Resume, the replay viewer's "Resume this save").
  Result<void> resumeSolo(const QString& path, int paceMs = 250);
  void showStart();
  void showReplay(const QString& path);
  /// The networked client: host or join a game (File > Network game; ui/lobby/).
  LobbyPage& showLobby();

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  Result<void> seat(Result<std::unique_ptr<SoloSession>> session, int paceMs);

  QStackedWidget* stack_;
  StartScreen* start_;
  ReplayViewer* viewer_;
  GamePage* game_ = nullptr;
  LobbyPage* lobby_ = nullptr;
};

}  // namespace concord::ui
