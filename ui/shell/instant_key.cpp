#include "ui/shell/instant_key.h"

#include <QAbstractButton>
#include <QShortcut>

namespace concord::ui {

QShortcut* bindKey(QAbstractButton* button, const QKeySequence& key, bool autoRepeat) {
  auto* s = new QShortcut(key, button);
  s->setContext(Qt::WindowShortcut);
  s->setAutoRepeat(autoRepeat);
  QObject::connect(s, &QShortcut::activated, button, [button] {
    if (button->isVisible() && button->isEnabled()) button->click();
  });
  return s;
}

}  // namespace concord::ui
