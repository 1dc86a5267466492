#include "ui/tests/warp_fixes_test.h"

#include <QComboBox>
#include <QFileDialog>
#include <QListView>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>

#include "core/warp/ai/officer.h"
#include "ui/lobby/lobby_page.h"
#include "ui/replay/event_list_model.h"
#include "ui/replay/replay_viewer.h"
#include "ui/replay/timeline.h"
#include "ui/shell/game_page.h"
#include "ui/shell/leave_confirm.h"
#include "ui/shell/main_window.h"
#include "ui/shell/scene_play.h"
#include "ui/shell/settings.h"
#include "ui/shell/start_screen.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/domino_painter.h"
#include "ui/warp/warp_board.h"
#include "ui/warp/warp_hand.h"
#include "ui/warp/warp_open_hands.h"
#include "ui/warp/warp_round_sheet.h"
#include "ui/warp/warp_scoreboard.h"
#include "ui/warp/warp_table_view.h"
#include "ui/warp/warp_trail_popup.h"

namespace concord::ui::test {

namespace cw = concord::warp;

namespace {

WarpTableView* viewOf(MainWindow& win) { return qobject_cast<WarpTableView*>(&win.game()->table()); }

// Every visible widget of type T under `root` lies wholly inside `win` (nothing cut by the window's edge).
template <class T>
QString outside(MainWindow& win, QWidget* root) {
  for (T* w : root->findChildren<T*>()) {
    if (!w->isVisible()) continue;
    const QRect r(w->mapTo(&win, QPoint(0, 0)), w->size());
    if (!win.rect().contains(r)) return w->objectName() + QStringLiteral(" at %1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
  }
  return {};
}

}  // namespace

// Issue 31: the window grew to 1,659 px on a 1,600 px screen, the hand jumped ~115 px when the tally appeared and
// its last tile was cut. At 1,366 x 768 the window keeps its size, every tile and button is inside it, and the hand
// stays where it is from the deal through a whole round and its score sheet.
void WarpFixesTest::theTableFits1366x768AndTheHandNeverMoves() {
  QTemporaryDir tmp;
  MainWindow win;
  showForTest(win, false, QSize(1366, 768));
  auto setup = ensignSetup(4, 5, tmp.filePath(QStringLiteral("fit.ccr")).toStdString());
  QVERIFY(win.startSolo(setup, 0));
  auto& s = win.game()->session();
  auto* hand = win.game()->findChild<WarpHand*>();
  QVERIFY(hand);
  std::optional<QRect> handAt;
  int decisions = 0, biggest = 0;
  while (roundNow(s) < 2 && decisions < 400) {
    QVERIFY(waitForDecision(s));
    QVERIFY(!s.over());
    QCoreApplication::processEvents();
    QVERIFY2(win.width() <= 1366 && win.height() <= 768, qPrintable(QStringLiteral("the window grew to %1x%2").arg(win.width()).arg(win.height())));
    const QRect at(hand->mapTo(&win, QPoint(0, 0)), hand->size());
    if (!handAt) handAt = at;
    QCOMPARE(at, *handAt);
    const QString cut = outside<QAbstractButton>(win, win.game());
    QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("cut by the window: ") + cut));
    biggest = std::max(biggest, static_cast<int>(hand->findChildren<DominoButton*>().size()));
    if (roundNow(s) >= 2) break;
    if (auto* next = findVisible<QPushButton>(win.game(), QStringLiteral("nextRound"))) QTest::mouseClick(next, Qt::LeftButton);
    // The last coordinate first: a cut tile would be found here.
    DominoButton* pick = nullptr;
    for (auto* b : hand->findChildren<DominoButton*>())
      if (b->isVisible() && b->info().legal) pick = b;
    const uint32_t turn = s.turn();
    if (pick) {
      QTest::mouseClick(pick, Qt::LeftButton);
      if (auto* route = findVisible<QPushButton>(win.game(), QStringLiteral("route-"))) QTest::mouseClick(route, Qt::LeftButton);
    } else if (auto* a = findVisible<QPushButton>(win.game(), QStringLiteral("action-"))) {
      QTest::mouseClick(a, Qt::LeftButton);
    } else {
      QTest::mouseClick(win.game()->findChild<QPushButton*>(QStringLiteral("letGo")), Qt::LeftButton);
    }
    QVERIFY(QTest::qWaitFor([&] { return s.turn() > turn; }, 30000));
    ++decisions;
  }
  QVERIFY(biggest >= 10);
  // RULES §V the round-end moment: the sheet, then "Next round" puts the table back with the hand where it was.
  auto* view = viewOf(win);
  QVERIFY(view->showingSheet());
  QCOMPARE(view->sheet().total(), 4);
  QVERIFY(win.width() <= 1366 && win.height() <= 768);
  QVERIFY(outside<QAbstractButton>(win, win.game()).isEmpty());
  QTest::mouseClick(&view->sheet().nextButton(), Qt::LeftButton);
  QVERIFY(!view->showingSheet());
  QCOMPARE(QRect(hand->mapTo(&win, QPoint(0, 0)), hand->size()), *handAt);
  // A hand of 30 coordinates still fits its two rows, smaller, none cut.
  std::vector<HandTile> many;
  for (int i = 0; i < 30; ++i) many.push_back({cw::Tile::of(static_cast<uint8_t>(i % 13), static_cast<uint8_t>(i / 13)), false, {}, false});
  hand->setHand(many, false);
  QVERIFY(hand->tileSize().width() < WarpHand::kFullW);
  QVERIFY(outside<DominoButton>(win, hand).isEmpty());
  for (auto* b : hand->findChildren<DominoButton*>())
    if (b->isVisible()) QVERIFY2(QRect(QPoint(0, 0), b->parentWidget()->size()).contains(b->geometry()), qPrintable(b->objectName()));
}

