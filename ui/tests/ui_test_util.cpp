#include "ui/tests/ui_test_util.h"

#include <QTest>

#include "table/record_bots.h"
#include "ui/shell/main_window.h"

namespace concord::ui::test {

std::string recordWarpReplay(const std::string& path, Seat seats, const std::string& officer) {
  auto session = table::makeBotSession("warp", {}, seats, "ui-test", officer);
  if (!session) return session.message();
  auto r = table::recordBotGame(path, *session, table::botSessionKeys("ui-test", seats));
  return r ? std::string() : r.message();
}

bool waitForDecision(SoloSession& s) {
  return QTest::qWaitFor([&] { return !s.thinking() && (s.over() || s.frame().mayAct()); }, 30000);
}

SoloSession::Setup ensignSetup(Seat seats, uint64_t seed, const std::string& replayPath) {
  SoloSession::Setup setup;
  setup.seats = seats;
  setup.seed = seed;
  setup.officer = "ensign";
  setup.replayPath = replayPath;
  return setup;
}

bool showForTest(MainWindow& win, bool active, QSize size) {
  win.resize(size);
  win.show();
  if (!active) return true;
  win.activateWindow();
  return QTest::qWaitForWindowActive(&win);
}

}  // namespace concord::ui::test
