// The client's remembered settings (window state, theme, sound cues, your name): $CONCORD_HOME/concord-ui.ini
// when CONCORD_HOME is set (next to the identity key, and how tests isolate themselves), else Qt's per-user
// location for organization "Concord", application "concord-ui".
#pragma once

#include <QSettings>
#include <memory>

namespace concord::ui {

std::unique_ptr<QSettings> clientSettings();
/// The person's name at every table and lobby: the profile's (profile/name), else $USER, else "captain" (issue 31).
QString personName();

}  // namespace concord::ui
