#include "ui/tests/table_features_test.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>

#include "core/warp/ai/officer.h"
#include "lockstep/turn_engine.h"
#include "ui/profile/profile_page.h"
#include "ui/replay/replay_viewer.h"
#include "ui/shell/campaign_summary.h"
#include "ui/shell/game_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/scene_play.h"
#include "ui/shell/settings.h"
#include "ui/shell/start_screen.h"
#include "ui/shell/theme.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/warp_board.h"
#include "ui/warp/warp_hand.h"
#include "ui/warp/warp_table_view.h"
#include "ui/warp/warp_round_sheet.h"
#include "ui/warp/warp_wormhole.h"

namespace concord::ui::test {

namespace cw = concord::warp;

namespace {

WarpTableView* warpView(MainWindow& win) { return qobject_cast<WarpTableView*>(&win.game()->table()); }

// Drops coordinate `tile` on the arm of `line` as a drag from the hand would.
void dropTile(WarpBoard& board, cw::Tile tile, int line) {
  QMimeData mime;
  mime.setData(QString::fromLatin1(kTileMime), QByteArray::number(tile.index()));
  const QPointF at = board.armRect(line).center();
  QDragEnterEvent enter(at.toPoint(), Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&board, &enter);
  QDropEvent drop(at, Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&board, &drop);
}

}  // namespace

void TableFeaturesTest::aRoundIsPlayedByKeysAloneUntilTheTallyShows() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win, true));
  auto setup = ensignSetup(3, 5, tmp.filePath(QStringLiteral("keys.ccr")).toStdString());
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  auto view = [&] { return warpView(win); };
  int byDigit = 0, byRoute = 0, byF = 0, byEsc = 0;
  for (int i = 0; i < 400 && roundNow(s) < 2; ++i) {
    QVERIFY(waitForDecision(s));
    QVERIFY(!s.over());
    if (roundNow(s) >= 2) break;
    const uint32_t turn = s.turn();
    // A glowing coordinate by its digit, else the first order (F1), else "Let it go" (Esc).
    int key = -1, k = 0;
    for (auto* b : win.game()->findChildren<DominoButton*>()) {
      if (!b->isVisible()) continue;
      if (b->info().legal && k < 10) {
        key = k;
        break;
      }
      ++k;
    }
    // Every key takes effect at once (ui/shell/instant_key.h), before the event loop runs again: the order is
    // sent (the session is thinking) or the route question is up. A key once fired 100 ms later (an animated
    // click) and was lost when the table changed first; one turn in ten or so then missed its key.
    if (key >= 0) {
      QTest::keyClick(&win, static_cast<Qt::Key>(Qt::Key_0 + (key + 1) % 10));
      if (findVisible<QPushButton>(win.game(), QStringLiteral("route-"))) {
        QTest::keyClick(&win, Qt::Key_F1);  // typed straight after the digit: it must press the route, not an old order
        ++byRoute;
      }
      ++byDigit;
    } else if (findVisible<QPushButton>(win.game(), QStringLiteral("action-"))) {
      QTest::keyClick(&win, Qt::Key_F1);
      ++byF;
    } else {
      QTest::keyClick(&win, Qt::Key_Escape);
      ++byEsc;
    }
    QVERIFY2(s.thinking() || s.turn() > turn, qPrintable(QStringLiteral("turn %1: the key did not play an order at once (key %2, digit %3, F1 %4, Esc %5, legal %6)").arg(turn).arg(key).arg(byDigit).arg(byF).arg(byEsc).arg(s.frame().legal.size())));
    QVERIFY2(QTest::qWaitFor([&] { return s.turn() > turn; }, 30000), "the order sent by key never landed");
  }
  qInfo("turns played by keys: %d by a digit (%d of them with a route by F1), %d by F1, %d by Esc", byDigit, byRoute, byF, byEsc);
  QVERIFY2(byDigit >= 10, "fewer than ten coordinates were charted by their digit");
  QCOMPARE(roundNow(s), 2);
  // RULES §V: the round-end sheet stands over the table, its rows revealed step by step; T shows the rest,
  // Return is "Next round" (issue 31).
  QVERIFY(view()->showingSheet());
  QTest::keyClick(&win, Qt::Key_T);
  QTRY_COMPARE(view()->sheet().shown(), view()->sheet().total());
  QCOMPARE(view()->sheet().total(), 3);
  QTest::keyClick(&win, Qt::Key_Return);
  QVERIFY(!view()->showingSheet());
}

