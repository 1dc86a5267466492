// A keyboard key that presses a button at once. QAbstractButton::setShortcut animates the press and emits
// clicked() 100 ms later, and ignores the key while an animation runs: a table that changes within those
// 100 ms (a digit key's route question, a new frame) lost the key, and a quick second key (digit, then F1)
// pressed a button that was about to be replaced. The shortcut belongs to the button, so a hidden or
// disabled button (an old hand waiting for deleteLater) never takes the key.
#pragma once

#include <QKeySequence>

class QAbstractButton;
class QShortcut;

namespace concord::ui {

/// `key` clicks `button` synchronously while the button is visible and enabled in the active window.
/// `autoRepeat`: a held key repeats (stepping a replay), off for orders so a held key plays one order.
QShortcut* bindKey(QAbstractButton* button, const QKeySequence& key, bool autoRepeat = false);

}  // namespace concord::ui
