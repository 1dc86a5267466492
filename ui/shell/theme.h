// Light and dark themes: Qt's Fusion style with a palette for each (the Warp board keeps its felt either
// way). The choice is remembered in the client's settings.
#pragma once

#include <QString>

namespace concord::ui {

enum class Theme { Light, Dark };

void applyTheme(Theme t);
Theme currentTheme();
QString themeName(Theme t);  // "light" | "dark"
Theme themeFromName(const QString& name);  // anything but "dark" is light

}  // namespace concord::ui
