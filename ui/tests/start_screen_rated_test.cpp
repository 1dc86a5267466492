#include "ui/tests/start_screen_rated_test.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <algorithm>

#include "table/rated_game.h"
#include "table/rated_verdict.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"
#include "ui/replay/replay_viewer.h"
#include "ui/shell/game_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/start_screen.h"
#include "ui/tests/ui_test_util.h"

namespace concord::ui::test {

namespace {

// The game ids the person's TEI store holds as registered rated games not yet rated (tei::TeiStore::pendingGames).
std::vector<std::string> registeredRated(const lockstep::SessionConfig& session) {
  auto path = table::teiStorePath("");
  if (!path) return {"no store: " + path.message()};
  auto store = tei::TeiStore::open(*path);
  if (!store) return {"no store: " + store.message()};
  auto pending = store->pendingGames(tei::playerIdOf(session.seats[0]));
  if (!pending) return {"no pending games: " + pending.message()};
  std::vector<std::string> ids;
  for (const auto& p : *pending) ids.push_back(p.gameId);
  return ids;
}

bool holds(const std::vector<std::string>& ids, const std::string& id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }

// "Take the helm", as a person clicks it; the new game's page.
GamePage* takeTheHelm(MainWindow& win) {
  GamePage* before = win.game();
  QTest::mouseClick(win.start().findChild<QPushButton*>(QStringLiteral("startSolo")), Qt::LeftButton);
  return win.game() != before ? win.game() : nullptr;
}

// What the game page says about rating ("TEI-rated", "Casual: why"); "(none)" when it says nothing.
QString ratedSaid(GamePage& page) {
  auto* l = page.findChild<QLabel*>(QStringLiteral("gameRated"));
  return l ? l->text() : QStringLiteral("(none)");
}

}  // namespace

// A new person: their identity and TEI store in a home of their own (as the two fresh homes).
void StartScreenRatedTest::init() {
  oldHome_ = qgetenv("CONCORD_HOME");
  oldData_ = qgetenv("XDG_DATA_HOME");
  home_ = std::make_unique<QTemporaryDir>();
  qputenv("CONCORD_HOME", home_->filePath(QStringLiteral("concord")).toUtf8());
  qputenv("XDG_DATA_HOME", home_->filePath(QStringLiteral("data")).toUtf8());
}

void StartScreenRatedTest::cleanup() {
  qputenv("CONCORD_HOME", oldHome_);
  qputenv("XDG_DATA_HOME", oldData_);
  home_.reset();
}

void StartScreenRatedTest::twoDefaultGamesDealDifferentSectorsBothRegisteredRated() {
  MainWindow win;
  QVERIFY(showForTest(win));
  auto* seed = win.start().findChild<QLineEdit*>(QStringLiteral("seed"));
  QVERIFY2(seed, "the start screen has no seed field to leave empty");
  QVERIFY(seed->text().isEmpty());
  QCOMPARE(seed->placeholderText(), QStringLiteral("(optional: a chosen deal is casual)"));
  QCOMPARE(win.start().ratedLine(), QString::fromStdString(table::ratedSentence("")));
  GamePage* page = takeTheHelm(win);
  QVERIFY2(page, qPrintable(win.start().findChild<QLabel*>(QStringLiteral("startProblem"))->text()));
  const lockstep::SessionConfig first = page->session().tableSession();
  const auto firstHand = page->session().view().observe(0).canonical;
  QVERIFY(first.rated);
  QVERIFY2(holds(registeredRated(first), first.gameId().hex()), "the first game is not registered as a rated game");
  QCOMPARE(ratedSaid(*page), QStringLiteral("TEI-rated"));
  win.showStart();
  page = takeTheHelm(win);
  QVERIFY(page);
  const lockstep::SessionConfig second = page->session().tableSession();
  QVERIFY(second.rated);
  QVERIFY2(second.seed.bytes != first.seed.bytes, "the two games were dealt the same seed");
  QVERIFY2(page->session().view().observe(0).canonical != firstHand, "the two games dealt the same sector");
  QVERIFY(second.gameId().hex() != first.gameId().hex());
  QVERIFY2(holds(registeredRated(second), second.gameId().hex()), "the second game is not registered as a rated game");
  // The first, walked away from, was rated as a loss when the second started (as at the terminal).
  auto store = tei::TeiStore::open(*table::teiStorePath(""));
  QVERIFY(store);
  auto applied = store->gameApplied(first.gameId().hex());
  QVERIFY(applied && *applied);
}

void StartScreenRatedTest::aChosenSeedIsCasualAndTheStartScreenSaysSoFirst() {
  MainWindow win;
  QVERIFY(showForTest(win));
  auto* seed = win.start().findChild<QLineEdit*>(QStringLiteral("seed"));
  QVERIFY(seed);
  QTest::keyClicks(seed, QStringLiteral("5"));
  // Said before the game starts, in the terminal's words.
  const QString line = win.start().ratedLine();
  QVERIFY2(line.contains(QStringLiteral("Seed 5 is a deal you chose")) && line.contains(QStringLiteral("casual, not TEI-rated")), qPrintable(line));
  GamePage* page = takeTheHelm(win);
  QVERIFY(page);
  const lockstep::SessionConfig session = page->session().tableSession();
  QVERIFY(!session.rated);
  QVERIFY(registeredRated(session).empty());
  const QString said = ratedSaid(*page);
  QVERIFY2(said.startsWith(QStringLiteral("Casual: Seed 5")), qPrintable(said));
  // The same seed again: the same deal (a chosen deal is repeatable).
  win.showStart();
  const auto hand = page->session().view().observe(0).canonical;
  const auto turn = page->session().turn();
  page = takeTheHelm(win);
  QVERIFY(page);
  if (turn == 0 && page->session().turn() == 0) QVERIFY(page->session().view().observe(0).canonical == hand);
  QVERIFY(page->session().tableSession().seed.bytes == session.seed.bytes);
}

void StartScreenRatedTest::playOnFromHereSaysItIsCasual() {
  const std::string path = home_->filePath(QStringLiteral("recorded.ccr")).toStdString();
  QCOMPARE(recordWarpReplay(path, 4, "ensign"), std::string());
  MainWindow win;
  QVERIFY(showForTest(win));
  win.showReplay(QString::fromStdString(path));
  auto& v = win.viewer();
  QTRY_VERIFY_WITH_TIMEOUT(v.hasReplay() && !v.busy(), 60000);
  v.seek(3);
  QTRY_VERIFY_WITH_TIMEOUT(!v.busy() && v.position() == 3, 20000);
  QSignalSpy started(&win, &MainWindow::playOnStarted);
  QTest::mouseClick(v.findChild<QPushButton*>(QStringLiteral("playOn")), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(started.count() == 1, 60000);
  QVERIFY(!win.game()->session().tableSession().rated);
  const QString said = ratedSaid(*win.game());
  QCOMPARE(said, QStringLiteral("Casual: ") + QString::fromUtf8(table::kPlayOnReason));
}

}  // namespace concord::ui::test
