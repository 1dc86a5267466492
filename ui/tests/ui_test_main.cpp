// ui_tests: the QTest interaction tests of the Qt client, run offscreen (ctest sets QT_QPA_PLATFORM=offscreen).
#include <QApplication>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>
#include <string>

#include "ui/tests/solo_game_test.h"
#include "ui/tests/replay_viewer_test.h"
#include "ui/tests/start_screen_rated_test.h"
#include "ui/tests/table_features_test.h"
#include "ui/tests/warp_fixes_test.h"

int main(int argc, char** argv) {
  // Isolation: the identity, the client's settings, the TEI store and the replays folder live in a temp dir.
  QTemporaryDir home;
  qputenv("CONCORD_HOME", home.filePath(QStringLiteral("concord")).toUtf8());
  qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toUtf8());
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("ConcordTests"));
  // `ui_tests solo|replay|features|start [QTest args]` runs one class (CTest runs them side by side); none: all.
  std::string only;
  if (argc > 1 && (std::strcmp(argv[1], "solo") == 0 || std::strcmp(argv[1], "replay") == 0 || std::strcmp(argv[1], "features") == 0 ||
                   std::strcmp(argv[1], "start") == 0 || std::strcmp(argv[1], "fixes") == 0)) {
    only = argv[1];
    argv[1] = argv[0];
    --argc;
    ++argv;
  }
  auto wanted = [&](const char* name) { return only.empty() || only == name; };
  int failed = 0;
  if (wanted("solo")) {
    concord::ui::test::SoloGameTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  if (wanted("replay")) {
    concord::ui::test::ReplayViewerTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  if (wanted("features")) {
    concord::ui::test::TableFeaturesTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  if (wanted("start")) {
    concord::ui::test::StartScreenRatedTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  if (wanted("fixes")) {
    concord::ui::test::WarpFixesTest t;
    failed += QTest::qExec(&t, argc, argv);
  }
  return failed == 0 ? 0 : 1;
}
