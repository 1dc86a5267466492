// The client's remembered settings (window state, theme, sound cues, your name): $CONCORD_HOME/concord-ui.ini
// when CONCORD_HOME is set (next to the identity key, and how tests isolate themselves), else Qt's per-user
// location for organization "Concord", application "concord-ui".
#pragma once

#include <QSettings>
#include <memory>

namespace concord::ui {

std::unique_ptr<QSettings> clientSettings();
/// The person's name: the profile's (profile/name), else $USER; "" when neither is set (issue 31).
QString profileName();
/// The person's name in a lobby, where one is needed: profileName(), else "captain".
QString personName();

}  // namespace concord::ui
