// The start screen (module-agnostic): choose a rule module and its options (the module's OptionForm), start a
// solo game against AI officers (a fresh random deal unless a seed is typed; beside "Take the helm", whether it
// will be TEI-rated and why not), open a replay or resume a save, Host/Join (signals for the lobby), and the
// profile (ui/profile/: identity, TEI grades and history, leaderboard, recent replays).
#pragma once

#include <QWidget>

#include "ui/shell/solo_session.h"

class QComboBox;
class QLabel;
class QListWidget;

namespace concord::ui {
class ProfilePage;
}
class QStackedWidget;

namespace concord::ui {

/// Where `concord play` and the client write replays ($XDG_DATA_HOME/concord/replays, else ~/.local/share/...).
QString replayFolder();

class StartScreen : public QWidget {
  Q_OBJECT
 public:
  explicit StartScreen(QWidget* parent = nullptr);
  /// The setup the form describes; the error says what to fix.
  Result<SoloSession::Setup> setup() const;
  /// Re-reads the profile (grades, history, recent replays) on a worker.
  void refreshRecent();
  ProfilePage& profile() { return *profile_; }
  /// Shown under the buttons (a game that could not start).
  void setProblem(const QString& text);
  /// The line beside "Take the helm": rated, or why the game will be casual (table/rated_verdict.h).
  QString ratedLine() const;

 signals:
  void startSolo(const concord::ui::SoloSession::Setup& setup);
  void openReplay(const QString& path);  // empty: ask with a file dialog
  void resumeSave(const QString& path);  // empty: ask with a file dialog
  /// "Host a game" / "Join a game": the networked lobby (ui/lobby/) answers these; the start screen owns no network.
  void hostRequested();
  void joinRequested();

 private:
  QComboBox* module_;
  QStackedWidget* forms_;
  ProfilePage* profile_;
  QLabel* problem_;
  QLabel* rated_;

  void recheckRated();
};

}  // namespace concord::ui
