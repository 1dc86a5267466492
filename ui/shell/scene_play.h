// Driving a solo game to a wanted moment (screenshot scenes, tests): the person's seat plays the first legal
// order, charts first, through the session (the same legality as a click), until `stop` holds at their decision.
#pragma once

#include <QString>
#include <functional>

#include "ui/shell/main_window.h"
#include "ui/shell/solo_session.h"

namespace concord::ui {

/// Runs the event loop until `done` or `timeoutMs`; false on timeout.
bool waitFor(const std::function<bool()>& done, int timeoutMs);
/// "" once `stop` holds at the person's decision; else why not (the game ended, no such moment).
QString playUntil(MainWindow& win, const std::function<bool(const SoloSession&)>& stop, int maxTurns);
/// Starts a Warp game with `options` at seed `seed` and plays it to its end ("" or why not).
QString playWholeGame(MainWindow& win, uint64_t seed, const ConfigOptions& options);
bool hasChart(const SoloSession& s);
int roundNow(const SoloSession& s);

}  // namespace concord::ui
