#include "ui/tests/replay_viewer_test.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <algorithm>

#include "core/warp/ai/officer.h"
#include "lockstep/turn_engine.h"
#include "replay/reader.h"
#include "table/record_bots.h"
#include "ui/replay/event_list_model.h"
#include "ui/replay/replay_viewer.h"
#include "ui/tests/ui_test_util.h"
#include "ui/warp/warp_hand.h"
#include "ui/warp/warp_open_hands.h"

namespace concord::ui::test {

namespace {

// The state the viewer shows must be the state an independent reader reaches at that position.
det::Hash128 independentHash(const std::string& path, uint32_t position) {
  auto reader = replay::ReplayReader::open(path);
  if (!reader) return {};
  auto e = reader->seek(position);
  return e ? stateHash((*e)->game()) : det::Hash128{};
}

void drop(QWidget& target, const QString& file) {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(file)});
  QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(&target, &enter);
  QDropEvent dropped(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(&target, &dropped);
}

}  // namespace

void ReplayViewerTest::opensByDropStepsBackAndForthAndSwitchesPerspective() {
  QTemporaryDir tmp;
  const std::string path = tmp.filePath(QStringLiteral("game.ccr")).toStdString();
  QCOMPARE(recordWarpReplay(path, 3, "ensign"), std::string());
  ReplayViewer v;
  v.resize(1300, 820);
  v.show();
  // Loading reports progress as the worker verifies block by block (the UI thread only draws it).
  std::vector<int> progress;
  auto* bar = v.findChild<QProgressBar*>();
  QVERIFY(bar);
  QObject::connect(bar, &QProgressBar::valueChanged, [&progress](int value) { progress.push_back(value); });
  drop(v, QString::fromStdString(path));
  QTRY_VERIFY_WITH_TIMEOUT(v.hasReplay() && !v.busy(), 60000);
  QVERIFY2(std::any_of(progress.begin(), progress.end(), [](int p) { return p > 0 && p < 1000; }),
           "no progress was shown between the start and the end of loading");
  QVERIFY2(v.verification().contains(QStringLiteral("Verified")), qPrintable(v.verification()));
  QVERIFY(v.replay().turns > 20);
  QVERIFY(!v.replay().roundStarts.empty());
  QCOMPARE(v.position(), 0u);
  // Jump, then back and forward by the buttons.
  v.seek(12);
  QTRY_VERIFY(!v.busy() && v.position() == 12);
  QCOMPARE(stateHash(v.engine()->game()), independentHash(path, 12));
  auto* back = v.findChild<QPushButton*>(QStringLiteral("stepBack"));
  auto* fwd = v.findChild<QPushButton*>(QStringLiteral("stepForward"));
  QTest::mouseClick(back, Qt::LeftButton);
  QTRY_VERIFY(!v.busy() && v.position() == 11);
  QCOMPARE(stateHash(v.engine()->game()), independentHash(path, 11));
  QTest::mouseClick(back, Qt::LeftButton);
  QTRY_VERIFY(!v.busy() && v.position() == 10);
  QTest::mouseClick(fwd, Qt::LeftButton);
  QTRY_VERIFY(!v.busy() && v.position() == 11);
  QCOMPARE(stateHash(v.engine()->game()), independentHash(path, 11));
  // The log is in sync: the lines of the turns shown so far, none after.
  int expected = 0;
  uint32_t from = 0;
  for (uint32_t s : v.replay().roundStarts)
    if (s <= 11) from = s;
  if (from == 0) expected += static_cast<int>(v.replay().opening.size());
  for (uint32_t t = from; t < 11; ++t) expected += static_cast<int>(v.replay().narration[t].size());
  QCOMPARE(v.log().count(), expected);
  // Omniscient: no seat's hand row; every hand listed. Captain 1's view: that seat's hand as dominoes.
  auto* hand = v.findChild<WarpHand*>();
  QVERIFY(hand);
  QCOMPARE(v.perspective(), kOmniscient);
  QVERIFY(!hand->isVisible());
  auto* box = v.findChild<QComboBox*>(QStringLiteral("perspective"));
  box->setFocus();
  QTest::keyClick(box, Qt::Key_Down);  // Omniscient -> Captain 0
  QTest::keyClick(box, Qt::Key_Down);  // -> Captain 1
  QCOMPARE(v.perspective(), Seat{1});
  QVERIFY(hand->isVisible());
  auto seen = concord::warp::ai::tableOf(v.engine()->game().observe(1));
  QVERIFY(seen);
  int tiles = 0;
  for (auto* b : hand->findChildren<DominoButton*>()) tiles += b->isVisible() ? 1 : 0;
  QCOMPARE(tiles, static_cast<int>(seen->seat(1).hand.size()));
  QVERIFY(v.table()->explanation().isEmpty());
  // Jump by typing a turn.
  auto* jump = v.findChild<QSpinBox*>(QStringLiteral("jump"));
  jump->setFocus();
  jump->selectAll();
  QTest::keyClicks(jump, QStringLiteral("7"));
  QTest::keyClick(jump, Qt::Key_Return);
  QTRY_VERIFY(!v.busy() && v.position() == 7);
  QCOMPARE(stateHash(v.engine()->game()), independentHash(path, 7));
  // The end and back to the deal.
  QTest::mouseClick(v.findChild<QPushButton*>(QStringLiteral("last")), Qt::LeftButton);
  QTRY_VERIFY(!v.busy() && v.position() == v.replay().turns);
  QTest::mouseClick(v.findChild<QPushButton*>(QStringLiteral("first")), Qt::LeftButton);
  QTRY_VERIFY(!v.busy() && v.position() == 0);
  QCOMPARE(stateHash(v.engine()->game()), independentHash(path, 0));
}

