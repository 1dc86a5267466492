#include "ui/tests/solo_game_test.h"

#include <QLabel>
#include <QPushButton>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>

#include "core/warp/ai/officer.h"
#include "ui/shell/game_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/start_screen.h"
#include "ui/warp/warp_round_sheet.h"
#include "ui/warp/warp_table_view.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/warp_hand.h"

namespace concord::ui::test {

namespace {

int roundOf(const SoloSession& s) {
  auto t = concord::warp::ai::tableOf(s.view().observe(kOmniscient));
  return t ? t->round() : -1;
}

// Waits for the person's decision (or the end); false on a timeout.
// One decision by clicks: a glowing coordinate (then its first route if asked), else the first action
// button, else "Let it go". Returns what was clicked.
QString clickOneLegalMove(GamePage& page) {
  // RULES §V the round-end sheet stands over the table until "Next round" (issue 31).
  if (auto* next = findVisible<QPushButton>(&page, QStringLiteral("nextRound"))) QTest::mouseClick(next, Qt::LeftButton);
  for (auto* b : page.findChildren<DominoButton*>()) {
    if (!b->isVisible() || !b->info().legal) continue;
    QTest::mouseClick(b, Qt::LeftButton);
    if (auto* route = findVisible<QPushButton>(&page, QStringLiteral("route-"))) QTest::mouseClick(route, Qt::LeftButton);
    return b->objectName();
  }
  if (auto* a = findVisible<QPushButton>(&page, QStringLiteral("action-"))) {
    const QString name = a->objectName();
    QTest::mouseClick(a, Qt::LeftButton);
    return name;
  }
  if (auto* letGo = findVisible<QPushButton>(&page, QStringLiteral("letGo"))) {
    QTest::mouseClick(letGo, Qt::LeftButton);
    return QStringLiteral("letGo");
  }
  return {};
}

}  // namespace

void SoloGameTest::playsLegalMovesByClicksUntilTheRoundEnds() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win));
  auto setup = ensignSetup(3, 11, tmp.filePath(QStringLiteral("solo.ccr")).toStdString());
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  const int firstRound = roundOf(s);
  QCOMPARE(firstRound, 1);
  int clicks = 0;
  while (roundOf(s) == firstRound && !s.over() && clicks < 500) {
    QVERIFY(waitForDecision(s));
    if (s.over() || roundOf(s) != firstRound) break;
    const uint32_t before = s.turn();
    const QString clicked = clickOneLegalMove(*win.game());
    QVERIFY2(!clicked.isEmpty(), "the person had a decision but no legal control was shown");
    // The click played the turn: the session is thinking or the turn moved on.
    QVERIFY2(s.thinking() || s.turn() > before, qPrintable(QStringLiteral("clicking %1 did not play").arg(clicked)));
    ++clicks;
  }
  QVERIFY(clicks > 0);
  QVERIFY2(roundOf(s) > firstRound || s.over(), "the round did not end within 500 decisions");
  // The round log names the winner in the manual's words ("... goes out and wins round 1", or a credited block).
  bool ended = false;
  for (int i = 0; i < win.game()->log().count(); ++i) {
    const QString line = win.game()->log().item(i)->text();
    ended = ended || line.contains(QStringLiteral("round 1"));
  }
  QVERIFY2(ended, "the log does not show how round 1 ended");
  // RULES §V the round-end sheet of the round just ended stands over the table, one row per captain.
  auto* view = qobject_cast<WarpTableView*>(&win.game()->table());
  QVERIFY(view);
  QVERIFY(view->showingSheet());
  QCOMPARE(view->sheet().total(), 3);  // a row per captain at this three-captain table
}

