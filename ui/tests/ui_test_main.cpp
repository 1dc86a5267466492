// ui_tests: the QTest interaction tests of the Qt client, run offscreen (ctest sets QT_QPA_PLATFORM=offscreen).
#include <QApplication>
#include <QTemporaryDir>
#include <QTest>

#include "ui/tests/solo_game_test.h"
#include "ui/tests/replay_viewer_test.h"
#include "ui/tests/table_features_test.h"

int main(int argc, char** argv) {
  // Isolation: the identity, the client's settings, the TEI store and the replays folder live in a temp dir.
  QTemporaryDir home;
  qputenv("CONCORD_HOME", home.filePath(QStringLiteral("concord")).toUtf8());
  qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toUtf8());
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("ConcordTests"));
  int failed = 0;
  {
    concord::ui::test::SoloGameTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  {
    concord::ui::test::ReplayViewerTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  {
    concord::ui::test::TableFeaturesTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  return failed == 0 ? 0 : 1;
}
