// Screenshot scenes of the networked client (`concord-ui --screenshot FILE --scene lobby|lobby-room|lobby-rules`),
// added to ui/shell/screenshot.cpp's list: "lobby" is the host form with the Warp rules grouped as RULES §VI groups
// them; "lobby-room" is a live loopback lobby with a second in-process peer joined, ready, and chatting;
// "lobby-rules" is that joiner's lobby after the host changed the rules to Warp 9 (new hash, casual, mark ready again).
#pragma once

#include <QString>
#include <QStringList>

namespace concord::ui {

QStringList lobbySceneNames();
/// Renders `scene` (one of lobbySceneNames()) to `file`; "" on success, else what went wrong.
QString renderLobbyScene(const QString& scene, const QString& file);

}  // namespace concord::ui
