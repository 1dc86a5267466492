#include "ui/shell/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace concord::ui {

namespace {
Theme g_theme = Theme::Light;

QPalette darkPalette() {
  QPalette p;
  const QColor base(32, 34, 38), window(44, 47, 52), text(226, 228, 232), dim(130, 134, 140);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, QColor(60, 63, 70));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, QColor(58, 62, 68));
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, QColor(255, 90, 90));
  p.setColor(QPalette::Highlight, QColor(64, 128, 200));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor(110, 170, 240));
  p.setColor(QPalette::PlaceholderText, dim);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) p.setColor(QPalette::Disabled, role, dim);
  return p;
}
}  // namespace

void applyTheme(Theme t) {
  g_theme = t;
  QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
  QApplication::setPalette(t == Theme::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

Theme currentTheme() { return g_theme; }
QString themeName(Theme t) { return t == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"); }
Theme themeFromName(const QString& name) { return name == QLatin1String("dark") ? Theme::Dark : Theme::Light; }

}  // namespace concord::ui