void SoloGameTest::anIllegalCoordinateShowsTheRulesExplanation() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win));
  auto setup = ensignSetup(4, 5, tmp.filePath(QStringLiteral("solo.ccr")).toStdString());
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  // Play on until it is the person's own turn with a coordinate that does not fit anywhere.
  for (int i = 0; i < 300; ++i) {
    QVERIFY(waitForDecision(s));
    QVERIFY(!s.over());
    DominoButton* illegal = nullptr;
    if (!s.frame().outOfTurn)
      for (auto* b : win.game()->findChildren<DominoButton*>())
        if (b->isVisible() && !b->info().legal) illegal = b;
    if (!illegal) {
      QVERIFY(!clickOneLegalMove(*win.game()).isEmpty());
      continue;
    }
    const auto tile = illegal->info().tile;
    auto why = s.view().validate(s.you(), concord::warp::chartOrder(tile, concord::warp::Route{}));
    QVERIFY(!why);
    const QString rule = QString::fromStdString(why.message());
    QVERIFY2(illegal->toolTip().contains(rule), qPrintable(illegal->toolTip() + QStringLiteral(" / ") + rule));
    const uint32_t turn = s.turn();
    QTest::mouseClick(illegal, Qt::LeftButton);
    QVERIFY(win.game()->table().explanation().contains(rule));
    QVERIFY(!s.thinking());
    QCOMPARE(s.turn(), turn);  // nothing was played
    return;
  }
  QFAIL("no illegal coordinate came up in 300 decisions");
}

void SoloGameTest::anInvalidTableOptionIsExplainedOnTheStartScreen() {
  MainWindow win;
  win.show();
  auto* options = win.start().findChild<QLineEdit*>(QStringLiteral("tableOptions"));
  QVERIFY(options);
  QTest::keyClicks(options, QStringLiteral("nosuchoption=1"));
  QTest::mouseClick(win.start().findChild<QPushButton*>(QStringLiteral("startSolo")), Qt::LeftButton);
  QVERIFY(win.game() == nullptr);
  auto* problem = win.start().findChild<QLabel*>(QStringLiteral("startProblem"));
  QVERIFY(problem && problem->text().contains(QStringLiteral("nosuchoption")));
}

void SoloGameTest::aLeftGameResumesFromItsSaveAtTheSameTurn() {
  QTemporaryDir tmp;
  const QString path = tmp.filePath(QStringLiteral("save.ccr"));
  MainWindow win;
  QVERIFY(showForTest(win));
  auto setup = ensignSetup(3, 4, path.toStdString());
  QVERIFY(win.startSolo(setup, 0));
  auto& first = win.game()->session();
  while (first.turn() < 8) {
    QVERIFY(waitForDecision(first));
    QVERIFY(!first.over());
    QVERIFY(!clickOneLegalMove(*win.game()).isEmpty());
  }
  QVERIFY(waitForDecision(first));
  const uint32_t turn = first.turn();
  const auto hash = stateHash(first.view());
  win.showStart();  // leaves the table: the save is closed
  QVERIFY(win.resumeSolo(path, 0));
  auto& again = win.game()->session();
  QCOMPARE(again.turn(), turn);
  QCOMPARE(stateHash(again.view()), hash);
  QCOMPARE(again.you(), Seat{0});
  QVERIFY(waitForDecision(again));
  QVERIFY(!clickOneLegalMove(*win.game()).isEmpty());
  QTRY_VERIFY_WITH_TIMEOUT(!again.thinking() && again.turn() > turn, 30000);
}

void SoloGameTest::anOrderIsPlayableFromTheKeyboard() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win, true));
  auto setup = ensignSetup(4, 21, tmp.filePath(QStringLiteral("keys.ccr")).toStdString());
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  // Until an order other than charting is offered (draw, beacon, pass, ...): F1 presses the first button.
  for (int i = 0; i < 300; ++i) {
    QVERIFY(waitForDecision(s));
    QVERIFY(!s.over());
    auto* first = findVisible<QPushButton>(win.game(), QStringLiteral("action-"));
    if (!first) {
      QVERIFY(!clickOneLegalMove(*win.game()).isEmpty());
      continue;
    }
    QCOMPARE(first->toolTip(), QStringLiteral("F1"));  // the key it answers to (ui/shell/instant_key.h)
    const uint32_t turn = s.turn();
    QTest::keyClick(&win, Qt::Key_F1);
    QVERIFY(s.thinking() || s.turn() > turn);  // pressed at once, not 100 ms later
    QTRY_VERIFY_WITH_TIMEOUT(s.turn() > turn, 30000);
    return;
  }
  QFAIL("no action button came up in 300 decisions");
}

}  // namespace concord::ui::test