void WarpFixesTest::leaveAsksFirst() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win));
  QVERIFY(win.startSolo(ensignSetup(3, 5, tmp.filePath(QStringLiteral("leave.ccr")).toStdString()), 0));
  QVERIFY(waitForDecision(win.game()->session()));
  auto* leave = win.game()->findChild<QPushButton*>(QStringLiteral("leaveTable"));
  QTest::mouseClick(leave, Qt::LeftButton);
  QVERIFY(win.game()->leaveConfirm().asking());
  QVERIFY(win.game()->isVisible());  // still at the table
  QTest::mouseClick(&win.game()->leaveConfirm().stayButton(), Qt::LeftButton);
  QVERIFY(!win.game()->leaveConfirm().asking());
  QVERIFY(win.game()->isVisible());
  QTest::mouseClick(leave, Qt::LeftButton);
  QTest::mouseClick(&win.game()->leaveConfirm().leaveButton(), Qt::LeftButton);
  QVERIFY(win.start().isVisible());
}

// Issue 31: "Red Alert! Your turn." stayed in the status bar after the alert was answered.
void WarpFixesTest::theStatusAlertClearsWithTheTablesAlert() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win));
  SoloSession::Setup setup = ensignSetup(4, 7, tmp.filePath(QStringLiteral("alert.ccr")).toStdString());
  setup.officer = "lieutenant";
  QVERIFY(win.startSolo(setup, 0));
  auto red = [](const SoloSession& s) {
    auto t = cw::ai::tableOf(s.frame().obs);
    return t && t->openDouble().active && t->openDouble().red && !t->openDouble().fracture;
  };
  QString err = playUntil(win, red, 3000);
  QVERIFY2(err.isEmpty(), qPrintable(err));
  QVERIFY2(win.game()->status().text().startsWith(QStringLiteral("Red Alert!")), qPrintable(win.game()->status().text()));
  err = playUntil(win, [&](const SoloSession& s) { return !red(s); }, 3000);
  QVERIFY2(err.isEmpty(), qPrintable(err));
  QTest::qWait(50);
  QVERIFY2(!win.game()->status().text().contains(QStringLiteral("Red Alert")), qPrintable(win.game()->status().text()));
}

