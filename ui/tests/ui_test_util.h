// Helpers for the QTest interaction tests: a recorded Warp replay to open, and a widget finder.
#pragma once

#include <QSize>
#include <QString>
#include <QWidget>
#include <string>

#include "core/game/types.h"
#include "ui/shell/solo_session.h"

namespace concord::ui {
class MainWindow;
}

namespace concord::ui::test {

/// Records a bot game of Warp (Official preset, `seats` officers of `officer`) to `path`; "" or the error.
std::string recordWarpReplay(const std::string& path, Seat seats, const std::string& officer);
/// A solo Warp table for the person at seat 0 against Ensign officers, recording to `replayPath` (the tests' set-up).
SoloSession::Setup ensignSetup(Seat seats, uint64_t seed, const std::string& replayPath);
/// Waits (up to 30 s) until the officers have moved and the person may act, or the game is over.
bool waitForDecision(SoloSession& s);
/// Shows `win` at `size` (the tests' size unless given); `active`: also waits until it is the active window (key tests need it).
bool showForTest(MainWindow& win, bool active = false, QSize size = QSize(1300, 820));
/// The first visible descendant of `root` of type T whose object name starts with `prefix`.
template <class T>
T* findVisible(QWidget* root, const QString& prefix) {
  for (T* w : root->findChildren<T*>())
    if (w->isVisible() && w->objectName().startsWith(prefix)) return w;
  return nullptr;
}

}  // namespace concord::ui::test
