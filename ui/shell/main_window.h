// The client's window: the start screen, a solo game page, and the replay viewer on one stack; the File
// and View menus (themes, sound cues); window state remembered between runs (clientSettings()).
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
  /// A new local game from turn `turn` of the replay at `path` (the replay viewer's "Play on from here").
  Result<void> playOn(const QString& path, uint32_t turn, int paceMs = 250);
  void showStart();
  void showReplay(const QString& path);
  /// The networked client: host or join a game (File > Network game; ui/lobby/).
  LobbyPage& showLobby();

 signals:
  /// File > Host / Join and the start screen's buttons: the networked lobby (ui/lobby/) answers these.
  void hostRequested();
  void joinRequested();
  void playOnStarted();  // the game "Play on from here" set up is at the table

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  Result<void> seat(Result<std::unique_ptr<SoloSession>> session, int paceMs);
  Result<void> seat(std::unique_ptr<SoloSession> session, int paceMs);
  void askResume();
  /// The person's identity ($CONCORD_HOME/identity.key, created on first use), as `concord host/join`.
  Result<lockstep::KeyPair> person();

  QStackedWidget* stack_;
  StartScreen* start_;
  ReplayViewer* viewer_;
  GamePage* game_ = nullptr;
  QAction *dark_, *sound_;
  bool playOnBusy_ = false;
  LobbyPage* lobby_ = nullptr;
};

}  // namespace concord::ui