// Pips 7-12 read apart: numerals or coloured dots (remembered); "+N ›" opens the whole trail.
void WarpFixesTest::facesAreAChoiceAndACutArmOpensWhole() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win));
  QVERIFY(win.startSolo(ensignSetup(4, 5, tmp.filePath(QStringLiteral("faces.ccr")).toStdString()), 0));
  auto& s = win.game()->session();
  QVERIFY(waitForDecision(s));
  auto* hand = win.game()->findChild<WarpHand*>();
  DominoButton* tile = nullptr;  // both halves with dots, of different values: every face differs
  for (auto* b : hand->findChildren<DominoButton*>())
    if (b->isVisible() && b->info().tile.lo > 0 && b->info().tile.hi != b->info().tile.lo) tile = b;
  QVERIFY(tile);
  const QImage dots = tile->grab().toImage();
  auto choose = [&](PipFace f) {
    hand->faces().setCurrentIndex(hand->faces().findData(pipFaceName(f)));
    emit hand->faces().activated(hand->faces().currentIndex());
  };
  choose(PipFace::Numerals);
  QCOMPARE(defaultPipFace(), PipFace::Numerals);
  QCOMPARE(clientSettings()->value(QStringLiteral("warp/faces")).toString(), QStringLiteral("numerals"));
  const QImage numerals = tile->grab().toImage();
  QVERIFY(numerals != dots);
  choose(PipFace::ColouredDots);
  QVERIFY(tile->grab().toImage() != dots && tile->grab().toImage() != numerals);
  choose(PipFace::Dots);
  QCOMPARE(tile->grab().toImage(), dots);
  // A narrow board cuts a long arm to "+N ›"; a click there shows every coordinate of that trail.
  QVERIFY(playUntil(win, [](const SoloSession& ss) {
            auto t = cw::ai::tableOf(ss.frame().obs);
            if (!t) return false;
            for (Seat l = 0; l < t->seats(); ++l)
              if (t->trail(static_cast<uint8_t>(l)).main.size() >= 5) return true;
            return false;
          }, 2000).isEmpty());
  auto t = cw::ai::tableOf(s.frame().obs);
  int line = 0;
  for (Seat l = 0; l < t->seats(); ++l)
    if (t->trail(static_cast<uint8_t>(l)).main.size() >= 5) line = l;
  WarpBoard board;
  board.setTable(*t, 0);
  board.resize(430, 300);
  board.show();
  (void)board.grab();  // lays the arms out and paints the markers
  const QRectF more = board.moreRect(line);
  QVERIFY(!more.isEmpty());
  QTest::mouseClick(&board, Qt::LeftButton, {}, more.center().toPoint());
  QVERIFY(board.wholeTrail() && board.wholeTrail()->isVisible());
  QCOMPARE(board.wholeTrail()->tileCount(), static_cast<int>(t->trail(static_cast<uint8_t>(line)).main.size()));
}

void WarpFixesTest::theProfileNameIsTheLobbyNameAndJoinOpensItsTab() {
  clientSettings()->setValue(QStringLiteral("profile/name"), QStringLiteral("Seven of Nine"));
  MainWindow win;
  QVERIFY(showForTest(win));
  emit win.joinRequested();
  auto* lobby = win.findChild<LobbyPage*>();
  QVERIFY(lobby && lobby->isVisible());
  QCOMPARE(lobby->tabs().currentWidget(), &lobby->joinForm());
  QCOMPARE(lobby->joinForm().nameEdit().text(), QStringLiteral("Seven of Nine"));
  QCOMPARE(lobby->hostForm().nameEdit().text(), QStringLiteral("Seven of Nine"));
  emit win.hostRequested();
  QCOMPARE(lobby->tabs().currentWidget(), &lobby->hostForm());
  clientSettings()->remove(QStringLiteral("profile/name"));
}