void TableFeaturesTest::aCoordinateDraggedToItsArmIsChartedAndAWrongArmIsExplained() {
  QTemporaryDir tmp;
  MainWindow win;
  win.resize(1300, 820);
  win.show();
  SoloSession::Setup setup;
  setup.seed = 9;
  setup.replayPath = tmp.filePath(QStringLiteral("drag.ccr")).toStdString();
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  auto* view = warpView(win);
  for (int i = 0; i < 300; ++i) {
    QVERIFY(waitForDecision(s));
    QVERIFY(!s.over());
    auto table = cw::ai::tableOf(s.frame().obs);
    QVERIFY(static_cast<bool>(table));
    // A legal chart whose route is a single arm, and an arm that refuses the same coordinate.
    for (const auto& o : s.frame().legal) {
      auto d = cw::decodeOrder(o, table->config().maxPip);
      if (!d || d->kind != cw::kChart || s.frame().outOfTurn) continue;
      const int line = d->route.kind == cw::RouteKind::Neutral ? static_cast<int>(table->seats())
                       : d->route.kind == cw::RouteKind::Own   ? table->homeLine(s.you())
                                                                : table->homeLine(d->route.seat);
      for (int wrong = 0; wrong <= static_cast<int>(table->seats()); ++wrong) {
        if (wrong == line) continue;
        cw::Route r = wrong == static_cast<int>(table->seats()) ? cw::Route{cw::RouteKind::Neutral, 0}
                      : wrong == table->homeLine(s.you())       ? cw::Route{cw::RouteKind::Own, 0}
                                                                 : cw::Route{cw::RouteKind::Seat, static_cast<uint8_t>(wrong)};
        auto refused = s.view().validate(s.you(), cw::chartOrder(d->tile, r));
        if (refused) continue;
        const uint32_t turn = s.turn();
        dropTile(view->board(), d->tile, wrong);
        QCOMPARE(s.turn(), turn);  // nothing was sent
        QVERIFY2(view->explanation().contains(QString::fromStdString(refused.message())), qPrintable(view->explanation()));
        dropTile(view->board(), d->tile, line);
        QTRY_VERIFY_WITH_TIMEOUT(s.turn() > turn, 30000);
        QVERIFY(!s.log().empty());
        return;
      }
    }
    QVERIFY(s.choose(s.frame().legal.front()));
  }
  QFAIL("no chart with a refusing arm came up");
}

void TableFeaturesTest::aWormholeAsksFirstAndCancelSendsNothing() {
  QTemporaryDir tmp;
  MainWindow win;
  win.resize(1300, 820);
  win.show();
  SoloSession::Setup setup;
  setup.seed = 7;
  setup.options = {{"lambda", "on"}};
  setup.replayPath = tmp.filePath(QStringLiteral("lambda.ccr")).toStdString();
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  const QString err = playUntil(win, [](const SoloSession& ss) {
    auto t = cw::ai::tableOf(ss.frame().obs);
    if (!t || ss.frame().outOfTurn) return false;
    for (const auto& o : ss.frame().legal)
      if (o.kind == cw::kChart && opensWormhole(*t, ss.you(), o)) return true;
    return false;
  }, 2000);
  QVERIFY2(err.isEmpty(), qPrintable(err));
  auto* view = warpView(win);
  DominoButton* marked = nullptr;
  for (auto* b : view->findChildren<DominoButton*>())
    if (b->isVisible() && b->info().wormhole) marked = b;
  QVERIFY2(marked, "the Lambda pre-trigger mark is on no coordinate");
  auto ask = [&] {
    QTest::mouseClick(marked, Qt::LeftButton);
    for (auto* b : view->findChildren<QPushButton*>())
      if (b->isVisible() && b->text().contains(QStringLiteral("opens a Wormhole"))) QTest::mouseClick(b, Qt::LeftButton);
  };
  const uint32_t turn = s.turn();
  ask();
  QVERIFY(view->askingWormhole());
  auto* text = view->findChild<QLabel*>(QStringLiteral("wormholeText"));
  QVERIFY(text->text().contains(QStringLiteral("Your trail will become public")));
  QTest::mouseClick(view->findChild<QPushButton*>(QStringLiteral("cancelWormhole")), Qt::LeftButton);
  QVERIFY(!view->askingWormhole());
  QTest::qWait(50);
  QCOMPARE(s.turn(), turn);
  for (auto* b : view->findChildren<DominoButton*>())
    if (b->isVisible() && b->info().wormhole) marked = b;
  ask();
  QVERIFY(view->askingWormhole());
  QTest::mouseClick(view->findChild<QPushButton*>(QStringLiteral("openWormhole")), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(s.turn() > turn, 30000);
  bool opened = false;
  for (const auto& l : s.log()) opened = opened || l.rfind("Wormhole! Captain 0", 0) == 0;
  QVERIFY2(opened, "the log has no Wormhole by Captain 0");
}

void TableFeaturesTest::theCampaignSummaryShowsTeiBeforeAfterAndTheProfileHasIt() {
  MainWindow win;
  win.resize(1300, 820);
  win.show();
  const QString err = playWholeGame(win, 11, {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "1"}});
  QVERIFY2(err.isEmpty(), qPrintable(err));
  QTRY_VERIFY_WITH_TIMEOUT(win.game()->showingSummary() && !win.game()->summary().rating(), 60000);
  const QString tei = win.game()->summary().teiText();
  // RULES §VIII Solo pool: an unassisted Warp 12 game against Lieutenants is rated to the person's key.
  QVERIFY2(tei.contains(QStringLiteral("localAi/lieutenant/goOut")) && tei.contains(QStringLiteral("→")), qPrintable(tei));
  auto* standings = win.game()->findChild<QTableWidget*>(QStringLiteral("standings"));
  QCOMPARE(standings->rowCount(), 4);
  win.showStart();
  auto& profile = win.start().profile();
  QTRY_VERIFY_WITH_TIMEOUT(!profile.loading() && !profile.data().grades.empty(), 60000);
  QCOMPARE(profile.data().grades.front().bucket, std::string("localAi/lieutenant/goOut"));
  QVERIFY(!profile.data().fingerprint.empty());
  QCOMPARE(profile.data().history.size(), size_t{1});
  QCOMPARE(profile.data().history.front().after, profile.data().grades.front().grade);
  QVERIFY(!profile.data().boards.empty() && profile.data().boards.front().rows.front().you);
}

