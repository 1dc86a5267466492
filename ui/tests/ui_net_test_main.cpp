// ui_net_tests: the networked client's QTest tests, offscreen. `ui_net_tests lobby` runs LobbyTest (one Qt peer
// on loopback); `ui_net_tests invite` runs InviteTest (issue 25); `ui_net_tests interop CONCORD` runs InteropTest
// against the built `concord` binary.
#include <QApplication>
#include <QTest>
#include <cstdio>
#include <cstring>

#include "ui/tests/invite_test.h"
#include "ui/tests/lobby_test.h"
#include "ui/tests/net_table_test.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("ConcordTests"));
  const char* which = argc > 1 ? argv[1] : "";
  if (std::strcmp(which, "lobby") == 0) {
    concord::ui::test::LobbyTest t;
    return QTest::qExec(&t, 1, argv) == 0 ? 0 : 1;
  }
  if (std::strcmp(which, "table") == 0) {
    concord::ui::test::NetTableTest t;
    return QTest::qExec(&t, 1, argv) == 0 ? 0 : 1;
  }
  if (std::strcmp(which, "invite") == 0) {
    concord::ui::test::InviteTest t;
    return QTest::qExec(&t, 1, argv) == 0 ? 0 : 1;
  }
  if (std::strcmp(which, "interop") == 0 && argc > 2) {
    concord::ui::test::InteropTest t(QString::fromLocal8Bit(argv[2]));
    return QTest::qExec(&t, 1, argv) == 0 ? 0 : 1;
  }
  std::fprintf(stderr, "usage: ui_net_tests lobby | ui_net_tests table | ui_net_tests invite | ui_net_tests interop PATH_TO_CONCORD\n");
  return 2;
}