// The name typed in the profile is the name at a solo table too (it was "Captain 0"): the scoreboard's row and the
// board's arm call the person's seat by it; the officers keep the rules' "Captain N" (RULES §I).
void WarpFixesTest::theProfileNameIsTheNameAtASoloTable() {
  clientSettings()->setValue(QStringLiteral("profile/name"), QStringLiteral("Seven of Nine"));
  struct Forget {
    ~Forget() { clientSettings()->remove(QStringLiteral("profile/name")); }
  } forget;
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win));
  QVERIFY(win.startSolo(ensignSetup(4, 7, tmp.filePath(QStringLiteral("name.ccr")).toStdString()), 0));
  QVERIFY(waitForDecision(win.game()->session()));
  QCoreApplication::processEvents();
  auto* scores = win.game()->findChild<WarpScoreboard*>();
  auto* board = win.game()->findChild<WarpBoard*>();
  QVERIFY(scores && board);
  QCOMPARE(scores->item(0, 0)->text().remove(QStringLiteral("▶ ")), QStringLiteral("Seven of Nine (you)"));
  QCOMPARE(scores->item(1, 0)->text().remove(QStringLiteral("▶ ")), QStringLiteral("Captain 1"));
  QCOMPARE(board->armName(0), QStringLiteral("Seven of Nine (you)"));
  QCOMPARE(board->armName(1), QStringLiteral("Captain 1"));
  // The round log says it too, once the person has played: "Seven of Nine charts ...", never "Captain 0".
  auto& s = win.game()->session();
  for (int i = 0; i < 3; ++i) {
    QVERIFY(static_cast<bool>(s.choose(s.frame().legal.front())));
    QVERIFY(waitForDecision(s));
  }
  QCoreApplication::processEvents();
  const QRegularExpression captain0(QStringLiteral("\\bCaptain 0\\b"));
  bool named = false;
  for (int i = 0; i < win.game()->log().count(); ++i) {
    const QString line = win.game()->log().item(i)->text();
    QVERIFY2(!line.contains(captain0), qPrintable(line));
    named = named || line.startsWith(QStringLiteral("Seven of Nine "));
  }
  QVERIFY(named);
}

// A double lies crosswise on its arm, as on a real table: painted taller than wide where every other coordinate
// lies lengthwise (wider than tall). Read from the board's painted geometry, through a live solo game.
void WarpFixesTest::doublesLieCrosswiseOnTheirArm() {
  QTemporaryDir tmp;
  MainWindow win;
  QVERIFY(showForTest(win, false, QSize(1366, 768)));
  QVERIFY(win.startSolo(ensignSetup(4, 11, tmp.filePath(QStringLiteral("dbl.ccr")).toStdString()), 0));
  auto& s = win.game()->session();
  auto* board = win.game()->findChild<WarpBoard*>();
  QVERIFY(board);
  auto doubleDrawn = [&] {
    (void)board->grab();  // paints now: drawnTiles() is what is on screen
    return std::any_of(board->drawnTiles().begin(), board->drawnTiles().end(), [](const auto& d) { return d.tile.isDouble(); });
  };
  for (int i = 0; i < 400 && !doubleDrawn(); ++i) {
    QVERIFY(waitForDecision(s));
    QVERIFY2(!s.over(), "the game ended before a double reached an arm");
    if (!doubleDrawn()) QVERIFY(static_cast<bool>(s.choose(s.frame().legal.front())));
  }
  QVERIFY2(doubleDrawn(), "no double reached an arm in 400 decisions");
  int doubles = 0, lengthwise = 0;
  for (const auto& d : board->drawnTiles()) {
    const QString tile = QStringLiteral("%1-%2 at %3x%4").arg(d.tile.hi).arg(d.tile.lo).arg(d.rect.width()).arg(d.rect.height());
    if (d.tile.isDouble()) {
      ++doubles;
      QVERIFY2(d.rect.height() > 1.5 * d.rect.width(), qPrintable(tile + QStringLiteral(" is not crosswise")));
    } else {
      ++lengthwise;
      QVERIFY2(d.rect.width() > 1.5 * d.rect.height(), qPrintable(tile + QStringLiteral(" is not lengthwise")));
    }
  }
  QVERIFY(doubles > 0 && lengthwise > 0);
}