void TableFeaturesTest::theReplayJumpsToEventsAndPlaysOnFromHere() {
  QTemporaryDir tmp;
  const std::string path = tmp.filePath(QStringLiteral("events.ccr")).toStdString();
  QCOMPARE(recordWarpReplay(path, 4, "ensign"), std::string());
  MainWindow win;
  win.resize(1300, 820);
  win.show();
  win.showReplay(QString::fromStdString(path));
  auto& v = win.viewer();
  QTRY_VERIFY_WITH_TIMEOUT(v.hasReplay() && !v.busy(), 60000);
  QVERIFY(!v.replay().events.empty());
  QVERIFY(v.events().model()->rowCount() > 0);
  // Ctrl+Right: the next event; its line is in the log shown with the board.
  QTest::keyClick(&v, Qt::Key_Right, Qt::ControlModifier);
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() > 0, 20000);
  uint32_t first = 0;
  for (const auto& ev : v.replay().events)
    if (ev.kind != "alert-end") {
      first = ev.position;
      break;
    }
  QCOMPARE(v.position(), first);
  // A click on an event row jumps there.
  const QModelIndex row = v.events().model()->index(v.events().model()->rowCount() - 1, 0);
  const uint32_t last = row.data(Qt::UserRole).toUInt();
  QTest::mouseClick(v.events().viewport(), Qt::LeftButton, {}, v.events().visualRect(row).center());
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == last, 20000);
  // Play on from here, at Captain 2's seat, from an earlier turn.
  const uint32_t at = first + 3;
  v.seek(at);
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == at, 20000);
  v.setPerspective(2);
  const auto expected = v.engine()->game().observe(kOmniscient).canonical;
  QSignalSpy started(&win, &MainWindow::playOnStarted);
  QTest::mouseClick(v.findChild<QPushButton*>(QStringLiteral("playOn")), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(started.count() == 1, 60000);
  auto& s = win.game()->session();
  QCOMPARE(s.you(), Seat{2});
  QCOMPARE(s.setup().casual, true);
  QVERIFY(s.turn() >= at);  // officers may have moved on since
  if (s.turn() == at) QVERIFY(s.view().observe(kOmniscient).canonical == expected);
}

void TableFeaturesTest::themeAndWindowStateAreRemembered() {
  {
    MainWindow win;
    win.show();
    win.resize(1600, 900);
    QAction* dark = nullptr;
    for (auto* a : win.findChildren<QAction*>())
      if (a->text().contains(QStringLiteral("Dark theme"))) dark = a;
    QVERIFY(dark);
    if (!dark->isChecked()) dark->trigger();
    QCOMPARE(currentTheme(), Theme::Dark);
    QVERIFY(qApp->palette().color(QPalette::Window).lightness() < 100);
    win.close();
  }
  // The settings live under $CONCORD_HOME (ui_test_main points it at a temp dir).
  QVERIFY(clientSettings()->fileName().startsWith(qEnvironmentVariable("CONCORD_HOME")));
  QCOMPARE(clientSettings()->value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));
  MainWindow again;
  QCOMPARE(currentTheme(), Theme::Dark);
  QCOMPARE(again.size(), QSize(1600, 900));
  applyTheme(Theme::Light);
  clientSettings()->setValue(QStringLiteral("view/theme"), QStringLiteral("light"));
}

}  // namespace concord::ui::test
