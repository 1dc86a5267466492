// The start screen (module-agnostic): choose a rule module and its options (the module's OptionForm), start a
// solo game against AI officers, or open a replay (dialog or the recent list from the replay folder).
#pragma once

#include <QWidget>

#include "ui/shell/solo_session.h"

class QComboBox;
class QLabel;
class QListWidget;
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
  void refreshRecent();
  /// Shown under the buttons (a game that could not start).
  void setProblem(const QString& text);

 signals:
  void startSolo(const concord::ui::SoloSession::Setup& setup);
  void openReplay(const QString& path);  // empty: ask with a file dialog

 private:
  QComboBox* module_;
  QStackedWidget* forms_;
  QListWidget* recent_;
  QLabel* problem_;
};

}  // namespace concord::ui
