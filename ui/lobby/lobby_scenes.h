// Screenshot scenes of the networked client (`concord-ui --screenshot FILE --scene lobby|lobby-room`), added
// to ui/shell/screenshot.cpp's list: "lobby" is the host form with the Warp rules grouped as RULES §VI groups
// them; "lobby-room" is a live loopback lobby with a second in-process peer joined, ready, and chatting.
#pragma once

#include <QString>
#include <QStringList>

namespace concord::ui {

QStringList lobbySceneNames();
/// Renders `scene` (one of lobbySceneNames()) to `file`; "" on success, else what went wrong.
QString renderLobbyScene(const QString& scene, const QString& file);

}  // namespace concord::ui