void ReplayViewerTest::aDamagedReplayIsRefusedWithTheReason() {
  QTemporaryDir tmp;
  const QString path = tmp.filePath(QStringLiteral("junk.ccr"));
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("this is not a replay");
  f.close();
  ReplayViewer v;
  v.show();
  v.open(path);
  QTRY_VERIFY(!v.busy());
  QVERIFY(!v.hasReplay());
  QVERIFY2(v.verification().startsWith(QStringLiteral("Cannot open this replay: ")), qPrintable(v.verification()));
}

// docs/performance.md: a 10,000-turn replay's events list, filled item by item, stalled the UI thread. It is a
// view on the loaded events now: one row per event but the alert ends, each naming and jumping to its turn.
// The arrow keys step one turn per press, also when pressed faster than a seek lands (they once fired 100 ms
// late, ignored presses meanwhile, and counted from the position shown rather than the one asked for).
void ReplayViewerTest::theEventsListIsAModelAndArrowKeysCountEveryPress() {
  QTemporaryDir tmp;
  const std::string path = tmp.filePath(QStringLiteral("events.ccr")).toStdString();
  QCOMPARE(recordWarpReplay(path, 4, "ensign"), std::string());
  ReplayViewer v;
  v.resize(1300, 820);
  v.show();
  v.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&v));
  v.open(QString::fromStdString(path));
  QTRY_VERIFY_WITH_TIMEOUT(v.hasReplay() && !v.busy(), 60000);
  const auto* model = qobject_cast<const EventListModel*>(v.events().model());
  QVERIFY2(model, "the events list is not backed by the events model");
  QCOMPARE(model, &v.eventModel());
  QVERIFY(v.events().uniformItemSizes());
  std::vector<const ReplayEvent*> listed;
  for (const auto& ev : v.replay().events)
    if (ev.kind != "alert-end") listed.push_back(&ev);
  QVERIFY(!listed.empty());
  QCOMPARE(model->rowCount(), static_cast<int>(listed.size()));
  for (int r = 0; r < model->rowCount(); ++r) {
    const auto* ev = listed[static_cast<size_t>(r)];
    QCOMPARE(model->index(r).data(EventListModel::kPositionRole).toUInt(), ev->position);
    QVERIFY(model->index(r).data().toString().endsWith(QString::fromStdString(ev->text)));
  }
  const int last = model->rowCount() - 1;
  QTest::mouseClick(v.events().viewport(), Qt::LeftButton, {}, v.events().visualRect(model->index(last)).center());
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == listed.back()->position, 20000);
  v.seek(0);
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == 0, 20000);
  for (int i = 0; i < 5; ++i) QTest::keyClick(&v, Qt::Key_Right);
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == 5, 20000);
  for (int i = 0; i < 3; ++i) QTest::keyClick(&v, Qt::Key_Left);
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == 2, 20000);
  QCOMPARE(stateHash(v.engine()->game()), independentHash(path, 2));
}

