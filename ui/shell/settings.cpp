#include "ui/shell/settings.h"

#include <QDir>

namespace concord::ui {

std::unique_ptr<QSettings> clientSettings() {
  const QString home = qEnvironmentVariable("CONCORD_HOME");
  if (!home.isEmpty()) {
    QDir().mkpath(home);
    return std::make_unique<QSettings>(home + QStringLiteral("/concord-ui.ini"), QSettings::IniFormat);
  }
  return std::make_unique<QSettings>(QStringLiteral("Concord"), QStringLiteral("concord-ui"));
}

QString profileName() {
  QString name = clientSettings()->value(QStringLiteral("profile/name")).toString().trimmed();
  if (name.isEmpty()) name = qEnvironmentVariable("USER").trimmed();
  return name.left(32);
}

QString personName() {
  const QString name = profileName();
  return name.isEmpty() ? QStringLiteral("captain") : name;
}

}  // namespace concord::ui