// Clicking the timeline, a round marker or an event dot seeks there; the events list follows the turn; Ctrl+O in
// the viewer opens the file dialog in the replays folder; the omniscient hands are whole.
void WarpFixesTest::theViewerSeeksByClicksFollowsEventsAndOpensInTheReplaysFolder() {
  QTemporaryDir tmp;
  const std::string path = tmp.filePath(QStringLiteral("v.ccr")).toStdString();
  QVERIFY(recordWarpReplay(path, 4, "ensign").empty());
  MainWindow win;
  QVERIFY(showForTest(win, true));
  win.showReplay(QString::fromStdString(path));
  auto& v = win.viewer();
  QVERIFY(QTest::qWaitFor([&] { return v.hasReplay() && !v.busy(); }, 60000));
  auto* timeline = v.findChild<Timeline*>();
  QVERIFY(timeline && v.replay().roundStarts.size() >= 2);
  const uint32_t round2 = v.replay().roundStarts[1];
  // Aim at the round marker (drawn where the slider puts that value); 3 px off still takes the marker.
  const int x0 = timeline->positionAt(0), xEnd = timeline->positionAt(timeline->width());
  QVERIFY(x0 == 0 && xEnd == static_cast<int>(v.replay().turns));
  int xMark = 0;
  for (int x = 0; x < timeline->width(); ++x)
    if (timeline->positionAt(x) == static_cast<int>(round2)) {
      xMark = x;
      break;
    }
  QTest::mouseClick(timeline, Qt::LeftButton, {}, QPoint(xMark + 3, timeline->height() / 2));
  QVERIFY(QTest::qWaitFor([&] { return !v.busy() && v.position() == round2; }, 10000));
  // The events list has the event last passed selected.
  const int row = v.eventModel().rowAtOrBefore(round2);
  QVERIFY(row >= 0);
  QCOMPARE(v.events().currentIndex().row(), row);
  QVERIFY(v.eventModel().positionAt(row) <= round2);
  // A click on the groove far from any mark seeks to the turn under it (QSlider alone paged by ten).
  const int far = timeline->width() * 3 / 4;
  const int want = timeline->positionAt(far);
  QTest::mouseClick(timeline, Qt::LeftButton, {}, QPoint(far, timeline->height() / 2));
  QVERIFY(QTest::qWaitFor([&] { return !v.busy() && v.position() == static_cast<uint32_t>(want); }, 10000));
  QCOMPARE(v.events().currentIndex().row(), v.eventModel().rowAtOrBefore(static_cast<uint32_t>(want)));
  // Omniscient: every hand whole, each on as many lines as the width needs.
  auto* hands = v.findChild<WarpOpenHands*>();
  QVERIFY(hands && hands->isVisible());
  v.seek(0);
  QVERIFY(QTest::qWaitFor([&] { return !v.busy() && v.position() == 0; }, 10000));
  hands->resize(420, hands->height());
  QCoreApplication::processEvents();
  int lines = 0;
  const auto table = cw::ai::tableOf(v.engine()->game().observe(kOmniscient));
  for (Seat s = 0; s < table->seats(); ++s) lines += WarpOpenHands::linesFor(table->seat(s).hand.size(), hands->width());
  QVERIFY(lines > static_cast<int>(table->seats()));
  QCOMPARE(hands->height(), WarpOpenHands::kRow * lines + 6);
  // Ctrl+O from the viewer: the Open dialog, in the replays folder.
  QString openedIn;
  QTimer::singleShot(300, [&] {
    if (auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
      openedIn = d->directory().absolutePath();
      d->reject();
    }
  });
  QTest::keyClick(&v, Qt::Key_O, Qt::ControlModifier);
  QVERIFY(QTest::qWaitFor([&] { return !openedIn.isEmpty(); }, 3000));
  QCOMPARE(openedIn, QDir(replayFolder()).absolutePath());
}

}  // namespace concord::ui::test
