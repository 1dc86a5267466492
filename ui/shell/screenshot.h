// Screenshot mode (`concord-ui --screenshot FILE --scene NAME`, under QT_QPA_PLATFORM=offscreen): builds a
// named scene from a seeded game or a recorded replay and saves the window as PNG, for docs/screenshots/.
#pragma once

#include <QString>
#include <QStringList>

namespace concord::ui {

/// The scene names, in the order the docs show them.
QStringList sceneNames();
/// Renders `scene` to `file`; "" on success, else what went wrong.
QString renderScene(const QString& scene, const QString& file);

}  // namespace concord::ui