// Issue 26: a rated game's record that is not over (a peer's checkpointed file, cut as a kill -9 leaves it) offers
// one perspective, the public table: no omniscient toggle, no captain's hand, no open hands, no "play on"; the
// reason is said. The same table played to its end offers every perspective again.
void ReplayViewerTest::aRatedGameNotOverShowsThePublicTableOnly() {
  QTemporaryDir tmp;
  auto session = table::makeBotSession("warp", {}, 3, "ui-hidden", "ensign");
  QVERIFY(session.ok());
  session->rated = true;
  const auto keys = table::botSessionKeys("ui-hidden", 3);
  table::RecordOptions cut;
  cut.maxTurns = 30;
  cut.close = false;
  const std::string live = tmp.filePath(QStringLiteral("live.ccr")).toStdString();
  const std::string done = tmp.filePath(QStringLiteral("done.ccr")).toStdString();
  QVERIFY(table::recordBotGame(live, *session, keys, cut).ok());
  QVERIFY(table::recordBotGame(done, *session, keys).ok());
  ReplayViewer v;
  v.resize(1300, 820);
  v.show();
  v.open(QString::fromStdString(live));
  QTRY_VERIFY_WITH_TIMEOUT(v.hasReplay() && !v.busy(), 60000);
  auto* box = v.findChild<QComboBox*>(QStringLiteral("perspective"));
  auto* note = v.findChild<QLabel*>(QStringLiteral("hiddenNote"));
  auto* hand = v.findChild<WarpHand*>();
  auto* hands = v.findChild<WarpOpenHands*>();
  QVERIFY(box && note && hand && hands);
  QCOMPARE(box->count(), 1);
  QVERIFY(!box->isEnabled());
  QCOMPARE(v.perspective(), kSpectator);
  QVERIFY(note->isVisible());
  QVERIFY2(note->text().contains(QStringLiteral("this rated game is not over")) && note->text().contains(QStringLiteral("issue 26")),
           qPrintable(note->text()));
  QVERIFY(!v.findChild<QPushButton*>(QStringLiteral("playOn"))->isEnabled());
  v.seek(30);
  QTRY_VERIFY(!v.busy() && v.position() == 30);
  for (Seat asked : {kOmniscient, Seat{0}, Seat{2}}) {
    v.setPerspective(asked);
    QCOMPARE(v.perspective(), kSpectator);
    QVERIFY(!hand->isVisible());
    QVERIFY(!hands->isVisible());
    QVERIFY(v.table()->explanation().isEmpty());  // the public table is drawn, not refused
  }
  v.open(QString::fromStdString(done));
  QTRY_VERIFY_WITH_TIMEOUT(v.hasReplay() && !v.busy() && v.replay().path == done, 60000);
  hand = v.table()->findChild<WarpHand*>();  // a new table view: the last one's widgets are gone
  hands = v.table()->findChild<WarpOpenHands*>();
  QVERIFY(hand && hands);
  QCOMPARE(v.perspective(), kOmniscient);
  QVERIFY(box->isEnabled());
  QCOMPARE(box->count(), 4);
  QVERIFY(!note->isVisible());
  QVERIFY(hands->isVisible());
  v.setPerspective(1);
  QCOMPARE(v.perspective(), Seat{1});
  QVERIFY(hand->isVisible());
}

}  // namespace concord::ui::test
